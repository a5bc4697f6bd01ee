"""The small parts of a mask from counting the labels equal those from OpenCV's statistics (the
first look's hole filling, :func:`visolve.puzzles.iq_xoxo.page.first_look.filled`)."""

import cv2
import numpy as np

from visolve.puzzles.iq_xoxo.page.first_look import filled, small_parts


def _from_statistics(mask: np.ndarray, most: float) -> np.ndarray:
    _n, labels, stats, _centres = cv2.connectedComponentsWithStatsWithAlgorithm(mask, 4, cv2.CV_32S,
                                                                                 cv2.CCL_DEFAULT)
    small = stats[:, 4] <= most
    small[0] = False
    return (small.view(np.uint8) * np.uint8(255))[labels]


def test_small_parts_equal_those_of_the_statistics():
    rng = np.random.default_rng(3)
    noise = cv2.GaussianBlur(rng.random((240, 320)).astype(np.float32), (0, 0), 2.0)
    mask = np.where(noise > np.median(noise), 255, 0).astype(np.uint8)
    for most in (0, 5, 40, 400):
        assert np.array_equal(small_parts(mask, most), _from_statistics(mask, most)), most


def test_a_square_dot_is_filled_and_a_page_is_not():
    mask = np.zeros((60, 90), np.uint8)
    cv2.rectangle(mask, (10, 10), (40, 40), 255, -1)
    cv2.circle(mask, (25, 25), 3, 0, -1)  # the dot of an X square
    out = filled(mask, 100)
    assert out[25, 25] == 255 and out[50, 70] == 0


def test_an_empty_or_a_full_mask():
    empty, full = np.zeros((20, 30), np.uint8), np.full((20, 30), 255, np.uint8)
    assert not small_parts(empty, 1000).any()
    assert (small_parts(full, 600) == 255).all() and not small_parts(full, 599).any()
