"""Faint number tabs whose light parts stand as digits only once the tab's own background is taken
off (:func:`visolve.vision.tabs.flattened`)."""

import numpy as np

from tests.make.made_photos import made_page_photo
from visolve.testing.distractors import iter_distractors
from visolve.vision.tabs import TAB_HEIGHT, digit_parts, find_tabs, flattened


def test_a_chess_board_s_squares_are_no_tabs():
    # flattened everywhere, the dark squares of a chess board (a distractor) stood as three tabs
    # with digits, and IQ Circuit's reader called the picture a page whose tabs do not read
    # (a ReadError, not "not this puzzle"); so only faint tabs, beside a tab read, are flattened
    chess = next(img for label, img in iter_distractors(12, 0) if label == "chess")
    assert len(find_tabs(chess)) <= 1


def test_flattening_takes_off_a_ramp_and_keeps_the_digit():
    view = np.tile(np.linspace(60, 160, 200, dtype=np.float32), (TAB_HEIGHT, 1))
    view[16:52, 90:102] = 230  # a 1's stroke
    flat = flattened(view, height=TAB_HEIGHT)
    parts = digit_parts(flat, 0.12)
    assert parts is not None and len(parts[1]) == 1
    assert np.percentile(flat, 90) < 10  # the ramp gone


def test_a_tab_under_glare_found_among_the_dark_blocks_is_read_flattened():
    # made photo seed 119, wizard page: tab 1 (42 px) under a glare spot is found on the second
    # dark mask, but its lit end stands with its digit; found so, it was never looked at flattened
    # (the faint masks' candidate there was left out), and its board had no number
    photo, _truth = made_page_photo("iq-stars", "wizard", 119, 4)
    assert [t.number for t in find_tabs(photo)] == [1, 2]


def test_a_digit_printed_low_is_read_flattened_at_the_lower_rim():
    # made photo seed 116, starter page: tab 1 (104 px) under a glare spot; flattened, its digit
    # (0.32-0.87 of the tab's height) reached the 0.12 rim, and its board had no number
    photo, _truth = made_page_photo("iq-stars", "starter", 116, 0)
    assert [t.number for t in find_tabs(photo)] == [1, 2]
