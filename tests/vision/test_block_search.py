"""A block of known size found near where it is expected (``vision.block_search``)."""

import cv2
import numpy as np

from visolve.vision.block_search import best_offset, block_near, page_ink

PITCH = 16  # picture px per square


def _page(x, y, rows=5, cols=10, grey=(205, 205, 208)):
    """A light page 640 x 480 with a block of rows x cols grey squares (thin gaps) whose outer top-left
    corner is (x, y) px, and its true corners."""
    page = np.full((480, 640, 3), (242, 240, 238), np.uint8)
    for r in range(rows):
        for c in range(cols):
            x0, y0 = x + c * PITCH + 1, y + r * PITCH + 1
            page[y0:y0 + PITCH - 2, x0:x0 + PITCH - 2] = grey
    corners = np.array([(x, y), (x + cols * PITCH, y), (x + cols * PITCH, y + rows * PITCH), (x, y + rows * PITCH)],
                       np.float64)
    return page, corners


def test_page_ink_is_what_stands_off_the_paper():
    page, corners = _page(100, 120)
    ink = page_ink(page)
    assert ink[130, 110] and not ink[20, 20]  # a square, the paper
    assert 0.02 < ink.mean() < 0.06  # the block's 160 x 80 px of 640 x 480, less its gaps


def test_best_offset_finds_a_box_of_ink_on_clean_paper():
    ink = np.zeros((100, 120), bool)
    ink[30:50, 44:84] = True  # a 40 x 20 box at (44, 30)
    assert best_offset(ink, (40, 40, 40, 20), reach=6, step=2.0, ring=4) == (2, -5, 1.0)  # 4 px right, 10 up
    dx, dy, score = best_offset(ink, (40, 40, 40, 20), reach=4, step=2.0, ring=4)
    assert (dx, dy) == (2, -4) and score < 0.9  # 8 px up at most: the nearest it gets, a row short
    assert best_offset(ink, (0, 0, 40, 20), reach=0, step=2.0, ring=4) is None  # no room for the ring


def test_a_block_a_few_squares_off_its_expected_place_is_found_to_a_fraction_of_a_square():
    page, truth = _page(260, 180)
    guess = truth + np.array([2.5 * PITCH, -1.75 * PITCH])  # the place its neighbours put it
    found = block_near(page, guess, 5, 10, reach=4.0)
    assert found is not None
    assert np.abs(found - truth).max() <= 0.35 * PITCH


def test_a_block_seen_at_a_slant_gets_its_own_corners_not_the_guess_shifted():
    page, truth = _page(200, 150)
    skew = np.array([[1.0, 0.25, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]])  # sheared: a page seen aslant
    slanted = cv2.warpPerspective(page, skew, (640, 480), borderValue=(242, 240, 238))
    true = cv2.perspectiveTransform(truth.reshape(1, 4, 2), skew)[0]
    guess = truth + np.array([-1.5 * PITCH, 1.0 * PITCH])  # unsheared, and off
    found = block_near(slanted, guess, 5, 10, reach=3.0)
    assert found is not None
    assert np.abs(found - true).max() <= 0.4 * PITCH
    shifted_only = guess + (true.mean(axis=0) - guess.mean(axis=0))
    assert np.abs(shifted_only - true).max() > 0.6 * PITCH  # the shear is the blob's, not the shift's


def test_no_block_near_a_plain_page():
    page = np.full((480, 640, 3), (242, 240, 238), np.uint8)
    _p, guess = _page(200, 150)
    assert block_near(page, guess, 5, 10, reach=3.0) is None
