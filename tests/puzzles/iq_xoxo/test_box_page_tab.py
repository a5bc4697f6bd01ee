"""The box reader refuses a booklet board with a tab beside it, even when the tab's number is unclear.

Seed 8's scene 56 (a page of two small boards seen from afar, never read by the page reader) was
read by the box reader as one box, board 56, named from the file: board 55 was lost, a misread.
Its tab's digits are too blurred to read, which made "no tab" of it.
"""

import numpy as np
import pytest

from visolve.errors import ReadError
from visolve.puzzles.iq_xoxo.box import page_marks
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
