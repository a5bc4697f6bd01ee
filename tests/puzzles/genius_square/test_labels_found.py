"""Grids whose labels were there but not found: a label hidden, a row of dice beside a glared edge."""

from __future__ import annotations

import pytest

from visolve.errors import ReadError
from visolve.puzzles.genius_square.reader import look, read
from visolve.testing.scenes import scene_case


def test_a_row_of_labels_with_one_hidden_is_read_unslid():
    # seed 137 scene 55: a grey SmartGames board seen at a slant, the 3 of its digits hidden behind a
    # red cube. No place of the digits' row had ink beside all six squares, the one kept was slid half a
    # square off the glyphs, and the grid placed by the labels was dropped: refused with "no labelled
    # edge beside the 6 x 6 grid". Read unslid, five digits read: the board is found, and its refusal
    # now names a square (a glared, steep view: what fails is the squares, not the labels).
    case = scene_case("genius-square", 55, 137)
    up, _view, _squares, edition = look(case.image)
    assert edition == case.truth[0].edition and 0 in up.edges  # the letters; the digits, in part, read too
    with pytest.raises(ReadError, match=r"^square [A-F][1-6]: "):
        read(case.image, case.name)


def test_dice_beside_a_glared_edge_are_not_its_labels():
    # seed 137 scene 30: a maroon SmartGames board, the dice in a row beside one edge, the letters'
    # edge half in a glare. The dice's white edges set what plain ink is, E and F fell under it, and
    # the dice and the digits were taken for the two labelled edges: "0 of 12 labels legible". The
    # ink taken against the strokes near it gives the letters and the digits, whose glyphs read.
    case = scene_case("genius-square", 30, 137)
    _up, _view, _squares, edition = look(case.image)
    assert edition == case.truth[0].edition
    with pytest.raises(ReadError, match=r"^square [A-F][1-6]: "):
        read(case.image, case.name)


def test_a_solved_board_beside_its_dice_reads_by_the_ink_near_its_labels():
    # seed 103 scene 6: a solved SmartGames board seen at a slant, the dice lined up beside its
    # letters, its digits hidden by the cubes: plain ink gave a way up that read no glyph (refused,
    # "0 of 12 labels legible"); the ink against the strokes near it gives another way up, turned
    # otherwise, whose glyphs read, and the board reads whole.
    case = scene_case("genius-square", 6, 103)
    assert read(case.image, case.name) == case.truth[0]
