"""A board whose squares' masks pooled show no lattice is found on one mask alone."""

from __future__ import annotations

from visolve.puzzles.genius_square.finder import EACH_MASK
from visolve.puzzles.genius_square.reader import read
from visolve.testing.scenes import scene_case


def test_a_small_board_with_its_discs_found_on_one_mask_reads():
    # randomized scene seed 127 scene 58: a small black board, its seven discs standing, seen at a
    # slant on a navy table by a red square; the first lattice was the red square, and with it
    # painted out the flat masks pooled showed none: refused, "no labelled edge beside the 6 x 6
    # grid (label ink 0.000 ...)".  The second mask alone holds 25 of its squares.
    assert EACH_MASK
    case = scene_case("genius-square", 58, 127)
    assert read(case.image, case.name) == case.truth[0]
