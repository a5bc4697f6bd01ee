"""Tabs in doubt settled by their page: a booklet numbers a page's challenges one after another."""

import numpy as np

from tests.puzzles.iq_xoxo.tab_scores import digit_scores
from visolve.puzzles.iq_xoxo.model import Level
from visolve.puzzles.iq_xoxo.page.reading import BoardReading
from visolve.puzzles.iq_xoxo.page.tab_run import by_neighbour, by_page_run, reading_pairs
from visolve.puzzles.iq_xoxo.page.tab_shows import shows, tab_candidates

ROWS = ("..........",) * 5


def _quad(k: int) -> np.ndarray:
    """The corners of board ``k`` of a row of boards (300 x 150 px, 400 px apart)."""
    return np.array([(0.0, 0.0), (300.0, 0.0), (300.0, 150.0), (0.0, 150.0)]) + (400.0 * k, 0.0)


def _clear(n: int, k: int | None = None) -> BoardReading:
    """A board read, its tab ``n``; ``k``: its place in a row of boards."""
    return BoardReading(None, level=Level(level=n, rows=ROWS), rows=ROWS, quad=None if k is None else _quad(k))


def _doubt(*digits: np.ndarray, best: int | None = None, k: int | None = None) -> BoardReading:
    """A board read, its tab in doubt (each digit's scores, its ``best`` reading); ``k``: its place
    in a row of boards."""
    return BoardReading(None, error="digit unclear", tab_doubt=True, rows=ROWS, tab_scores=tuple(digits),
                        tab_best=best, quad=None if k is None else _quad(k))


def test_a_digit_s_candidates_are_its_close_matches_never_a_leading_zero():
    assert tab_candidates((digit_scores(d0=0.9, d8=0.85, d3=0.5), digit_scores(d4=0.95))) == {84}
    assert tab_candidates((digit_scores(d3=0.9, d8=0.86), digit_scores(d1=0.9, d7=0.85))) == {31, 37, 81, 87}
    assert tab_candidates(()) == set()


def test_a_bold_nine_matched_as_a_zero_keeps_its_nine():
    # open booklet [0, 1012], tab 98: a bold 9 matched 0 at 0.85, 8 at 0.82, 9 at 0.73 (0.12 behind)
    first = np.array([0.85, 0.39, 0.52, 0.52, 0.44, 0.65, 0.51, 0.36, 0.82, 0.73])
    second = np.array([0.79, 0.5, 0.56, 0.63, 0.58, 0.8, 0.7, 0.4, 0.98, 0.52])
    assert 98 in tab_candidates((first, second))


def test_tabs_in_doubt_take_the_numbers_the_run_leaves():
    # 34 and 35 read; the others 3? with 6 or 8, 3 or 8 in doubt: 36 then 33 fill the run 33-36
    readings = [_clear(34), _doubt(digit_scores(d3=0.9), digit_scores(d8=0.9, d6=0.86)), _clear(35),
                _doubt(digit_scores(d3=0.9, d8=0.85), digit_scores(d3=0.9, d8=0.88))]
    levels = by_page_run(readings)
    assert [lv.level for lv in levels] == [34, 36, 35, 33]


def test_two_runs_that_fit_leave_the_doubt():
    # 34 read; 33 or 35 both make a run with it, and 36 too: refused
    readings = [_clear(34), _clear(35), _doubt(digit_scores(d3=0.9), digit_scores(d3=0.9, d6=0.88))]
    assert by_page_run(readings) is None


def test_a_tab_whose_number_no_candidate_gives_leaves_the_doubt():
    readings = [_clear(34), _clear(35), _doubt(digit_scores(d7=0.9), digit_scores(d1=0.9))]
    assert by_page_run(readings) is None


def test_too_few_clear_tabs_to_anchor_the_run():
    # every tab of the page 9x seen as 8x or 0x: a run 80-85 would fit as well as 90-95
    readings = [_clear(91)] + [_doubt(digit_scores(d8=0.9, d9=0.85), digit_scores(**{f"d{k}": 0.9})) for k in (0, 2, 3)]
    assert by_page_run(readings) is None


