"""The box reader refuses a booklet board with a tab beside it, even when the tab's number is unclear.

Seed 8's scene 56 (a page of two small boards seen from afar, never read by the page reader) was
read by the box reader as one box, board 56, named from the file: board 55 was lost, a misread.
Its tab's digits are too blurred to read, which made "no tab" of it.
"""

import numpy as np
import pytest

from visolve.errors import PartialRead, ReadError
from visolve.puzzles.iq_xoxo.box import page_marks
from visolve.puzzles.iq_xoxo.page import tab_number
from visolve.puzzles.iq_xoxo.page.tab_number import TabDoubt
from visolve.puzzles.iq_xoxo.reader import read
from visolve.testing.scenes import scene_case
from visolve.vision.view import BoardView


def _view() -> BoardView:
    picture = np.full((300, 500, 3), 230, np.uint8)
    corners = np.float32([[100, 100], [400, 100], [400, 250], [100, 250]])
    return BoardView.from_corners(picture, corners, 5, 10, pitch=20, margin=1.5)


@pytest.mark.parametrize("answers, want", [((None, None), None), ((12, None), 12), (("doubt", 7), 7),
                                           (("rim", None), None), (("rim", "rim"), None)])
def test_a_tab_read_on_either_side_or_none(monkeypatch, answers, want):
    said = iter(answers)

    def read_tab(image, page):
        got = next(said)
        if got == "doubt":
            raise TabDoubt("digit 1 on the tab is unclear", None)
        if got == "rim":  # light parts that stand as no digits: the box's rim, the table
            raise ReadError("a white part runs into the tab from its edge")
        return got

    monkeypatch.setattr(page_marks, "read_tab", read_tab)
    assert page_marks.tab_number_beside(_view()) == want


def test_a_tab_seen_but_not_read_is_a_page(monkeypatch):
    def read_tab(image, page):
        raise TabDoubt("digit 1 on the tab is unclear", None)

    monkeypatch.setattr(page_marks, "read_tab", read_tab)
    with pytest.raises(page_marks.TabBeside, match="number tab beside the tray.*unclear"):
        page_marks.tab_number_beside(_view())


def test_a_far_page_of_two_is_not_read_as_one_box():
    case = scene_case("iq-xoxo", 56, 8)
    assert [lv.level for lv in case.truth] == [55, 56]
    with pytest.raises(ReadError, match="number tab beside the tray"):
        read(case.image, case.name)


def test_a_tab_cut_by_the_region_is_looked_for_nearer_the_tray(monkeypatch):
    regions = []

    def read_in(side, region):
        regions.append(region)
        if len(regions) == 1:
            raise tab_number.TabCut("a white part runs into the tab from its edge", below=True)
        return 117

    monkeypatch.setattr(page_marks, "_read_in", read_in)
    assert page_marks.tab_number_beside(_view()) == 117
    (_u0, v0, _u1, v1), (_u0, w0, _u1, w1) = regions
    assert (w0 - v0, w1 - v1) == pytest.approx((page_marks.TAB_NEARER, page_marks.TAB_NEARER))


def test_a_region_cut_elsewhere_is_not_looked_at_again(monkeypatch):
    regions = []

    def read_in(side, region):  # the rim or the table running in from the region's side or top
        regions.append(region)
        raise tab_number.TabCut("a white part runs into the tab from its edge", below=False)

    monkeypatch.setattr(page_marks, "_read_in", read_in)
    assert page_marks.tab_number_beside(_view()) is None
    assert regions == [tab_number.TAB_REGION] * 2  # each side once


@pytest.mark.slow
def test_an_open_booklet_board_with_its_tab_close_is_not_read_as_the_box(monkeypatch):
    """Scenes seed 367 spread 17 (twelve small boards, upside down): board 117's tab, close to its
    squares, was cut by the region searched; the box reader, asked first, read the board as the box
    (one level, named from the file).  Now the page reader reads it: boards that stand on their own,
    each as drawn, or a refusal."""
    case = scene_case("iq-xoxo", 17, 367)
    truth = {lv.level: lv.rows for lv in case.truth}
    try:
        got = read(case.image, case.name)
    except PartialRead as part:
        got = part.levels
    except ReadError:
        got = []
    assert isinstance(got, list) and all(truth.get(lv.level) == lv.rows for lv in got)
    monkeypatch.setattr(page_marks, "TAB_NEARER", 0.0)  # as before: the cut tab not looked for again
    assert read(case.image, case.name).level == 17  # the misread: the file's name, one board as the box
