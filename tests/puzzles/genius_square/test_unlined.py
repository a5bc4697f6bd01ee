"""The grey piece's top on a board as grey as it, told by the grid's light lines it covers (H160): a
straight four read as empty none of whose squares shows more than one line over its middle is the
grey piece when it is the only one, neutral and not in a shadow, else a doubt on a board read without
the grey piece (seed 83 scene 86: the grey piece under a glare spot, read as four empty squares, a
misread)."""

import numpy as np
import pytest

from visolve.errors import ReadError
from visolve.puzzles.genius_square.colours import EMPTY, Square
from visolve.puzzles.genius_square.dimgrey import no_dim_grey_piece
from visolve.puzzles.genius_square.reader import read
from visolve.puzzles.genius_square.sides import EDGES, LINES_SEEN, lines_over
from visolve.puzzles.genius_square.unlined import unlined_four, with_unlined_grey
from visolve.testing.scenes import scene_case
from tests.puzzles.genius_square.unseen import refused_and_was_misread

FOUR = [(0, 0), (1, 0), (2, 0), (3, 0)]


def _board(lines=(0, 1, 0, 1)):
    """Squares read surely as a piece but the four of :data:`FOUR`: empty squares a little lighter than
    the board (not faint: the faint four's own doubt is asked first) showing ``lines`` of their lines each."""
    squares = [[Square("7") for _c in range(6)] for _r in range(6)]
    for (r, c), k in zip(FOUR, lines):
        squares[r][c] = Square(EMPTY, colour=(0.11, 0.12, 0.11), lines=k)
    return squares


def test_lines_are_counted_over_the_square_s_middle():
    """An empty square in glare shows its lines over its lifted middle; the grey piece's top, no edge
    lighter than its middle, none; a board whose lines do not show says nothing."""
    glared = np.array([0.40, 0.61, 0.26, 0.44])  # 83/86, beside the grey piece: its left edge faces it
    assert lines_over(glared, np.array([0.21, 0.23, 0.19]), 0.62) == 3
    top = np.array([0.26, 0.23, -0.08, 0.29])  # the grey piece's top there
    assert lines_over(top, np.array([0.25, 0.26, 0.26]), 0.62) == 0
    assert lines_over(top, np.array([0.25, 0.26, 0.26]), LINES_SEEN - 0.01) == EDGES


def test_a_four_showing_no_lines_is_a_doubt_on_a_board_without_the_grey_piece():
    assert unlined_four(_board()) == FOUR
    with pytest.raises(ReadError, match="square A1: four squares in a row read as empty show none"):
        no_dim_grey_piece(_board(), "happy-puzzle")
    assert unlined_four(_board(lines=(0, 2, 0, 0))) is None  # one square shows its lines: empty
    assert unlined_four([[Square(EMPTY, colour=(0.2, 0.2, 0.2)) for _c in range(6)] for _r in range(6)]) is None


def test_the_one_unlined_four_neutral_and_lit_is_the_grey_piece():
    read_ = with_unlined_grey(_board())
    assert [read_[r][c].symbol for r, c in FOUR] == ["5"] * 4
    squares = _board()
    squares[4][0] = Square(EMPTY, colour=(0.11, 0.12, 0.11), lines=0)  # five in a row: which four?
    assert with_unlined_grey(squares) == squares
    squares = _board()
    squares[5][5] = Square("5")  # the grey piece read elsewhere
    assert with_unlined_grey(squares) == squares
    squares = _board()
    squares[2][0] = Square(EMPTY, colour=(-0.3, -0.3, -0.3), lines=0)  # in a shadow, its lines darkened too
    assert with_unlined_grey(squares) == squares
    squares[2][0] = Square(EMPTY, colour=(0.05, 0.15, 0.25), lines=0)  # not neutral
    assert with_unlined_grey(squares) == squares


