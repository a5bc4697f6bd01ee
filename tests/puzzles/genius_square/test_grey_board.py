"""The grey piece on a board as grey as it (scene 2 of seed 12, a misread): a board read covered but for
four squares in a row, the grey piece seen nowhere and the four nearest its colour, is a doubt."""

import pytest

from visolve.errors import ReadError
from visolve.puzzles.genius_square.board import drawing, make_level
from visolve.puzzles.genius_square.colours import EMPTY, Square
from visolve.puzzles.genius_square.greyrow import bare_four
from visolve.puzzles.genius_square.reader import read
from visolve.testing.scenes import scene_case

ROLL = "A5 A6 B2 D3 D5 F3 F6".split()


def _solved(grey_ranked: bool = True, extra_empty: tuple[int, int] | None = None, ranks=None):
    """A solved board's squares as read, the grey piece's four read as empty (ranked nearest the grey
    piece's colour when ``grey_ranked``, else the wood's clearly; or ``ranks``), and ``extra_empty``
    read empty too."""
    from visolve.puzzles.genius_square import model

    solution = model.solve_blockers(ROLL).solutions[0]
    pieces = {model.PIECES[pl.piece].name: [f"{'ABCDEF'[r]}{c + 1}" for r, c in model.BOARD.cells_of(pl.mask)]
              for pl in solution}
    rows = drawing(make_level("x", ROLL, pieces, edition="happy-puzzle"))
    ranks = ranks or ((("5", 0.7), ("#", 0.8)) if grey_ranked else (("#", 0.5), ("5", 0.8)))
    squares = [[Square(EMPTY, ranks=ranks) if sym == "5" else Square(sym) for sym in row] for row in rows]
    if extra_empty:
        r, c = extra_empty
        squares[r][c] = Square(EMPTY, ranks=ranks)
    return squares, sorted((r, c) for r, row in enumerate(rows) for c, sym in enumerate(row) if sym == "5")


def test_a_covered_board_but_for_a_grey_four_is_found():
    squares, four = _solved()
    assert bare_four(squares) == four


def test_a_four_as_near_the_wood_as_the_grey_piece_is_found_too():
    # seed 311 scene 55: 0.81 from the wood's colour, 0.82 from the grey piece's
    squares, four = _solved(ranks=(("#", 0.81), ("5", 0.82)))
    assert bare_four(squares) == four


def test_four_empty_squares_unlike_the_grey_piece_or_more_of_them_are_not():
    squares, _four = _solved(grey_ranked=False)
    assert bare_four(squares) is None  # nearer the wood: the grey piece would show
    squares, four = _solved()
    taken = next((r, c) for r in range(6) for c in range(6) if squares[r][c].symbol not in (EMPTY, "#"))
    squares, _four = _solved(extra_empty=taken)
    assert bare_four(squares) is None  # five may be empty: a board not covered
    squares, four = _solved()
    squares[0][0] = Square("5")
    assert bare_four(squares) is None  # the grey piece is seen


def test_the_grey_piece_on_a_grey_board_drawn_flat_is_refused_not_read_as_empty():
    case = scene_case("genius-square", 2, 12)
    with pytest.raises(ReadError, match="grey piece on a board as grey as it"):
        read(case.image, case.name)


def test_the_grey_piece_as_near_the_wood_is_refused_not_read_as_empty():
    # seed 311 scene 55: a grey SmartGames drawing seen upside down, the grey piece on A4-D4 a few grey
    # levels off the board, every other square covered
    case = scene_case("genius-square", 55, 311)
    with pytest.raises(ReadError, match="square A4: every square covered but four"):
        read(case.image, case.name)
