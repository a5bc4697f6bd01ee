"""The grey piece read a square towards where its cubes lean: its side seen on the square behind it.

Seen at a slant, a cube's top stands off its square away from the camera, and its front face, in
shade, shows on its own square (:mod:`visolve.puzzles.genius_square.topspots`).  A straight four
lying along the lean, read at its squares' middles on a grid of the floor, may be read where its
tops stand: a square further along, the square behind its first cube showing that cube's shaded
front, a dim neutral grey (seed 227 scene 43: a Happy Puzzle board seen steeply, the grey piece on
A1-A4 read on A2-A5, A1 at ``n`` 0.18-0.19 against the four's 0.60-0.64; the tops' lean 0.84 of a
square along the row).  Such a board is refused (:func:`grey_side_behind`).  On a grid of the tops
(labels found squeezed or slid) the front shows there for a piece read right (seed 2 scene 73, 0.23 -
0.24), and it is not asked.  Measured on the scenes of seeds 0, 1, 2, 17, 19, 103, 211, 223 and 227
and the held-out kind seeds 0-1: of the readings with the grey piece, only 227/43's is on a floor
grid with a dim grey square behind it.

A grid where one row of labels stands at its print and only the other was found squeezed or slid
(:func:`~visolve.puzzles.genius_square.tops.one_edge_at_print`: the cubes leaning over the labels
beside them) may be the floor, and it is asked too: seed 307 scene 44, the grey piece on A1-A4 of a
Happy Puzzle board seen upside down, read on A2-A5, the numbers beside it found 0.92 squeezed and
0.375 slid, the letters at their print, A1 a dim grey (0.24 against the four's 0.61).
"""

from __future__ import annotations

import numpy as np

from visolve.puzzles.genius_square import model
from visolve.puzzles.genius_square.colours import EMPTY, EMPTY_MAX, NEUTRAL_SPREAD
from visolve.puzzles.genius_square.greyrow import GREY
from visolve.puzzles.genius_square.model import Level
from visolve.puzzles.genius_square.tops import on_floor, one_edge_at_print, shifts_at
from visolve.puzzles.genius_square.topspots import TOP_HEIGHTS
from visolve.vision.view import BoardView

SIZE = 6
#: the tops must lean at least LEAN_ALONG squares along the four (a cube's top at the tallest of
#: :data:`~visolve.puzzles.genius_square.topspots.TOP_HEIGHTS`), and more along it than across
LEAN_ALONG = 0.5


def grey_side_behind(level: Level, middles, view: BoardView, places, edges: tuple[int, ...]) -> str:
    """Why the grey piece of ``level`` may stand a square back from where it is read ("" when not):
    read along the lean of its cubes' tops on a grid of the floor, or maybe the floor (``places``,
    ``edges`` as :func:`~visolve.puzzles.genius_square.tops.on_floor` takes them), the square behind it (away
    from the lean) read as empty (``middles``: the squares at their middles) but a dim neutral grey,
    lighter than the board by :data:`~visolve.puzzles.genius_square.colours.EMPTY_MAX` and darker than
    the four."""
    cells = sorted(model.square(name, level.edition) for name in dict(level.pieces).get(GREY, ()))
    floor = on_floor(places, edges, view) or one_edge_at_print(places, edges, view)
    if not cells or view.picture is None or not floor:
        return ""
    fields = shifts_at(view, TOP_HEIGHTS[-1])
    if any(field is None or not np.any(field) for field in fields):
        return ""
    lean = np.mean([field[r, c] for field in fields for r, c in cells], axis=0)
    axis = 0 if cells[0][0] == cells[-1][0] else 1  # along a row: the lean's x; along a column: its y
    along, across = float(lean[axis]), float(lean[1 - axis])
    if abs(along) < LEAN_ALONG or abs(across) >= abs(along):
        return ""
    end = cells[0] if along > 0 else cells[-1]
    step = -1 if along > 0 else 1
    behind = (end[0], end[1] + step) if axis == 0 else (end[0] + step, end[1])
    if not (0 <= behind[0] < SIZE and 0 <= behind[1] < SIZE):
        return ""
    sq = middles[behind[0]][behind[1]]
    four = [middles[r][c].colour for r, c in cells if middles[r][c].colour]
    if sq.symbol != EMPTY or not four or not _dim_grey(sq.colour, float(np.mean(four))):
        return ""
    name = model.name(behind, level.edition)
    return (f"square {name}: piece 5 (grey) is read on {' '.join(dict(level.pieces)[GREY])}, but {name} behind it, "
            "away from where the cubes' tops lean, shows a dim grey side: the piece may stand a square back, "
            "its tops read")


def _dim_grey(colour: tuple, four: float) -> bool:
    """A neutral colour (channels within NEUTRAL_SPREAD) lifted EMPTY_MAX over the board in every
    channel and darker than ``four`` (the grey piece's squares' mean)."""
    if not colour:
        return False
    c = np.asarray(colour, np.float64)
    return float(c.max() - c.min()) <= NEUTRAL_SPREAD and float(c.min()) >= EMPTY_MAX and float(c.mean()) < four
