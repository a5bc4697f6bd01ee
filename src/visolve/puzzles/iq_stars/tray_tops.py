"""The tops of IQ Stars pieces standing in the tray: found, put on a lattice, coloured.

A piece's star seen from above is a white star ringed by the piece's
colour.  :func:`find_tops` finds white blobs (bright in their *darkest*
channel, so a coloured ring, dark there, cuts them off) mostly ringed by
saturated colour; :func:`fit_lattice` puts them on a triangular lattice
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
from dataclasses import dataclass

import cv2
import numpy as np

from visolve.puzzles.iq_stars.plastic import MAX_ANGLE, balanced, classify_plastic, plastic_chroma
from visolve.puzzles.iq_stars.tray_seeds import seed_order, triangles
from visolve.puzzles.iq_stars.tray_shapes import PIECE_MIN, STEPS, whole_pieces
from visolve.vision.glance import thumbnail
from visolve.vision.light import channel_max, channel_min, illumination, saturation_of

#: the photo is looked at with at most this long side (px)
WORK_SIDE = 1600
#: a white middle is brighter in its darkest channel than this share of the local light ...
WHITE_SHARE = 0.7
#: ... and less saturated than this
WHITE_SAT = 0.3
#: a ring pixel is coloured above this saturation and this brightness
RING_SAT, RING_VALUE = 0.35, 50.0
#: a top's ring is at least this share coloured
MIN_RING = 0.6
#: ring width as a share of the square root of the middle's area
RING_WIDTH = 0.2
#: a top's ring, divided by its white middle, is at least this far from grey (RGB, 0-1: the
#: product photo's violet, the palest piece colour, measures 0.22)
MIN_CHROMA = 0.12
#: a white middle covers this many px at least (work picture), at most this share of it
MIN_AREA, MAX_MIDDLE = 12, 0.01
#: glare washes a pale ring (violet, lime) under :data:`WHITE_SAT`: its white middle and the
#: glared tray round it make one white blob too large for a middle.  Inside such a blob the
#: middles are looked for again, whiter than GLARE_WHITE_SAT and ringed by colour above
#: GLARE_RING_SAT (seed 3 scene 17: middles 0.02-0.09, violet rings 0.2-0.3, glared tray
#: 0.12-0.16), and brighter in their darkest channel than GLARE_WHITE_SHARE of the local light
#: (seed 2 scene 1: a violet top's middle 1.03-1.07 where the glared page round it, as grey,
#: measures 0.7-0.8); their rings, divided by the middles, at least GLARE_CHROMA from grey
#: (that violet: 0.11).  A middle of a top's size so whitened is looked at so too, when its
#: ring fails the test above (seed 2 scene 65: violet rings 0.17 coloured above RING_SAT, all
#: above GLARE_RING_SAT, middles' saturation 0.08, 1.15 of the local light)
GLARE_WHITE_SAT, GLARE_RING_SAT, GLARE_WHITE_SHARE, GLARE_CHROMA = 0.1, 0.18, 0.9, 0.08
#: the middles of the tops of one lattice are within this factor of each other's area
AREA_RANGE = 4.0
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


@dataclass(frozen=True)
class Top:
    """One piece top seen in the picture."""

    x: float  #: middle (work picture px)
    y: float
    area: float  #: the white middle's area (px)
    ring: tuple[float, float, float]  #: median BGR of the coloured ring
    white: tuple[float, float, float]  #: median BGR of the white middle
    share: float  #: share of the ring that is coloured


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


def find_tops(image: np.ndarray) -> tuple[np.ndarray, list[Top]]:
    """The work picture and the piece tops in it."""
    work = thumbnail(np.ascontiguousarray(image[:, :, :3]), WORK_SIDE)
    f = work.astype(np.float32)
    lo, hi = channel_min(f), channel_max(f)
    sat = saturation_of(lo, hi)
    light = illumination(lo, max(work.shape[:2]) / 8.0, floor=40.0)
    white = ((lo > WHITE_SHARE * light) & (sat < WHITE_SAT)).astype(np.uint8)
    glared = (sat < GLARE_WHITE_SAT) & (lo > GLARE_WHITE_SHARE * light)  # a top's middle in glare
    pale = ((sat > GLARE_RING_SAT) & (hi > RING_VALUE), GLARE_CHROMA)
    tops, washed = _middles(work, white, ((sat > RING_SAT) & (hi > RING_VALUE), MIN_CHROMA), (glared, pale))
    if washed is not None:  # glare joined pale rings' middles to the tray round them
        tops += _middles(work, (washed & glared).astype(np.uint8), pale)[0]
    return work, tops


def _middles(work, white, rings, glare=None) -> tuple[list[Top], np.ndarray | None]:
    """The tops among the blobs of the ``white`` mask whose rings are coloured (``rings``:
    the mask of coloured px, the least chroma of a ring divided by its middle), and the mask
    of the blobs too large for a middle (None when there is none).  ``glare``: (where a
    middle in glare can be, ``rings`` there): a blob mostly there whose ring is not coloured
    enough is looked at again so (glare washes a pale ring)."""
    count, labels, stats, centres = cv2.connectedComponentsWithStats(white, connectivity=8)
    area = stats[:, cv2.CC_STAT_AREA]
    tops = []
    for i in range(1, count):
        if MIN_AREA <= area[i] <= MAX_MIDDLE * white.size:
            top = _top(work, labels, *rings, stats[i], i, centres[i])
            if top is None and glare is not None and _mostly(glare[0], labels, stats[i], i):
                top = _top(work, labels, *glare[1], stats[i], i, centres[i])
            if top is not None:
                tops.append(top)
    large = area > MAX_MIDDLE * white.size
    large[0] = False
    return tops, (large[labels] if large.any() else None)


def _mostly(mask: np.ndarray, labels: np.ndarray, stat, i: int) -> bool:
    """Is at least half of blob ``i`` (its ``stat``) in ``mask``?"""
    x, y, w, h, _area = (int(v) for v in stat)
    blob = labels[y:y + h, x:x + w] == i
    return bool(mask[y:y + h, x:x + w][blob].mean() >= 0.5)


def _top(work, labels, coloured, chroma: float, stat, i, centre) -> Top | None:
    x, y, w, h, area = (int(v) for v in stat)
    k = max(2, int(round(RING_WIDTH * np.sqrt(area))))
    x0, y0 = max(x - k - 1, 0), max(y - k - 1, 0)
    x1, y1 = min(x + w + k + 1, labels.shape[1]), min(y + h + k + 1, labels.shape[0])
    blob = (labels[y0:y1, x0:x1] == i).astype(np.uint8)
    ring = cv2.dilate(blob, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * k + 1, 2 * k + 1))) > blob
    share = float(coloured[y0:y1, x0:x1][ring].mean()) if ring.any() else 0.0
    if share < MIN_RING:
        return None
    patch = work[y0:y1, x0:x1]
    ring_px = patch[ring & coloured[y0:y1, x0:x1]]
    top = Top(float(centre[0]), float(centre[1]), float(area), tuple(np.median(ring_px, axis=0)),
              tuple(np.median(patch[blob > 0], axis=0)), share)
    rgb = balanced(top)
    if np.linalg.norm(plastic_chroma(rgb)) < chroma or classify_plastic(rgb).distance > MAX_ANGLE:
        return None  # a ring of no piece's colour
    return top


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


def _grow(pts: np.ndarray, areas: np.ndarray, seed: tuple[tuple[int, int, int], bool]) -> tuple[np.ndarray, dict] | None:
    """Grow a lattice from a seed triangle (:func:`.tray_seeds.triangles`); the homography and the tops on
    it (index -> axial)."""
    tops, bent = seed
    ref = float(np.median(areas[list(tops)]))
    like = (areas <= AREA_RANGE * ref) & (areas >= ref / AREA_RANGE)
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
    homography, as exactly.  On the true lattice each piece's tops, of one colour, form a
    piece's shape.  Each seed triangle's lattice is counted after :func:`_on_plane` by its tops
    in whole pieces (:func:`visolve.puzzles.iq_stars.tray_shapes.whole_pieces`), then by all
    its tops (seed 2 scene 41: a sheared lattice of 19 tops, 15 after the plane test, won by
    count over the true one's 18 and tied two placements); of lattices counted alike, the one
    grown from the more even seed triangle first.  A set of tops grown several ways is
    ranked by its best way.  A bent seed (:func:`.tray_seeds.triangles`) whose tops a lattice
    found already holds, all of its tops in whole pieces, is not grown (it would grow alike and
    double the time)."""
    pts = np.array([(t.x, t.y) for t in tops], np.float64).reshape(-1, 2)
    letters = [classify_plastic(balanced(t)).name for t in tops]
    areas = np.array([t.area for t in tops], np.float64)
    found, tried = {}, set()  # the set of tops -> (its best count, seed number, members)
    for order, seed in enumerate(triangles(pts, areas, AREA_RANGE)):
        if seed[1] and any(key[0] == key[1] and set(seed[0]) <= held.keys() for key, _o, held in found.values()):
            continue  # a bent chain's tops in whole pieces of a lattice already: grown alike
        grown = _grow(pts, areas, seed)
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
        key = (whole_pieces(members, letters), len(members))
        held = found.get(frozenset(members))
        if held is None or key > held[0]:
            found[frozenset(members)] = (key, -order, members)
    for _key, _order, members in sorted(found.values(), key=lambda c: c[:2], reverse=True):
        idx = sorted(members)
        axial = np.array([members[i] for i in idx], np.int64)
        axial -= axial.min(axis=0)
        hom = _model(axial, pts[idx])
        if hom is not None:  # (the estimate of an affine map through 4-5 tops can fail)
            yield hom, axial, [tops[i] for i in idx]


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
    for seed in triangles(pts, areas, AREA_RANGE):  # any lattice will do: the first that holds a piece
        grown = _grow(pts, areas, seed)
        if grown is not None and len(_in_pieces(_sized(grown[0], grown[1], areas))) >= PIECE_MIN:
            return TRAY_SCORE
    return 0.0
