"""Boards found from their tabs: a number tab with no board under it, the page's lattice around it.

A board almost covered by pieces, its few grey squares washed out, shows too little of its
lattice to be found from its squares, and its block of pieces has no straight outline; but its
tab is plain (coloured, shaped like a tab), and the boards of a page share one plane, one size
of square and one direction.  So for each tab lying away from every board found, the lattice of
the nearest board found (its homography, lattice cells -> px) places a 10 x 5 window under the
tab (or above it: a page upside down; or beside it, 5 x 10: a page turned a quarter) at the
distances a tab stands from its board.  The reader checks every square of each window, and fits
its corners to the grey squares it shows (:func:`visolve.puzzles.iq_xoxo.page.reading.read_board`):
a window a fraction of a square off is corrected there, one that misses the board does not read.
"""

from __future__ import annotations

import cv2
import numpy as np

from visolve.puzzles.iq_xoxo.board import COLS, ROWS
from visolve.puzzles.iq_xoxo.draw import GAP
from visolve.vision.geometry import map_points

#: a tab's centre stands this many squares from its board's edge (half its height, 0.85-1.3
#: squares, and the gap, 0-0.15)
TAB_DISTANCES = (0.45, 0.65, 0.85)
#: a tab farther than this many squares from every board found has lost its board
LOST_FROM = 1.5
#: the lattice of a board found up to this many squares from the tab is used
LATTICE_REACH = 30.0


def anchored_quads(tabs: np.ndarray, quads: list[np.ndarray], lattices: list[tuple[np.ndarray, np.ndarray]],
                   pitch: float) -> list[np.ndarray]:
    """Board quads (tl tr br bl of the squares' outer edges, px) placed under each tab of ``tabs``
    (centres, px) lying farther than :data:`LOST_FROM` pitches from every quad of ``quads``, on
    the lattice of the nearest board found (``lattices``: each its homography lattice -> px and
    its middle, px); the windows each tab may have (see the module docstring)."""
    out: list[np.ndarray] = []
    if not lattices or not len(tabs):
        return out
    for tab in np.asarray(tabs, np.float64).reshape(-1, 2):
        point = (float(tab[0]), float(tab[1]))
        if any(cv2.pointPolygonTest(q.astype(np.float32), point, True) > -LOST_FROM * pitch for q in quads):
            continue
        hom, middle = min(lattices, key=lambda hm: float(np.linalg.norm(hm[1] - tab)))
        if np.linalg.norm(middle - tab) > LATTICE_REACH * pitch:
            continue
        u, v = map_points(np.linalg.inv(hom), [tab])[0]
        out += [_window(hom, x0, y0, cols, rows) for x0, y0, cols, rows in _windows(u, v)]
    return out


def _windows(u: float, v: float) -> list[tuple[float, float, int, int]]:
    """The board windows (x0, y0, cols, rows, lattice cells) a tab at ``(u, v)`` may stand on."""
    found = []
    for d in TAB_DISTANCES:
        found += [(u - COLS / 2, v + d, COLS, ROWS), (u - COLS / 2, v - d - ROWS, COLS, ROWS),
                  (u + d, v - COLS / 2, ROWS, COLS), (u - d - ROWS, v - COLS / 2, ROWS, COLS)]
    return found


def _window(hom: np.ndarray, x0: float, y0: float, cols: int, rows: int) -> np.ndarray:
    """The quad (px) of the squares' outer edges of a window of lattice cells."""
    g = GAP / 2
    corners = [(x0 + g, y0 + g), (x0 + cols - g, y0 + g), (x0 + cols - g, y0 + rows - g), (x0 + g, y0 + rows - g)]
    return np.asarray(map_points(hom, corners), np.float64)
