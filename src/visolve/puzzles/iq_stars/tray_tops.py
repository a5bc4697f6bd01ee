"""The tops of IQ Stars pieces standing in the tray put on a lattice, and coloured.

The tops are found by :func:`.tray_find.find_tops`; :func:`fit_lattice` puts them on a triangular lattice
grown from a triangle of three mutually neighbouring tops (a local affine
map, then a homography as more tops join); :func:`classify_plastic` calls a
top's piece colour from its ring divided by its own white middle, channel
by channel, which takes out the light's colour and strength there.

Lattice coordinates are *axial* ``(i, j)``: ``j`` a row, ``i`` along it, a
cell's six neighbours ``(i +- 1, j)``, ``(i, j +- 1)``, ``(i + 1, j - 1)``
and ``(i - 1, j + 1)``; *metric* ``(i + j / 2, j * sqrt(3) / 2)`` in units
of the distance between neighbouring stars, ``v`` growing down the rows.
"""

from __future__ import annotations

from collections.abc import Iterator

import cv2
import numpy as np

from visolve.puzzles.iq_stars.plastic import balanced, classify_plastic
from visolve.puzzles.iq_stars.tray_find import Top, find_tops
from visolve.puzzles.iq_stars.tray_seeds import seed_order, triangles, within_factor
from visolve.puzzles.iq_stars.tray_pieces import near_colours
from visolve.puzzles.iq_stars.tray_shapes import PIECE_MIN, STEPS, whole_pieces
from visolve.vision.glance import thumbnail

#: the middles of the tops of one lattice are within this factor of each other's area
AREA_RANGE = 4.0
#: ... and of each other's brightness (mean of BGR): a piece's stars are printed alike, but
#: the pale side faces of pieces seen at a slant can be white enough for a middle (seed 1
#: scene 92: side faces 125-150 beside middles 200-254 held a lattice of 18, which won over
#: the true one's 15 and tied two placements).  The first lattice of the trays of seeds 0, 1
#: and 17 read right: middles up to 1.42x apart (seed 0 scene 69, in glare), so a seed's
#: range reaches both ends of a lattice from its middle
MIDDLE_RANGE = 1.4
#: a lattice whose middles (median brightness) are darker than this share of the whitest
#: lattice's is ranked after every whiter one: a top's middle is the whitest of a piece
GREY_MIDDLES = 0.75
#: a top's white middle covers this many square lattice units (measured 0.09-0.21 on the
#: product photo and rendered trays; a pattern of small light spots does not keep to it)
MIDDLE_SIZE = (0.07, 0.3)
#: a top joins the lattice while it grows when this close to its point (lattice units) ...
#: ... and stays on it when this close to the lattice fitted through all (the product
#: photo: 0.03 at most)
ON_PLANE = 0.18
#: (growing)
ON_LATTICE = 0.25
#: the lattice grows to tops up to this many steps from those already on it (a board is 7
#: stars across: pieces of one challenge can be 5 apart)
GROW_REACH = 5
SQRT3 = float(np.sqrt(3.0))


def to_metric(axial) -> np.ndarray:
    """Axial lattice coordinates -> metric (see the module docstring), ``(n, 2)`` float."""
    a = np.asarray(axial, np.float64).reshape(-1, 2)
    return np.stack([a[:, 0] + a[:, 1] / 2, a[:, 1] * SQRT3 / 2], axis=1)


def to_axial(metric) -> np.ndarray:
    """Metric lattice coordinates -> axial (fractional)."""
    m = np.asarray(metric, np.float64).reshape(-1, 2)
    j = m[:, 1] * 2 / SQRT3
    return np.stack([m[:, 0] - j / 2, j], axis=1)


def round_axial(axial) -> np.ndarray:
    """The nearest lattice point of each fractional axial point (cube rounding)."""
    a = np.asarray(axial, np.float64).reshape(-1, 2)
    x, z = a[:, 0], a[:, 1]
    y = -x - z
    rx, ry, rz = np.round(x), np.round(y), np.round(z)
    dx, dy, dz = np.abs(rx - x), np.abs(ry - y), np.abs(rz - z)
    fix_x = (dx > dy) & (dx > dz)
    fix_z = ~fix_x & (dz >= dy)
    rx = np.where(fix_x, -ry - rz, rx)
    rz = np.where(fix_z, -rx - ry, rz)
    return np.stack([rx, rz], axis=1).astype(np.int64)


