"""The edition from the dice beside the board when the printed labels do not say it (issue 25): the
labels of 16 photos of seeds 371-499 were too small or blurred to say which edge has the letters;
the dice print the names of the squares."""

import pytest

from visolve.puzzles.genius_square import reader
from visolve.puzzles.genius_square.board import is_legal_roll
from visolve.puzzles.genius_square.cover import MIN_FACES
from visolve.puzzles.genius_square.dicenames import mirrored, named_as, named_by_dice
from visolve.testing.scenes import scene_case

ROLL = ["A6", "B2", "B6", "C3", "C6", "D1", "E4"]  # a roll, as Happy Puzzle names it (seed 461 scene 83)
MIRRORED = mirrored(ROLL, "happy-puzzle")  # the same squares named as SmartGames names them
SQUARES = [f"{letter}{digit}" for letter in "ABCDEF" for digit in "123456"]


def _faces(names, score: float = 1.8) -> list[dict[str, float]]:
    """Dice faces each fitting its square at ``score``, a square sharing its letter or digit 0.3
    behind, every other square 1.2 behind."""
    return [{sq: score if sq == name else score - (0.3 if sq[0] == name[0] or sq[1] == name[1] else 1.2)
             for sq in SQUARES} for name in names]


def test_mirrored_names_swap_letter_and_digit_places():
    assert MIRRORED == ["F1", "B2", "F2", "C3", "F3", "A4", "D5"]
    assert mirrored(MIRRORED, "smartgames") == ROLL
    assert is_legal_roll(ROLL) and is_legal_roll(MIRRORED)  # both a roll: only the dice tell them apart


def test_the_dice_name_the_edition_whose_blockers_they_show():
    faces = _faces(ROLL)
    assert named_as(ROLL, "happy-puzzle", faces)
    assert not named_as(MIRRORED, "smartgames", faces)  # the same squares named the other way
    assert named_by_dice({"smartgames": MIRRORED, "happy-puzzle": ROLL}, faces) == "happy-puzzle"
    assert named_by_dice({"happy-puzzle": ROLL}, faces) == "happy-puzzle"  # the other gave no level


def test_too_few_faces_a_disc_moved_no_roll_or_no_lead_say_nothing():
    assert not named_as(ROLL, "happy-puzzle", _faces(ROLL[:MIN_FACES - 1]))
    assert not named_as(ROLL, "happy-puzzle", _faces(ROLL, score=1.1))  # none legible
    moved = ["A6", "B2", "B6", "C3", "C6", "D1", "E5"]  # E4's disc on E5, another face of its die
    assert not named_as(moved, "happy-puzzle", _faces(ROLL))  # the E4 face shows plainly where it is not
    assert not named_as(ROLL[:6], "happy-puzzle", _faces(ROLL))
    assert named_by_dice({}, _faces(ROLL)) is None


@pytest.mark.slow
def test_seed_461_scene_83_reads_by_its_dice_and_was_refused(monkeypatch):
    case = scene_case("genius-square", 83, 461)
    assert reader.read(case.image, case.name) == case.truth[0]
    monkeypatch.setattr(reader, "named_by_dice", lambda read, faces: None)  # the labels alone, as before
    with pytest.raises(reader.ReadError, match="the printed labels do not say which edge has the letters"):
        reader.read(case.image, case.name)
