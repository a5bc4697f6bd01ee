"""Points through homographies, and quadrilaterals from outlines: the one place each is written.

Coordinates everywhere in :mod:`visolve.vision`: a continuous point
``(x, y)``; pixel ``(row i, col j)`` covers ``[j, j+1) x [i, i+1)``, so a
``w x h`` picture spans ``(0, 0)`` to ``(w, h)`` and pixel centres sit at
``(j + 0.5, i + 0.5)``.  OpenCV's warps put pixel centres on whole numbers:
:func:`to_opencv` converts a homography between the two conventions.

A board's outline becomes its corners here, in two steps every family shares:
rough corners (:func:`polygon_corners`: the outline's hull simplified to four
points; :func:`rotated_box`; or the extreme points along the diagonals), then
:func:`refine_quad`: a straight line fitted to the middle of each side
(:func:`fit_line`, or :func:`consensus_line` for rims with lumps),
neighbouring sides' lines crossed (:func:`line_intersection`).
:func:`grown` moves corners onto the pixel edges.  OpenCV's ``fitLine``
(Huber) fits the lines: a robust fit in one call, faster than
``skimage.measure.ransac`` with a line model, which loops in Python.
"""

from __future__ import annotations

import cv2
import numpy as np


def map_points(homography: np.ndarray, points) -> np.ndarray:
    """``(n, 2)`` points ``(x, y)`` through a 3x3 homography; returns ``(n, 2)`` float64."""
    p = np.asarray(points, np.float64).reshape(-1, 2)
    q = np.hstack([p, np.ones((len(p), 1))]) @ np.asarray(homography, np.float64).T
    return q[:, :2] / q[:, 2:3]


def quad_size(corners: np.ndarray) -> tuple[float, float]:
    """Width and height of a quad (top-left, top-right, bottom-right, bottom-left): the means of
    its top and bottom sides' lengths and of its left and right sides'."""
    c = np.asarray(corners, np.float64)
    width = (np.linalg.norm(c[1] - c[0]) + np.linalg.norm(c[2] - c[3])) / 2
    height = (np.linalg.norm(c[3] - c[0]) + np.linalg.norm(c[2] - c[1])) / 2
    return float(width), float(height)


def rect_corners(x0: float, y0: float, x1: float, y1: float) -> np.ndarray:
    """Corners tl, tr, br, bl of an upright rectangle as a (4, 2) float64 array."""
    return np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], dtype=np.float64)


def rect_to_quad(rect: tuple[float, float, float, float], corners) -> np.ndarray:
    """3x3 homography taking the upright ``rect`` = (x0, y0, x1, y1) onto the
    quadrilateral ``corners`` (tl, tr, br, bl)."""
    src = rect_corners(*rect).astype(np.float32)
    dst = np.asarray(corners, dtype=np.float32).reshape(4, 2)
    return cv2.getPerspectiveTransform(src, dst)


def to_opencv(homography: np.ndarray) -> np.ndarray:
    """The same mapping for OpenCV's pixel-centre convention (centres on integers)."""
    t_in = np.array([[1.0, 0, 0.5], [0, 1.0, 0.5], [0, 0, 1.0]])
    t_out = np.array([[1.0, 0, -0.5], [0, 1.0, -0.5], [0, 0, 1.0]])
    return t_out @ np.asarray(homography, np.float64) @ t_in


def scale(factor_x: float, factor_y: float | None = None) -> np.ndarray:
    """The homography of a picture resized by ``factor_x`` (and ``factor_y``)."""
    return np.diag([factor_x, factor_x if factor_y is None else factor_y, 1.0])


def grown(corners: np.ndarray, d: float) -> np.ndarray:
    """The corners moved ``d`` pixels outwards along the diagonal directions.

    Parameters
    ----------
    corners : numpy.ndarray
        ``(4, 2)`` corners of a quadrilateral.
    d : float
        How far each corner moves along x and along y, away from the centre (px).

    Returns
    -------
    numpy.ndarray
        ``(4, 2)`` new corners, same order.
    """
    centre = corners.mean(axis=0)
    out = corners.copy()
    for i, c in enumerate(corners):
        sx = 1.0 if c[0] > centre[0] else -1.0
        sy = 1.0 if c[1] > centre[1] else -1.0
        out[i] = c + (sx * d, sy * d)
    return out