def _model(axial: np.ndarray, pts: np.ndarray) -> np.ndarray | None:
    """Metric lattice -> picture: affine from 3-5 points, a homography from more; None from
    fewer (a lattice grown from a triangle whose tops all but two left)."""
    if len(axial) < 3:
        return None
    src = to_metric(axial).astype(np.float32)
    dst = pts.astype(np.float32)
    if len(src) >= 6:
        hom, _ = cv2.findHomography(src, dst, 0)
        return hom
    aff, _ = cv2.estimateAffine2D(src, dst, method=cv2.LMEDS) if len(src) > 3 else (
        cv2.getAffineTransform(src[:3], dst[:3]), None)
    if aff is None:
        return None
    return np.vstack([aff, [0.0, 0.0, 1.0]])


def _inverse(hom: np.ndarray | None) -> np.ndarray | None:
    """The inverse of a lattice's homography; None for none or a singular one (tops in a line
    fitted by a homography)."""
    if hom is None or abs(np.linalg.det(hom)) < 1e-12 * max(float(np.abs(hom).max()), 1e-12) ** 3:
        return None
    return np.linalg.inv(hom)


def _like(values: np.ndarray, seed: tuple[int, int, int], spread: float) -> np.ndarray:
    """Which ``values`` are within a factor ``spread`` of the median of the ``seed``'s."""
    return within_factor(values, float(np.median(values[list(seed)])), spread)


def _grow(pts: np.ndarray, areas: np.ndarray, seed: tuple[tuple[int, int, int], bool],
          middles: np.ndarray) -> tuple[np.ndarray, dict] | None:
    """Grow a lattice from a seed triangle (:func:`.tray_seeds.triangles`) through the tops at
    ``pts`` whose middles' ``areas`` and brightness (``middles``) are like the seed's; the
    homography and the tops on it (index -> axial)."""
    tops, bent = seed
    like = _like(areas, tops, AREA_RANGE) & _like(middles, tops, MIDDLE_RANGE)
    a, b, c = seed_order(pts, tops, bent)
    tri = np.array([[0, 0], [1, 0], [1, 1]] if bent else [[0, 0], [1, 0], [0, 1]])
    # the lattice is seen from above: no mirror image (metric v grows down, like picture y)
    (ux, uy), (vx, vy) = pts[b] - pts[a], pts[c] - pts[a]
    order = (a, b, c) if ux * vy - uy * vx > 0 else ((c, b, a) if bent else (a, c, b))
    members = {order[0]: (0, 0), order[1]: (1, 0), order[2]: (0, 1)}
    hom = _model(tri, pts[list(order)])
    for _ in range(12):
        if hom is None:
            return None
        inv = _inverse(hom)
        if inv is None:
            return None
        frac = to_axial(cv2.perspectiveTransform(pts.reshape(-1, 1, 2).astype(np.float64), inv).reshape(-1, 2))
        near = round_axial(frac)
        err = np.hypot(*(to_metric(frac) - to_metric(near)).T)
        known = np.array(list(members.values()))
        reach = np.abs(near[:, None, :] - known[None]).sum(axis=2).min(axis=1)
        new = {i: tuple(int(v) for v in near[i]) for i in range(len(pts))
               if err[i] < ON_LATTICE and like[i] and (i in members or reach[i] <= GROW_REACH)}
        if len(set(new.values())) < len(new):  # two tops on one lattice point
            return None
        if new == members:
            break
        members = new
        idx = list(members)
        hom = _model(np.array([members[i] for i in idx]), pts[idx])
    return hom, members


def _in_pieces(members: dict[int, tuple[int, int]]) -> set[int]:
    """The tops in groups of at least :data:`PIECE_MIN` joined tops (a lone top or pair on the
    lattice is a loose piece's star beside the tray, lined up by chance)."""
    where = {a: i for i, a in members.items()}
    keep, seen = set(), set()
    for start in where:
        if start in seen:
            continue
        group, todo = [], [start]
        seen.add(start)
        while todo:
            a = todo.pop()
            group.append(a)
            for di, dj in STEPS:
                b = (a[0] + di, a[1] + dj)
                if b in where and b not in seen:
                    seen.add(b)
                    todo.append(b)
        if len(group) >= PIECE_MIN:
            keep |= {where[a] for a in group}
    return keep


def _sized(hom: np.ndarray, members: dict, areas: np.ndarray) -> dict:
    """The members whose white middle has a top's size on the lattice (:data:`MIDDLE_SIZE`)."""
    idx = list(members)
    if not idx:
        return {}
    m = to_metric(np.array([members[i] for i in idx]))
    probe = np.concatenate([m, m + (0.05, 0.0), m + (0.0, 0.05)])
    q = cv2.perspectiveTransform(probe.reshape(-1, 1, 2), hom).reshape(3, -1, 2)
    (ux, uy), (vx, vy) = (q[1] - q[0]).T, (q[2] - q[0]).T
    unit_area = np.abs(ux * vy - uy * vx) / 0.05**2  # px per square lattice unit there
    size = areas[idx] / np.maximum(unit_area, 1e-9)
    lo, hi = MIDDLE_SIZE
    return {i: members[i] for i, v in zip(idx, size) if lo <= v <= hi}


