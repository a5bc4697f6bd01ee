"""first_look.small_parts (the small parts of a mask, from OpenCV's 16-bit label statistics, or
32-bit ones when a mask has more parts) gives the parts a count of every label gives."""

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
