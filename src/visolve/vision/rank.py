"""The k-th smallest of several planes, pixel by pixel, by a selection network.

``np.median(np.stack(planes), axis=0)`` sorts along the stacked axis, which
is strided: for 13 planes of 170 k pixels it costs about 40 ms, ``np.partition``
about 14 ms.  A sorting network (Batcher's odd-even merge sort) pruned to the
comparators the wanted rank depends on does the same with whole-plane
``np.minimum`` / ``np.maximum``: 10 comparators for the third of 6 (2 ms), 39 for
the middle of 13.  The result is exactly the element of that rank (minimum and
maximum only move values), so it can replace a sort or a median of an odd count
without changing a single value.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np


def _batcher(size: int) -> list[tuple[int, int]]:
    """Comparators (low lane, high lane) of Batcher's odd-even merge sort of ``size`` lanes
    (a power of two), in order."""
    pairs = []
    p = 1
    while p < size:
        k = p
        while k >= 1:
            for j in range(k % p, size - k, 2 * k):
                for i in range(min(k, size - j - k)):
                    if (i + j) // (2 * p) == (i + j + k) // (2 * p):
                        pairs.append((i + j, i + j + k))
            k //= 2
        p *= 2
    return pairs


@lru_cache(maxsize=32)
def selection_network(n: int, rank: int) -> tuple[tuple[int, int], ...]:
    """The comparators that put the ``rank``-th smallest of ``n`` lanes in lane ``rank``.

    Batcher's network for the next power of two, its missing lanes taken as
    +infinity (a comparator with one never moves anything), pruned backwards
    to those whose lanes the result depends on.
    """
    if not 0 <= rank < n:
        raise ValueError(f"rank {rank} of {n} planes")
    size = 1
    while size < n:
        size *= 2
    need, keep = {rank}, []
    for a, b in reversed(_batcher(size)):
        if a in need or b in need:
            keep.append((a, b))
            need |= {a, b}
    return tuple((a, b) for a, b in reversed(keep) if b < n)


def ranked(planes, rank: int) -> np.ndarray:
    """Pixel by pixel, the ``rank``-th smallest (0 the least) of ``planes`` (arrays of one shape).

    Equal to ``np.sort(np.stack(planes), axis=0)[rank]`` (no NaN in the planes), and to
    ``np.median(np.stack(planes), axis=0)`` for ``rank = len(planes) // 2`` of an odd count.
    """
    lanes = [np.array(p, copy=True) for p in planes]
    for a, b in selection_network(len(lanes), rank):
        low = np.minimum(lanes[a], lanes[b])
        np.maximum(lanes[a], lanes[b], out=lanes[b])
        lanes[a] = low
    return lanes[rank]