def fit_lattice(tops: list[Top], min_tops: int) -> tuple[np.ndarray, np.ndarray, list[Top]] | None:
    """The lattice through most tops: the first of :func:`ranked_lattices`, or None when no
    lattice holds ``min_tops``."""
    return next(ranked_lattices(tops, min_tops), None)


def ranked_lattices(tops: list[Top], min_tops: int) -> Iterator[tuple[np.ndarray, np.ndarray, list[Top]]]:
    """The lattices through ``min_tops`` tops or more, each as (homography metric -> work
    picture, axial points ``(n, 2)``, the tops on them), the likeliest first; one a set of tops.

    Tops alone fix a lattice only up to a shear: the lattice sheared along a row (a triangle
    of tops that are no mutual neighbours grown as one) can hold the same tops under another
    homography, as exactly.  On the true lattice each piece's tops, of one colour, form that
    colour's piece's shape (a sheared one can turn it into another piece's).  Each seed
    triangle's lattice is counted after :func:`_on_plane` by its tops in whole pieces
    (:func:`visolve.puzzles.iq_stars.tray_shapes.whole_pieces`), then by all
    its tops (seed 2 scene 41: a sheared lattice of 19 tops, 15 after the plane test, won by
    count over the true one's 18 and tied two placements); of lattices counted alike, the one
    grown from the more even seed triangle first.  A set of tops grown several ways is
    ranked by its best way.  A bent seed (:func:`.tray_seeds.triangles`) whose tops a lattice
    found already holds, all of its tops in whole pieces, is not grown (it would grow alike and
    double the time).  Lattices of grey middles come after the whiter ones
    (:data:`GREY_MIDDLES`)."""
    pts = np.array([(t.x, t.y) for t in tops], np.float64).reshape(-1, 2)
    verdicts = [classify_plastic(balanced(t)) for t in tops]
    letters, may = [v.name for v in verdicts], [near_colours(v) for v in verdicts]
    areas = np.array([t.area for t in tops], np.float64)
    middles = middle_brightness(tops)
    found, tried = {}, set()  # the set of tops -> (its best count, seed number, members)
    for order, seed in enumerate(triangles(pts, areas, AREA_RANGE, middles, MIDDLE_RANGE)):
        if seed[1] and any(key[0] == key[1] and set(seed[0]) <= held.keys() for key, _o, held in found.values()):
            continue  # a bent chain's tops in whole pieces of a lattice already: grown alike
        grown = _grow(pts, areas, seed, middles)
        if grown is None:
            continue
        sized = _sized(grown[0], grown[1], areas)
        kept = _in_pieces(sized)
        members = {i: a for i, a in sized.items() if i in kept}
        signature = frozenset(members.items())
        if len(members) < min_tops or signature in tried:
            continue
        tried.add(signature)
        members = _on_plane(members, pts)
        if len(members) < min_tops:
            continue
        key = (whole_pieces(members, letters, may), len(members))
        held = found.get(frozenset(members))
        if held is None or key > held[0]:
            found[frozenset(members)] = (key, -order, members)
    for members in whiter_first(found.values(), middles):
        idx = sorted(members)
        axial = np.array([members[i] for i in idx], np.int64)
        axial -= axial.min(axis=0)
        hom = _model(axial, pts[idx])
        if hom is not None:  # (the estimate of an affine map through 4-5 tops can fail)
            yield hom, axial, [tops[i] for i in idx]


def middle_brightness(tops: list[Top]) -> np.ndarray:
    """The brightness of each top's white middle (mean of its median BGR), ``(n,)``."""
    return np.array([float(np.mean(t.white)) for t in tops], np.float64).reshape(-1)


def whiter_first(found, middles: np.ndarray) -> list[dict]:
    """The members of the lattices ``found`` (each ``(key, -seed number, members)``) in rank
    order: by key, then seed, those whose middles' median brightness is under
    :data:`GREY_MIDDLES` of the whitest lattice's after all others."""
    found = list(found)
    if not found:
        return []
    median = [float(np.median(middles[list(c[2])])) for c in found]
    whitest = max(median)
    ranks = sorted(range(len(found)), reverse=True,
                   key=lambda n: (median[n] >= GREY_MIDDLES * whitest, *found[n][:2]))
    return [found[n][2] for n in ranks]


