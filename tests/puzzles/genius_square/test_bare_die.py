"""Blockers that are no roll beside dice that show a die none of them lies on (issue 25, new unseen seed
541): scene 34, a Happy Puzzle board seen at a slant, the brown domino's cube on F3 read as a disc and
F1's disc behind it as empty; the blockers B2 C4 C6 D1 E4 F2 F3 (D1 and F3 on one die) passed as a board
set by hand, six of them shown by the dice, which show F1 clearly (a misread).  Such a board is now a
doubt."""

import pytest

from visolve.puzzles.genius_square import reader
from visolve.puzzles.genius_square.board import is_legal_roll
from visolve.puzzles.genius_square.cover import MIN_FACES
from visolve.puzzles.genius_square.rollcheck import CLEAR_FACE, OFF_ROLL, bare_die_problem, dice_problem
from tests.puzzles.genius_square.unseen import refused_and_was_misread

SHOWN = ("B2", "C4", "C6", "D1", "E4", "F1", "F2")
READ = ["B2", "C4", "C6", "D1", "E4", "F2", "F3"]


def _faces(names, lead: float = 0.4) -> list[dict[str, float]]:
    """Dice faces each fitting its square at 1.9, the next square ``lead`` behind."""
    return [{name: 1.9, "A3" if name != "A3" else "A4": 1.9 - lead} for name in names]


def test_a_disc_off_the_roll_the_dice_show_is_a_doubt():
    assert dice_problem(READ, _faces(SHOWN)) == ""  # six of seven shown: it passed as set by hand
    why = bare_die_problem(READ, _faces(SHOWN))
    assert why.startswith("blockers B2 C4 C6 D1 E4 F2 F3 are no roll of the dice")
    assert "the dice beside the board show F1, a face of die" in why


def test_a_roll_a_board_set_by_hand_or_faces_not_clear_stand():
    assert bare_die_problem(list(SHOWN), _faces(SHOWN)) == ""  # a roll
    assert bare_die_problem(READ, _faces(SHOWN[:MIN_FACES - 1])) == ""  # too few faces
    assert bare_die_problem(READ, _faces(SHOWN, lead=CLEAR_FACE - 0.05)) == ""  # none clear
    assert bare_die_problem(READ, _faces([s for s in SHOWN if s != "F1"])) == ""  # the bare die not shown
    by_hand = ["A1", "A2", "A3", "C4", "C6", "D1", "E4"]  # more than OFF_ROLL off the dice's squares
    assert not is_legal_roll(by_hand) and len(set(by_hand) - set(SHOWN)) > OFF_ROLL
    assert bare_die_problem(by_hand, _faces(SHOWN)) == ""


@pytest.mark.slow
def test_seed_541_scene_34_is_refused_and_was_misread(monkeypatch):
    refused_and_was_misread(monkeypatch, 541, 34, reader, "bare_die_problem", lambda blockers, faces: "")
