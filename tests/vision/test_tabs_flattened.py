"""Number tabs whose light parts stand as digits only once the tab's own background is taken off
(:func:`visolve.vision.tabs.flattened`): lit brighter at one end, or small and blurred."""

import numpy as np

from visolve.make.generate import challenges
from visolve.make.pages import draw_page, per_page
from visolve.testing.photos import photograph
from visolve.vision.tabs import TAB_HEIGHT, digit_parts, find_tabs, flattened

from tests.vision.test_tabs import page_with_tabs


def _lit_at_one_end(numbers, low: float, high: float, digit: float) -> np.ndarray:
    """``page_with_tabs`` whose first tab's ink runs from ``low`` at its left end to ``high`` at its
    right (light falling across it), its digit a dim ``digit`` (never darker than the tab there)."""
    page = page_with_tabs(numbers).astype(np.float32)
    tab = page[80:191, 300 - 130:300 + 131]
    ramp = np.linspace(low, high, tab.shape[1])[None, :, None]
    tab[:] = np.where(tab < 128, ramp, np.where(tab > 200, np.maximum(digit, ramp), tab))
    return np.clip(page, 0, 255).astype(np.uint8)


def test_a_tab_lit_brighter_at_one_end_is_read():
    # its light end comes above half-way between the tab and its dim digit: taken as the
    # digit's light, it reached the rim and the tab was no tab (only the 7 was found)
    for low, high, digit in ((60, 150, 200), (70, 160, 210)):
        assert [t.number for t in find_tabs(_lit_at_one_end([4, 7], low, high, digit))] == [4, 7]


def test_flattening_takes_off_a_ramp_and_keeps_the_digit():
    view = np.tile(np.linspace(60, 160, 200, dtype=np.float32), (TAB_HEIGHT, 1))
    view[16:52, 90:102] = 230  # a 1's stroke
    flat = flattened(view, height=TAB_HEIGHT)
    parts = digit_parts(flat, 0.12)
    assert parts is not None and len(parts[1]) == 1
    assert np.percentile(flat, 90) < 10  # the ramp gone


def test_a_small_blurred_made_tab_is_read():
    # make photo seed 64, wizard page: tab 1 is 19 px high and blurred; the page's light blurred
    # 2 px into it joined its 1 at the rim, so it was no tab and the page had none
    made = list(challenges("iq-stars", "wizard", per_page("iq-stars"), 64))
    photo, _h = photograph(draw_page("iq-stars", made), np.random.default_rng([64, 4]), 1.0)
    tabs = find_tabs(photo)
    assert [t.number for t in tabs][:1] == [1] and tabs[0].height < 22
