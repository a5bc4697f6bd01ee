"""Parts of a picture painted over with the colour around them."""

import numpy as np

from visolve.vision.painted_over import painted_in_place, painted_over


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


def test_a_quad_at_the_edge_takes_the_colour_of_its_ring_inside_the_picture():
    image = np.full((60, 80), 200, np.uint8)
    image[:, 70:] = 100  # the ring's part inside the picture, right of the block: darker
    image[20:40, 55:70] = 10
    quad = np.array([(55, 20), (90, 20), (90, 39), (55, 39)], np.float64)  # partly beyond the right edge
    out = painted_over(image, [quad], [4.0], 0.4, (0.5, 1.0))
    ring = np.zeros(image.shape, bool)
    ring[16:44, 51:80] = True  # the quad grown by 4 px (its corners are whole px: drawn inclusive)
    ring[18:42, 53:80] = False  # ... less the quad grown by 2 px
    assert out[30, 60] == np.median(image[ring]) and out[30, 75] == out[30, 60]


def test_a_quad_beyond_the_picture_changes_nothing():
    image = np.full((40, 40, 3), 120, np.uint8)
    quad = np.array([(60, 60), (90, 60), (90, 80), (60, 80)], np.float64)
    assert (painted_over(image, [quad], [3.0], 0.4, (0.5, 1.0)) == image).all()


def test_painting_in_place_puts_the_picture_back():
    picture = np.arange(60 * 80 * 3, dtype=np.uint32).reshape(60, 80, 3).astype(np.uint8)
    before = picture.copy()
    outline = np.array([[10, 5], [70, 8], [65, 50], [12, 45]], np.int32)
    with painted_in_place(picture, outline, [1.0, 2.0, 3.0]) as rest:
        assert rest[25, 40].tolist() == [1, 2, 3]
    assert np.array_equal(picture, before)


def test_a_read_only_picture_is_painted_on_a_copy():
    picture = np.full((40, 40, 3), 9, np.uint8)
    picture.flags.writeable = False
    with painted_in_place(picture, np.array([[5, 5], [30, 5], [30, 30], [5, 30]], np.int32), [0.0] * 3) as rest:
        assert rest[20, 20].tolist() == [0, 0, 0]
    assert (picture == 9).all()
