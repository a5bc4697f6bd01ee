"""Many windows of a picture at once, and their medians (vision.patches)."""

import numpy as np
import pytest

from visolve.vision.patches import median_last, windows


@pytest.mark.parametrize("shape", [(7, 576, 3), (12800, 3), (5, 17, 9, 3)])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_the_median_by_one_partition_is_numpys(shape, dtype):
    values = np.random.default_rng(len(shape)).uniform(0, 255, shape).astype(dtype)
    values[:4] = values[4]  # ties
    for axis in range(len(shape)):
        got = median_last(np.moveaxis(values, axis, -1))
        want = np.median(values, axis=axis)
        assert got.dtype == want.dtype and np.array_equal(got, want)


def test_windows_are_the_slices_cut_one_by_one():
    image = np.random.default_rng(0).integers(0, 255, (40, 50, 3), dtype=np.uint8)
    x0, y0 = [0, 17, 45], [3, 0, 35]
    got = windows(image, x0, y0, 5)
    assert got.shape == (3, 5, 5, 3)
    for k, (x, y) in enumerate(zip(x0, y0)):
        assert np.array_equal(got[k], image[y:y + 5, x:x + 5])


@pytest.mark.parametrize("x0, y0", [([46], [0]), ([-1], [0]), ([0], [36]), ([], [])])
def test_windows_not_wholly_inside_are_left_to_the_caller(x0, y0):
    assert windows(np.zeros((40, 50), np.uint8), x0, y0, 5) is None
