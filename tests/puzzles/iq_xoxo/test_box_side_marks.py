"""The box reader: a tall piece's side seen steeply, showing part of its top's mark."""

from __future__ import annotations

from visolve.puzzles.iq_xoxo.board import LETTERS
from visolve.puzzles.iq_xoxo.box.reader import read_box
from visolve.puzzles.iq_xoxo.box.squares import AGAINST, NO_COLOUR, PRINTED, BoxSquare, covered
from visolve.testing.scenes import scene_case


def test_a_square_hidden_for_a_mark_against_the_pattern_is_nothing_over_the_tray():
    squares = {(0, 0): BoxSquare("hidden", "?", LETTERS, f"its X {AGAINST}"), (0, 1): BoxSquare("empty", "")}
    assert not covered(squares)


def test_a_square_hidden_for_its_colour_is_something_over_the_tray():
    squares = {(0, 0): BoxSquare("hidden", "?", LETTERS, f"{NO_COLOUR} (nearest I, 50 away)"),
               (0, 1): BoxSquare("hidden", "?", LETTERS, f"its X {AGAINST}")}
    assert covered(squares)


def test_print_is_no_hidden_square():
    assert not covered({(0, 0): BoxSquare("empty", "", (), PRINTED)})


def test_a_steep_box_scene_with_a_side_showing_part_of_a_mark_reads():
    # tall pieces seen steeply: eight squares of their sides without a clear mark, and one with
    # part of the orange W's X against the board's pattern
    case = scene_case("iq-xoxo", 13, 23)
    assert case.name.startswith("scenes/box/")
    assert read_box(case.image, case.name).rows == case.truth[0].rows
