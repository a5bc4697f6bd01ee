"""Quadrilaterals from the straight stretches of an outline: a shape joined to another keeps them.

A shape whose mask runs into a neighbour (a box into a light disc on the
table beside it) loses part of its outline to the neighbour's, and a quad
fitted to the whole outline is neither shape.  What is left of each of the
shape's own sides is still straight on the joined outline.  The outline is
simplified (:func:`cv2.approxPolyDP`); its edges at least ``min_length`` long
are its straight stretches (:func:`straight_lines`), stretches on one line
(a side broken by the join) make one line, and every four lines that pair
off into two sides facing each other are crossed into a quadrilateral whose
sides hold their stretches (:func:`quads_from_lines`), the best supported
first.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

import cv2
import numpy as np

from visolve.vision.geometry import line_intersection

#: stretches within this angle (degrees) and this many times the simplification's tolerance of
#: each other's line are one line
SAME_ANGLE, SAME_OFFSET = 4.0, 2.0
#: two sides facing each other differ by at most FACING degrees (perspective), two meeting sides
#: by at least MEETING
FACING, MEETING = 35.0, 50.0
#: a stretch lies on its side when its ends are within this share of the side's length of it
ON_SIDE = 0.1


@dataclass
class Stretch:
    """A straight line through some of an outline's straight stretches.

    Attributes
    ----------
    line : tuple of float
        ``(vx, vy, x0, y0)``: a unit direction and a point.
    ends : list of tuple
        Each stretch's two ends, ``((x, y), (x, y))``.
    """

    line: tuple[float, float, float, float]
    ends: list

    @property
    def support(self) -> float:
        """The stretches' total length (px)."""
        return float(sum(np.hypot(*(np.subtract(b, a))) for a, b in self.ends))


def _angle(line) -> float:
    """A line's direction, degrees in [0, 180)."""
    return float(np.degrees(np.arctan2(line[1], line[0])) % 180.0)


def _apart(a: float, b: float) -> float:
    """Angle between two directions in [0, 180), degrees in [0, 90]."""
    d = abs(a - b) % 180.0
    return min(d, 180.0 - d)


def _offset(line, point) -> float:
    """A point's distance from a line."""
    vx, vy, x0, y0 = line
    return abs((point[0] - x0) * vy - (point[1] - y0) * vx)


def straight_lines(outline: np.ndarray, min_length: float, eps: float = 1.5,
                   frame: tuple[int, int] | None = None) -> list[Stretch]:
    """The lines of an outline's straight stretches, the best supported first.

    Parameters
    ----------
    outline : numpy.ndarray
        A closed outline, ``(n, 1, 2)`` or ``(n, 2)`` points in order.
    min_length : float
        Shortest stretch kept (px).
    eps : float
        Tolerance of the outline's simplification (px).
    frame : tuple of int or None
        ``(width, height)`` of the picture the outline is in: a stretch along its edge (a
        shape cut off by the picture) is no side of the shape.

    Returns
    -------
    list of Stretch
        Stretches on one line (:data:`SAME_ANGLE`, :data:`SAME_OFFSET`) merged.
    """
    pts = np.asarray(outline).reshape(-1, 1, 2).astype(np.int32)
    poly = cv2.approxPolyDP(pts, eps, True).reshape(-1, 2).astype(np.float64)
    out: list[Stretch] = []
    for a, b in zip(poly, np.roll(poly, -1, axis=0)):
        length = float(np.hypot(*(b - a)))
        if length < min_length or (frame is not None and _on_frame(a, b, frame)):
            continue
        d = (b - a) / length
        line = (float(d[0]), float(d[1]), float(a[0]), float(a[1]))
        for s in out:
            if (_apart(_angle(s.line), _angle(line)) <= SAME_ANGLE
                    and max(_offset(s.line, a), _offset(s.line, b)) <= SAME_OFFSET * eps):
                s.ends.append((tuple(a), tuple(b)))
                s.line = _refit(s.ends)
                break
        else:
            out.append(Stretch(line, [(tuple(a), tuple(b))]))
    return sorted(out, key=lambda s: -s.support)


