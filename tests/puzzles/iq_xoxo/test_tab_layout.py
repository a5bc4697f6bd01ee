"""Tabs in doubt settled by the page's layout: a page or a spread numbered row by row."""

import numpy as np

from tests.puzzles.iq_xoxo.tab_scores import ROWS, clear_tab, digit_scores, doubt_tab
from visolve.puzzles.iq_xoxo.model import Level
from visolve.puzzles.iq_xoxo.page.reading import BoardReading
from visolve.puzzles.iq_xoxo.page.tab_layout import by_layout, layout_numbers, reading_orders
from visolve.puzzles.iq_xoxo.page.tab_order import reading_pairs
from visolve.puzzles.iq_xoxo.page.tab_run import BLANK_MOST, by_page_layout, by_page_run
from visolve.puzzles.iq_xoxo.page.tab_shows import shows

def _nine_and(_d: int) -> tuple:
    """A tab 9? in doubt (its number 9 and ``_d``): its 9 clear, its second digit as likely 4, 5, 8
    or 9 (bold blurred digits)."""
    return digit_scores(d9=0.95), digit_scores(d4=0.9, d5=0.91, d8=0.92, d9=0.9)


def test_a_page_and_the_spreads_its_columns_may_make():
    spots = [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]
    assert reading_orders(spots) == [[0, 1, 2, 3, 4, 5], [0, 3, 1, 2, 4, 5], [0, 1, 3, 4, 2, 5]]
    assert reading_orders([]) == []


def test_two_rows_whose_tabs_read_end_one_row_and_begin_the_next():
    # scenes seed 0 page 16: 96 (first row, last) and 97 (second row, first) read, the rest in doubt.
    # The pairs that every layout orders alike say nothing between the two tabs read, so the page's
    # run alone fits it many ways; one page row by row is the only layout they keep
    page = [doubt_tab(0, 0, *_nine_and(4)), doubt_tab(0, 1, *_nine_and(5)), clear_tab(96, 0, 2),
            clear_tab(97, 1, 0), doubt_tab(1, 1, *_nine_and(8)), doubt_tab(1, 2, *_nine_and(9))]
    assert not any({2, 3} <= set(pair) for pair in reading_pairs(page))
    assert by_page_run(page) is None
    assert layout_numbers(page) == {(94, 95, 96, 97, 98, 99)}
    assert [lv.level for lv in by_layout(page, shows, BLANK_MOST)] == [94, 95, 96, 97, 98, 99]


def test_tabs_read_that_no_layout_keeps_leave_the_doubt():
    # 96 and 98 where one page would number 96, 97 and a spread 97, 96 (or 98, 96): no layout
    page = [doubt_tab(0, 0, *_nine_and(4)), doubt_tab(0, 1, *_nine_and(5)), clear_tab(96, 0, 2),
            clear_tab(98, 1, 0), doubt_tab(1, 1, *_nine_and(8)), doubt_tab(1, 2, *_nine_and(9))]
    assert by_layout(page, shows, BLANK_MOST) is None


def test_a_tab_in_doubt_that_does_not_show_its_number_leaves_the_doubt():
    page = [doubt_tab(0, 0, *_nine_and(4)), doubt_tab(0, 1, digit_scores(d9=0.95), digit_scores(d3=0.95)),
            clear_tab(96, 0, 2), clear_tab(97, 1, 0), doubt_tab(1, 1, *_nine_and(8)), doubt_tab(1, 2, *_nine_and(9))]
    assert by_layout(page, shows, BLANK_MOST) is None


def test_one_tab_read_checks_no_layout():
    # a painter's page numbers its boards at random: one tab read would give the others its order
    page = [clear_tab(96, 0, 0), doubt_tab(0, 1, *_nine_and(7)), doubt_tab(1, 0, *_nine_and(8))]
    assert by_layout(page, shows, BLANK_MOST) is None


