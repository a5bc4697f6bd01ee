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


def own_grid(centres: np.ndarray, sides: np.ndarray, share: float, steps: tuple[float, float],
             like: float = 0.25, least: int = 2, stretch: np.ndarray | None = None,
             group: int = 1) -> np.ndarray:
    """Which blobs lie on a grid of their own size: at least ``least`` others of a like side
    (within ``like`` of its own) lie ``steps`` (least, most) times its own pitch away, its pitch
    being its side / ``share`` (a cell's side is that share of the lattice's step); the others
    must be on the grid too (blobs are dropped until every one left has ``least`` such
    neighbours left), and the blobs so linked together must be at least ``group``.

    A board seen at any scale is found so, blob by blob, without one pitch for the picture:
    squares of a far page, smaller than the near page's, are on their own grid; a desk's specks
    that happen to lie a pitch from two others are not linked to many more.

    Parameters
    ----------
    centres : numpy.ndarray
        ``(n, 2)`` blob centres (px).
    sides : numpy.ndarray
        ``(n,)`` their sides (px).
    share : float
        A cell's side over the lattice's step.
    steps : tuple of float
        Neighbours lie between these multiples of the pitch.
    like : float
        Sides within this share of a blob's own are alike.
    least : int
        Neighbours needed.
    stretch : numpy.ndarray, optional
        ``(n,)`` how much longer than wide each blob is (1 or more; a square seen at a slant):
        its neighbours may lie the square root of that nearer or farther (None: all square).
    group : int
        Fewest blobs linked together.

    Returns
    -------
    numpy.ndarray
        ``(n,)`` bool.
    """
    centres = np.asarray(centres, np.float64).reshape(-1, 2)
    sides = np.asarray(sides, np.float64).reshape(-1)
    n = len(centres)
    if n <= least:
        return np.zeros(n, bool)
    i, j = near_pairs(centres, steps[1] * float(sides.max()) / share)
    d = np.linalg.norm(centres[i] - centres[j], axis=1)
    slack = np.ones(n) if stretch is None else np.sqrt(np.maximum(np.asarray(stretch, np.float64), 1.0))
    linked = np.abs(sides[i] - sides[j]) <= like * np.minimum(sides[i], sides[j])
    for a in (i, j):  # a link is a pitch away for both of its blobs
        pitch = sides[a] / share
        linked &= (d >= steps[0] * pitch / slack[a]) & (d <= steps[1] * pitch * slack[a])
    i, j = i[linked], j[linked]
    kept = np.ones(n, bool)
    while True:
        live = kept[i] & kept[j]
        count = np.bincount(i[live], minlength=n) + np.bincount(j[live], minlength=n)
        drop = kept & (count < least)
        if not drop.any():
            break
        kept &= ~drop
    live = kept[i] & kept[j]
    return kept & (_group_sizes(n, i[live], j[live]) >= group)


def _group_sizes(n: int, i: np.ndarray, j: np.ndarray) -> np.ndarray:
    """For each of ``n`` points, how many points the links ``i``-``j`` join it to (itself included)."""
    root = np.arange(n)
    changed = True
    while changed:  # each link pulls both ends to the smaller root, until no link joins two roots
        low = np.minimum(root[i], root[j])
        before = root.copy()
        np.minimum.at(root, i, low)
        np.minimum.at(root, j, low)
        root = root[root]
        changed = bool((root != before).any())
    return np.bincount(root, minlength=n)[root]


__all__ = ["near_pairs", "own_grid"]
