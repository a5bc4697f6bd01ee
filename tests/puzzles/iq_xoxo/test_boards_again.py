"""Boards looked for again on the picture with the boards read painted over.

The finder takes the boards' pitch from the most squares of one size: a board seen at another
scale (the far page of a spread, a page seen steeply) or lying beyond the part of the picture
looked at was left out, and its page refused though every board it found read.  Seed 17's
scene 25 (a page of three whose top board was not outlined) and seed 2's scene 41 were so
refused; both read whole once the boards read are painted over and the boards looked for again.
"""

import pytest

from visolve.puzzles.iq_xoxo.page.boards import read_boards
from visolve.puzzles.iq_xoxo.reader import MIN_STRAY, read
from visolve.testing.scenes import scene_case


@pytest.mark.parametrize("seed, scene", [(17, 25), (2, 41)])
def test_a_board_left_out_at_first_is_found_once_the_boards_read_are_painted_over(seed, scene):
    case = scene_case("iq-xoxo", scene, seed)
    got = read(case.image, case.name)
    assert sorted(got, key=lambda lv: lv.level) == sorted(case.truth, key=lambda lv: lv.level)


def test_a_spread_still_missing_a_board_after_the_second_look_weighs_it():
    case = scene_case("iq-xoxo", 18, 17)  # 11 of its 12 boards read; one under pieces is not outlined
    readings, weight = read_boards(case.image)
    read_ = {r.level.level for r in readings if r.level is not None}
    assert read_ < {lv.level for lv in case.truth}
    assert len(read_) > 6  # the far page's boards, seen smaller, are read too
    assert weight >= MIN_STRAY
