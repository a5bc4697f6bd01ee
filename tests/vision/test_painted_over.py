"""Parts of a picture painted over with the colour around them."""

import numpy as np

from visolve.vision.painted_over import painted_over


def test_a_dark_block_painted_over_takes_the_colour_around_it():
    image = np.full((100, 120, 3), (200, 210, 220), np.uint8)
    image[40:60, 30:90] = (40, 60, 80)
    quad = np.array([(30, 40), (89, 40), (89, 59), (30, 59)], np.float64)
    out = painted_over(image, [quad], [6.0], 0.4, (0.5, 1.0))
    assert (out == (200, 210, 220)).all(axis=2).all()
    assert (image[50, 60] == (40, 60, 80)).all()  # the picture itself is not changed


def test_only_the_quads_are_painted():
    image = np.full((80, 80), 230, np.uint8)
    image[10:20, 10:20] = 30
    image[50:60, 50:60] = 30
    quad = np.array([(10, 10), (19, 10), (19, 19), (10, 19)], np.float64)
    out = painted_over(image, [quad], [2.0], 0.4, (0.5, 1.0))
    assert out[15, 15] == 230 and out[55, 55] == 30
