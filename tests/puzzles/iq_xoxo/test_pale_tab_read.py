"""A single board's tab washed pale by the light: read at the third distance from the paper, not
left for the file name's number (scenes seed 317 page 40: its 5 read as the file's 40, a misread)."""

from visolve.puzzles.iq_xoxo.page import tab_number
from visolve.puzzles.iq_xoxo.reader import read
from visolve.testing.scenes import scene_case


def test_a_pale_tab_is_read_not_named_by_the_file(monkeypatch):
    case = scene_case("iq-xoxo", 40, 317)
    assert read(case.image, case.name) == case.truth[0]
    monkeypatch.setattr(tab_number, "TAB_DISTANCES", tab_number.TAB_DISTANCES[:2])
    assert read(case.image, case.name).level == 40  # without it: the file name's number
