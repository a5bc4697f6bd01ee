"""Blockers that are no roll but would be one all moved a square, the edge they leave bare (issue 25,
new unseen seed 499): scene 58, a solved Happy Puzzle board whose grid was found a column off, column 6
read empty over the board's margin, was kept as a board set by hand (a misread).  Such a board is now a
doubt."""

import pytest

from visolve.puzzles.genius_square import model, reader
from visolve.puzzles.genius_square.rollcheck import shifted_grid_problem
from tests.puzzles.genius_square.unseen import refused_and_was_misread

READ = "A2 A3 A5 D2 E1 F1 F4".split()
EDITION = "happy-puzzle"  # letters name rows, digits columns


def _all_but(*left: str) -> dict[str, list[str]]:
    """One 'piece' on every square that is neither a blocker of :data:`READ` nor in ``left``."""
    names = [model.name((r, c), EDITION) for r in range(model.SIZE) for c in range(model.SIZE)]
    return {"9": [n for n in names if n not in READ and n not in left]}


def test_a_roll_a_square_over_with_a_bare_edge_is_a_doubt():
    column_6 = [f"{row}6" for row in "ABCDEF"]
    why = shifted_grid_problem(READ, _all_but(*column_6), EDITION)
    assert why == ("blockers A2 A3 A5 D2 E1 F1 F4 are no roll of the dice, but all moved a square towards the grid's "
                   "last column (A3 A4 A6 D3 E2 F2 F5) they are one, and A6 B6 C6 D6 E6 F6 along that edge read "
                   "empty: the grid found a square off the board's?")


def test_an_edge_with_something_on_it_a_roll_or_a_board_set_by_hand_stand():
    column_6 = [f"{row}6" for row in "ABCDEF"]
    assert shifted_grid_problem(READ, _all_but(*column_6[1:]), EDITION) == ""  # A6 holds a piece
    assert shifted_grid_problem("A3 A4 A6 D3 E2 F2 F5".split(), {}, EDITION) == ""  # a roll
    box_art = "A6 B2 B4 D2 D5 E1 F3".split()  # set by hand: no move of it is a roll
    assert shifted_grid_problem(box_art, {}, "smartgames") == ""
    assert shifted_grid_problem(READ[:6], {}, EDITION) == ""  # six: blocker_count_problem's to say


@pytest.mark.slow
def test_seed_499_scene_58_is_refused_and_was_misread(monkeypatch):
    refused_and_was_misread(monkeypatch, 499, 58, reader, "shifted_grid_problem",
                            lambda blockers, pieces, edition: "", match="the grid found a square off")
