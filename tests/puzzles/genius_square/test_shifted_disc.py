"""Blockers that are no roll but would be one with a disc a square over (issue 25, new unseen seed 409):
scene 49, a SmartGames board with its seven discs only, seen at a slant; B3's disc, its top leaning
over B4, was read there beside C4's (faces of one die), a misread.  Such a board is now a doubt."""

import pytest

from visolve.puzzles.genius_square import reader
from visolve.puzzles.genius_square.rollcheck import shifted_disc_problem
from tests.puzzles.genius_square.unseen import refused_and_was_misread

READ = "A5 B4 C1 C4 C5 E5 F1".split()


def test_a_disc_a_square_off_a_roll_is_a_doubt():
    why = shifted_disc_problem(READ, {}, "smartgames")
    assert why.startswith("blockers A5 B4 C1 C4 C5 E5 F1 are no roll of the dice (B4 and C4 are faces of one die")
    assert why.endswith("but would be with B4's disc on B3 beside it, read empty: a disc read a square off?")


def test_a_roll_a_covered_square_or_a_board_set_by_hand_stand():
    assert shifted_disc_problem("A5 B3 C1 C4 C5 E5 F1".split(), {}, "smartgames") == ""  # a roll
    assert shifted_disc_problem(READ, {"9": ["B3", "A3", "A2", "A1"]}, "smartgames") == ""  # B3 is a piece's
    box_art = "E1 B2 D2 F3 B4 D5 A6".split()  # set by hand: no disc of it moves onto die 4's faces
    assert shifted_disc_problem(box_art, {}, "smartgames") == ""
    assert shifted_disc_problem(READ[:6], {}, "smartgames") == ""  # six: blocker_count_problem's to say


@pytest.mark.slow
def test_seed_409_scene_49_is_refused_and_was_misread(monkeypatch):
    refused_and_was_misread(monkeypatch, 409, 49, reader, "shifted_disc_problem", lambda blockers, pieces, edition: "")
