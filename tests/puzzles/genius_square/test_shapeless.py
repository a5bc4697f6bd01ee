"""A one-square piece has no shape: the shapes lay it only on a square whose colour is near its own
(seed 17 scene 17: a light blue cube's shaded side, nearest green, laid as the dark blue piece)."""

import pytest

from visolve.errors import ReadError
from visolve.puzzles.genius_square.board import drawing, make_level
from visolve.puzzles.genius_square.colours import Square
from visolve.puzzles.genius_square.resolve import resolve

ROLL = "A5 A6 B2 D3 D5 F3 F6".split()


def _with(rows, at, square):
    squares = [[Square(sym) for sym in row] for row in rows]
    squares[at[0]][at[1]] = square
    return squares


def test_a_one_square_piece_far_from_its_colour_is_a_doubt():
    rows = drawing(make_level("x", ROLL, {"1": ["C1"]}))
    far = Square("", colour=(0.2, 0.29, 0.03), options=("6", "1", "5"), ranks=(("6", 0.46), ("1", 0.65), ("5", 0.66)))
    with pytest.raises(ReadError, match=r"^square C1: piece 1 \(dark blue\) there only as the pieces' shapes allow"):
        resolve(_with(rows, (2, 0), far), "happy-puzzle")


def test_a_one_square_piece_near_its_colour_is_settled_by_the_others_shapes():
    rows = drawing(make_level("x", ROLL, {"1": ["C1"]}))
    near = Square("", colour=(0.45, 0.2, 0.0), options=("9", "1"), ranks=(("9", 0.2), ("1", 0.25)))
    assert resolve(_with(rows, (2, 0), near), "happy-puzzle") == rows  # light blue: one square is no place for it
