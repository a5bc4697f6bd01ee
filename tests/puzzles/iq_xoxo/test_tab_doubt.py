"""A tab read at neither look gives its page its best reading by each digit's better match of the two."""

import numpy as np
import pytest

from visolve.puzzles.iq_xoxo.page import tab_number
from visolve.puzzles.iq_xoxo.page.tab_clear import TabDoubt
from visolve.puzzles.iq_xoxo.page.tab_number import read_tab


def _digit(scores: dict[int, float]) -> np.ndarray:
    """A digit's ten scores: ``scores`` where given, 0.3 elsewhere."""
    out = np.full(10, 0.3)
    for d, s in scores.items():
        out[d] = s
    return out


def _looks(monkeypatch, seen: tuple, again: tuple, best_seen: int | None) -> None:
    """read_tab's steps made up: both looks cut two digits, each look's digits in doubt (``seen``,
    ``again``: their scores; ``best_seen``: the first look's best reading)."""
    monkeypatch.setattr(tab_number, "_tab_whiteness", lambda img, page: (np.zeros((4, 4)), np.ones((4, 4), bool)))
    monkeypatch.setattr(tab_number, "_digit_scores", lambda whiteness, inside, wide=False: ["cut"])

    def doubt(digits, small, again=False, scores=(seen, again)):
        raise TabDoubt("digit 1 on the tab is unclear", None if again else best_seen, scores[again])

    monkeypatch.setattr(tab_number, "read_digits", doubt)
    monkeypatch.setattr(tab_number, "both_looks", lambda seen, again, small: None)


def test_a_tab_in_doubt_at_both_looks_is_read_best_by_their_better_matches(monkeypatch):
    # scenes seed 17 page 57: a 95 matched 05 as seen (the 0 at 0.88: no best reading), 95 looked at again
    seen = (_digit({0: 0.88, 9: 0.83}), _digit({5: 0.90, 6: 0.86}))
    again = (_digit({9: 0.935, 0: 0.90}), _digit({5: 0.947, 6: 0.92}))
    _looks(monkeypatch, seen, again, None)
    with pytest.raises(TabDoubt) as doubt:
        read_tab(np.zeros((4, 4, 3)), (1.0, 1.0, 1.0))
    assert doubt.value.best == 95
    assert [int(np.argmax(s)) for s in doubt.value.scores] == [9, 5]


def test_a_tab_in_doubt_read_best_as_a_leading_zero_by_both_looks_has_no_best_reading(monkeypatch):
    seen = (_digit({0: 0.88, 9: 0.83}), _digit({5: 0.90}))
    again = (_digit({0: 0.92, 9: 0.90}), _digit({5: 0.947}))
    _looks(monkeypatch, seen, again, None)
    with pytest.raises(TabDoubt) as doubt:
        read_tab(np.zeros((4, 4, 3)), (1.0, 1.0, 1.0))
    assert doubt.value.best is None


def test_a_two_board_page_whose_tab_read_05_as_seen_is_read_by_its_neighbour():
    # scenes seed 17 page 57: 96 read, 95 in doubt (05 as seen, 95 looked at again): by_neighbour settles it
    from visolve.puzzles.iq_xoxo.reader import read
    from visolve.testing.scenes import scene_case

    case = scene_case("iq-xoxo", 57, 17)
    levels = read(case.image, case.name)
    assert sorted((lv.level, lv.rows) for lv in levels) == sorted((lv.level, lv.rows) for lv in case.truth)
