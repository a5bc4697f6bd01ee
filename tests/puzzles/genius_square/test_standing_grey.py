"""The grey piece standing out against the board (issue 25): four squares in a row read as empty (or as
empty or the grey piece), each lighter than the board and nearest the grey piece's colour, every square
beside them read surely and the empty ones dark, are the grey piece (scene 64 of seed 1, scene 97 of
seed 0: refused before).  Glare, which lifts the squares around and pales the pieces, is no such four."""

from dataclasses import replace

from visolve.puzzles.genius_square.board import drawing, make_level
from visolve.puzzles.genius_square.colours import EMPTY, Square
from visolve.puzzles.genius_square.greyrow import standing_four, with_standing_grey
from visolve.puzzles.genius_square.reader import level_of, read
from visolve.testing.scenes import scene_case

#: scene 64 of seed 1 as read: the grey piece on A1-A4 (a column of the board as seen), two more pieces
TRUTH = make_level("64", ["B1", "B5", "B6", "D3", "D5", "F1", "F3"],
                   {"2": ["A5", "A6"], "3": ["D6", "E6", "F6"], "5": ["A1", "A2", "A3", "A4"]},
                   edition="smartgames")
GREY_RANKS = (("5", 0.083), ("#", 0.239))
#: the grey piece's centres as read on a navy board (units of ``n``)
GREY_N = (0.27, 0.45, 0.48)


def _as_read(grey_n=GREY_N, around_n=(0.0, 0.0, 0.0), options=(EMPTY, "5")):
    """The level's squares read right but the grey piece's: empty or grey, of colour ``grey_n``; empty
    squares of colour ``around_n``."""
    rows = drawing(TRUTH)
    squares = [[Square(sym, colour=around_n) if sym == EMPTY else Square(sym) for sym in row] for row in rows]
    four = sorted((r, c) for r, row in enumerate(rows) for c, sym in enumerate(row) if sym == "5")
    for r, c in four:
        squares[r][c] = Square("", colour=grey_n, options=options, ranks=GREY_RANKS)
    return squares, four


def test_a_grey_four_outlined_by_the_board_and_surely_read_squares_is_the_grey_piece():
    squares, four = _as_read()
    assert standing_four(squares) == four
    assert level_of(squares, "smartgames", "64") == replace(TRUTH, source="64")
    empty, four = _as_read(options=())
    empty = [[Square(EMPTY, colour=sq.colour, ranks=sq.ranks) if (r, c) in four else sq
              for c, sq in enumerate(row)] for r, row in enumerate(empty)]
    assert standing_four(empty) == four  # read as empty: the same


def test_glare_lifting_the_squares_around_is_no_grey_piece():
    squares, _four = _as_read(around_n=(0.2, 0.2, 0.2))  # the empty squares beside lifted too
    assert standing_four(squares) is None
    assert with_standing_grey(squares) is squares


def test_a_four_dim_or_of_another_colour_or_beside_a_square_in_doubt_is_no_grey_piece():
    squares, _four = _as_read(grey_n=(0.1, 0.2, 0.2))  # not lighter than the board in every channel
    assert standing_four(squares) is None
    squares, four = _as_read()
    r, c = four[0]
    squares[r][c] = Square("", colour=GREY_N, options=(EMPTY, "5"), ranks=(("#", 0.2), ("5", 0.25)))
    assert standing_four(squares) is None  # nearest the wood
    squares, four = _as_read()
    beside = next((y, c + 1) for y, c in four if squares[y][c + 1].symbol != EMPTY)
    squares[beside[0]][beside[1]] = Square("", colour=(0.5, 0.3, 0.2), options=("2", "3"))
    assert standing_four(squares) is None  # a piece beside it pale enough to be in doubt: glare?
    squares, _four = _as_read()
    squares[5][5] = Square("", options=(EMPTY, "5", "7"))
    assert standing_four(squares) is None  # the grey piece may be elsewhere


def test_the_scenes_read():
    for seed, i in ((1, 64), (0, 97)):
        case = scene_case("genius-square", i, seed)
        assert read(case.image, case.name) == case.truth[0]