def sides_moved_out(quad: np.ndarray, by: float) -> np.ndarray:
    """``quad`` (convex, corners in order around it, px) with each side moved ``by`` px outward
    (its corners where the moved sides meet), for a quad at any angle (:func:`grown` moves the
    corners along the picture's axes, right for a quad standing upright)."""
    q = np.asarray(quad, np.float64).reshape(-1, 2)
    sides = np.roll(q, -1, axis=0) - q  # side k runs from corner k to corner k + 1
    normals = np.stack([sides[:, 1], -sides[:, 0]], axis=1) / np.maximum(np.linalg.norm(sides, axis=1, keepdims=True), 1e-9)
    if np.sum((q - q.mean(axis=0)) * normals) < 0:  # the normals point inward: corners counter-clockwise
        normals = -normals
    out = np.empty_like(q)
    for k in range(len(q)):  # corner k: where sides k - 1 and k, moved out, meet
        a, b = normals[k - 1], normals[k]
        lines = np.array([a, b])
        offsets = np.array([a @ q[k] + by, b @ q[k] + by])
        out[k] = np.linalg.solve(lines, offsets) if abs(np.linalg.det(lines)) > 1e-9 else q[k] + by * a
    return out


SIDE_SPAN = 0.15
"""Share of each side's length left out at both ends when its line is fitted (rounded corners)."""
SIDE_POINTS = 150
"""At most about this many outline points per side go into its line fit (evenly taken)."""
MIN_SIDE_POINTS = 5
"""A side with fewer outline points than this has no line."""
DIAGONAL_SPAN = 0.1
"""Share of each side left out at its ends when the rough corners are the diagonals' extremes."""


