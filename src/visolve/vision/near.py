"""Pairs of points that may lie near each other, found without comparing every pair.

Points are put in square buckets as wide as the distance asked for; a pair within that
distance lies in the same or neighbouring buckets, so only those are paired.  What a caller
keeps of the pairs (their exact distance, steps of a lattice) it measures itself.
"""

from __future__ import annotations

import numpy as np


def near_pairs(centres: np.ndarray, reach: float) -> tuple[np.ndarray, np.ndarray]:
    """Every pair ``i < j`` of ``centres`` (n x 2) that may lie within ``reach`` px, sorted by
    ``i`` then ``j``: those in the same or neighbouring buckets ``reach`` px wide (a desk's
    texture gives thousands of square-like specks: all pairs cost seconds)."""
    n = len(centres)
    if n < 2 or not np.isfinite(reach) or reach <= 0:
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    cell = np.floor((centres - centres.min(axis=0)) / reach).astype(np.int64)
    width = int(cell[:, 0].max()) + 3
    key = (cell[:, 1] + 1) * width + cell[:, 0] + 1
    order = np.argsort(key, kind="stable")
    keys = key[order]
    ii, jj = [], []
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            want = key + dy * width + dx
            lo, hi = np.searchsorted(keys, want, "left"), np.searchsorted(keys, want, "right")
            count = hi - lo
            rep = np.repeat(np.arange(n), count)
            first = np.repeat(lo - np.concatenate([[0], np.cumsum(count)[:-1]]), count)
            jj.append(order[first + np.arange(len(rep))])
            ii.append(rep)
    i, j = np.concatenate(ii), np.concatenate(jj)
    keep = i < j
    i, j = i[keep], j[keep]
    pick = np.lexsort((j, i))
    return i[pick], j[pick]


__all__ = ["near_pairs"]
