"""A tall piece's shaded side read as empty beside its top (issue 25, new unseen seed 359): scene 74,
a Happy Puzzle photo seen steeply, its purple three standing on D5 D6 E5 with its tops leaning a square
off; read at the middles on E5 E6 F5, D5 and D6 showing its shaded side (a misread).  Such a square is
now a doubt at the middles, and the reading where the tops stand reads the board."""

import pytest

from visolve.puzzles.genius_square import reader
from visolve.puzzles.genius_square.board import drawing, make_level
from visolve.puzzles.genius_square.colours import Square
from visolve.puzzles.genius_square.sideshade import side_beside_top
from visolve.testing.scenes import scene_case

ROLL = ("A5", "B1", "B4", "C6", "D1", "E4", "F1")
BOARD = (-0.04, -0.04, -0.04)
PURPLE_TOP = (0.4, 0.02, 0.37)


def _squares(shade_at: dict) -> list[list[Square]]:
    """The board of scene 74 as read at the middles (purple on E5 E6 F5), the empty squares at the
    board's colour but ``shade_at`` (name -> colour)."""
    level = make_level("x", ROLL, {"4": ["E5", "E6", "F5"], "6": ["B2", "B3", "C2", "C3"], "1": ["C1"]})
    rows = drawing(level)
    named = {f"{'ABCDEF'[r]}{c + 1}": (r, c) for r in range(6) for c in range(6)}
    colours = {named[name]: colour for name, colour in shade_at.items()}
    out = []
    for r, row in enumerate(rows):
        line = []
        for c, sym in enumerate(row):
            colour = PURPLE_TOP if sym == "4" else colours.get((r, c), BOARD if sym == "." else (0.5, 0.7, 0.9))
            line.append(Square(sym, colour=colour))
        out.append(line)
    return out


def test_a_shade_of_the_piece_beside_its_top_is_a_doubt():
    why = side_beside_top(_squares({"D5": (0.13, -0.05, 0.11)}), "happy-puzzle")
    assert why.startswith("square D5 read empty shows a shade of piece 4 (purple) read beside it on E5")


def test_the_board_grey_shade_or_a_faint_lift_is_no_doubt():
    assert side_beside_top(_squares({}), "happy-puzzle") == ""
    assert side_beside_top(_squares({"D5": (0.1, 0.1, 0.1)}), "happy-puzzle") == ""  # a grey shadow or glare
    assert side_beside_top(_squares({"D5": (0.03, -0.04, 0.02)}), "happy-puzzle") == ""  # under SIDE_LEAST
    assert side_beside_top(_squares({"D5": (0.13, 0.1, -0.05)}), "happy-puzzle") == ""  # another hue


def test_not_beside_the_piece_is_no_doubt():
    assert side_beside_top(_squares({"A2": (0.13, -0.05, 0.11)}), "happy-puzzle") == ""


@pytest.mark.slow
def test_seed_359_scene_74_reads_and_was_misread(monkeypatch):
    case = scene_case("genius-square", 74, 359)
    assert reader.read(case.image, case.name) == case.truth[0]
    monkeypatch.setattr(reader, "side_beside_top", lambda squares, edition: "")
    assert reader.read(case.image, case.name) != case.truth[0]  # the misread
