"""A board whose outline is unlike every other board's on its page: a corner off, its squares misread.

A booklet prints its boards alike, side by side on one flat page, so a camera sees each through the
same homography of the page: the map from one board's outline to another's is a shift along the page,
whatever the perspective.  An outline with a corner off (a block outlined around a pale corner square
it missed, the quad cut across it) maps to its neighbours with a stretch or a tilt, and its squares are
read off their places: scenes seed 239 page 62, board 52's outline a square long at one corner, read a
V as a W (a misread).

:func:`odd_outlines` measures that map between the outlines each board was read on
(:func:`read_outline`) and every other (:func:`unlike`), and refuses a board unlike all the others on a
page where two others agree.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from visolve.puzzles.iq_xoxo.board import COLS, ROWS
from visolve.puzzles.iq_xoxo.page.reading import BoardReading, reads
from visolve.vision.geometry import map_points, rect_to_quad

#: a board is odd when the map from its outline to every other board's on the page is UNLIKE or more
#: from a shift (:func:`unlike`, the larger of both ways).  Measured on the 621 boards read right in
#: scenes seed 0 and the open booklets (held-out kind) seeds 0 and 1: at most 0.17 to the nearest other
#: board (a page curled, boards beyond the fold; 0.15 both ways on the booklets); seed 239 page 62's
#: board outlined a square long at one corner: 0.43 to its nearest, 0.79 to the farthest
UNLIKE = 0.3
#: boards read on the page, the odd one among them, for one to be found odd (two others to agree)
LEAST_BOARDS = 3


def odd_outlines(readings: list[BoardReading]) -> list[BoardReading]:
    """``readings`` with each board read whose outline is unlike every other board's (:data:`UNLIKE`)
    made a board refused, when at least two of the others are alike."""
    outlines = {k: read_outline(r) for k, r in enumerate(readings) if reads(r)}
    outlined = [k for k, quad in outlines.items() if quad is not None]
    if len(outlined) < LEAST_BOARDS:
        return readings
    far = np.zeros((len(readings), len(readings)), bool)
    for i in outlined:
        for j in outlined:
            if i < j:
                apart = max(unlike(outlines[i], outlines[j]), unlike(outlines[j], outlines[i]))
                far[i, j] = far[j, i] = apart >= UNLIKE
    out = list(readings)
    for i in outlined:
        others = [j for j in outlined if j != i]
        alike = any(not far[a, b] for a in others for b in others if a < b)
        if alike and all(far[i, j] for j in others):
            out[i] = replace(readings[i], level=None, tab_doubt=False, tab_scores=(), tab_best=None,
                             error="its outline is unlike every other board's on the page (a corner off by "
                                   "a square?): its squares may be read off their places")
    return out


def read_outline(reading: BoardReading) -> np.ndarray | None:
    """The outline a board's squares were read on (picture px, tl tr br bl of the board seen upright,
    or turned half round): its view's, which may be refitted to its squares
    (:func:`~visolve.puzzles.iq_xoxo.page.reading.read_board`), else its quad (None: neither)."""
    if reading.view is None:
        return reading.quad
    return map_points(reading.view.homography, [(0.0, 0.0), (COLS, 0.0), (COLS, ROWS), (0.0, ROWS)])


def unlike(quad: np.ndarray, other: np.ndarray) -> float:
    """How far the map from board outline ``quad`` to ``other`` (corners tl, tr, br, bl, the long side
    first; either may be turned half round) is from a shift: the largest of its linear part's entries
    off the identity's and its perspective terms over a board's length."""
    seen = _homography(quad)
    least = np.inf
    for turn in (0, 2):
        m = np.linalg.inv(_homography(np.roll(np.asarray(other, np.float64), turn, axis=0))) @ seen
        m = m / m[2, 2]
        linear = float(np.abs(m[:2, :2] - np.eye(2)).max())
        least = min(least, max(linear, float(np.abs(m[2, :2]).max()) * COLS))
    return least


def _homography(quad: np.ndarray) -> np.ndarray:
    """Board units (a ``COLS`` x ``ROWS`` rectangle) -> picture px, for the outline ``quad``."""
    return rect_to_quad((0.0, 0.0, float(COLS), float(ROWS)), np.asarray(quad, np.float64)).astype(np.float64)
