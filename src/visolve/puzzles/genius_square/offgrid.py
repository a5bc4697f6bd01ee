"""A tall piece whose top leans off the grid: its colour beyond an empty edge square.

Seen steeply, a cube on an edge square stands its top up to a square off it, away from the camera
(:func:`visolve.puzzles.genius_square.tops.mean_shifts`): on the edge away from the camera, beyond the
grid, over the board's margin.  The square's middle then shows the cube's side, which on a dark
board may be the board's own colour (the brown and the dark blue pieces on the black Happy Puzzle
board), and the square reads empty: seed 337 scene 38, the brown domino on E6 F6, its squares read
(-0.05, 0.03, 0.13), nearest brown but 0.75 off it; the board was read without it (a misread).
Beyond the edge, where a cube's top on the square would stand, the brown shows plainly (a residual
of 0.03).

A board is a doubt when, beyond an edge square it leaves empty, where that square's cube would
show its top off the grid, the colour is surely a piece's that the board does not lay.  The margin
shows the board, its printed labels (light grey, like the grey piece: left out) or a disc's wood
(left out); a loose piece lies further off than a cube's lean.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from visolve.puzzles.genius_square import model
from visolve.puzzles.genius_square.board import EMPTY, Level, drawing
from visolve.puzzles.genius_square.model import COLOURS, SIZE
from visolve.puzzles.genius_square.tops import CUBE, mean_shifts
from visolve.vision.view import BoardView

#: the grey piece: the margin's printed labels are its colour
GREY_PIECE = "5"
#: where a cube's top stands off the grid (squares beyond the edge, its top's middle): from
#: OFF_LEAST (less is on the square, read already) to OFF_MOST (a cube's lean at the board's edge in
#: the steepest views the scenes draw; further is the table, where loose pieces lie).  Seed 499 scene
#: 66: the dark blue cube on A6 of a black board, its top 0.72 off, surely blue (0.16), read empty.
#: Beyond the empty edge squares of 476 boards read right (seeds 0, 1, 349-433, 461-499) the checks
#: at 0.7-0.9 off (180) found no piece the board lacks; the nearest past 0.9 were seed 487 scene 5
#: (green at 0.35, not sure, 0.98 off), 349/91 (brown at 0.21, 1.14 off) and 0/80 (green at 0.08,
#: 1.32 off)
OFF_LEAST, OFF_MOST = 0.05, 0.9
#: the colour there surely a piece's: its nearest, at most this relative residual (337/38: 0.03; beyond
#: the empty edge squares of 784 boards read right, seeds 0-2, 283, 293, 307, 337, 349, 371 and 373,
#: a piece the board does not lay other than the grey one was nearest twice: 0.16 at 1.3 squares off,
#: seed 0 scene 80, and 0.22 at 0.73, seed 349 scene 91)
SURE_OFF = 0.2


def top_off_grid(level: Level, squares, view: BoardView, read: Callable[[np.ndarray], tuple]) -> str:
    """Why ``level``, read from ``squares`` (at their middles) in ``view``, is a doubt for a piece's
    top seen off the grid beyond an edge square it leaves empty (``read(shift)``: the squares read
    at ``shift``, as :func:`visolve.puzzles.genius_square.reader.squares_of` gives them), else ""."""
    lean = mean_shifts(view, CUBE)
    if lean is None:
        return ""
    rows, laid = drawing(level), {piece for piece, _cells in level.pieces}
    beyond = None
    for r, c in _edge_squares():
        x, y = c + 0.5 + lean[r, c, 0], r + 0.5 + lean[r, c, 1]
        off = -min(x, y, SIZE - x, SIZE - y)
        if rows[r][c] != EMPTY or squares[r][c].symbol != EMPTY or not OFF_LEAST <= off <= OFF_MOST:
            continue
        beyond = read(lean)[1] if beyond is None else beyond
        seen = beyond[r][c]
        if seen.symbol in COLOURS and seen.symbol not in laid | {GREY_PIECE} and _sure(seen):
            return (f"square {model.name((r, c), level.edition)} read empty, and beyond the grid where its cube's "
                    f"top would stand the colour is piece {seen.symbol}'s ({COLOURS[seen.symbol]}), which the "
                    "board does not lay: a tall piece leaning off the grid?")
    return ""


def _edge_squares():
    """(row, column) of each square on the grid's edge."""
    return [(r, c) for r in range(SIZE) for c in range(SIZE) if r in (0, SIZE - 1) or c in (0, SIZE - 1)]


def _sure(square) -> bool:
    """The square's colour is its symbol's within :data:`SURE_OFF` (its nearest)."""
    return bool(square.ranks) and square.ranks[0][0] == square.symbol and float(square.ranks[0][1]) <= SURE_OFF
