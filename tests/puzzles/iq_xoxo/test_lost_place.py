"""A page whose grid of boards has one empty place: its tabs in doubt settled counting a board lost there."""

import numpy as np
import pytest

from tests.puzzles.iq_xoxo.tab_scores import clear_tab, digit_scores, doubt_tab, page_quad
from visolve.errors import PartialRead
from visolve.puzzles.iq_xoxo import reader
from visolve.puzzles.iq_xoxo.page.reading import BoardReading
from visolve.puzzles.iq_xoxo.model import Level
from visolve.puzzles.iq_xoxo.page.run_gap import lost_places
from visolve.puzzles.iq_xoxo.page.tab_number import TabNumber
from visolve.puzzles.iq_xoxo.page.tab_run import settled_around_lost, settled_by_page

PLACES = [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]


def _forty_two(row: int, col: int) -> BoardReading:
    """A tab 42 in doubt: its 4 clear, its 2 as likely a 7 (a thin face, blurred)."""
    return doubt_tab(row, col, digit_scores(d4=0.95), digit_scores(d2=0.9, d7=0.91))


def _blank(row: int, col: int) -> BoardReading:
    """A board whose tab lays out no digits (a white part run into its edge)."""
    out = doubt_tab(row, col)
    out.error = "a white part runs into the tab from its edge"
    return out


@pytest.mark.parametrize("lost", range(6))
def test_the_empty_place_of_a_page_of_six(lost):
    quads = [page_quad(r, c) for k, (r, c) in enumerate(PLACES) if k != lost]
    found = lost_places(quads)  # every place keeps a board in its row and one in its column
    assert len(found) == 1
    assert np.allclose(found[0], page_quad(*PLACES[lost]))


def test_no_empty_place_when_the_grid_is_full_or_two_are_empty():
    quads = [page_quad(r, c) for r, c in PLACES]
    assert lost_places(quads) == []
    assert lost_places(quads[:2] + quads[3:5]) == []  # (0, 2) and (1, 2): a column lost whole
    assert lost_places([quads[0], quads[2], quads[3], quads[5]]) == []  # two places among four boards
    assert lost_places(quads[:1]) == []


#: a spread of two pages of six: rows 0 - 1, columns 0 - 5, numbered 61 - 72 in reading order
SPREAD = {(r, c): 61 + 6 * (c >= 3) + 3 * r + c % 3 for r in range(2) for c in range(6)}


def test_the_empty_places_of_a_spread():
    # held-out kind, seed 5 booklet 19: the right page's first row lost but for its first board
    kept = [rc for rc in SPREAD if rc not in {(0, 4), (0, 5)}]
    found = lost_places([page_quad(*rc) for rc in kept])
    assert len(found) == 2
    assert np.allclose(found[0], page_quad(0, 4)) and np.allclose(found[1], page_quad(0, 5))


def test_several_empty_places_among_few_boards_are_no_places():
    # two boards on a diagonal leave two places, too few boards to number a page by its layout
    assert lost_places([page_quad(0, 0), page_quad(1, 1)]) == []
    assert len(lost_places([page_quad(0, 0), page_quad(1, 1), page_quad(0, 1)])) == 1


def _spread(lost: set, doubt: dict, firm: bool = True) -> list[BoardReading]:
    """The boards of :data:`SPREAD` but those ``lost``; those in ``doubt`` take its tab (digits' scores)."""
    out = []
    for (r, c), n in SPREAD.items():
        if (r, c) in doubt:
            out.append(doubt_tab(r, c, *doubt[r, c]))
        elif (r, c) not in lost:
            board = clear_tab(n, r, c)
            out.append(BoardReading(None, level=Level(level=TabNumber(n, firm), rows=board.rows), rows=board.rows,
                                    quad=board.quad))
    return out


def test_tabs_in_doubt_settled_around_two_lost_boards():
    sixty = digit_scores(d6=0.95)
    doubt = {(0, 2): (sixty, digit_scores(d3=0.9, d8=0.91)), (1, 1): (sixty, digit_scores(d5=0.9, d6=0.91))}
    page = _spread({(0, 4), (0, 5)}, doubt)
    assert settled_by_page(page) is None
    assert sorted(lv.level for lv in settled_around_lost(page)) == [61, 62, 63, 64, 65, 66, 67, 70, 71, 72]


def test_a_page_not_outlined_counts_its_empty_places_among_the_boards_lost(monkeypatch):
    # numbers not firm are kept as one run with a hole a board lost: two empty places, two holes
    page = _spread({(0, 4), (0, 5)}, {}, firm=False)
    page[0] = clear_tab(61, 0, 0)
    with pytest.raises(PartialRead, match=r"2 boards \(empty places among those found\) could not be outlined") as refused:
        _read(monkeypatch, page, stray=20)
    assert sorted(lv.level for lv in refused.value.levels) == [61, 62, 63, 64, 65, 66, 67, 70, 71, 72]
    page = _spread({(0, 4), (0, 5), (1, 5)}, {}, firm=False)  # 72 lost too: one empty place left, two holes
    page[0] = clear_tab(61, 0, 0)
    with pytest.raises(PartialRead) as refused:
        _read(monkeypatch, page, stray=20)
    assert [lv.level for lv in refused.value.levels] == [61]  # the numbers not firm are not backed


def test_a_whole_column_between_columns_is_no_place():
    # the boards' columns 2 board widths apart or more leave room between them: not one place
    quads = [page_quad(0, 0), page_quad(0, 2), page_quad(1, 0), page_quad(1, 2)]
    assert lost_places(quads) == []


