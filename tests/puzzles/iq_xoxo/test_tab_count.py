"""A run of digits cut into one digit more than its width says, when that matches clearly better."""

import numpy as np

from visolve.puzzles.iq_xoxo.page import tab_number
from visolve.puzzles.iq_xoxo.page.tab_number import COUNT_GAIN, COUNT_LOW, cut_run


def _best(low: float, k: int) -> np.ndarray:
    """Scores of ``k`` cut digits, each matched best at 0.95 but the last at ``low``."""
    out = np.full((k, 10), 0.3)
    out[:, 1] = 0.95
    out[-1, 1] = low
    return out


def _cutting(monkeypatch, lows: dict[int, float]) -> None:
    """best_cut made up: a cut into k digits matches its worst at ``lows[k]``."""
    monkeypatch.setattr(tab_number, "best_cut", lambda own, mask, box, k, wide=False: (_best(lows[k], k), [], []))


def test_a_run_whose_cut_into_one_more_matches_clearly_better_gets_it(monkeypatch):
    # scenes seed 0 page 34: a bold 109, 1.97 of its height wide, counted 2 digits: cut in two its worst
    # digit matched at 0.67, cut in three at 0.895
    _cutting(monkeypatch, {2: 0.67, 3: 0.895})
    assert len(cut_run(None, None, None, 2, True, False)[0]) == 3


def test_a_run_cut_well_or_without_room_keeps_its_count(monkeypatch):
    _cutting(monkeypatch, {2: COUNT_LOW, 3: 0.99})
    assert len(cut_run(None, None, None, 2, True, False)[0]) == 2
    _cutting(monkeypatch, {2: 0.67, 3: 0.95})
    assert len(cut_run(None, None, None, 2, False, False)[0]) == 2
    _cutting(monkeypatch, {2: 0.80, 3: 0.80 + COUNT_GAIN - 0.01})  # better, but not clearly
    assert len(cut_run(None, None, None, 2, True, False)[0]) == 2
    _cutting(monkeypatch, {2: 0.60, 3: COUNT_LOW - 0.01})  # clearly better, but still no digit matched well
    assert len(cut_run(None, None, None, 2, True, False)[0]) == 2


def test_a_bold_run_of_three_digits_counted_two_is_read():
    # scenes seed 0 page 34: 110 read, 109 counted 2 digits and matched at 0.67; cut in three it reads
    # 100 as seen and 109 looked at again, the page's neighbour settling it
    from visolve.puzzles.iq_xoxo.reader import read
    from visolve.testing.scenes import scene_case

    case = scene_case("iq-xoxo", 34, 0)
    levels = read(case.image, case.name)
    assert sorted((lv.level, lv.rows) for lv in levels) == sorted((lv.level, lv.rows) for lv in case.truth)
