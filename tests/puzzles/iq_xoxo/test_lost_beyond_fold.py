"""An open booklet's two pages show their boards alike: boards found in more columns on one side of
the fold than on the other leave boards lost beyond them (scenes seed 89 spread 53: 66 - 68 read,
65 under a pink glare unseen, the spread read as three challenges)."""

import numpy as np
import pytest

from tests.puzzles.iq_xoxo.tab_scores import ROWS
from visolve.errors import PartialRead
from visolve.puzzles.iq_xoxo.model import Level
from visolve.puzzles.iq_xoxo.page.reading import BoardReading
from visolve.puzzles.iq_xoxo.page.run_gap import lost_beyond_fold
from visolve.puzzles.iq_xoxo.reader import page_levels

WIDTH = 300.0


def board_at(x: float, y: float = 0.0) -> np.ndarray:
    """The corners of a board 300 x 150 px whose top-left corner is at ``x``, ``y``."""
    return np.array([(0.0, 0.0), (WIDTH, 0.0), (WIDTH, 150.0), (0.0, 150.0)]) + (x, y)


def clear(n: int, quad: np.ndarray) -> BoardReading:
    return BoardReading(None, level=Level(level=n, rows=ROWS), rows=ROWS, quad=quad)


#: columns 1.2 board widths apart on a page, 1.8 across the fold (the pages' margins)
LEFT_PAGE = [0.0, 360.0]
RIGHT_PAGE = [900.0, 1260.0]


def test_one_column_less_on_one_page_is_a_board_lost():
    quads = [board_at(x) for x in LEFT_PAGE[1:] + RIGHT_PAGE]
    why, lost = lost_beyond_fold(quads)
    assert lost == 1
    assert "1 column and 2 columns either side of a wider gap" in why


def test_pages_alike_or_no_fold_are_not_this_rule():
    assert lost_beyond_fold([board_at(x) for x in LEFT_PAGE + RIGHT_PAGE]) is None  # two columns each side
    assert lost_beyond_fold([board_at(x) for x in (0.0, 360.0, 720.0)]) is None  # a page of three, evenly
    assert lost_beyond_fold([board_at(x) for x in (360.0, 900.0)]) is None  # two boards tell no fold
    # a gap with room for a column of boards between (2.2 widths and more) is a lost place's, not a fold
    assert lost_beyond_fold([board_at(x) for x in (0.0, 360.0, 1100.0)]) is None


def test_the_rows_of_a_page_count_each_column_lost_once_a_row():
    quads = [board_at(x, y) for y in (0.0, 330.0) for x in LEFT_PAGE[1:] + RIGHT_PAGE]
    assert lost_beyond_fold(quads)[1] == 2


def test_a_spread_so_is_read_in_part_keeping_the_boards_found():
    readings = [clear(66, board_at(360.0)), clear(67, board_at(900.0)), clear(68, board_at(1260.0))]
    with pytest.raises(PartialRead, match="a spread's pages show their boards alike") as part:
        page_levels(readings, 0)
    assert sorted(lv.level for lv in part.value.levels) == [66, 67, 68]


@pytest.mark.slow
def test_the_spread_with_a_board_under_glare_beyond_its_fold_is_read_in_part():
    from visolve.testing.scenes import scene_case
    from visolve.puzzles.iq_xoxo.reader import read

    case = scene_case("iq-xoxo", 53, 89)  # 65 - 68 in one row over the fold, 65 under a pink glare
    with pytest.raises(PartialRead, match="could not be found") as part:
        read(case.image, case.name)
    assert all(lv in case.truth for lv in part.value.levels)
    assert len(part.value.levels) == 3
