"""Where the top of a thing standing on a plane shows on that plane, in a picture taken at a slant.

A picture of a plane (a homography plane -> picture) taken by a pinhole camera with square pixels,
no skew and a known principal point says where the camera was: its focal length follows from the
plane's two axes being square to each other and of one length (Zhang's constraints), then its
place over the plane from the homography.  A point standing ``h`` above the plane point ``p`` is
seen where the ray from the camera through it meets the plane: ``p + (p - F) h / (H - h)``, ``F``
the camera's foot on the plane and ``H`` its height (similar triangles).  A tall block seen at a
slant thus shows its top beyond its own square, away from the camera (:func:`lean`).

The principal point is not known from one homography: the caller says where it is (the middle of
the picture for a phone's photo; the middle of the board when the camera was aimed at it).  The
focal length is kept within :data:`FIELD_OF_VIEW`: a view taken square-on to the plane does not
say it (the middle of the range is taken), nor does one whose principal point is far from the one
given: a phone's field of view is kept.
"""

from __future__ import annotations

import math

import numpy as np

#: the camera's field of view (degrees, across the picture's longer side) the focal length is kept in:
#: phones' cameras (and the scenes' 50-72)
FIELD_OF_VIEW = (50.0, 75.0)


def focal_length(hom: np.ndarray, principal: tuple[float, float], side: float) -> float:
    """The focal length (px) the homography ``hom`` (plane -> picture) gives with the principal point
    ``principal`` (px), kept within :data:`FIELD_OF_VIEW` of a picture ``side`` px long."""
    a = _centred(hom, principal)
    (a11, a21, a31), (a12, a22, a32) = a[:, 0], a[:, 1]
    p, q = a11 * a12 + a21 * a22, a11 ** 2 + a21 ** 2 - a12 ** 2 - a22 ** 2
    r, s = -a31 * a32, a32 ** 2 - a31 ** 2
    wide, narrow = (side / (2.0 * math.tan(math.radians(fov) / 2.0)) for fov in FIELD_OF_VIEW[::-1])
    x = (p * r + q * s) / (p * p + q * q) if p * p + q * q > 0 else 0.0  # 1 / f^2, least squares
    if x <= 0.0:  # no focal length fits (a view square-on to the plane): the middle of the range
        return math.sqrt(wide * narrow)
    return float(np.clip(1.0 / math.sqrt(x), wide, narrow))


def camera_over(hom: np.ndarray, principal: tuple[float, float], side: float) -> np.ndarray | None:
    """The camera's place ``(x, y, height)`` in plane units, the plane seen through ``hom`` (plane ->
    picture; principal point and picture side as :func:`focal_length`); None when the homography
    gives no camera in front of the plane."""
    f = focal_length(hom, principal, side)
    b = np.diag([1.0 / f, 1.0 / f, 1.0]) @ _centred(hom, principal)
    n1, n2 = float(np.linalg.norm(b[:, 0])), float(np.linalg.norm(b[:, 1]))
    if min(n1, n2) <= 0.0:
        return None
    r1, r2 = b[:, 0] / n1, b[:, 1] / n2
    r3 = np.cross(r1, r2)
    if np.linalg.norm(r3) <= 1e-9:
        return None
    t = b[:, 2] / ((n1 + n2) / 2.0)
    if t[2] < 0:  # the plane behind the camera: the other sign of the scale
        r1, r2, t = -r1, -r2, -t
        r3 = np.cross(r1, r2)
    rot = np.stack([r1, r2, r3 / np.linalg.norm(r3)], axis=1)
    centre = -rot.T @ t
    if not np.all(np.isfinite(centre)) or abs(float(centre[2])) <= 0.0:
        return None
    return np.array([centre[0], centre[1], abs(float(centre[2]))])


def lean(points, camera: np.ndarray, height: float) -> np.ndarray:
    """Per plane point ``(n, 2)``: where the top of a thing ``height`` tall standing on it shows on the
    plane, less the point (plane units); zeros when the camera is not above that height."""
    p = np.asarray(points, np.float64).reshape(-1, 2)
    above = float(camera[2]) - height
    if above <= 0.0:
        return np.zeros_like(p)
    return (p - np.asarray(camera[:2], np.float64)) * (height / above)


def _centred(hom: np.ndarray, principal: tuple[float, float]) -> np.ndarray:
    """``hom`` followed by moving the principal point to the origin."""
    move = np.array([[1.0, 0.0, -principal[0]], [0.0, 1.0, -principal[1]], [0.0, 0.0, 1.0]])
    return move @ np.asarray(hom, np.float64)
