import numpy as np

from visolve.vision.canvas import solid


def test_solid_fills_every_pixel_with_the_colour():
    img = solid(7, 5, (1, 2, 3))
    assert img.shape == (7, 5, 3) and img.dtype == np.uint8
    assert (img.reshape(-1, 3) == (1, 2, 3)).all()


def test_solid_grey_level_and_empty_sizes():
    assert (solid(2, 3, 200) == 200).all()
    assert solid(0, 4, (9, 9, 9)).shape == (0, 4, 3)
