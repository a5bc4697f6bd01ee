"""Two misreads found on the new unseen seed 239 (issue 25), now read in part: page 62, a board outlined a
square long at one corner (a V read as a W), and page 40, a faint tab 94 whose 9 was lost read as a 1."""

import numpy as np
import pytest

from visolve.errors import PartialRead
from visolve.puzzles.iq_xoxo import reader
from visolve.puzzles.iq_xoxo.model import Level
from visolve.puzzles.iq_xoxo.page import odd_outline, tab_number
from visolve.puzzles.iq_xoxo.page.odd_outline import UNLIKE, odd_outlines, unlike
from visolve.puzzles.iq_xoxo.page.reading import BoardReading
from visolve.testing.scenes import scene_case
from visolve.vision.geometry import map_points

#: a page seen in perspective: page px -> picture px
PAGE = np.array([[0.9, 0.15, 40.0], [-0.1, 1.1, 25.0], [0.0004, 0.0006, 1.0]])


def _board(x: float, y: float, corner: tuple[float, float] = (0.0, 0.0)) -> np.ndarray:
    """The outline (tl tr br bl, picture px) of a board 200 x 100 page px at (x, y) on the page, its
    bottom-right corner moved by ``corner`` page px."""
    page = np.array([(x, y), (x + 200, y), (x + 200 + corner[0], y + 100 + corner[1]), (x, y + 100)], np.float64)
    return map_points(PAGE, page)


def _read(quad: np.ndarray, n: int) -> BoardReading:
    return BoardReading(None, {}, Level(level=n, rows=("." * 10,) * 5), quad=quad)


def test_boards_of_one_page_map_to_each_other_by_a_shift():
    a, b, c = _board(0, 0), _board(260, 0), _board(130, 400)
    assert max(unlike(a, b), unlike(b, a), unlike(a, c), unlike(c, b)) < 0.02
    assert unlike(a, np.roll(b, 2, axis=0)) < 0.02  # a board turned half round reads the same
    skewed = _board(0, 400, corner=(20.0, 0.0))  # a corner a square off
    assert max(unlike(skewed, a), unlike(a, skewed)) >= UNLIKE


def test_the_board_unlike_all_the_others_is_refused():
    boards = [_read(_board(0, 0), 1), _read(_board(260, 0), 2), _read(_board(0, 400, (22.0, 5.0)), 3)]
    out = odd_outlines(boards)
    assert [r.level.level for r in out[:2]] == [1, 2] and out[2].level is None
    assert "outline is unlike every other board's" in out[2].error
    assert odd_outlines(boards[1:]) == boards[1:]  # two boards: which one is off cannot be told


def test_seed_239_page_62_is_read_in_part_and_was_misread(monkeypatch):
    case = scene_case("iq-xoxo", 62, 239)
    truth = {lv.level: lv.rows for lv in case.truth}
    with pytest.raises(PartialRead) as caught:
        reader.read(case.image, case.name)
    assert caught.value.levels and all(truth[lv.level] == lv.rows for lv in caught.value.levels)
    monkeypatch.setattr(odd_outline, "UNLIKE", np.inf)  # as before: no outline is odd
    read = reader.read(case.image, case.name)
    assert any(truth[lv.level] != lv.rows for lv in read)  # the misread


def test_seed_239_page_40_is_read_in_part_and_was_misread(monkeypatch):
    case = scene_case("iq-xoxo", 40, 239)
    truth = {lv.level: lv.rows for lv in case.truth}
    with pytest.raises(PartialRead) as caught:
        reader.read(case.image, case.name)
    assert caught.value.levels and all(truth.get(lv.level) == lv.rows for lv in caught.value.levels)
    monkeypatch.setattr(tab_number, "OFF_HEIGHTS", np.inf)  # as before: a lone digit anywhere near the middle,
    monkeypatch.setattr(tab_number, "OFF_ASK", np.inf)  # and not asked again (tab_number.OFF_ASK)
    with pytest.raises(PartialRead) as before:
        reader.read(case.image, case.name)
    assert any(lv.level not in truth for lv in before.value.levels)  # the tab 94 read as 1