def test_two_runs_that_fit_one_in_reading_order():
    # 14 and 16 read in a row, the tabs before them 13 or 15 each: 13 first, 15 between
    either = (digit_scores(d1=0.95), digit_scores(d3=0.9, d5=0.88))
    readings = [_doubt(*either, k=0), _clear(14, k=1), _doubt(*either, k=2), _clear(16, k=3)]
    assert [lv.level for lv in by_page_run(readings)] == [13, 14, 15, 16]
    # boards whose place is not known: both ways fit, the doubt stands
    assert by_page_run([_doubt(*either), _clear(14), _doubt(*either), _clear(16)]) is None
    # one tab read shows no order: the doubt stands
    assert by_page_run([_doubt(*either, k=0), _clear(14, k=1), _doubt(*either, k=2)]) is None


def test_a_page_in_reading_order_takes_a_tab_of_many_candidates():
    # 101 - 103 and 105 read in a row; the fourth tab's digits each close to several: 104 fits the run
    loose = (digit_scores(d1=0.95, d3=0.85), digit_scores(d0=0.95, d3=0.86, d5=0.9, d6=0.85, d8=0.92, d9=0.85),
             digit_scores(d0=0.9, d3=0.85, d4=0.95, d5=0.9, d6=0.86, d8=0.88))
    assert not tab_candidates(loose) and shows(loose, 104) and not shows(loose, 107)
    readings = [_clear(101, k=0), _clear(102, k=1), _clear(103, k=2), _doubt(*loose, k=3), _clear(105, k=4)]
    assert [lv.level for lv in by_page_run(readings)] == [101, 102, 103, 104, 105]


def test_a_page_not_numbered_in_reading_order_is_settled_by_its_run_alone():
    # the painter's pages number their boards at random: 15 left of 13 says nothing of the order
    either = (digit_scores(d1=0.95), digit_scores(d4=0.9, d6=0.88))
    readings = [_clear(15, k=0), _doubt(*either, k=1), _clear(13, k=2)]
    assert [lv.level for lv in by_page_run(readings)] == [15, 14, 13]
    readings = [_clear(16, k=0), _doubt(digit_scores(d1=0.95), digit_scores(d3=0.9, d5=0.88), k=1), _clear(14, k=2),
                _doubt(digit_scores(d1=0.95), digit_scores(d3=0.9, d5=0.88), k=3)]
    assert by_page_run(readings) is None


def test_a_blank_tab_takes_the_number_the_run_and_the_order_leave():
    # 27, 28 and 31 read in a row; one tab 29 or 79, one with no digits laid out (a smudge): 29, 30
    blank = _doubt(k=3)
    readings = [_clear(27, k=0), _clear(28, k=1), _doubt(digit_scores(d7=0.9, d2=0.88), digit_scores(d9=0.9), k=2), blank,
                _clear(31, k=4)]
    assert [lv.level for lv in by_page_run(readings)] == [27, 28, 29, 30, 31]


def test_a_blank_tab_on_a_page_not_known_in_reading_order_leaves_the_doubt():
    # the same tabs, the boards' places not known: the page's order says nothing of the blank tab
    readings = [_clear(27), _clear(28), _doubt(digit_scores(d2=0.9), digit_scores(d9=0.9)), _doubt(), _clear(31)]
    assert by_page_run(readings) is None
    # two blank tabs: the page's numbers left to its run and order alone
    readings = [_clear(27, k=0), _clear(28, k=1), _doubt(k=2), _doubt(k=3), _clear(31, k=4)]
    assert by_page_run(readings) is None


