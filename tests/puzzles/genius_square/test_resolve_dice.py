"""Several readings with seven blockers each, told apart by the dice beside the board."""

import pytest

from visolve.errors import ReadError
from visolve.puzzles.genius_square import model
from visolve.puzzles.genius_square.board import drawing, make_level
from visolve.puzzles.genius_square.colours import Square
from visolve.puzzles.genius_square.resolve import resolve

ROLL = "A5 A6 B2 D3 D5 F3 F6".split()
NAMES = [f"{letter}{digit}" for letter in model.LETTERS for digit in model.DIGITS]


def _squares(rows, options):
    return [[Square("", options=options[(r, c)]) if (r, c) in options else Square(sym)
             for c, sym in enumerate(row)] for r, row in enumerate(rows)]


def _faces(shown):
    """Dice faces each fitting one square's name best (2) and no other (0)."""
    return [{name: 2.0 if name == face else 0.0 for name in NAMES} for face in shown]


def _disc_or_nothing(rows):
    """D5 (a disc) and E4 (nothing, a face of D5's die) both read as a disc or nothing: two readings
    with 7 blockers, both a roll of the dice."""
    return _squares(rows, {(3, 4): (".", "#"), (4, 3): (".", "#")})


def test_the_dice_seen_settle_which_square_has_the_disc():
    rows = drawing(make_level("x", ROLL, {"3": ["C1", "C2", "C3"]}))
    assert resolve(_disc_or_nothing(rows), "happy-puzzle", lambda: _faces(ROLL)) == rows


def test_dice_that_fit_both_readings_alike_leave_the_doubt():
    rows = drawing(make_level("x", ROLL, {"3": ["C1", "C2", "C3"]}))
    shown = [f for f in ROLL if f != "D5"]  # six faces, D5's die not seen
    with pytest.raises(ReadError, match="shapes allow either"):
        resolve(_disc_or_nothing(rows), "happy-puzzle", lambda: _faces(shown))


def test_without_dice_the_doubt_stays():
    rows = drawing(make_level("x", ROLL, {"3": ["C1", "C2", "C3"]}))
    with pytest.raises(ReadError, match="shapes allow either"):
        resolve(_disc_or_nothing(rows), "happy-puzzle")
