"""A disc seen by its dark side, read surely as a piece, is settled by the shapes when nothing else fits,
unless that leaves a die without a disc where a face may show one."""

import pytest

from visolve.errors import ReadError
from visolve.puzzles.genius_square.board import drawing, make_level
from visolve.puzzles.genius_square.colours import Square
from visolve.puzzles.genius_square.reader import read
from visolve.puzzles.genius_square.resolve import disc_sides, resolve
from visolve.testing.scenes import scene_case

ROLL = "A5 A6 B2 D3 D5 F3 F6".split()
#: a disc read as brown, the wood close behind (seed 1 scene 84: 0.035 and 0.175)
DARK_SIDE = (("2", 0.035), ("#", 0.175), ("3", 0.42))
#: ... and a brown cube's top, the wood far behind
BROWN_TOP = (("2", 0.03), ("#", 0.4), ("3", 0.42))


def _as_read(rows, top):
    """The drawing as read: the disc on B2 read surely as brown (``top``: its ranks), the brown
    piece's squares C1 C2 brown or orange."""
    squares = [[Square(sym) for sym in row] for row in rows]
    squares[1][1] = Square("2", ranks=top)
    for c in (0, 1):
        squares[2][c] = Square("", options=("2", "3"))
    return squares


def test_a_disc_read_as_brown_beside_the_brown_piece_is_settled_by_its_shape():
    rows = drawing(make_level("x", ROLL, {"2": ["C1", "C2"]}))
    assert rows[1][1] == "#"
    assert resolve(_as_read(rows, DARK_SIDE), "happy-puzzle") == rows


def test_a_colour_far_from_the_wood_stays_as_read():
    rows = drawing(make_level("x", ROLL, {"2": ["C1", "C2"]}))
    squares = _as_read(rows, BROWN_TOP)
    assert disc_sides(squares) is None
    with pytest.raises(ReadError, match="piece 2"):
        resolve(squares, "happy-puzzle")


def test_a_board_read_as_solved_is_left_to_the_cover():
    rows = ["#" * 6] * 6
    squares = [[Square(sym) for sym in row] for row in rows]
    squares[1][1] = Square("2", ranks=DARK_SIDE)
    assert disc_sides(squares) is None


def test_the_scene_reads():
    case = scene_case("genius-square", 84, 1)
    assert read(case.image, case.name) == case.truth[0]


#: seed 151 scene 20's roll; A6 is a face of F1's die, B6 of a die no other disc is on
ROLL_151 = "A1 B3 B6 C5 D4 E6 F1".split()


def test_a_piece_made_a_disc_leaving_a_die_without_one_is_a_doubt():
    """151/20: A6 light grey at its middle, read as the grey piece (the wood 0.08 behind), made a
    disc beside F1's die-mate; B6, the disc of the die none was on, read as a disc or empty."""
    rows = drawing(make_level("x", ROLL_151, {}, edition="smartgames"))
    squares = [[Square(sym) for sym in row] for row in rows]
    squares[5][0] = Square("5", ranks=(("5", 0.212), ("#", 0.294)))  # A6
    squares[5][1] = Square("", options=(".", "#"))  # B6
    with pytest.raises(ReadError, match="square A6: read as piece 5 and settled as a disc.* B6, a face of a die"):
        resolve(squares, "smartgames")
    squares[5][1] = Square(".")  # B6 surely empty: a board set by hand, read as it is
    assert resolve(squares, "smartgames")[5] == "#...#."  # A6 and E6


def test_the_scene_whose_disc_was_read_a_square_off_is_refused():
    case = scene_case("genius-square", 20, 151)
    with pytest.raises(ReadError, match="a face of a die no disc is on"):
        read(case.image, case.name)