def through(axial: np.ndarray, tops: list[Top]) -> np.ndarray | None:
    """The homography metric -> work picture through ``tops`` at their axial points ``(n, 2)``
    (an affine map from 3-5 tops; None from fewer)."""
    return _model(np.asarray(axial, np.int64), np.array([(t.x, t.y) for t in tops], np.float64))


def rejoin(hom: np.ndarray, axial: np.ndarray, members: list[Top],
           tops: list[Top]) -> tuple[np.ndarray, np.ndarray, list[Top]]:
    """The lattice ``hom`` through ``members`` (at ``axial``) with the other ``tops`` that lie
    within :data:`ON_PLANE` of a lattice point no member holds (a middle of the members' size),
    fitted again through all: ``(hom, axial, members)``; unchanged when that fit leaves a top
    further than :data:`ON_PLANE` off.  A loose piece lined up with the lattice bends the one
    fitted through all tops and a top of the board can fall off it; the board's own tops'
    lattice takes it back (seed 5 scene 68)."""
    inv = _inverse(hom)
    known = {id(t) for t in members}
    others = [t for t in tops if id(t) not in known]
    if inv is None or not others:
        return hom, axial, members
    pts = np.array([(t.x, t.y) for t in others], np.float64).reshape(-1, 1, 2)
    frac = to_axial(cv2.perspectiveTransform(pts, inv).reshape(-1, 2))
    near = round_axial(frac)
    err = np.hypot(*(to_metric(frac) - to_metric(near)).T)
    ref = float(np.median([t.area for t in members]))
    taken = set(map(tuple, np.asarray(axial).tolist()))
    spots = [tuple(int(v) for v in n) for n in near]
    add = [k for k, (e, spot, t) in enumerate(zip(err, spots, others)) if e <= ON_PLANE and spot not in taken
           and spots.count(spot) == 1 and ref / AREA_RANGE <= t.area <= AREA_RANGE * ref]
    all_axial = np.concatenate([np.asarray(axial, np.int64), near[add]])
    all_tops = list(members) + [others[k] for k in add]
    all_pts = np.array([(t.x, t.y) for t in all_tops], np.float64)
    refit = _model(all_axial, all_pts) if add else None
    inv2 = _inverse(refit)
    if inv2 is None:
        return hom, axial, members
    seen = cv2.perspectiveTransform(all_pts.reshape(-1, 1, 2), inv2).reshape(-1, 2)
    if np.hypot(*(seen - to_metric(all_axial)).T).max() > ON_PLANE:
        return hom, axial, members
    return refit, all_axial, all_tops


def _on_plane(members: dict, pts: np.ndarray) -> dict:
    """The members within :data:`ON_PLANE` of the lattice fitted through all of them (the
    tops of the pieces standing in the tray lie on one plane; a loose piece's, lower on the
    table, line up only roughly), still in groups of :data:`PIECE_MIN`."""
    for _ in range(3):
        idx = sorted(members)
        inv = _inverse(_model(np.array([members[i] for i in idx]), pts[idx]))
        if inv is None:
            return {}
        seen = cv2.perspectiveTransform(pts[idx].reshape(-1, 1, 2), inv).reshape(-1, 2)
        err = np.hypot(*(seen - to_metric(np.array([members[i] for i in idx]))).T)
        near = {i: members[i] for i, e in zip(idx, err) if e <= ON_PLANE}
        kept = _in_pieces(near)
        near = {i: a for i, a in near.items() if i in kept}
        if len(near) == len(members):
            break
        members = near
    return members


#: long side (px) of the thumbnail a probe looks for piece tops on
PROBE_SIDE = 480
#: a probe's score for a lattice of at least :data:`PIECE_MIN` tops (the board-shaped dark
#: tray scores besides; the reader decides)
TRAY_SCORE = 0.3


def probe_tray(image: np.ndarray) -> float:
    """A first look for pieces standing in a tray: :data:`TRAY_SCORE` when a thumbnail shows
    at least :data:`PIECE_MIN` piece tops on one star lattice, else 0 (a few ms)."""
    small = thumbnail(np.ascontiguousarray(image[:, :, :3]), PROBE_SIDE)
    _work, tops = find_tops(small)
    if len(tops) < PIECE_MIN:
        return 0.0
    pts = np.array([(t.x, t.y) for t in tops], np.float64)
    areas = np.array([t.area for t in tops], np.float64)
    middles = middle_brightness(tops)
    for seed in triangles(pts, areas, AREA_RANGE, middles, MIDDLE_RANGE):  # any lattice holding a piece will do
        grown = _grow(pts, areas, seed, middles)
        if grown is not None and len(_in_pieces(_sized(grown[0], grown[1], areas))) >= PIECE_MIN:
            return TRAY_SCORE
    return 0.0
