"""Tabs in doubt read against the tabs read on their page."""

import numpy as np

from visolve.puzzles.iq_xoxo.model import Level
from visolve.puzzles.iq_xoxo.page import tab_page
from visolve.puzzles.iq_xoxo.page.reading import BoardReading
from visolve.puzzles.iq_xoxo.page.tab_page import page_digit, read_by_page, tab_by_page

ROWS = ("..........",) * 5
N = 560  # one glyph view (20 x 28)
RNG = np.random.default_rng(7)


def _unit(v: np.ndarray) -> np.ndarray:
    v = v - v.mean()
    return v / np.linalg.norm(v)


#: one glyph a digit, its two views each zero-mean and of unit norm, all but unrelated
SHAPES = {d: np.concatenate([_unit(RNG.normal(size=N)), _unit(RNG.normal(size=N))]) for d in range(10)}


def _like(d: int, near: float) -> np.ndarray:
    """A glyph matching digit ``d``'s at about ``near``."""
    noise = np.concatenate([_unit(RNG.normal(size=N)), _unit(RNG.normal(size=N))])
    mix = near * SHAPES[d] + np.sqrt(1 - near**2) * noise
    return np.concatenate([_unit(mix[:N]), _unit(mix[N:])])


def _scores(best: int, score: float, next_: float, second: int | None = None) -> np.ndarray:
    out = np.full(10, 0.3)
    out[best] = score
    if second is not None:
        out[second] = next_
    return out


def _clear_digit(d: int) -> tuple:
    """A digit clear on its own: 0.99, far above any other."""
    return _scores(d, 0.99, 0.3), None, _like(d, 0.97), np.ones((10, 7), bool)


def _unclear_digit(d: int, other: int, near: float = 0.97) -> tuple:
    """A digit matched best as ``d`` by only 0.01 over ``other`` (unclear), its glyph like ``d``'s."""
    return _scores(d, 0.9, 0.89, other), 0.0, _like(d, near), np.ones((10, 7), bool)


def _page(*digits: int) -> list:
    """The page's glyphs as seen of tabs read showing ``digits``."""
    return [(d, _like(d, 0.98)) for d in digits]


def test_a_digit_is_named_by_the_page_when_the_bank_agrees():
    glyphs = _page(2, 4, 2)
    assert page_digit(_unclear_digit(2, 3), glyphs) == 2
    # the bank matches it best as a 3: the page's 2 does not overrule it
    scores, whole, one, ink = _unclear_digit(2, 3)
    assert page_digit((_scores(3, 0.9, 0.89, 2), whole, one, ink), glyphs) is None
    # a glyph like no digit of the page (its own digit not printed there)
    assert page_digit(_unclear_digit(7, 1, near=0.97), glyphs) is None


def test_a_digit_near_two_of_the_page_s_digits_is_not_named():
    twin = _like(5, 0.98)
    glyphs = [(5, twin), (6, twin)]
    assert page_digit((_scores(5, 0.9, 0.89, 6), 0.0, _like(5, 0.98), None), glyphs) is None


def test_a_tab_is_read_with_its_unclear_digits_named_by_the_page():
    glyphs = (_page(2, 4), [])
    assert tab_by_page((( _unclear_digit(2, 3), _clear_digit(3)), None), glyphs, small=True) == 23
    # every digit clear on its own: nothing for the page to say (the tab was read, not in doubt)
    assert tab_by_page(((_clear_digit(2), _clear_digit(3)), None), glyphs, small=True) is None
    # a digit neither clear nor named by the page
    assert tab_by_page(((_unclear_digit(2, 3), _unclear_digit(8, 3)), None), glyphs, small=True) is None


class _View:
    """A board view's stand-in: its corners (a row of boards) and the size of its squares."""

    def __init__(self, k: int):
        self.k = k

    def corners(self):
        return np.array([(0.0, 0.0), (300.0, 0.0), (300.0, 150.0), (0.0, 150.0)]) + (400.0 * self.k, 0.0)

    def cell_size(self):
        return 25.0

    def from_picture(self, points):
        return (np.asarray(points, np.float64).reshape(-1, 2) - (400.0 * self.k, 0.0)) / 30.0


def _readings(monkeypatch, numbers: list, looks: dict) -> list:
    """Boards in a row: a number read, or None (its tab in doubt, its digits ``looks[k]``)."""
    out = []
    for k, n in enumerate(numbers):
        quad = _View(k).corners()
        if n is None:
            out.append(BoardReading(_View(k), error="digit unclear", tab_doubt=True, rows=ROWS, quad=quad))
        else:
            out.append(BoardReading(_View(k), level=Level(level=n, rows=ROWS), rows=ROWS, quad=quad))
    monkeypatch.setattr(tab_page, "page_colour", lambda view: np.zeros(3))
    monkeypatch.setattr(tab_page, "tab_looks", lambda view, page: looks[view.k])
    return out


def test_a_tab_read_by_the_page_must_fit_the_page_s_run(monkeypatch):
    read = ((_clear_digit(2), _clear_digit(4)), None)
    doubt = ((_unclear_digit(2, 3), _clear_digit(3)), None)
    readings = _readings(monkeypatch, [None, 24], {0: doubt, 1: read})
    assert [r.level.level for r in read_by_page(readings)] == [23, 24]
    # left of 24 in a row numbered in reading order, 25 would break it; 23 right of 24 too
    readings = _readings(monkeypatch, [22, 24, None], {0: ((_clear_digit(2), _clear_digit(2)), None), 1: read,
                                                       2: doubt})
    assert read_by_page(readings) is readings
    # a number the page has read already
    readings = _readings(monkeypatch, [None, 23], {0: doubt, 1: ((_clear_digit(2), _clear_digit(3)), None)})
    assert read_by_page(readings) is readings
    # a number too far from the page's others for one run of its boards
    readings = _readings(monkeypatch, [None, 28], {0: doubt, 1: ((_clear_digit(2), _clear_digit(8)), None)})
    assert read_by_page(readings) is readings


def test_a_spread_s_tab_in_doubt_read_by_the_tab_beside_it():
    # scenes seed 0 page 45: 24 read, 23 in doubt (its 2 by 0.048 at 0.94); the 2 of 24 names its 2
    # at 0.95, by 0.19 over the 4, and its 3 is clear on its own
    from visolve.puzzles.iq_xoxo.reader import read
    from visolve.testing.scenes import scene_case

    case = scene_case("iq-xoxo", 45, 0)
    levels = read(case.image, case.name)
    assert sorted((lv.level, lv.rows) for lv in levels) == sorted((lv.level, lv.rows) for lv in case.truth)
