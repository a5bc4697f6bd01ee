"""Number tabs: found on a page, read, and refused when their number is in doubt."""

import cv2
import numpy as np
import pytest

from visolve.vision.digits import glyph
from visolve.vision.tabs import find_tabs


def page_with_tabs(numbers, colour=(60, 60, 60), font=cv2.FONT_HERSHEY_SIMPLEX, tab=(260, 110), angle=0.0):
    """A white page with a tab per number (2 across), each above a dark block (a board)."""
    page = np.full((1400, 1200, 3), 255, np.uint8)
    tw, th = tab
    for i, n in enumerate(numbers):
        cx, top = 300 + 600 * (i % 2), 80 + 450 * (i // 2)
        cv2.rectangle(page, (cx - tw // 2, top), (cx + tw // 2, top + th), colour, -1)
        text = str(n)
        scale = cv2.getFontScaleFromHeight(font, int(th * 0.55))
        (w, h), _ = cv2.getTextSize(text, font, scale, 6)
        cv2.putText(page, text, (cx - w // 2, top + (th + h) // 2), font, scale, (255, 255, 255), 6, cv2.LINE_AA)
        cv2.rectangle(page, (cx - 250, top + th + 30), (cx + 250, top + th + 330), (40, 30, 30), -1)
    if angle:
        m = cv2.getRotationMatrix2D((600, 700), angle, 1.0)
        page = cv2.warpAffine(page, m, (1200, 1400), borderValue=(255, 255, 255))
    return page


@pytest.mark.parametrize("font", [cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX])
def test_tabs_are_found_and_read_in_reading_order(font):
    tabs = find_tabs(page_with_tabs([7, 12, 3, 45], font=font))
    assert [t.number for t in tabs] == [7, 12, 3, 45]
    assert all(t.reason == "" for t in tabs)
    assert tabs[0].centre[0] < tabs[1].centre[0] and tabs[1].centre[1] < tabs[2].centre[1]


def test_a_coloured_tab_on_a_turned_page_is_read_with_its_way_down():
    tabs = find_tabs(page_with_tabs([1, 2], colour=(40, 150, 40), angle=10))
    assert [t.number for t in tabs] == [1, 2]
    down = tabs[0].down
    # the page turned 10 degrees anticlockwise on the picture: its down leans towards +x
    assert abs(np.degrees(np.arctan2(down[0], down[1])) - 10) < 2


def test_a_tab_too_small_to_read_is_found_but_left_unread():
    page = cv2.resize(page_with_tabs([5, 6]), None, fx=0.12, fy=0.12, interpolation=cv2.INTER_AREA)
    tabs = find_tabs(page)
    assert tabs and all(t.number is None and "too small" in t.reason for t in tabs)


def test_a_smudged_digit_leaves_its_tab_unread_never_guessed():
    page = page_with_tabs([8, 3])
    # a white smear over half of the 8: it could be read as a 3, 9 or 6
    page[80 + 30: 80 + 60, 300 - 40: 300 - 5] = 60
    tabs = find_tabs(page)
    assert tabs[1].number == 3
    assert tabs[0].number in (None, 8)


def test_a_board_without_tab_or_a_blank_block_is_no_tab():
    page = np.full((800, 800, 3), 255, np.uint8)
    cv2.rectangle(page, (100, 100), (360, 210), (60, 60, 60), -1)  # a dark block with no digits
    cv2.rectangle(page, (100, 300), (700, 600), (60, 60, 60), -1)
    cv2.putText(page, "grade 12", (100, 700), cv2.FONT_HERSHEY_SIMPLEX, 1.5, (40, 40, 40), 3)
    assert find_tabs(page) == []


def test_a_glyph_keeps_its_digit_in_proportion_and_centred():
    whiteness = np.zeros((40, 60), np.float32)
    whiteness[5:35, 20:30] = 1.0  # a bar 30 high, 10 wide
    g = glyph(whiteness, (20, 5, 10, 30))
    assert g.shape == (32, 24)
    lit = np.nonzero(g.max(axis=0) > 128)[0]
    assert 6 <= lit.size <= 11 and abs((lit[0] + lit[-1]) / 2 - 11.5) <= 1.0


def test_a_tab_paled_by_glare_is_found_and_read():
    # a grey tab, 0.69 of the page's light: too light for the first ink mask (0.62)
    tabs = find_tabs(page_with_tabs([4, 9], colour=(175, 175, 175)))
    assert [t.number for t in tabs] == [4, 9]


def _slanted(numbers, shear, factor, blur):
    """The test page sheared (a tab seen at an angle is a parallelogram), made small and blurred."""
    page = cv2.copyMakeBorder(page_with_tabs(numbers), 0, 0, 300, 300, cv2.BORDER_CONSTANT, value=(255, 255, 255))
    m = np.float32([[1, shear, -shear * 700], [0, 1, 0]])
    page = cv2.warpAffine(page, m, (page.shape[1], page.shape[0]), borderValue=(255, 255, 255))
    page = cv2.resize(page, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)
    return cv2.GaussianBlur(page, (0, 0), blur)


def test_a_small_tab_seen_at_a_slant_is_cut_out_along_its_own_sides():
    # tabs 28 px high, slanted by 0.3: the upright rectangle round one takes in the page at two
    # corners; its sides fitted in the picture itself leave only the tab and its digits
    tabs = find_tabs(_slanted([5, 8, 3, 6], 0.3, 0.25, 0.8))
    assert [t.number for t in tabs] == [5, 8, 3, 6]
    top_left, top_right, _br, bottom_left = tabs[0].corners
    assert (bottom_left - top_left)[0] > 0.2 * tabs[0].height  # its left side slants as drawn (0.3)
    assert abs((top_right - top_left)[1]) < 1.0


def test_a_small_block_with_a_light_mark_beside_read_tabs_is_no_tab():
    # a dark label 40 px high with an x on it, on a page whose tabs (110 px) read: no tab whose
    # number is in doubt (that would refuse the page), since a page prints its tabs alike
    page = page_with_tabs([3, 7])
    cv2.rectangle(page, (550, 1000), (640, 1040), (60, 60, 60), -1)
    cv2.line(page, (588, 1008), (602, 1032), (255, 255, 255), 3)
    cv2.line(page, (602, 1008), (588, 1032), (255, 255, 255), 3)
    assert [t.number for t in find_tabs(page)] == [3, 7]


def _tall_digit_page(numbers):
    """Tabs as ``visolve make`` prints them (360 x 160 px, digits 0.7 of the tab high), 2 across."""
    page = np.full((1600, 1400, 3), 255, np.uint8)
    font = cv2.FONT_HERSHEY_SIMPLEX
    for i, n in enumerate(numbers):
        cx, top = 300 + 600 * i, 80
        cv2.rectangle(page, (cx - 180, top), (cx + 180, top + 160), (60, 60, 60), -1)
        scale = cv2.getFontScaleFromHeight(font, 112)
        (w, h), _ = cv2.getTextSize(str(n), font, scale, 15)
        cv2.putText(page, str(n), (cx - w // 2, top + (160 + h) // 2), font, scale, (255, 255, 255), 15, cv2.LINE_AA)
        cv2.rectangle(page, (cx - 250, top + 190), (cx + 250, top + 490), (40, 30, 30), -1)
    return page


def test_a_digit_broken_by_a_dim_stroke_is_joined_and_read():
    page = _tall_digit_page([3, 5])
    # a dark band across the 3 a quarter of the way up: its lower curve, a part lower than a
    # digit, stands apart (motion blur and glare leave a stroke under the half-way light)
    ys, _xs = np.nonzero(page[80:240, 120:480, 0] > 200)
    cut = 80 + int(ys.max() - 0.25 * (ys.max() - ys.min()))
    page[cut - 3: cut + 3, 120:480] = 60
    tabs = find_tabs(page)
    assert [t.number for t in tabs] == [3, 5]


def test_an_unread_block_far_larger_than_the_read_tabs_is_no_tab():
    page = np.full((1500, 1200, 3), 255, np.uint8)
    clean = page_with_tabs([1, 2])
    page[:1400] = clean
    # a board below, washed by glare: a dark block with light marks standing like digits
    # (twice as high as the tabs, not the 3 to 6 times of a photo: it must stay a tab's share of
    # the picture to be looked at at all)
    cv2.rectangle(page, (390, 1050), (810, 1270), (60, 60, 60), -1)
    cv2.ellipse(page, (565, 1160), (28, 62), 0, 0, 360, (255, 255, 255), -1)
    cv2.ellipse(page, (640, 1160), (28, 62), 25, 0, 360, (255, 255, 255), -1)
    tabs = find_tabs(page)
    assert [t.number for t in tabs] == [1, 2]


def _tabs_between_bezel_and_boards(shear):
    """Two tabs (440 x 200) 20 px under a dark phone bezel, their dark boards 40 px below them,
    the page sheared by ``shear`` (seen at an angle), made small and blurred."""
    page = np.full((1800, 2000, 3), 255, np.uint8)
    page[:100] = 25
    font = cv2.FONT_HERSHEY_SIMPLEX
    for i, n in enumerate((1, 2)):
        cx = 350 + 700 * i
        cv2.rectangle(page, (cx - 220, 120), (cx + 220, 320), (60, 60, 60), -1)
        scale = cv2.getFontScaleFromHeight(font, 140)
        (w, h), _ = cv2.getTextSize(str(n), font, scale, 18)
        cv2.putText(page, str(n), (cx - w // 2, 220 + h // 2), font, scale, (255, 255, 255), 18, cv2.LINE_AA)
        cv2.rectangle(page, (cx - 330, 360), (cx + 330, 880), (30, 30, 30), -1)
    m = np.float32([[1, shear, 0], [0, 1, 0]])
    page = cv2.warpAffine(page, m, (2000 + int(1800 * shear), 1800), borderValue=(120, 90, 60))
    page = cv2.resize(page, None, fx=0.3, fy=0.3, interpolation=cv2.INTER_AREA)
    return cv2.GaussianBlur(page, (0, 0), 0.8)


@pytest.mark.parametrize("shear", [0.0, 0.15, 0.3])
def test_a_slanted_tab_between_a_dark_bezel_and_its_board_is_read(shear):
    # the page's colour was the median of the window round the tab: there mostly bezel and board,
    # so the paper strip round the tab was taken for the tab, its corners were not found again,
    # and the slanted tab, cut out as a rectangle, showed paper at its rim: not a tab (a Genius
    # Square landscape page on a dark phone, photo seed 10 wizard, read as board 2 alone)
    assert [t.number for t in find_tabs(_tabs_between_bezel_and_boards(shear))] == [1, 2]


def test_a_digit_broken_in_two_lower_parts_is_joined_and_read():
    # a small tab's 2 blurred so that its dim diagonal falls under the half-way light: its arc
    # and its base stand apart, each lower than a digit; one above the other they are one
    page = page_with_tabs([2, 5])
    ys, _xs = np.nonzero(page[80:190, 170:430, 0] > 200)
    middle = 80 + (ys.min() + ys.max()) // 2
    page[middle - 3: middle + 3, 170:430] = 60
    tabs = find_tabs(page)
    assert [t.number for t in tabs] == [2, 5]


def test_light_parts_side_by_side_lower_than_digits_are_no_number():
    page = page_with_tabs([5])
    page[80 + 20: 80 + 90, 300 - 100: 300 + 100] = 60  # the 5 painted out
    for x in (250, 330):  # two short bars side by side, neither above the other
        page[80 + 45: 80 + 70, x: x + 15] = 255
    tabs = find_tabs(page)
    assert all(t.number is None for t in tabs)


def _one_faint_tab(numbers, faint_grey):
    """``page_with_tabs`` with its second tab repainted pale grey (its digit kept white) and noise over
    the page, as on a page photographed at low contrast."""
    page = page_with_tabs(numbers).astype(np.float32)
    tab = page[80:191, 900 - 130:900 + 131]
    tab[tab < 128] = faint_grey
    rng = np.random.default_rng(3)
    return np.clip(page + rng.normal(0, 12, page.shape), 0, 255).astype(np.uint8)


def test_a_faint_tab_beside_a_read_one_is_found_on_the_smoothed_copy():
    # 205 of the page's 255 (0.80): at the second ink mask's darkness (0.8), where noise breaks it
    # into specks; the faint look (0.88 of the light, on a median-smoothed copy) finds it whole
    page = _one_faint_tab([3, 8], 205)
    assert [t.number for t in find_tabs(page)] == [3, 8]


def test_a_faint_tab_alone_is_not_looked_for():
    # with no tab read, nothing says a page is in the picture: the faint look is not made
    page = _one_faint_tab([3, 8], 205)
    page[80:191, 300 - 130:300 + 131] = 255
    assert [t.number for t in find_tabs(page)] == []