def _best(n: int, row: int, col: int) -> BoardReading:
    """A tab in doubt read best as ``n`` (a single digit, 0.95 by 0.02 over a 0: bold and blurred)."""
    out = doubt_tab(row, col, digit_scores(**{f"d{n}": 0.95, "d0": 0.93}))
    out.tab_best = n
    return out


def test_one_tab_read_settles_no_tab_even_read_best_as_its_layout_number():
    # seed 59 page 47: two boards of a page of four found, one above the other; 113 read, the other
    # read best as 112 and so numbered by the two boards' layout, but it is 111 (the boards beside
    # them were not found): one tab read cannot tell the boards found are all the page's
    assert by_page_layout([_best(2, 0, 0), clear_tab(3, 1, 0)]) is None
    # scenes seed 2 page 3: 7 read, 8 and 9 in doubt, read best as 8 and 9: left in doubt too
    assert by_page_layout([clear_tab(7, 0, 0), _best(8, 0, 1), _best(9, 0, 2)]) is None


def test_layouts_that_number_the_page_otherwise_leave_the_doubt():
    # one row of four: every layout numbers it left to right, 1 and 4 read leave 2 and 3 one way;
    # two rows of two, 1 and 4 read: one page numbers 1, 2 | 3, 4 and a spread 1, 3 | 2, 4, and the
    # tabs in doubt show either number
    either = digit_scores(d2=0.9, d3=0.9)
    row = [clear_tab(1, 0, 0), doubt_tab(0, 1, either), doubt_tab(0, 2, either), clear_tab(4, 0, 3)]
    assert [lv.level for lv in by_layout(row, shows, BLANK_MOST)] == [1, 2, 3, 4]
    square = [clear_tab(1, 0, 0), doubt_tab(0, 1, either), doubt_tab(1, 0, either), clear_tab(4, 1, 1)]
    assert by_layout(square, shows, BLANK_MOST) is None


def test_a_page_seen_at_a_slant_read_row_by_row():
    # scenes seed 0 page 16 (the picture): two rows of three boards seen at a slant, their rows
    # leaning in the picture (five rows without the page seen flat); 96 and 97 read
    from visolve.puzzles.iq_xoxo.reader import read
    from visolve.testing.scenes import scene_case

    case = scene_case("iq-xoxo", 16, 0)
    levels = read(case.image, case.name)
    assert sorted((lv.level, lv.rows) for lv in levels) == sorted((lv.level, lv.rows) for lv in case.truth)


#: a page seen at a slant: picture px of a page point (board units), its rows leaning 9 px a unit across
SLANT = np.array([[30.0, 0.0], [9.0, 30.0]])


class _SlantedView:
    """The upright view of a board at ``origin`` (board units) of a page seen through :data:`SLANT`."""

    def __init__(self, origin):
        self.origin = np.asarray(origin, np.float64)

    def corners(self) -> np.ndarray:
        return (np.array([(0.0, 0.0), (10.0, 0.0), (10.0, 5.0), (0.0, 5.0)]) + self.origin) @ SLANT.T

    def from_picture(self, points) -> np.ndarray:
        return np.asarray(points, np.float64).reshape(-1, 2) @ np.linalg.inv(SLANT).T - self.origin


def test_a_page_seen_at_a_slant_is_ordered_seen_flat():
    # two rows of three boards whose rows lean in the picture (scenes seed 0 page 16): taken as seen,
    # each column of boards stands a row lower than the one right of it
    views = [_SlantedView((13.0 * col, 10.0 * row)) for row in (0, 1) for col in (0, 1, 2)]
    page = [BoardReading(v, level=Level(level=k + 1, rows=ROWS), rows=ROWS, quad=v.corners()) for k, v in enumerate(views)]
    pairs = reading_pairs(page)
    assert {(0, 1), (1, 2), (3, 4), (4, 5), (0, 3), (0, 5), (2, 5)} <= pairs
    assert all(i < j for i, j in pairs)
    from visolve.puzzles.iq_xoxo.page.run_gap import places
    assert len({row for row, _c in places([v.corners() for v in views])}) > 2
