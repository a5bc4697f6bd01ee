"""The grey piece on a board as grey as it, told by its cubes' dark rims (issue 25): a straight four of
faint grey squares read as empty, most of them with two edges or more darker than the board, is the
grey piece (scene 70 of seed 17: every other square covered, refused before); faint squares showing
the grid's light lines, or the grey piece seen elsewhere, are no such four.  Such a four as dark as the
board is a doubt (scene 47 of seed 2: read as four empty squares, a misread)."""

import numpy as np
import pytest

from visolve.errors import ReadError

from visolve.puzzles.genius_square.colours import EMPTY, Square
from visolve.puzzles.genius_square.greyrow import rimmed_four, with_rim_doubt, with_standing_grey
from visolve.puzzles.genius_square.reader import read
from visolve.puzzles.genius_square.rims import dark_edges
from visolve.testing.scenes import scene_case

FOUR = [(0, 0), (1, 0), (2, 0), (3, 0)]


def _board(rims=(3, 3, 2, 1), colour=(0.1, 0.13, 0.14), faint=True):
    """Squares read surely as a piece but the four of :data:`FOUR`: empty squares of ``colour`` (``faint``)
    with ``rims`` dark edges each."""
    squares = [[Square("7") for _c in range(6)] for _r in range(6)]
    for (r, c), k in zip(FOUR, rims):
        squares[r][c] = Square(EMPTY, colour=colour, faint=faint, rims=k)
    return squares


def test_edges_darker_than_the_board_are_counted():
    assert dark_edges([np.array([-0.2, -0.25, -0.2]), np.array([0.4] * 3), np.array([-0.05] * 3),
                       np.array([-0.3] * 3)]) == 2


def test_a_faint_grey_four_with_rims_is_the_grey_piece():
    squares = _board()
    assert rimmed_four(squares) == FOUR
    read = with_standing_grey(squares)
    assert [read[r][c].symbol for r, c in FOUR] == ["5"] * 4


def test_faint_squares_showing_their_lines_or_coloured_or_beside_the_grey_piece_are_no_grey_piece():
    assert rimmed_four(_board(rims=(2, 2, 1, 0))) is None  # two rimmed: as a shadow and glare may give
    assert rimmed_four(_board(colour=(0.1, 0.2, 0.3))) is None  # not neutral
    squares = _board()
    squares[5][5] = Square("5")
    assert rimmed_four(squares) is None  # the grey piece is elsewhere
    squares = _board()
    squares[1][0] = Square(EMPTY, colour=(0.1, 0.13, 0.14), rims=3)  # not faint: as dark as the board
    assert rimmed_four(squares) is None


def test_a_square_that_may_be_grey_where_no_four_of_it_fits_does_not_stop_the_four():
    """Seed 2 scene 43: discs in glare read with the grey piece among their options, no four of the
    grey piece fitting there; another four that may be the grey piece still stops it."""
    squares = _board()
    squares[2][3] = Square("", colour=(0.2, 0.45, 0.7), options=("5", "7", "3", "#"))  # a glared disc
    assert rimmed_four(squares) == FOUR
    for r in range(1, 5):  # a whole column that may be the grey piece too
        squares[r][3] = Square("", options=("5", "#"))
    assert rimmed_four(squares) is None
    squares = _board()
    squares[4][0] = Square("", options=("5", "#"))  # the four shifted down one: it may be the grey piece
    assert rimmed_four(squares) is None


def test_the_scene_reads():
    case = scene_case("genius-square", 70, 17)
    assert read(case.image, case.name) == case.truth[0]
    case = scene_case("genius-square", 43, 2)
    assert read(case.image, case.name) == case.truth[0]


def test_a_rimmed_four_as_dark_as_the_board_is_a_doubt_and_in_shadow_no_four():
    squares = _board(colour=(0.0, 0.02, 0.04), faint=False)
    assert rimmed_four(squares) is None
    doubted = with_standing_grey(squares)
    assert all(doubted[r][c].doubt and not doubted[r][c].symbol for r, c in FOUR)
    shaded = _board(colour=(-0.3, -0.3, -0.32), faint=False)  # empty squares in a neighbour's shadow
    assert with_rim_doubt(shaded) is shaded


def test_the_grey_piece_as_dark_as_the_board_is_not_read_as_empty_squares():
    case = scene_case("genius-square", 47, 2)
    with pytest.raises(ReadError, match="edged dark as a cube's rims"):
        read(case.image, case.name)


def test_a_lit_grey_four_elsewhere_stops_the_four():
    """Seed 101 scene 79: the grey piece's lit tops on a grey board read as empty or the grey piece
    (a lifted grey) down one column, and a faint rimmed row beside brown cubes was read as the grey
    piece instead (a misread).  A whole four of such squares apart from the rimmed one is a doubt;
    one sharing squares with it is the four's own."""
    squares = _board()
    for r in range(4):
        squares[r][4] = Square("", colour=(0.48, 0.43, 0.42), options=(EMPTY, "5"))
    assert rimmed_four(squares) is None
    squares = _board()
    squares[4][0] = Square("", colour=(0.48, 0.43, 0.42), options=(EMPTY, "5"))  # overlapping: the four's own
    assert rimmed_four(squares) == FOUR


def test_the_rimmed_row_beside_a_lit_grey_column_is_not_read_as_the_grey_piece():
    case = scene_case("genius-square", 79, 101)
    with pytest.raises(ReadError):
        read(case.image, case.name)
