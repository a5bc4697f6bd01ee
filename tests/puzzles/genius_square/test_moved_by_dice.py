"""A board read only once its squares were read again, its blockers against the dice (issue 25, new
unseen seed 499): scene 40, a navy SmartGames board in glare whose faint squares were left to the
shapes; they laid die 3's disc on C5 and the grey piece on C6-F6, where the seven dice beside the
board show F6 (a misread).  Such a board is now a doubt."""

import pytest

from visolve.puzzles.genius_square import reader
from visolve.puzzles.genius_square.cover import AGAINST_DICE, LEGIBLE, MIN_FACES
from visolve.puzzles.genius_square.rollcheck import CLEAR_FACE, moved_by_dice_problem
from tests.puzzles.genius_square.unseen import refused_and_was_misread

SHOWN = ("A2", "C1", "D4", "F1", "F2", "F5", "F6")
READ = ["A2", "C1", "C5", "D4", "F1", "F2", "F5"]


def _scores(names, score: float = 1.9) -> list[dict[str, float]]:
    """Dice faces each fitting its square at ``score``, every other square 1.0 behind (the dice
    reader scores all 36)."""
    squares = [f"{col}{row}" for col in "ABCDEF" for row in range(1, 7)]
    return [{sq: (score if sq == name else score - 1.0) for sq in squares} for name in names]


def test_a_disc_on_another_face_than_the_dice_show_is_a_doubt():
    why = moved_by_dice_problem(READ, _scores(SHOWN))
    assert why == ("square C5: read as a blocker once the squares were read again, but the dice beside the board "
                   "show F6, another face of its die")


def test_the_roll_the_dice_show_too_few_faces_or_a_small_gain_stand():
    assert moved_by_dice_problem(list(SHOWN), _scores(SHOWN)) == ""
    assert moved_by_dice_problem(READ, _scores(SHOWN[:MIN_FACES - 1])) == ""
    assert moved_by_dice_problem(READ, _scores(SHOWN, score=LEGIBLE - 0.1)) == ""  # none legible
    close = [{sq: 1.9 if sq == name else (1.9 - AGAINST_DICE / 2 if sq == "C5" else 0.5)
              for sq in (f"{c}{r}" for c in "ABCDEF" for r in range(1, 7))} for name in SHOWN]
    assert moved_by_dice_problem(READ, close) == ""  # the face shows C5 nearly as well: no clear case
    blurred = [{sq: 1.5 if sq == name else (1.5 - CLEAR_FACE / 2 if sq[0] == name[0] else 0.3)
                for sq in (f"{c}{r}" for c in "ABCDEF" for r in range(1, 7))} for name in SHOWN]
    assert moved_by_dice_problem(READ, blurred) == ""  # small blurred dice: no face clearly read (419/34)


@pytest.mark.slow
def test_seed_499_scene_40_is_refused_and_was_misread(monkeypatch):
    refused_and_was_misread(monkeypatch, 499, 40, reader, "moved_by_dice_problem",
                            lambda blockers, faces: "", match="the dice beside the board show F6")