def test_reading_pairs_follow_rows_and_columns():
    readings = [_clear(1, k=0), _clear(2, k=1), _clear(3, k=2)]
    assert reading_pairs(readings) == {(0, 1), (0, 2), (1, 2)}
    below = BoardReading(None, rows=ROWS, quad=_quad(0) + (0.0, 400.0))
    assert reading_pairs([_clear(1, k=0), below]) == {(0, 1)}
    assert reading_pairs([_clear(1), below]) == set()


def test_a_spread_read_with_two_tabs_in_doubt():
    # seed 0 scene 77: 4 boards, tabs 1 and 2 read, 3 and 4 in doubt (best 3 and 4 by 0.09 at 0.95)
    from visolve.puzzles.iq_xoxo.reader import read
    from visolve.testing.scenes import scene_case

    case = scene_case("iq-xoxo", 77, 0)
    levels = read(case.image, case.name)
    assert sorted((lv.level, lv.rows) for lv in levels) == sorted((lv.level, lv.rows) for lv in case.truth)


def test_a_spread_s_tabs_in_doubt_take_the_digits_either_look_matches_near_its_best():
    # seed 0 scene 18: tabs 32, 33, 34, 37 read; 35 and 36 dim and blurred, in doubt at both looks.
    # The first look matched 35's 5 at 0.59 only (no candidate), the second at 0.90: with each
    # digit's better score of the two looks the run 32 - 37 in reading order fits one way
    from visolve.puzzles.iq_xoxo.reader import read
    from visolve.testing.scenes import scene_case

    case = scene_case("iq-xoxo", 18, 0)
    levels = read(case.image, case.name)
    assert sorted((lv.level, lv.rows) for lv in levels) == sorted((lv.level, lv.rows) for lv in case.truth)


def test_a_page_whose_boards_all_read_but_their_tabs_is_not_outlined_further(monkeypatch):
    # the finder's further outlines (blocks, faint windows, squares cut apart: about half a refused
    # spread's time) were asked for when only tabs were in doubt, though a board in tab doubt is
    # never read again and nothing lay lost: they changed nothing
    from visolve.puzzles.iq_xoxo.page import boards
    from visolve.puzzles.iq_xoxo.page.finder import Found
    from visolve.puzzles.iq_xoxo.page.reading import BoardReading

    quad = np.array([(10.0, 10.0), (110.0, 10.0), (110.0, 60.0), (10.0, 60.0)])
    asked = []
    monkeypatch.setattr(boards, "find_boards", lambda picture, notes=None, *_: (
        [Found(quad, 10.0, np.zeros((0, 2)))], lambda quads: 0, lambda split=False, done=(): asked.append(split) or []))
    monkeypatch.setattr(boards, "read_board", lambda picture, corners, squares, *_: BoardReading(
        None, error="digit 1 on the tab is unclear", tab_doubt=True, rows=("." * 10,) * 5))
    read, weight = boards.read_boards(np.zeros((80, 120, 3), np.uint8), settles=lambda readings: None)
    assert not asked and len(read) == 1 and read[0].tab_doubt and weight == 0
    # a page its numbers would settle is outlined further (a board left out unseen: read in part)
    boards.read_boards(np.zeros((80, 120, 3), np.uint8), settles=lambda readings: [])
    assert asked == [False, True]


def test_two_boards_side_by_side_settle_a_tab_whose_best_reading_is_next():
    # scenes seed 1 page 62: 117 read, the board right of it best 118 (its 8 by too little)
    eight = (digit_scores(d1=0.97), digit_scores(d1=0.96), digit_scores(d8=0.93, d0=0.9))
    assert [lv.level for lv in by_neighbour([_clear(117, k=0), _doubt(*eight, best=118, k=1)])] == [117, 118]
    # left of the board read it would be 116: its best reading says otherwise, the doubt stands
    assert by_neighbour([_doubt(*eight, best=118, k=0), _clear(117, k=1)]) is None
    # one board above the other (a column of a page: 13 over 16) says nothing
    below = _doubt(*eight, best=118)
    below.quad = _quad(0) + (0.0, 400.0)
    assert by_neighbour([_clear(117, k=0), below]) is None
