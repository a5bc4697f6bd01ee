import cv2
import numpy as np
import pytest

from visolve.vision.working import reduce_by, shrink, thumbnail, working_copy


def _picture(h, w, seed=0):
    return np.random.default_rng(seed).integers(0, 256, (h, w, 3), dtype=np.uint8)


@pytest.mark.parametrize("shape", [(1920, 1080), (1080, 1920), (700, 500), (333, 1001)])
def test_working_copy_has_the_long_side_and_its_scale(shape):
    image = _picture(*shape)
    copy, scale = working_copy(image, 320)
    assert max(copy.shape[:2]) == 320 and copy.shape[2] == 3
    assert scale == copy.shape[1] / shape[1]
    assert abs(copy.shape[0] - shape[0] * scale) <= 1


def test_a_picture_no_larger_is_kept_as_it_is():
    image = _picture(300, 200)
    copy, scale = working_copy(image, 300)
    assert copy is image and scale == 1.0
    assert thumbnail(image, 400) is image


def test_large_reductions_average_every_pixel():
    # one-pixel stripes: sampling alone would alias them to black or white, averaging gives grey
    stripes = np.zeros((1200, 1600), np.uint8)
    stripes[:, ::2] = 255
    for fast in (True, False):
        copy, _scale = working_copy(stripes, 200, fast=fast)
        assert copy.shape == (150, 200) and np.abs(copy.astype(int) - 128).max() <= 2


def test_mild_reductions_area_or_linear():
    image = _picture(400, 600)
    area, f = working_copy(image, 450)
    linear, g = working_copy(image, 450, mild="linear")
    assert f == g == 0.75
    assert np.array_equal(area, cv2.resize(image, (450, 300), interpolation=cv2.INTER_AREA))
    assert np.array_equal(linear, cv2.resize(image, (450, 300), interpolation=cv2.INTER_LINEAR))
    assert thumbnail(image, 450).shape == area.shape


def test_reduce_by_takes_block_means_and_drops_the_rest():
    plane = np.arange(7 * 10, dtype=np.uint8).reshape(7, 10)
    small = reduce_by(plane, 3)
    assert small.shape == (2, 3)
    assert small[1, 2] == round(plane[3:6, 6:9].mean())
    assert reduce_by(plane[:2], 3).shape == (1, 3)  # a side shorter than k: one pixel


def test_shrink_puts_each_pixel_where_an_area_reduction_does():
    # ramps along x and y: each copy pixel is the mean of the picture over its own stretch,
    # (i + 0.5) * factor - 0.5 on a ramp; any shift of the copy's pixels shows as a changed value
    h, w = 2345, 3457  # no whole multiple of the factor: the cut rim must not shift the copy
    ramp_x = np.tile(np.arange(w, dtype=np.float32), (h, 1))
    ramp_y = np.tile(np.arange(h, dtype=np.float32)[:, None], (1, w))
    for size in ((640, 434), (1000, 678), (333, 226)):
        across = (np.arange(size[0]) + 0.5) * w / size[0] - 0.5
        down = (np.arange(size[1]) + 0.5) * h / size[1] - 0.5
        # the last row and column lean on the repeated rim of whole blocks: left out
        assert np.abs(shrink(ramp_x, size) - across[None, :])[:-1, :-1].max() < 0.01
        assert np.abs(shrink(ramp_y, size) - down[:, None])[:-1, :-1].max() < 0.01


def test_shrink_averages_stripes_and_leaves_mild_reductions_to_opencv():
    stripes = np.zeros((1200, 1600, 3), np.uint8)
    stripes[:, ::2] = 255
    copy = shrink(stripes, (230, 173))  # 6.96 times: blocks of 6, then a bilinear rest
    assert copy.shape == (173, 230, 3) and np.abs(copy.astype(int) - 128).max() <= 2
    image = _picture(400, 600)
    assert np.array_equal(shrink(image, (250, 167)), cv2.resize(image, (250, 167), interpolation=cv2.INTER_AREA))
