"""A page whose tabs read one whole run but whose boards leave an empty place in their grid: a board
lost there, numbered before or after the run (seed 139 spread 50: 13 - 23 read, board 24 unseen in
the right page's far corner), read in part and said so."""

import pytest

from tests.puzzles.iq_xoxo.tab_scores import clear_tab, page_quad
from visolve.errors import PartialRead
from visolve.puzzles.iq_xoxo.page.run_gap import lost_beyond_run
from visolve.puzzles.iq_xoxo.reader import page_levels

PLACES = [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]


def test_a_page_of_six_with_its_last_board_lost_is_read_in_part():
    readings = [clear_tab(31 + k, r, c) for k, (r, c) in enumerate(PLACES[:5])]
    with pytest.raises(PartialRead, match="31 - 35, one run, but the boards found leave 1 empty place") as part:
        page_levels(readings, 0)
    assert sorted(lv.level for lv in part.value.levels) == [31, 32, 33, 34, 35]


def test_a_full_grid_or_a_missing_number_is_not_this_rule():
    full = [page_quad(r, c) for r, c in PLACES]
    assert lost_beyond_run(list(range(31, 37)), full) is None
    assert page_levels([clear_tab(31 + k, r, c) for k, (r, c) in enumerate(PLACES)], 0)
    five = [page_quad(r, c) for r, c in PLACES[:5]]
    assert lost_beyond_run([31, 32, 34, 35, 36], five) is None  # 33 missing: lost_board's to say
    assert lost_beyond_run([31, 32, 33, 34, 31], five) is None  # not distinct numbers
    assert lost_beyond_run([31], five[:1]) is None  # one board makes no grid
