"""Points through homographies: the one place the mapping is written.

Coordinates everywhere in :mod:`visolve.vision`: a continuous point
``(x, y)``; pixel ``(row i, col j)`` covers ``[j, j+1) x [i, i+1)``, so a
``w x h`` picture spans ``(0, 0)`` to ``(w, h)`` and pixel centres sit at
``(j + 0.5, i + 0.5)``.  OpenCV's warps put pixel centres on whole numbers:
:func:`to_opencv` converts a homography between the two conventions.
"""

from __future__ import annotations

import cv2
import numpy as np


def map_points(homography: np.ndarray, points) -> np.ndarray:
    """``(n, 2)`` points ``(x, y)`` through a 3x3 homography; returns ``(n, 2)`` float64."""
    p = np.asarray(points, np.float64).reshape(-1, 2)
    q = np.hstack([p, np.ones((len(p), 1))]) @ np.asarray(homography, np.float64).T
    return q[:, :2] / q[:, 2:3]


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
