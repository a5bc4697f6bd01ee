"""A page with a board refused still gives its other boards, when each stands on its own."""

from __future__ import annotations

import pytest

from visolve.errors import PartialRead, ReadError
from visolve.puzzles.iq_xoxo import reader
from visolve.puzzles.iq_xoxo.model import Level
from visolve.puzzles.iq_xoxo.page.reading import BoardReading
from visolve.puzzles.iq_xoxo.page.tab_number import TabNumber
from visolve.puzzles.iq_xoxo.testing import sample_levels


def _read(number, firm: bool = True, k: int = 0) -> BoardReading:
    rows = sample_levels()[k % 3].rows
    return BoardReading(view=None, level=Level(level=TabNumber(number, firm), rows=rows), rows=rows)


def _refused(why: str = "square r2c3 of the view: X 0.4 / O 0.4") -> BoardReading:
    return BoardReading(view=None, error=why)


def test_a_board_in_doubt_leaves_the_others_read():
    with pytest.raises(PartialRead) as caught:
        reader.page_levels([_read(40), _refused(), _read(42, k=2)], 0)
    assert [lv.level for lv in caught.value.levels] == [40, 42]
    assert str(caught.value).startswith("board 2 of 3: square r2c3")  # names the board refused and why


def test_a_number_not_firm_is_kept_only_where_the_numbers_kept_leave_room_for_the_boards_refused():
    with pytest.raises(PartialRead) as caught:
        reader.page_levels([_read(40), _refused(), _read(42, firm=False, k=2)], 0)
    assert [lv.level for lv in caught.value.levels] == [40, 42]  # 41: the board refused
    with pytest.raises(PartialRead) as caught:
        reader.page_levels([_read(40), _refused(), _read(43, firm=False, k=2)], 0)
    assert [lv.level for lv in caught.value.levels] == [40]  # two numbers missing, one board refused
    with pytest.raises(PartialRead) as caught:  # a board lost as well: room for two
        reader.page_levels([_read(40), _refused(), _read(43, firm=False, k=2)], reader.MIN_STRAY)
    assert [lv.level for lv in caught.value.levels] == [40, 43]


def test_nothing_standing_on_its_own_is_a_plain_refusal():
    with pytest.raises(ReadError) as caught:
        reader.page_levels([_read(40, firm=False), _refused()], 0)
    assert not isinstance(caught.value, PartialRead)


def test_two_boards_read_with_one_number_are_not_kept():
    with pytest.raises(ReadError) as caught:
        reader.page_levels([_read(40), _refused(), _read(40, k=1)], 0)
    assert not isinstance(caught.value, PartialRead)


def test_a_board_not_outlined_leaves_the_boards_found_read():
    with pytest.raises(PartialRead) as caught:
        reader.page_levels([_read(7), _read(8, k=1)], reader.MIN_STRAY)
    assert [lv.level for lv in caught.value.levels] == [7, 8]
    assert "a board could not be outlined" in str(caught.value)


def test_a_page_read_whole_is_no_partial_read():
    levels = reader.page_levels([_read(7), _read(8, k=1)], 0)
    assert [lv.level for lv in levels] == [7, 8]
