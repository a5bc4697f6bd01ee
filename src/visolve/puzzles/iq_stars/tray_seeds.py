"""Seed triangles for the lattice of IQ Stars piece tops (:mod:`.tray_tops`).

A lattice of tops grows from three tops put on three lattice points.  Three mutual
neighbours (a triangle of one step a side) are the likeliest seed; but a piece whose stars
form a chain holds no such triangle, only a bent chain: two neighbour steps at a third of a
turn, its ends :data:`SQRT3` steps apart (seed 2 scene 62: a pink chain of four and an orange
chain of three, grown as mutual neighbours, gave a lattice that left a pink top off).
"""

from __future__ import annotations

import numpy as np

#: a triangle of neighbouring tops has sides within this ratio
MAX_SIDE_RATIO = 2.2
#: a seed triangle's third top is among the first's this many nearest tops
NEAREST = 6
#: a seed triangle's area is at least this share of its longest side squared (an
#: equilateral one: 0.43; a bent chain 0.14; seen at 60 degrees: half of that)
MIN_TRIANGLE = 0.12
#: seed triangles tried at most, of each kind
MAX_SEEDS = 40
SQRT3 = float(np.sqrt(3.0))


def triangles(pts: np.ndarray, areas: np.ndarray, area_range: float, middles: np.ndarray | None = None,
              middle_range: float = np.inf) -> list[tuple[tuple[int, int, int], bool]]:
    """Seed triangles of three tops, each ``(tops, bent)``: tops likely lattice neighbours,
    each near the others (among their :data:`NEAREST` nearest), sides within
    :data:`MAX_SIDE_RATIO`, no flat triangle, middles of like size (within ``area_range``) and,
    when ``middles`` (their brightness) is given, of like brightness (within ``middle_range``).
    Up to :data:`MAX_SEEDS` of them as three mutual neighbours (``bent`` False), the most even
    first, then up to :data:`MAX_SEEDS` as a bent chain (True: two neighbour steps at a third of
    a turn, the long side :data:`SQRT3` steps), the likeliest first: pieces whose stars hold no
    triangle of mutual neighbours (chains) hold such a chain."""
    n = len(pts)
    if n < 3:
        return []
    d = np.hypot(*(pts[:, None, :] - pts[None, :, :]).transpose(2, 0, 1))
    np.fill_diagonal(d, np.inf)
    unlike = _unlike(areas, area_range)  # small light spots crowd no top out
    if middles is not None:  # nor do grey faces beside white middles
        unlike |= _unlike(middles, middle_range)
    near = np.argsort(np.where(unlike, np.inf, d), axis=1)[:, :NEAREST]
    found = set()
    for a in range(n):
        for b in near[a]:
            for c in near[a]:
                if b >= c or c not in near[b] and b not in near[c]:
                    continue
                tri = tuple(sorted((a, int(b), int(c))))
                if tri in found:
                    continue
                i, j, k = tri
                sides = np.array([d[i, j], d[j, k], d[i, k]])
                (ux, uy), (vx, vy) = pts[j] - pts[i], pts[k] - pts[i]
                flat = abs(ux * vy - uy * vx) / 2 < MIN_TRIANGLE * sides.max() ** 2
                mixed = unlike[i, j] or unlike[j, k] or unlike[i, k]
                if sides.max() <= MAX_SIDE_RATIO * sides.min() and not flat and not mixed:
                    found.add(tri)

    def spread(t, bent):  # px for three mutual neighbours, a share of a step for a bent chain
        s = sorted([d[t[0], t[1]], d[t[1], t[2]], d[t[0], t[2]]])
        return np.ptp([s[0], s[1], s[2] / SQRT3]) / s[1] if bent else np.ptp(s)

    even = sorted(found, key=lambda t: spread(t, False))[:MAX_SEEDS]
    bent = sorted(found, key=lambda t: spread(t, True))[:MAX_SEEDS]
    return [(t, False) for t in even] + [(t, True) for t in bent]


def within_factor(values, ref, spread: float) -> np.ndarray:
    """Which positive ``values`` lie within a factor ``spread`` of ``ref`` (broadcast)."""
    values, ref = np.asarray(values, np.float64), np.asarray(ref, np.float64)
    return (values <= spread * ref) & (values >= ref / spread)


def _unlike(values: np.ndarray, spread: float) -> np.ndarray:
    """``(n, n)``: which pairs of positive ``values`` are more than a factor ``spread`` apart."""
    return ~within_factor(values[:, None], values[None, :], spread)


def seed_order(pts: np.ndarray, tops: tuple[int, int, int], bent: bool) -> tuple[int, int, int]:
    """A seed triangle's tops in the order they take its lattice points: a bent chain's middle
    (the top across from the longest side) second."""
    if not bent:
        return tops
    a, b, c = tops
    d = {t: np.hypot(*(pts[u] - pts[v])) for t, (u, v) in zip(tops, ((b, c), (a, c), (a, b)))}
    middle = max(tops, key=lambda t: d[t])
    ends = [t for t in tops if t != middle]
    return ends[0], middle, ends[1]


__all__ = ["MAX_SEEDS", "MAX_SIDE_RATIO", "MIN_TRIANGLE", "NEAREST", "seed_order", "triangles", "within_factor"]
