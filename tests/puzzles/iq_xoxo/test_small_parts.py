"""first_look.small_parts (the small parts of a mask, from a histogram of 16-bit labels, or
32-bit ones when a mask has more parts) gives the parts a count of every label gives, and those of
OpenCV's 32-bit statistics (the first look's hole filling, :func:`visolve.puzzles.iq_xoxo.page.first_look.filled`)."""

import cv2
import numpy as np
import pytest

from visolve.puzzles.iq_xoxo.page.first_look import CONNECTIVITY, filled, small_parts


def _counted(mask: np.ndarray, most: float) -> np.ndarray:
    """The small parts as first written: 32-bit labels, their areas counted with np.bincount."""
    _n, labels = cv2.connectedComponentsWithAlgorithm(mask, CONNECTIVITY, cv2.CV_32S, cv2.CCL_DEFAULT)
    small = np.bincount(labels.ravel()) <= most
    small[0] = False
    return np.take(small.view(np.uint8) * np.uint8(255), labels)


def _blots(seed: int, shape=(301, 457)) -> np.ndarray:
    rng = np.random.default_rng(seed)
    mask = np.zeros(shape, np.uint8)
    for _ in range(150):
        x, y = int(rng.integers(0, shape[1])), int(rng.integers(0, shape[0]))
        cv2.circle(mask, (x, y), int(rng.integers(1, 30)), 255, -1)
    mask[rng.random(shape) < 0.05] = 255  # specks
    return mask


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("most", [1, 40, 400])
def test_small_parts_are_those_a_count_of_the_labels_gives(seed, most):
    mask = _blots(seed)
    assert np.array_equal(small_parts(mask, most), _counted(mask, most))
    holes = cv2.bitwise_not(mask)
    assert np.array_equal(small_parts(holes, most), _counted(holes, most))
    assert np.array_equal(filled(mask, most), cv2.bitwise_or(mask, _counted(holes, most)))


def test_a_mask_of_more_parts_than_16_bit_labels_number():
    mask = np.zeros((600, 600), np.uint8)
    mask[::2, ::2] = 255  # 90000 single pixels, 4-connected to none
    mask[100:140, 100:160] = 255
    assert np.array_equal(small_parts(mask, 1), _counted(mask, 1))
    assert np.array_equal(small_parts(mask, 5000), _counted(mask, 5000))


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
