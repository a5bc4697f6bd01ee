"""The camera over a plane from a homography, and where tall things' tops show on the plane."""

import math

import numpy as np
import pytest

from visolve.vision.lean import camera_over, focal_length, lean


def _rotation(ax: int, a: float) -> np.ndarray:
    c, s = math.cos(a), math.sin(a)
    m = np.eye(3)
    i, j = [(1, 2), (0, 2), (0, 1)][ax]
    m[i, i], m[j, j], m[i, j], m[j, i] = c, c, -s, s
    return m


def _camera(seed: int):
    """A phone camera (60-70 degree field) looking at the middle of a 6 x 6 plane from a slant."""
    rng = np.random.default_rng(seed)
    w, h = 3000, 4000
    f = max(w, h) / (2 * math.tan(math.radians(rng.uniform(55, 70)) / 2))
    principal = (w / 2 + rng.uniform(-200, 200), h / 2 + rng.uniform(-200, 200))
    k = np.array([[f, 0, principal[0]], [0, f, principal[1]], [0, 0, 1.0]])
    rot = _rotation(2, rng.uniform(0, 6)) @ _rotation(0, rng.uniform(0.1, 0.8)) @ _rotation(2, rng.uniform(0, 6))
    centre = np.array([3.0, 3.0, 0.0]) - rot[2] * rng.uniform(8, 20)
    t = -rot @ centre
    return k @ np.stack([rot[:, 0], rot[:, 1], t], axis=1), principal, f, centre, (w, h)


@pytest.mark.parametrize("seed", range(5))
def test_the_camera_is_found_where_it_was(seed):
    hom, principal, f, centre, size = _camera(seed)
    assert focal_length(hom, principal, max(size)) == pytest.approx(f, rel=1e-6)
    found = camera_over(hom, principal, max(size))
    assert found[:2] == pytest.approx(centre[:2], abs=1e-6)
    assert found[2] == pytest.approx(abs(centre[2]), abs=1e-6)


def test_a_top_shows_away_from_the_camera_by_similar_triangles():
    camera = np.array([3.0, -7.0, 10.0])
    shift = lean([(3.0, 3.0), (3.0, -7.0)], camera, 1.0)
    # 10 away from the foot, 1 high under a camera 10 high: the top shows 10 * 1 / 9 beyond
    assert shift[0] == pytest.approx([0.0, 10.0 / 9.0])
    assert shift[1] == pytest.approx([0.0, 0.0])  # straight under the camera: no lean


def test_a_square_on_view_puts_the_camera_straight_over_the_principal_point():
    """An affine picture of the plane (a scan, artwork) says no focal length: the middle of the
    phones' range is taken, the camera straight over the plane point under the principal point."""
    hom = np.array([[100.0, 0.0, 50.0], [0.0, 100.0, 80.0], [0.0, 0.0, 1.0]])
    camera = camera_over(hom, (350.0, 380.0), 700.0)
    assert camera[:2] == pytest.approx([3.0, 3.0])
    assert 4.0 < camera[2] < 9.0  # 400-900 px of focal length over 100 px a unit
