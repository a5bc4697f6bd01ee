"""Sums and means over boxes, counted at the boxes or from the integral image: the same to the bit."""

import cv2
import numpy as np
import pytest

from visolve.vision import area_sums
from visolve.vision.area_sums import AreaSums, BoxMeans, box_sums, square_sums


def test_box_sums_take_the_corners_of_the_integral_image():
    grid = cv2.integral(np.arange(12, dtype=np.uint8).reshape(3, 4))
    assert box_sums(grid, 1, 1, 2, 2) == 5 + 6 + 9 + 10
    assert box_sums(grid, np.array([0, 3]), np.array([0, 0]), 1, 3).tolist() == [0 + 4 + 8, 3 + 7 + 11]


def _blurred_means(plane: np.ndarray, pts: np.ndarray, radius: int) -> np.ndarray:
    """The box means as a box-blurred float32 copy gives them, read at the points."""
    h, w = plane.shape
    blurred = cv2.blur(np.asarray(plane, np.float32), (2 * radius + 1, 2 * radius + 1))
    x, y = np.round(pts[:, 0]).astype(np.int64), np.round(pts[:, 1]).astype(np.int64)
    inside = (x >= radius) & (y >= radius) & (x + radius < w) & (y + radius < h)
    return np.where(inside, blurred[np.clip(y, 0, h - 1), np.clip(x, 0, w - 1)], np.nan)


@pytest.mark.parametrize("kind", ["uint8", "bool", "float32"])
@pytest.mark.parametrize("share", [10**9, 1])  # whole-number planes summed from the integral image, or directly
def test_box_means_are_the_blurred_planes_to_the_bit(kind, share, monkeypatch):
    monkeypatch.setattr(area_sums, "DIRECT_SHARE", share)
    rng = np.random.default_rng(7)
    for _ in range(12):
        h, w = (int(v) for v in rng.integers(8, 300, 2))
        plane = rng.integers(0, 256, (h, w)).astype(np.uint8)
        plane = plane > 128 if kind == "bool" else plane.astype(np.float32) / 3 if kind == "float32" else plane
        pts = rng.uniform(-3, max(h, w) + 3, (200, 2))
        means = BoxMeans(plane)
        for radius in (1, 2, 5, 9):
            got, want = means(pts, radius), _blurred_means(plane, pts, radius)
            assert got.dtype == want.dtype
            assert np.array_equal(got, want, equal_nan=True)


def test_square_sums_of_a_plane_whose_integral_wraps():
    # 0/255 over 9 Mpx: the integral's 32-bit sums wrap past 2^31, the boxes' sums do not
    plane = np.full((3000, 3000), 255, np.uint8)
    plane[::7, ::3] = 0
    integral = cv2.integral(plane)
    assert integral[-1, -1] < 0  # wrapped
    x0, y0 = np.array([2990, 1500, 0, 2980, 7]), np.array([2990, 2800, 0, 10, 2991])
    for side in (3, 9):
        direct = square_sums(plane, x0, y0, side)
        assert np.array_equal(square_sums(plane, x0, y0, side, integral), direct)
        assert direct.tolist() == [int(plane[y:y + side, x:x + side].sum()) for x, y in zip(x0, y0)]


@pytest.mark.parametrize("share", [10**9, 1])  # from the integral image, or pixel by pixel
def test_area_sums_are_the_integral_image_s(share, monkeypatch):
    monkeypatch.setattr(area_sums, "DIRECT_SHARE", share)
    rng = np.random.default_rng(3)
    mask = rng.random((120, 170)) < 0.4
    integral = cv2.integral(mask.astype(np.uint8))
    sums = AreaSums(mask)
    for _ in range(3):  # squares and oblong boxes mixed, of many sizes
        x0, y0 = rng.integers(0, 160, 300), rng.integers(0, 110, 300)
        w = np.minimum(rng.integers(0, 25, 300), 170 - x0)
        h = np.where(rng.random(300) < 0.5, w, np.minimum(rng.integers(0, 25, 300), 120 - y0))
        h = np.minimum(h, 120 - y0)
        got = sums(x0, y0, w, h)
        assert got.dtype == np.int64
        assert np.array_equal(got, box_sums(integral, x0, y0, w, h))


def test_area_sums_make_the_integral_only_once_many_pixels_were_asked_for(monkeypatch):
    made = []
    real = cv2.integral
    monkeypatch.setattr(area_sums.cv2, "integral", lambda plane: made.append(1) or real(plane))
    sums = AreaSums(np.ones((100, 100), np.uint8))  # 10,000 px: the integral after 10,000 // 40 = 250 asked
    assert sums(np.array([0, 10]), np.array([0, 10]), 10, 10).tolist() == [100, 100]  # 200 asked
    assert not made
    assert sums(np.array([50]), np.array([50]), 10, 10).tolist() == [100]  # 300 asked
    assert len(made) == 1
    sums(np.array([0]), np.array([0]), 100, 100)
    assert len(made) == 1


def test_area_sums_refuse_a_plane_that_is_not_whole_numbers():
    with pytest.raises(ValueError, match="uint8 or bool"):
        AreaSums(np.zeros((4, 4), np.float32))
