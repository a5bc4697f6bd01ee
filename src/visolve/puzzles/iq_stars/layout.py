"""Where things are on the booklet's drawing of the board, in board units.

One board unit is the distance between the centres of two neighbouring
stars of a row.  The board is a dark rounded rectangle of
:data:`BOARD_W` x :data:`BOARD_H` units with the star centres
:data:`MARGIN` units in from its edges; rows are ``ROW_STEP`` apart and
the short rows shifted half a unit right.  Each cell is a six-pointed star
with a point to the left and to the right (outer radius :data:`STAR_R`);
a placed piece's star has a white star of radius :data:`INNER_R` in the
middle.  These are the booklet's proportions (measured on its drawings).
"""

from __future__ import annotations

import math

import numpy as np

from visolve.puzzles.iq_stars.board import CELLS

ROW_STEP = math.sqrt(3) / 2
#: board edge to the outermost star centres
MARGIN = 0.68
BOARD_W = 2 * MARGIN + 6.0
BOARD_H = 2 * MARGIN + 3 * ROW_STEP
#: rounded corners of the board
CORNER_R = 0.08
#: outer radius of a star (its points touch the neighbours' points)
STAR_R = 0.49
#: outer radius of a placed piece's white inner star
INNER_R = 0.24
#: width of a star's outline
OUTLINE_W = 0.02
#: distance of the notch points from a star's middle (see notch_points)
NOTCH_R = 0.45
#: notch points lie at least this far inside the board's edge
EDGE_KEEP = 0.1
#: the page is looked at this far outside the board's edge, the board's navy
#: this far inside it (the stars' points stay 0.19 inside) ...
PAGE_OUT, EDGE_IN = 0.05, 0.1
#: ... every EDGE_STEP along the sides, EDGE_CLEAR from the corners
EDGE_STEP, EDGE_CLEAR = 0.5, 0.3


def centre(row: int, k: int) -> tuple[float, float]:
    """Board coordinates ``(u, v)`` of cell ``(row, k)``'s centre."""
    return MARGIN + k + 0.5 * (row % 2), MARGIN + row * ROW_STEP


#: cell -> centre, in the order of CELLS
CENTRES = {cell: centre(*cell) for cell in CELLS}


def star_points(cx: float, cy: float, radius: float) -> np.ndarray:
    """The 12 corners of a six-pointed star (points left and right), ``(12, 2)``."""
    pts = []
    for i in range(12):
        r = radius if i % 2 == 0 else radius / math.sqrt(3)
        a = math.pi / 6 * i
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return np.array(pts, np.float64)


def notch_points(row: int, k: int) -> np.ndarray:
    """Board points in the notches around a star, always board colour, ``(n, 2)``.

    :data:`NOTCH_R` out from the star's middle between two of its points,
    those at least :data:`EDGE_KEEP` inside the board's edge: about 0.14
    from every star's outline.
    """
    u, v = centre(row, k)
    angles = np.radians(30.0 + 60.0 * np.arange(6))
    pts = np.stack([u + NOTCH_R * np.cos(angles), v + NOTCH_R * np.sin(angles)], axis=1)
    inside = (
        (pts[:, 0] >= EDGE_KEEP) & (pts[:, 0] <= BOARD_W - EDGE_KEEP)
        & (pts[:, 1] >= EDGE_KEEP) & (pts[:, 1] <= BOARD_H - EDGE_KEEP)
    )
    return pts[inside]


def edge_pairs(out: float = PAGE_OUT, inside: float = EDGE_IN,
               edge: tuple[float, float, float, float] = (0.0, 0.0, BOARD_W, BOARD_H)) -> tuple[np.ndarray, np.ndarray]:
    """Points just outside the board's edge (the page) and just inside it (navy), ``(n, 2)`` each.

    Every :data:`EDGE_STEP` along the four sides of ``edge`` (left, top,
    right, bottom in board units: the drawings' board by default), clear
    of the rounded corners.
    """
    u0, v0, u1, v1 = edge
    outer, inner = [], []
    for u in np.arange(u0 + EDGE_CLEAR, u1 - EDGE_CLEAR + 1e-9, EDGE_STEP):
        outer += [(u, v0 - out), (u, v1 + out)]
        inner += [(u, v0 + inside), (u, v1 - inside)]
    for v in np.arange(v0 + EDGE_CLEAR, v1 - EDGE_CLEAR + 1e-9, EDGE_STEP):
        outer += [(u0 - out, v), (u1 + out, v)]
        inner += [(u0 + inside, v), (u1 - inside, v)]
    return np.array(outer, np.float64), np.array(inner, np.float64)
