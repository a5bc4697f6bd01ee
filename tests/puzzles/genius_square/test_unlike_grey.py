"""Four faint squares in a row are a doubt (the grey piece in shade?) only when they are near its colour."""

import pytest

from visolve.errors import ReadError
from visolve.puzzles.genius_square.board import drawing, make_level
from visolve.puzzles.genius_square.colours import Square
from visolve.puzzles.genius_square.greyrow import unlike_grey
from visolve.puzzles.genius_square.reader import board_of

ROLL = "A5 A6 B2 D3 D5 F3 F6".split()
ROW_E = [(4, c) for c in range(4)]


def _faint_row(residuals, glare_beside=True):
    """A board with only discs, E1-E4 faint empty squares, each this far from the grey piece's colour;
    ``glare_beside``: D1 beside them faint too."""
    rows = drawing(make_level("x", ROLL))
    glow = (0.12, 0.12, 0.12)  # the glare lifts the empty squares around them too: they are no outline
    squares = [[Square(sym, colour=glow if sym == "." else ()) for sym in row] for row in rows]
    for (r, c), far in zip(ROW_E, residuals):
        squares[r][c] = Square(".", colour=(0.2, 0.22, 0.22), faint=True, ranks=(("5", far), ("#", 1.5)))
    if glare_beside:
        squares[3][0] = Square(".", colour=glow, faint=True, ranks=(("5", 0.9), ("#", 1.5)))
    return squares


def test_a_faint_four_near_the_grey_pieces_colour_is_a_doubt():
    with pytest.raises(ReadError, match="four faint grey squares"):
        board_of(_faint_row([0.44] * 4), "happy-puzzle")


def test_a_faint_four_mostly_far_from_the_grey_pieces_colour_is_glare():
    """Seed 1 scene 88: empty squares in glare 0.74-0.89 off the grey piece's colour."""
    blockers, pieces = board_of(_faint_row([0.89, 0.81, 0.74, 0.82]), "happy-puzzle")
    assert sorted(blockers) == ROLL and not pieces


def test_one_or_two_squares_far_from_grey_are_not_enough():
    squares = _faint_row([0.9, 0.9, 0.5, 0.5])
    assert not unlike_grey(squares, ROW_E)
    assert unlike_grey(_faint_row([0.9, 0.9, 0.9, 0.5]), ROW_E)
    with pytest.raises(ReadError, match="four faint grey squares"):
        board_of(squares, "happy-puzzle")


def test_a_far_four_with_no_faint_square_beside_it_is_a_doubt():
    """Seed 1 scene 35: on a grey SmartGames board whose grey piece's shade is (-0.05, -0.07, -0.05), the
    grey piece's lit tops, +0.12 to +0.19, are 3.9-5.3 off it and no square beside them is faint: read as
    four empty squares (a misread) when the residuals alone counted."""
    squares = _faint_row([5.3, 4.0, 3.9, 4.7], glare_beside=False)
    assert not unlike_grey(squares, ROW_E)
    with pytest.raises(ReadError, match="four faint grey squares"):
        board_of(squares, "happy-puzzle")
    assert unlike_grey(_faint_row([5.3, 4.0, 3.9, 4.7]), ROW_E)  # glare lifting D1 as well
