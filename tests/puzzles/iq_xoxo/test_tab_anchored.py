"""Tabs in doubt settled by a tab read and the page's layout, each tab close to its number."""

from tests.puzzles.iq_xoxo.tab_scores import clear_tab, digit_scores, doubt_tab
from visolve.puzzles.iq_xoxo.page.reading import BoardReading
from visolve.puzzles.iq_xoxo.page.tab_anchored import ANCHORED_LEAST, anchored_numberings, by_anchored_run, deficit
from visolve.puzzles.iq_xoxo.page.tab_run import by_page_layout, by_page_run, settled_by_page


def _four(tail: int, **second) -> tuple:
    """A tab 4? in doubt: its 4 matched about as well as a 9 (bold, blurred), its second digit
    ``tail`` clear unless ``second`` says otherwise."""
    return digit_scores(d4=0.95, d9=0.94), digit_scores(**(second or {f"d{tail}": 0.97}))


def _page(*tabs) -> list[BoardReading]:
    """Two rows of boards, ``tabs`` row by row (three a row): an int a tab read, a tuple a tab in doubt."""
    return [clear_tab(t, k // 3, k % 3) if isinstance(t, int) else doubt_tab(k // 3, k % 3, *t)
            for k, t in enumerate(tabs)]


def test_one_tab_read_numbers_a_page_whose_other_tabs_agree():
    # scenes seed 139 page 71 in small: 41 read, the others in doubt on their first digit
    page = _page(41, _four(2), _four(3), _four(4), _four(5), _four(6))
    assert by_page_run(page) is None and by_page_layout(page) is None
    assert anchored_numberings(page) == {(41, 42, 43, 44, 45, 46)}
    assert [lv.level for lv in by_anchored_run(page)] == [41, 42, 43, 44, 45, 46]
    assert [lv.level for lv in settled_by_page(page)] == [41, 42, 43, 44, 45, 46]


def test_a_tab_that_matches_its_number_only_far_below_its_best_leaves_the_doubt():
    # the last tab's second digit: 6 best by 0.1 over the 5 the layout gives it
    far = _four(5, d6=0.97, d5=0.87)
    assert deficit(far, 45) > 0.05
    assert by_anchored_run(_page(41, _four(2), _four(3), _four(4), far)) is None


def test_without_a_tab_read_the_page_stays_in_doubt():
    # scenes seed 89 page 25: 103 - 106 all in doubt, each 0 matched as 8: agreeing tabs alone
    # would read 183 - 186
    eights = [(digit_scores(d1=0.97), digit_scores(d8=0.96, d0=0.93), digit_scores(**{f"d{t}": 0.97}))
              for t in (3, 4, 5, 6)]
    assert by_anchored_run(_page(*eights)) is None


def test_a_layout_that_numbers_the_page_two_ways_leaves_the_doubt():
    # two rows of two, 1 read: one page numbers 1, 2 | 3, 4, a spread 1, 3 | 2, 4; the tabs in
    # doubt show 2 or 3 alike
    either = (digit_scores(d2=0.9, d3=0.9),)
    square = [clear_tab(1, 0, 0), doubt_tab(0, 1, *either), doubt_tab(1, 0, *either),
              doubt_tab(1, 1, digit_scores(d4=0.9))]
    assert len(anchored_numberings(square)) == 2
    assert by_anchored_run(square) is None


def test_two_boards_or_a_blank_tab_leave_the_doubt():
    # seed 59 page 47: two boards of four found, 113 read, 111 read best as 112
    assert ANCHORED_LEAST > 2
    two = [doubt_tab(0, 0, digit_scores(d1=0.97), digit_scores(d1=0.97), digit_scores(d2=0.95, d1=0.9)),
           clear_tab(113, 1, 0)]
    assert by_anchored_run(two) is None
    blank = _page(41, _four(2), ())
    assert by_anchored_run(blank) is None

