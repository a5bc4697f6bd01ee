"""distances_within gives cv2.pointPolygonTest's distance wherever a test within its reach can
tell, and -inf only for points farther than the reach outside the polygon."""

import cv2
import numpy as np
import pytest

from visolve.vision.polygon_distance import distances_within


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_distances_within_match_opencv_within_the_reach(seed):
    rng = np.random.default_rng(seed)
    quad = np.array([[100, 80], [300, 95], [290, 200], [110, 190]], np.float64) + rng.normal(0, 5, (4, 2))
    points = rng.uniform(0, 400, (500, 2))
    reach = 30.0
    got = distances_within(points, quad, reach)
    want = np.array([cv2.pointPolygonTest(quad.astype(np.float32), (float(x), float(y)), True) for x, y in points])
    far = np.isneginf(got)
    assert np.array_equal(got[~far], want[~far])
    assert (want[far] < -reach).all()
    assert far.any() and (~far).any()  # both kinds of point were drawn


def test_no_points_give_no_distances():
    quad = np.array([[0, 0], [10, 0], [10, 5], [0, 5]], np.float64)
    assert distances_within(np.zeros((0, 2)), quad, 3.0).shape == (0,)
