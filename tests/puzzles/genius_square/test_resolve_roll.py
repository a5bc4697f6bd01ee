"""Several readings with seven blockers each: the one that is a roll of the dice (a disc on a face of
each die), when just one is, is the board after the roll."""

import pytest

from visolve.errors import ReadError
from visolve.puzzles.genius_square.board import drawing, make_level
from visolve.puzzles.genius_square import model
from visolve.puzzles.genius_square.colours import Square
from visolve.puzzles.genius_square.resolve import resolve, the_roll

ROLL = "A5 A6 B2 D3 D5 F3 F6".split()


def _squares(rows, options):
    return [[Square("", options=options[(r, c)]) if (r, c) in options else Square(sym)
             for c, sym in enumerate(row)] for r, row in enumerate(rows)]


def test_the_one_reading_that_is_a_roll_settles_the_disc():
    """D5 (a disc) and C4 (nothing, a face of D3's die) read as a disc or nothing: with the disc on
    C4, die 3 would have two discs and die 5 none."""
    rows = drawing(make_level("x", ROLL, {"3": ["C1", "C2", "C3"]}))
    squares = _squares(rows, {(3, 4): (".", "#"), (2, 3): (".", "#")})
    assert resolve(squares, "happy-puzzle") == rows


def test_two_readings_that_are_rolls_leave_the_doubt():
    """The same discs with the dark blue piece on C4 or not (its side like the board): both are
    rolls, the roll says nothing of the piece."""
    rows = drawing(make_level("x", ROLL, {"3": ["C1", "C2", "C3"]}))
    squares = _squares(rows, {(2, 3): (".", "1")})
    with pytest.raises(ReadError, match="shapes allow either"):
        resolve(squares, "happy-puzzle")


def test_a_disc_or_a_piece_settled_by_the_roll():
    """F3 washed out (anything) holds the disc of die 1 (A1 C1 D1 D2 E2 F3); C4 in glare, a disc or
    nothing, would put a second disc on die 3 (with D3) and none on die 1."""
    roll = "A5 A6 B2 D3 D5 F3 F6".split()
    rows = drawing(make_level("x", roll, {"3": ["C1", "C2", "C3"]}))
    squares = _squares(rows, {(5, 2): (".", "#", "1", "2"), (2, 3): (".", "#")})
    assert resolve(squares, "happy-puzzle") == rows


def _cells(blockers, rest):
    """36 cells (Happy Puzzle names, row A first): ``blockers`` discs, every other square ``rest``
    but A1, which is empty."""
    names = [model.name(divmod(k, model.SIZE), "happy-puzzle") for k in range(model.SIZE * model.SIZE)]
    return tuple("#" if n in blockers else "." if n == "A1" else rest for n in names)


def test_a_board_read_as_solved_is_left_to_the_cover():
    """Readings of a board solved but for a square or two: the whole cover weighs the colours, not
    the roll alone (its squares read empty may be a piece paled in glare)."""
    legal, other = _cells(ROLL, "4"), _cells([s for s in ROLL if s != "D5"] + ["C4"], "4")
    assert the_roll([legal, other], "happy-puzzle") is None
    legal, other = _cells(ROLL, "."), _cells([s for s in ROLL if s != "D5"] + ["C4"], ".")
    assert the_roll([legal, other], "happy-puzzle") == [legal]
