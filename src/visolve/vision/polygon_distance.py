"""Signed distances of many points to a polygon, worked out only where they can matter.

OpenCV's ``cv2.pointPolygonTest`` gives one point's signed distance to a polygon
(positive inside).  A finder that asks it for every square of a page against
every board found (hundreds of points, tens of quads) spends most of its time in
the Python loop, on points far from the polygon.  :func:`distances_within` asks
it only for the points that lie within a reach of the polygon's bounding box; every
other point lies farther than that reach outside the polygon, and is given
``-inf``: a test of the form ``distance > -r`` or ``distance < -r`` with ``r`` at most the
reach then comes out as with the distance itself.
"""

from __future__ import annotations

import cv2
import numpy as np


def distances_within(points: np.ndarray, polygon: np.ndarray, reach: float) -> np.ndarray:
    """The signed distance (``cv2.pointPolygonTest``) of each point to ``polygon``, or ``-inf``
    for a point farther than ``reach`` outside it.

    Parameters
    ----------
    points : numpy.ndarray
        ``(n, 2)`` points ``(x, y)``.
    polygon : numpy.ndarray
        ``(k, 2)`` corners, as ``cv2.pointPolygonTest`` takes them (made ``float32``).
    reach : float
        The farthest outside (px) a point is given its distance.

    Returns
    -------
    numpy.ndarray
        ``(n,)`` float64: positive inside, negative outside, ``-inf`` beyond ``reach`` (a
        point more than ``reach`` + 1 px beyond the polygon's bounding box).
    """
    pts = np.asarray(points, np.float64).reshape(-1, 2)
    poly = np.asarray(polygon).astype(np.float32).reshape(-1, 2)
    low = poly.min(axis=0).astype(np.float64) - reach - 1
    high = poly.max(axis=0).astype(np.float64) + reach + 1
    out = np.full(len(pts), -np.inf)
    for i in np.flatnonzero(((pts >= low) & (pts <= high)).all(axis=1)):
        out[i] = cv2.pointPolygonTest(poly, (float(pts[i, 0]), float(pts[i, 1])), True)
    return out