def fit_line(points: np.ndarray, rounds: int = 0, keep: float = 0.75) -> tuple[float, float, float, float]:
    """The straight line through ``points``, robust to strays (Huber), and to lumps with ``rounds``.

    Parameters
    ----------
    points : numpy.ndarray
        ``(n, 2)`` points ``(x, y)``, ``n >= 2``.
    rounds : int
        Times the line is fitted again to the share ``keep`` of the points
        nearest it: a lump along a stretch of a side (a tab standing on it, a
        piece bulging by blur) outweighs a Huber fit, not this.
    keep : float
        Share of the points kept each round (at least 4).

    Returns
    -------
    tuple of float
        ``(vx, vy, x0, y0)``: a unit direction and a point on the line.
    """
    pts = np.asarray(points, np.float32).reshape(-1, 2)
    line = cv2.fitLine(pts, cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
    for _ in range(rounds):
        n_keep = max(4, int(keep * len(pts)))
        if n_keep >= len(pts):
            break
        vx, vy, x0, y0 = line
        off = np.abs((pts[:, 0] - x0) * vy - (pts[:, 1] - y0) * vx)
        pts = pts[np.argpartition(off, n_keep - 1)[:n_keep]]
        line = cv2.fitLine(pts, cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
    vx, vy, x0, y0 = line
    return float(vx), float(vy), float(x0), float(y0)


def consensus_line(points: np.ndarray, tol: float = 0.012, pairs: int = 5) -> tuple[float, float, float, float] | None:
    """The straight line most of a side's points lie on, outvoting a lump along part of it.

    Lines through one of ``pairs`` points of the first third and one of the
    last third (``points`` in order along the side) are tried; the one with
    the most points within ``tol`` of the points' extent wins, and a least
    squares line is fitted to those points.

    Parameters
    ----------
    points : numpy.ndarray
        ``(n, 2)`` points ``(x, y)`` in order along the side.
    tol : float
        Farthest an agreeing point lies from a tried line, as a share of the
        points' extent (at least 1 px).
    pairs : int
        Points tried at each end.

    Returns
    -------
    tuple of float or None
        ``(vx, vy, x0, y0)``, or None for fewer than 8 points or under 4 agreeing.
    """
    pts = np.asarray(points, np.float64).reshape(-1, 2)
    n = len(pts)
    if n < 8:
        return None
    limit = max(1.0, tol * float(np.linalg.norm(pts.max(axis=0) - pts.min(axis=0))))
    picks = np.linspace(0, n // 3 - 1, pairs).astype(int)
    best, best_count = None, -1
    for i in picks:
        for j in n - 1 - picks:
            d = pts[j] - pts[i]
            norm = float(np.hypot(*d))
            if norm < 1e-6:
                continue
            off = np.abs((pts[:, 0] - pts[i, 0]) * d[1] - (pts[:, 1] - pts[i, 1]) * d[0]) / norm
            count = int((off <= limit).sum())
            if count > best_count:
                best, best_count = off <= limit, count
    if best is None or best_count < 4:
        return None
    vx, vy, x0, y0 = cv2.fitLine(pts[best].astype(np.float32), cv2.DIST_L2, 0, 0.01, 0.01).ravel()
    return float(vx), float(vy), float(x0), float(y0)


def clockwise_corners(quad) -> np.ndarray:
    """A quadrilateral's corners clockwise on the picture (y down), from the top-left one.

    Parameters
    ----------
    quad : array_like
        ``(4, 2)`` corners in any order.

    Returns
    -------
    numpy.ndarray
        The same corners, ordered by their angle about the centre and rolled to start at the
        corner with the least x + y.
    """
    q = np.asarray(quad)
    centre = q.mean(axis=0)
    q = q[np.argsort(np.arctan2(q[:, 1] - centre[1], q[:, 0] - centre[0]))]
    return np.roll(q, -int(np.argmin(q.sum(axis=1))), axis=0)


def polygon_corners(contour: np.ndarray, steps=(0.01, 0.02, 0.03, 0.05)) -> np.ndarray | None:
    """Rough corners: the outline's convex hull simplified to four points.

    Parameters
    ----------
    contour : numpy.ndarray
        An OpenCV contour, ``(n, 1, 2)`` or ``(n, 2)``.
    steps : sequence of float
        Simplification tolerances, shares of the hull's length, tried in turn.

    Returns
    -------
    numpy.ndarray or None
        ``(4, 2)`` float64 corners in the hull's order, or None when no
        tolerance leaves four points (too few first: not a quadrilateral).
    """
    hull = cv2.convexHull(np.asarray(contour).reshape(-1, 1, 2))
    length = cv2.arcLength(hull, True)
    for eps in steps:
        poly = cv2.approxPolyDP(hull, eps * length, True).reshape(-1, 2)
        if len(poly) == 4:
            return poly.astype(np.float64)
        if len(poly) < 4:
            return None
    return None


def rotated_box(contour: np.ndarray) -> np.ndarray:
    """Rough corners: the outline's smallest rotated bounding rectangle, ``(4, 2)`` float64."""
    points = np.asarray(contour).reshape(-1, 2).astype(np.float32)
    return cv2.boxPoints(cv2.minAreaRect(points)).astype(np.float64)


def refine_quad(contour: np.ndarray, quad: np.ndarray, band: float | None = 0.05,
                span: float = SIDE_SPAN, rounds: int = 0, consensus: float | None = None,
                max_points: int | None = SIDE_POINTS) -> np.ndarray | None:
    """Exact corners from rough ones: a line fitted to the outline along each side, crossed.

    Each outline point belongs to the side of ``quad`` it lies nearest; of a
    side's points, those within ``span`` of its length from either end
    (rounded corners, the neighbouring side) are left out, and with ``band``
    also those farther from the side than ``band`` of its length (a lump on
    the outline).  :func:`fit_line` fits the rest.

    Parameters
    ----------
    contour : numpy.ndarray
        The outline, ``(n, 1, 2)`` or ``(n, 2)``.
    quad : numpy.ndarray
        ``(4, 2)`` rough corners in order round the outline.
    band : float or None
        Farthest a side's point may lie from the rough side, as a share of
        its length; None keeps every point nearest that side (rough corners
        far off, e.g. a rotated box round a quad in perspective).
    span : float
        Share of each side's length left out at both ends.
    rounds : int
        Trimming rounds of each side's line fit (:func:`fit_line`): for
        outlines with lumps along their sides.
    consensus : float or None
        When given, each side's line is the :func:`consensus_line` with this
        tolerance instead (a lump along a long stretch of a side outvoted).
    max_points : int or None
        About this many of a side's points at most go into its line (evenly
        taken); None: all.

    Returns
    -------
    numpy.ndarray or None
        ``(4, 2)`` float64 corners, corner k where side k - 1 meets side k,
        or None when a side has too few points or two sides are parallel.
    """
    pts = np.asarray(contour).reshape(-1, 2).astype(np.float64)
    starts = np.asarray(quad, np.float64).reshape(4, 2)
    along = np.roll(starts, -1, axis=0) - starts
    lengths = np.linalg.norm(along, axis=1)
    if lengths.min() < 1e-6:
        return None
    normals = np.stack([-along[:, 1], along[:, 0]], axis=1) / lengths[:, None]
    rel = pts[:, None, :] - starts[None, :, :]
    off = np.abs(np.einsum("nsk,sk->ns", rel, normals))
    t = np.einsum("nsk,sk->ns", rel, along) / lengths**2
    owner = np.argmin(off, axis=1)
    lines = []
    for k in range(4):
        keep = (owner == k) & (t[:, k] > span) & (t[:, k] < 1 - span)
        if band is not None:
            keep &= off[:, k] < band * lengths[k]
        side, order = pts[keep], t[keep, k]
        if len(side) < MIN_SIDE_POINTS:
            return None
        if max_points:
            step = max(1, len(side) // max_points)
            side, order = side[::step], order[::step]
        if consensus is None:
            line = fit_line(side, rounds)
        else:  # its pairs are taken at the two ends: the points in order along the side
            line = consensus_line(side[np.argsort(order)], consensus)
        if line is None:
            return None
        lines.append(line)
    corners = [line_intersection(lines[k - 1], lines[k]) for k in range(4)]
    if any(c is None for c in corners):
        return None
    return np.array(corners, np.float64)


def quad_from_contour(contour: np.ndarray) -> np.ndarray | None:
    """The corners of a roughly quadrilateral contour: a line fitted to each side, crossed.

    The rough corners are the contour's extreme points along the diagonals
    (a board seen nearly square on); :func:`refine_quad` fits the sides.

    Parameters
    ----------
    contour : numpy.ndarray
        An OpenCV contour, ``(n, 1, 2)`` or ``(n, 2)``.

    Returns
    -------
    numpy.ndarray or None
        ``(4, 2)`` float64 corners (side k runs from corner k to corner k + 1),
        or None when the contour is too short or two sides are parallel.
    """
    pts = np.asarray(contour).reshape(-1, 2).astype(np.float64)
    if len(pts) < 8:
        return None
    s = pts[:, 0] + pts[:, 1]
    d = pts[:, 0] - pts[:, 1]
    rough = np.array([pts[np.argmin(s)], pts[np.argmax(d)], pts[np.argmax(s)], pts[np.argmin(d)]])
    return refine_quad(pts, rough, band=None, span=DIAGONAL_SPAN)


def line_intersection(l1, l2) -> tuple[float, float] | None:
    """Where two lines cross.

    Parameters
    ----------
    l1, l2 : sequence of float
        Lines as ``(vx, vy, x0, y0)``: a direction and a point, as ``cv2.fitLine`` gives them.

    Returns
    -------
    tuple of float or None
        ``(x, y)``, or None when the lines are (nearly) parallel.
    """
    vx1, vy1, x1, y1 = l1
    vx2, vy2, x2, y2 = l2
    det = vx1 * (-vy2) - (-vx2) * vy1
    if abs(det) < 1e-6:
        return None
    t = ((x2 - x1) * (-vy2) - (-vx2) * (y2 - y1)) / det
    return (x1 + t * vx1, y1 + t * vy1)
