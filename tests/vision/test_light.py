"""A pixel's channels: darkest, brightest, and how coloured it is."""

import numpy as np

from visolve.vision.light import channel_max, channel_min, evened_lightness, saturation


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


def _washed_page() -> np.ndarray:
    """A white page with squares of a grey 6 levels below it in the left half (washed out by light)
    and a strong red square in the right half."""
    page = np.full((200, 400, 3), 250, np.uint8)
    for x in range(10, 190, 30):
        for y in range(20, 180, 30):
            page[y: y + 22, x: x + 22] = 244
    page[80:120, 280:320] = (40, 40, 220)
    return page


def test_evened_lightness_brings_faint_grey_squares_out_of_the_paper():
    page = _washed_page()
    evened = evened_lightness(page, tiles=4)
    assert evened.dtype == np.uint8 and evened.shape == page.shape
    square, paper = evened[30, 20].astype(int), evened[15, 20].astype(int)
    # 6 levels apart before; the equalisation spreads the two over a wider span of lightness (its
    # clip limit keeps the spread moderate on so clean a picture: 10 levels)
    assert (paper - square).min() >= 9


def test_evened_lightness_keeps_a_colour_s_hue():
    page = _washed_page()
    b, g, r = evened_lightness(page, tiles=4)[100, 300].astype(int)
    assert r > 150 and r - max(b, g) > 100


def test_evened_lightness_leaves_an_even_picture_even():
    flat = np.full((64, 96, 3), 128, np.uint8)
    out = evened_lightness(flat, tiles=2)
    assert int(out.max()) - int(out.min()) <= 2