def test_squares_elsewhere_that_may_be_grey_bar_the_four_only_when_four_of_them_lie_in_a_row():
    """Seed 19 scene 81: glared cubes elsewhere read as grey, wood or a piece, none four in a row: the
    unlined four is the grey piece's only place (refused before, the board covered but for them)."""
    maybe = Square("", options=("7", "5", "3", "#"))
    squares = _board()
    for r, c in ((1, 3), (4, 4)):
        squares[r][c] = maybe
    read_ = with_unlined_grey(squares)
    assert [read_[r][c].symbol for r, c in FOUR] == ["5"] * 4
    for r in range(2, 6):  # B3-F3: a straight four that may hold the grey piece too
        squares[r][2] = maybe if r == 2 else Square(EMPTY, colour=(0.0, 0.0, 0.0))
    assert with_unlined_grey(squares) == squares
    squares[2][2] = Square(EMPTY, colour=(0.0, 0.0, 0.0))  # plainly empty squares alone are no bar
    read_ = with_unlined_grey(squares)
    assert [read_[r][c].symbol for r, c in FOUR] == ["5"] * 4
    case = scene_case("genius-square", 81, 19)
    assert read(case.image, case.name) == case.truth[0]


def test_the_grey_piece_under_glare_on_a_grey_board_is_read():
    """Seed 83 scene 86: the grey piece on A1-A4 of a grey SmartGames board under a glare spot."""
    case = scene_case("genius-square", 86, 83)
    assert read(case.image, case.name) == case.truth[0]


def _fronted(colour=(-0.4, -0.38, -0.37), lines=4):
    """:func:`_board` with its first square a cube's shaded front: dark, its edges lighter than it."""
    squares = _board()
    squares[0][0] = Square(EMPTY, colour=colour, lines=lines)
    return squares


def test_three_unlined_and_a_dark_front_are_a_doubt_not_the_grey_piece():
    # seed 277 scene 11: the grey piece standing on A2-A5 of a grey board, A2 its shaded front
    assert unlined_four(_fronted()) is None  # not read as the grey piece
    assert with_unlined_grey(_fronted()) == _fronted()
    assert unlined_four(_fronted(), front=True) == FOUR
    with pytest.raises(ReadError, match="square A1: four squares in a row read as empty show none.*dark front"):
        no_dim_grey_piece(_fronted(), "smartgames")


def test_a_lined_square_no_darker_than_a_shade_or_two_lined_are_no_doubt():
    assert unlined_four(_fronted(colour=(-0.15, -0.3, -0.3)), front=True) is None  # not dark in every channel
    assert unlined_four(_fronted(colour=(0.3, 0.3, 0.3)), front=True) is None  # lighter: an empty square in glare
    squares = _fronted()
    squares[2][0] = Square(EMPTY, colour=(0.11, 0.12, 0.11), lines=3)
    assert unlined_four(squares, front=True) is None  # two squares show their lines


def test_a_front_in_shade_with_one_line_more_is_a_doubt_too():
    # seed 397 scene 67 (issue 25, new unseen seed): the grey piece on A1-A4 of a grey board in shade, A3
    # at (-0.17, -0.14, -0.13) showing two lines
    assert unlined_four(_fronted(colour=(-0.17, -0.14, -0.13), lines=2), front=True) == FOUR
    assert unlined_four(_fronted(colour=(-0.17, -0.14, -0.13), lines=3), front=True) is None  # two more
    assert unlined_four(_fronted(colour=(-0.05, -0.14, -0.13), lines=2), front=True) is None  # not in shade
    assert unlined_four(_fronted(colour=(-0.17, -0.14, -0.13), lines=2)) is None  # never read as the piece


@pytest.mark.slow
def test_seed_397_scene_67_is_refused_and_was_misread(monkeypatch):
    from visolve.puzzles.genius_square import unlined

    refused_and_was_misread(monkeypatch, 397, 67, unlined, "FRONT_DIM", float("inf"),
                            match="square A1: four squares in a row read as empty show none")


@pytest.mark.slow
def test_seed_277_scene_11_is_refused_and_was_misread(monkeypatch):
    from visolve.puzzles.genius_square import unlined

    case = scene_case("genius-square", 11, 277)
    with pytest.raises(ReadError, match="square A2: four squares in a row read as empty show none"):
        read(case.image, case.name)
    monkeypatch.setattr(unlined, "FRONT_DARK", float("inf"))  # as before: no front counted
    misread = read(case.image, case.name)
    assert misread.blockers == case.truth[0].blockers and "5" in dict(case.truth[0].pieces)
    assert "5" not in dict(misread.pieces)  # read without the grey piece