def _on_frame(a: np.ndarray, b: np.ndarray, frame: tuple[int, int]) -> bool:
    """Both ends of a stretch on one edge of a picture ``frame`` (width, height)."""
    w, h = frame
    return bool((a[0] <= 0 and b[0] <= 0) or (a[1] <= 0 and b[1] <= 0)
                or (a[0] >= w - 1 and b[0] >= w - 1) or (a[1] >= h - 1 and b[1] >= h - 1))


def _refit(ends: list) -> tuple[float, float, float, float]:
    """The line through stretches' ends, each stretch weighted by its length (its points sampled)."""
    pts = []
    for a, b in ends:
        n = max(2, int(np.hypot(*np.subtract(b, a))))
        pts.append(np.linspace(a, b, n))
    vx, vy, x0, y0 = cv2.fitLine(np.vstack(pts).astype(np.float32), cv2.DIST_L2, 0, 0.01, 0.01).ravel()
    return float(vx), float(vy), float(x0), float(y0)


def _pairing(four: tuple) -> tuple | None:
    """The four lines as two pairs of sides facing each other, in order round a quadrilateral
    (a, c, b, d for pairs (a, b) and (c, d)); None when no pairing fits :data:`FACING` and
    :data:`MEETING`."""
    a, b, c, d = four
    best, best_spread = None, None
    for (p, q), (r, s) in (((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c))):
        angles = [_angle(x.line) for x in (p, q, r, s)]
        facing = max(_apart(angles[0], angles[1]), _apart(angles[2], angles[3]))
        meeting = min(_apart(angles[i], angles[j]) for i in (0, 1) for j in (2, 3))
        if facing <= FACING and meeting >= MEETING and (best_spread is None or facing < best_spread):
            best, best_spread = (p, r, q, s), facing
    return best


def _holds(stretch: Stretch, start: np.ndarray, end: np.ndarray) -> float:
    """How much of a stretch's support lies on the side from ``start`` to ``end`` (px), or -1
    when a stretch reaches beyond the side's ends by more than :data:`ON_SIDE` of it."""
    side = end - start
    length = float(np.hypot(*side))
    if length < 1e-6:
        return -1.0
    for a, b in stretch.ends:
        for p in (a, b):
            t = float(np.dot(np.subtract(p, start), side)) / length**2
            if t < -ON_SIDE or t > 1 + ON_SIDE:
                return -1.0
    return stretch.support


def quads_from_lines(lines: list[Stretch], max_lines: int = 8) -> list[tuple[np.ndarray, float]]:
    """Convex quadrilaterals whose four sides each hold one line's stretches, the best supported
    first.

    Parameters
    ----------
    lines : list of Stretch
        From :func:`straight_lines`; the first ``max_lines`` are combined.
    max_lines : int
        Lines combined at most (the quads tried grow as its fourth power).

    Returns
    -------
    list of tuple
        ``(corners, support)``: ``(4, 2)`` float64 corners in order round the quadrilateral,
        and the stretches' total length on its sides (px).
    """
    out = []
    for four in combinations(lines[:max_lines], 4):
        order = _pairing(four)
        if order is None:
            continue
        corners = [line_intersection(order[k - 1].line, order[k].line) for k in range(4)]
        if any(c is None for c in corners):
            continue
        quad = np.array(corners, np.float64)
        if not cv2.isContourConvex(quad.astype(np.float32).reshape(-1, 1, 2)):
            continue
        held = [_holds(order[k], quad[k], quad[(k + 1) % 4]) for k in range(4)]
        if min(held) < 0:
            continue
        out.append((quad, float(sum(held))))
    return sorted(out, key=lambda qs: -qs[1])
