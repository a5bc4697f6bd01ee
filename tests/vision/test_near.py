"""Pairs of points near each other (:mod:`visolve.vision.near`), against every pair."""

import numpy as np

from visolve.vision.near import near_pairs


def test_near_pairs_hold_every_pair_within_reach():
    rng = np.random.default_rng(7)
    pts = rng.random((400, 2)) * 500
    i, j = near_pairs(pts, 40.0)
    d = np.linalg.norm(pts[:, None] - pts[None], axis=2)
    a, b = np.nonzero(np.triu(d <= 40.0, 1))
    assert set(zip(a.tolist(), b.tolist())) <= set(zip(i.tolist(), j.tolist()))
    assert np.all(i < j) and len(i) < 400 * 399 // 8  # far fewer than every pair
