"""A pixel's channels: darkest, brightest, and how coloured it is."""

import numpy as np

from visolve.vision.light import channel_max, channel_min, saturation


def test_saturation_is_zero_on_greys_and_one_on_pure_colours():
    img = np.array([[[0, 0, 0], [128, 128, 128], [0, 0, 255], [100, 200, 50]]], np.uint8)
    got = saturation(img)
    assert got.shape == (1, 4) and got.dtype == np.float32
    assert np.allclose(got, [[0.0, 0.0, 1.0, 0.75]])


def test_channel_min_and_max_take_the_channels_pixel_by_pixel():
    img = np.array([[[10, 200, 30], [90, 5, 60]]], np.uint8)
    assert channel_min(img).tolist() == [[10, 5]] and channel_max(img).tolist() == [[200, 90]]
    assert channel_min(img).dtype == np.uint8


def test_channel_min_and_max_pass_a_grey_picture_and_ignore_a_fourth_channel():
    grey = np.array([[3, 250]], np.uint8)
    assert channel_min(grey) is grey and channel_max(grey) is grey
    bgra = np.array([[[10, 200, 30, 0], [90, 5, 60, 255]]], np.uint8)
    assert channel_min(bgra).tolist() == [[10, 5]] and channel_max(bgra).tolist() == [[200, 90]]
    # a list of pixels (n, 3), as the colour modules pass
    pixels = np.array([[0.2, 0.9, 0.5], [0.7, 0.1, 0.3]])
    assert channel_min(pixels).tolist() == [0.2, 0.1] and channel_max(pixels).tolist() == [0.9, 0.7]
