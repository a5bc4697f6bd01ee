"""Pieces standing apart in the tray joined onto one lattice of tops.

The lattice of tops grows from a triangle of neighbouring tops by a local
map (:mod:`.tray_tops`): a piece several stars away, seen in perspective,
lies too far off that map's lattice to join (0.3-0.5 of a step, where 0.25
is allowed), and a straight piece or a chain of four has no triangle of its
own.  :func:`join_apart` takes the tops left off in groups (one colour,
neighbours in the picture) and tries every way of putting a group's tops on
lattice points near where the first lattice puts them: the one way that puts
every top within :data:`JOINED` of one lattice fitted through all is kept.
"""

from __future__ import annotations

from itertools import product

import cv2
import numpy as np

from visolve.puzzles.iq_stars.plastic import balanced, classify_plastic
from visolve.puzzles.iq_stars.tray_find import Top
from visolve.puzzles.iq_stars.tray_shapes import STEPS
from visolve.puzzles.iq_stars.tray_tops import AREA_RANGE, round_axial, through, to_axial, to_metric

#: every top of both lattices lies this close (lattice units) to the one fitted through all
#: (rendered trays: 0.01; the product photo's tops: 0.03)
JOINED = 0.08
#: ... and any other way of laying them leaves a top at least this much further off
JOIN_LEAD = 2.0
#: the fewest tops a group needs to be joined
JOIN_MIN = 3
#: a top of a group may go to a lattice point this far (lattice units) from where the first
#: lattice puts it (a piece 5 stars away in perspective: up to 0.5)
REACH = 0.75


def _worst(axial: np.ndarray, tops: list[Top]) -> float:
    """The largest distance (lattice units) of ``tops`` from the lattice fitted through them at
    ``axial`` (inf when no lattice fits)."""
    hom = through(axial, tops)
    if hom is None:
        return float("inf")
    try:
        inv = np.linalg.inv(hom)
    except np.linalg.LinAlgError:
        return float("inf")
    pts = np.array([(t.x, t.y) for t in tops], np.float64).reshape(-1, 1, 2)
    seen = cv2.perspectiveTransform(pts, inv).reshape(-1, 2)
    return float(np.hypot(*(seen - to_metric(axial)).T).max())


def join_apart(hom: np.ndarray, axial: np.ndarray, members: list[Top],
               tops: list[Top]) -> tuple[np.ndarray, np.ndarray, list[Top]]:
    """The lattice ``hom`` through ``members`` (at ``axial``) with the groups of other ``tops``
    (of the members' size, one colour, neighbours in the picture) joined to it, each when
    exactly one way of laying it fits (see the module docstring): ``(hom, axial, members)``."""
    ref = float(np.median([t.area for t in members]))
    known = {id(t) for t in members}
    left = [t for t in tops if id(t) not in known and ref / AREA_RANGE <= t.area <= AREA_RANGE * ref]
    for group in _groups(left, _step(members)):
        joined = _lay(hom, axial, members, group) if len(group) >= JOIN_MIN else None
        if joined is not None:
            axial, members = joined
            hom = through(axial, members)
    return hom, axial, members


def _step(tops: list[Top]) -> float:
    """The median distance (px) from a top to its nearest."""
    p = np.array([(t.x, t.y) for t in tops], np.float64)
    d = np.hypot(*(p[:, None, :] - p[None, :, :]).transpose(2, 0, 1))
    np.fill_diagonal(d, np.inf)
    return float(np.median(d.min(axis=1)))


def _groups(tops: list[Top], step: float) -> list[list[Top]]:
    """The tops in groups of one colour whose neighbours lie within 1.5 ``step`` of each other,
    the largest first."""
    letters = [classify_plastic(balanced(t)).name for t in tops]
    p = np.array([(t.x, t.y) for t in tops], np.float64).reshape(-1, 2)
    left, out = set(range(len(tops))), []
    while left:
        todo = [left.pop()]
        group = list(todo)
        while todo:
            k = todo.pop()
            near = [n for n in left if letters[n] == letters[k] and np.hypot(*(p[n] - p[k])) <= 1.5 * step]
            for n in near:
                left.remove(n)
                group.append(n)
                todo.append(n)
        out.append([tops[n] for n in group])
    return sorted(out, key=len, reverse=True)


def _lay(hom, axial, members, group):
    """The one way of putting the tops ``group`` on lattice points near where ``hom`` puts
    them, as ``(axial, members)`` of all; None when none fits or more than one does."""
    try:
        inv = np.linalg.inv(hom)
    except np.linalg.LinAlgError:
        return None
    pts = np.array([(t.x, t.y) for t in group], np.float64).reshape(-1, 1, 2)
    frac = to_axial(cv2.perspectiveTransform(pts, inv).reshape(-1, 2))
    taken = set(map(tuple, np.asarray(axial).tolist()))
    options = []
    for f in frac:
        base = round_axial(f[None])[0]
        spots = [tuple(base + s) for s in ((0, 0),) + STEPS]
        options.append([s for s in spots if s not in taken
                        and np.hypot(*(to_metric(np.array(s)) - to_metric(f[None]))[0]) <= REACH])
    both = list(members) + list(group)
    fits = []
    for choice in product(*options):
        if len(set(choice)) == len(choice):
            together = np.concatenate([np.asarray(axial, np.int64), np.array(choice, np.int64)])
            fits.append((_worst(together, both), together))
    fits.sort(key=lambda f: f[0])
    if not fits or fits[0][0] > JOINED or (len(fits) > 1 and fits[1][0] < JOIN_LEAD * fits[0][0]):
        return None
    return fits[0][1], both


__all__ = ["JOINED", "JOIN_LEAD", "JOIN_MIN", "REACH", "join_apart"]
