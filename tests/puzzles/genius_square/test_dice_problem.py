"""Blockers that are no roll, against the dice beside the board (issue 25, new unseen seed 379): scene
87, a grid found a square off the board's, its blockers read A2 A6 C3 C4 C6 E1 E4 (no roll) while the
seven dice beside it, each read clearly, show A1 B2 B6 D4 D6 F1 F4 (a misread).  Such a board is now a
doubt."""

import pytest

from visolve.puzzles.genius_square import reader
from visolve.puzzles.genius_square.cover import LEGIBLE, MIN_FACES
from visolve.puzzles.genius_square.rollcheck import dice_problem
from tests.puzzles.genius_square.unseen import refused_and_was_misread

SHOWN = ("A1", "B2", "B6", "D4", "D6", "F1", "F4")
READ = ["A2", "A6", "C3", "C4", "C6", "E1", "E4"]


def _faces(names, score: float = 1.9) -> list[dict[str, float]]:
    """Dice faces each fitting its square at ``score``, the next square well behind."""
    return [{name: score, "C2": score - 0.4} for name in names]


def test_blockers_out_of_roll_that_the_dice_do_not_show_are_a_doubt():
    why = dice_problem(READ, _faces(SHOWN))
    assert why.startswith("blockers A2 A6 C3 C4 C6 E1 E4 are no roll of the dice, and the dice beside the board "
                          "show A1 B2 B6 D4 D6 F1 F4, 0 of them")


def test_a_roll_a_board_set_by_hand_beside_its_dice_or_too_few_faces_stand():
    assert dice_problem(list(SHOWN), _faces(SHOWN)) == ""  # a roll: the dice are not asked
    by_hand = ["A1", "B2", "B6", "D4", "C3", "C4", "C6"]  # four of the dice's squares: set by hand
    assert dice_problem(by_hand, _faces(SHOWN)) == ""
    assert dice_problem(READ, _faces(SHOWN[:MIN_FACES - 1])) == ""
    assert dice_problem(READ, _faces(SHOWN, score=LEGIBLE - 0.1)) == ""  # not legible


@pytest.mark.slow
def test_seed_379_scene_87_is_refused_and_was_misread(monkeypatch):
    # read once its squares were read again, the board is refused by the dice of its one moved disc too
    # (rollcheck.moved_by_dice_problem, tests/puzzles/genius_square/test_moved_by_dice.py): left out here
    monkeypatch.setattr(reader, "moved_by_dice_problem", lambda blockers, faces: "")
    # and by the face of a die none of its blockers lies on (rollcheck.bare_die_problem, test_bare_die.py)
    monkeypatch.setattr(reader, "bare_die_problem", lambda blockers, faces: "")
    refused_and_was_misread(monkeypatch, 379, 87, reader, "dice_problem", lambda blockers, faces: "")
