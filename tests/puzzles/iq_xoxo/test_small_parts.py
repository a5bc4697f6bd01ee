"""The small parts of a mask from OpenCV's statistics equal those from counting the labels (the
first look's hole filling, :func:`visolve.puzzles.iq_xoxo.page.first_look.filled`)."""

import cv2
import numpy as np

from visolve.puzzles.iq_xoxo.page.first_look import filled, small_parts


def _counted(mask: np.ndarray, most: float) -> np.ndarray:
    n, labels = cv2.connectedComponentsWithAlgorithm(mask, 4, cv2.CV_32S, cv2.CCL_DEFAULT)
    small = np.bincount(labels.ravel(), minlength=n) <= most
    small[0] = False
    return (small.view(np.uint8) * np.uint8(255))[labels]


def test_small_parts_equal_the_labels_counted():
    rng = np.random.default_rng(3)
    noise = cv2.GaussianBlur(rng.random((240, 320)).astype(np.float32), (0, 0), 2.0)
    mask = np.where(noise > np.median(noise), 255, 0).astype(np.uint8)
    for most in (0, 5, 40, 400):
        assert np.array_equal(small_parts(mask, most), _counted(mask, most)), most


def test_a_square_dot_is_filled_and_a_page_is_not():
    mask = np.zeros((60, 90), np.uint8)
    cv2.rectangle(mask, (10, 10), (40, 40), 255, -1)
    cv2.circle(mask, (25, 25), 3, 0, -1)  # the dot of an X square
    out = filled(mask, 100)
    assert out[25, 25] == 255 and out[50, 70] == 0
