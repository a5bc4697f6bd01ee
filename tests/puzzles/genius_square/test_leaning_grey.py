"""A latent misread (issue 25, scene 28 of seed 9): the grey piece leaning on A1-A4 of a black
Happy Puzzle board, its side filling the gaps between its cubes, so each square is flat against its
edges and read as empty, though of the grey piece's colour (``Square.grey``; one square mixed with
the dark blue cube beside it, not neutral).  With the other squares read right the board read
without the grey piece; four such squares outlined by the board are now a doubt."""

import pytest

from visolve.errors import ReadError
from visolve.puzzles.genius_square.board import drawing, make_level
from visolve.puzzles.genius_square.colours import EMPTY, Square
from visolve.puzzles.genius_square.greyrow import grey_looking, outlined_fours
from visolve.puzzles.genius_square.reader import level_of

#: the four squares' centres as read on scene 28 of seed 9 (units of ``n``), A4 mixed with blue
GREY_SIDES = [(0.51, 0.52, 0.52), (0.51, 0.52, 0.52), (0.5, 0.51, 0.51), (0.51, 0.39, 0.4)]
TRUTH = make_level("28", ["A6", "B1", "B4", "B5", "D1", "D5", "F2"],
                   {"1": ["A5"], "5": ["A1", "A2", "A3", "A4"], "7": ["B2", "C1", "C2", "D2"]}, edition="happy-puzzle")


def _as_read(grey: bool) -> list[list[Square]]:
    """The scene's squares read right, but the grey piece's: empty, flat (``grey`` as given)."""
    rows = drawing(TRUTH)
    squares = [[Square(sym, colour=(-0.05,) * 3) if sym == EMPTY else Square(sym) for sym in row] for row in rows]
    for c, colour in enumerate(GREY_SIDES):
        squares[0][c] = Square(EMPTY, colour=colour, grey=grey)
    return squares


def test_flat_squares_of_the_grey_colour_look_grey():
    assert grey_looking(Square(EMPTY, colour=GREY_SIDES[3], grey=True))
    assert not grey_looking(Square(EMPTY, colour=GREY_SIDES[3]))  # not neutral, not of the grey colour
    assert not grey_looking(Square("5", colour=GREY_SIDES[0], grey=True))  # read as the piece


def test_four_flat_grey_squares_in_a_row_are_a_doubt():
    squares = _as_read(grey=True)
    assert outlined_fours(squares) == [[(0, 0), (0, 1), (0, 2), (0, 3)]]
    with pytest.raises(ReadError, match="square A1: four grey squares in a row"):
        level_of(squares, "happy-puzzle", "28")


def test_four_empty_squares_of_no_grey_colour_read():
    """The same board with A1-A4 empty and not of the grey colour (not lifted either) reads without
    the grey piece: the doubt is the grey colour's, not every empty four's."""
    squares = _as_read(grey=False)
    for c in range(4):
        squares[0][c] = Square(EMPTY, colour=(-0.05,) * 3)
    level = level_of(squares, "happy-puzzle", "28")
    assert "5" not in dict(level.pieces) and level.blockers == TRUTH.blockers
