"""Points through homographies, and quadrilaterals from outlines: the one place each is written.

Coordinates everywhere in :mod:`visolve.vision`: a continuous point
``(x, y)``; pixel ``(row i, col j)`` covers ``[j, j+1) x [i, i+1)``, so a
``w x h`` picture spans ``(0, 0)`` to ``(w, h)`` and pixel centres sit at
``(j + 0.5, i + 0.5)``.  OpenCV's warps put pixel centres on whole numbers:
:func:`to_opencv` converts a homography between the two conventions.

A board's outline becomes its corners here too: a straight line fitted to
each side of a contour (:func:`quad_from_contour`), the corners where
neighbouring sides' lines cross (:func:`line_intersection`), moved onto the
pixel edges (:func:`grown`).  OpenCV's ``fitLine`` (Huber) fits the lines:
a robust fit in one call, faster than a RANSAC loop in Python.
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


def quad_from_contour(contour: np.ndarray) -> np.ndarray | None:
    """The corners of a roughly quadrilateral contour: a line fitted to each side, crossed.

    The rough corners are the contour's extreme points along the diagonals;
    the points between two of them (their ends near the rounded corners
    left out) make one side's line (OpenCV's Huber fit).

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
    pts = contour.reshape(-1, 2).astype(np.float64)
    if len(pts) < 8:
        return None
    # rough corners: extreme points along the diagonals
    s = pts[:, 0] + pts[:, 1]
    d = pts[:, 0] - pts[:, 1]
    rough = np.array([pts[np.argmin(s)], pts[np.argmax(d)], pts[np.argmax(s)], pts[np.argmin(d)]])
    idx = [int(np.argmin(np.linalg.norm(pts - c, axis=1))) for c in rough]
    lines = []
    n = len(pts)
    for k in range(4):
        a, b = idx[k], idx[(k + 1) % 4]
        others = [idx[j] for j in range(4) if j not in (k, (k + 1) % 4)]
        seg_idx = _arc(a, b, n)
        if any(o in seg_idx for o in others):  # contour runs the other way round
            seg_idx = _arc(b, a, n)
        seg = pts[list(seg_idx)]
        if len(seg) < 4:
            return None
        # drop the ends near the corners (rounded by the closing)
        cut = max(1, len(seg) // 10)
        seg = seg[cut:-cut] if len(seg) > 2 * cut + 2 else seg
        vx, vy, x0, y0 = cv2.fitLine(seg.astype(np.float32), cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
        lines.append((float(vx), float(vy), float(x0), float(y0)))
    corners = []
    for k in range(4):
        p = line_intersection(lines[(k - 1) % 4], lines[k])
        if p is None:
            return None
        corners.append(p)
    # order: side k runs from corner k to corner k+1, so corner k = side(k-1) x side(k)
    return np.array(corners, dtype=np.float64)


def _arc(a: int, b: int, n: int) -> range | list:
    """Contour indices from ``a`` to ``b`` going forwards (wrapping at ``n``)."""
    if a <= b:
        return range(a, b + 1)
    return list(range(a, n)) + list(range(0, b + 1))


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