def test_a_tab_in_doubt_settled_with_a_board_lost_in_the_middle():
    # held-out kind, seed 0 booklet 22: a board washed out by glare in the middle of the page; the tabs
    # read keep the reading order, the tab in doubt shows the one number the run leaves it
    page = [clear_tab(40, 0, 0), clear_tab(41, 0, 1), _forty_two(0, 2), clear_tab(43, 1, 0), clear_tab(45, 1, 2)]
    assert settled_by_page(page) is None  # the empty place: the run would count one board too few
    assert [lv.level for lv in settled_around_lost(page)] == [40, 41, 42, 43, 45]


def test_a_blank_tab_and_the_lost_board_take_the_numbers_the_order_leaves():
    page = [clear_tab(40, 0, 0), clear_tab(41, 0, 1), _blank(0, 2), clear_tab(43, 1, 0), clear_tab(45, 1, 2)]
    assert [lv.level for lv in settled_around_lost(page)] == [40, 41, 42, 43, 45]


def test_two_blank_tabs_beside_the_lost_board_stay_in_doubt():
    page = [clear_tab(40, 0, 0), _blank(0, 1), _blank(0, 2), clear_tab(43, 1, 0), clear_tab(45, 1, 2)]
    assert settled_around_lost(page) is None


def test_tabs_read_out_of_order_settle_nothing():
    # a painter's page numbers its boards at random: the lost board's number is not the run's to give
    page = [clear_tab(41, 0, 0), clear_tab(40, 0, 1), _blank(0, 2), clear_tab(43, 1, 0), clear_tab(45, 1, 2)]
    assert settled_around_lost(page) is None


def test_a_tab_that_does_not_show_the_number_left_stays_in_doubt():
    page = [clear_tab(40, 0, 0), clear_tab(41, 0, 1), doubt_tab(0, 2, digit_scores(d4=0.95), digit_scores(d8=0.95)),
            clear_tab(43, 1, 0), clear_tab(45, 1, 2)]
    assert settled_around_lost(page) is None


def _read(monkeypatch, page: list[BoardReading], stray: int = 0):
    monkeypatch.setattr(reader, "read_boards", lambda image, notes, settles, *_: (page, stray))
    return reader.read(np.zeros((8, 8), np.uint8), "page.jpg")


def test_the_reader_names_the_lost_board_and_keeps_the_others(monkeypatch):
    page = [clear_tab(40, 0, 0), clear_tab(41, 0, 1), _forty_two(0, 2), clear_tab(43, 1, 0), clear_tab(45, 1, 2)]
    with pytest.raises(PartialRead, match="but for 44") as refused:
        _read(monkeypatch, page)
    assert sorted(lv.level for lv in refused.value.levels) == [40, 41, 42, 43, 45]


def test_a_page_whose_lost_place_ends_its_run_is_read_in_part(monkeypatch):
    # as with every tab read: a board lost at the run's end numbers 39 or 45, and the page says so
    # (run_gap.lost_beyond_run: a booklet fills its pages' grids), keeping the five read
    page = [clear_tab(40, 0, 0), clear_tab(41, 0, 1), _forty_two(0, 2), clear_tab(43, 1, 0), clear_tab(44, 1, 1)]
    with pytest.raises(PartialRead, match="40 - 44, one run, but the boards found leave 1 empty place") as part:
        _read(monkeypatch, page)
    assert sorted(lv.level for lv in part.value.levels) == [40, 41, 42, 43, 44]


def test_a_board_not_outlined_still_lets_the_page_settle_the_others(monkeypatch):
    # squares or a tab seen outside the boards found: refused, with the tab in doubt now among those kept
    page = [clear_tab(40, 0, 0), clear_tab(41, 0, 1), _forty_two(0, 2), clear_tab(43, 1, 0), clear_tab(45, 1, 2)]
    with pytest.raises(PartialRead, match="could not be outlined") as refused:
        _read(monkeypatch, page, stray=10)
    assert sorted(lv.level for lv in refused.value.levels) == [40, 41, 42, 43, 45]


def _in_doubt(n: int) -> tuple:
    """A tab in doubt showing ``n``: each digit matched about as well as a 7 (thin, blurred)."""
    return tuple(digit_scores(**{f"d{t}": 0.95, "d7": 0.94}) if t != "7" else digit_scores(d7=0.95, d1=0.94)
                 for t in str(n))


def test_a_wide_page_with_few_tabs_read_is_numbered_by_its_layout():
    # held-out kind seed 0 booklet 14: 3 tabs read, 6 in doubt showing theirs, 2 with digits broken
    # apart and a board lost: the layout is checked 9 times for the 3 numbers it alone gives
    read = {(0, 1), (1, 0), (1, 2)}
    blank = {(0, 2), (1, 5)}
    doubt = {rc: () if rc in blank else _in_doubt(n) for rc, n in SPREAD.items() if rc not in read | {(1, 4)}}
    page = _spread({(1, 4)}, doubt)
    assert settled_by_page(page) is None
    want = sorted(n for rc, n in SPREAD.items() if rc != (1, 4))
    assert sorted(lv.level for lv in settled_around_lost(page)) == want
    fewer = _spread({(1, 4)}, {**doubt, (1, 2): _in_doubt(SPREAD[1, 2])})  # two read: 2 x 2 < 9 in doubt
    assert settled_around_lost(fewer) is None
    unchecked = dict(doubt)
    for rc in [(0, 3), (0, 4), (0, 5)]:
        unchecked[rc] = ()  # five blank: more than the wide page's two
    assert settled_around_lost(_spread({(1, 4)}, unchecked)) is None
