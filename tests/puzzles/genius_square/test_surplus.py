"""A piece read surely where no one placement of it lies: those squares are settled by the shapes."""

import pytest

from visolve.errors import ReadError
from visolve.puzzles.genius_square.board import drawing, make_level
from visolve.puzzles.genius_square.colours import Square
from visolve.puzzles.genius_square.resolve import resolve
from visolve.puzzles.genius_square.cover import solved_cover
from visolve.puzzles.genius_square.reader import read
from visolve.puzzles.genius_square.board import joined
from visolve.puzzles.genius_square.surplus import apart_from_whole, fits_once, near_pieces, over_read
from visolve.testing.scenes import scene_case

ROLL = "A5 A6 B2 D3 D5 F3 F6".split()
#: orange read surely, yellow close behind (seed 0 scene 32: 0.14-0.29 and 0.34-0.60)
ORANGE_OVER_YELLOW = (("3", 0.14), ("7", 0.34), ("#", 0.6))
YELLOW_OVER_ORANGE = (("7", 0.03), ("3", 0.23), ("#", 0.6))


def _read(rows, ranks):
    """Squares as read from a drawing, ``ranks`` maps (row, column) -> (symbol read, its ranks)."""
    return [[Square(ranks[(r, c)][0], ranks=ranks[(r, c)][1]) if (r, c) in ranks else Square(sym)
             for c, sym in enumerate(row)] for r, row in enumerate(rows)]


def test_a_piece_within_one_placement_stays_sure():
    assert fits_once("7", [(0, 0), (0, 1), (0, 2), (1, 1)])
    assert not fits_once("3", [(0, 0), (0, 1), (0, 2), (1, 1)])  # four squares for a piece of three
    assert not fits_once("2", [(0, 0), (3, 3)])  # two places
    rows = drawing(make_level("x", ROLL, {"3": ["C1", "C2", "C3"]}))
    squares = _read(rows, {(2, c): ("3", ORANGE_OVER_YELLOW) for c in range(3)})
    assert over_read(squares) == squares


def test_yellow_read_as_orange_is_settled_by_its_shape():
    level = make_level("x", ROLL, {"7": ["C1", "C2", "C3", "D2"]})
    rows = drawing(level)
    squares = _read(rows, {cell: ("3", ORANGE_OVER_YELLOW) for cell in [(2, 0), (2, 1), (2, 2), (3, 1)]})
    with pytest.raises(ReadError, match="piece 3"):  # as read: orange on four squares
        resolve(squares, "happy-puzzle")
    assert resolve(over_read(squares), "happy-puzzle") == rows


def test_orange_read_as_yellow_as_well_as_the_yellow_piece_is_settled():
    level = make_level("x", ROLL, {"7": ["C1", "C2", "C3", "D2"], "3": ["A2", "A3", "A4"]})
    rows = drawing(level)
    ranks = {cell: ("7", YELLOW_OVER_ORANGE) for cell in [(2, 0), (2, 1), (2, 2), (3, 1), (0, 1), (0, 2), (0, 3)]}
    assert resolve(over_read(_read(rows, ranks)), "happy-puzzle") == rows


def test_two_pieces_that_both_fit_stay_a_doubt():
    level = make_level("x", ROLL, {"7": ["C1", "C2", "C3", "D2"], "3": ["E1", "E2", "E3"]})
    rows = drawing(level)  # orange on C1-C3 and yellow on D2 E1-E3 fits as well
    ranks = {cell: ("7", YELLOW_OVER_ORANGE) for cell in [(2, 0), (2, 1), (2, 2), (3, 1), (4, 0), (4, 1), (4, 2)]}
    with pytest.raises(ReadError, match="the pieces' shapes allow either"):
        resolve(over_read(_read(rows, ranks)), "happy-puzzle")


def test_a_colour_far_from_every_other_piece_stays_as_read():
    assert near_pieces((("3", 0.05), ("7", 0.5)), "3") == ()
    assert near_pieces((("3", 0.05), ("#", 0.1), ("7", 0.3)), "3") == ("7",)  # never the wood
    rows = drawing(make_level("x", ROLL))
    far = (("3", 0.05), ("7", 0.6))
    squares = _read(rows, {(2, c): ("3", far) for c in range(4)})
    assert over_read(squares) == squares


def test_a_board_read_as_solved_is_left_to_the_cover():
    rows = ["#" * 6] * 6  # every square covered: no square read as empty
    squares = _read(rows, {(0, c): ("3", ORANGE_OVER_YELLOW) for c in range(4)})  # orange on four squares
    assert over_read(squares) == squares


def test_a_piece_seen_whole_apart_from_more_of_its_colour_is_doubted_only_there():
    yellow = [(0, 4), (1, 3), (1, 4), (2, 4)]
    line = [(2, 0), (3, 0), (4, 0)]
    assert sorted(joined(yellow + line)) == [sorted(yellow), line]
    assert apart_from_whole("7", yellow + line) == line
    assert apart_from_whole("7", yellow + [(3, 4)]) == []  # one group of five: which four is it?
    assert apart_from_whole("7", yellow + [(4, 0), (4, 1), (4, 2), (5, 1)]) == []  # whole twice


def test_on_a_solved_board_an_orange_three_read_as_yellow_beside_the_yellow_piece_is_settled():
    rows = ["55557#", "#66772", "366872", "39#88#", "399984", "1###44"]
    ranks = {cell: ("7", YELLOW_OVER_ORANGE) for cell in [(0, 4), (1, 3), (1, 4), (2, 4), (2, 0), (3, 0), (4, 0)]}
    squares = _read(rows, ranks)
    assert solved_cover(squares, "happy-puzzle") is None  # three squares read surely otherwise: too dear
    doubted = over_read(squares)
    assert [(r, c) for r in range(6) for c in range(6) if doubted[r][c].options] == [(2, 0), (3, 0), (4, 0)]
    assert doubted[2][0].options == ("7", "3")
    assert solved_cover(doubted, "happy-puzzle") == rows


def test_the_scene_reads():
    case = scene_case("genius-square", 97, 1)
    assert read(case.image, case.name) == case.truth[0]
