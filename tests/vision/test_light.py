"""A pixel's channels: darkest, brightest, and how coloured it is."""

import numpy as np

from visolve.vision.light import highest, lowest, saturation


def test_saturation_is_zero_on_greys_and_one_on_pure_colours():
    img = np.array([[[0, 0, 0], [128, 128, 128], [0, 0, 255], [100, 200, 50]]], np.uint8)
    got = saturation(img)
    assert got.shape == (1, 4) and got.dtype == np.float32
    assert np.allclose(got, [[0.0, 0.0, 1.0, 0.75]])


def test_lowest_and_highest_take_the_channels_pixel_by_pixel():
    img = np.array([[[10, 200, 30], [90, 5, 60]]], np.uint8)
    assert lowest(img).tolist() == [[10, 5]] and highest(img).tolist() == [[200, 90]]
