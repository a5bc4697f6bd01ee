"""Exact sums and means of a plane over boxes, counted only where they are asked for.

A reader often asks for a plane's sums over a few hundred boxes (a lattice's cells, the links
between squares) and only sometimes over many thousands.  An integral image answers any box
at once but costs a pass over the whole plane (40-65 ms at 12 MP); summing a box's pixels
directly costs 20-30 times more a pixel but touches only the boxes.  :class:`AreaSums` sums
directly until the boxes asked for hold 1/:data:`DIRECT_SHARE` of the plane's pixels in all,
then makes the integral image once: both give the same whole sums.  :class:`BoxMeans` reads
the means of squares around points the same way.

Functions and classes
---------------------
:func:`box_sums`, :func:`square_sums`, :class:`AreaSums`, :class:`BoxMeans`
"""

from __future__ import annotations

import cv2
import numpy as np

#: boxes are summed pixel by pixel until they have asked for 1/DIRECT_SHARE of the plane's
#: pixels in all, then from its integral image (an integral costs about 0.6 ns a pixel, a box's
#: pixel summed directly 20-30: a lattice's few hundred cells on a page of 12 MP are summed
#: directly, a page's every lattice from the integral)
DIRECT_SHARE = 40


def box_sums(integral: np.ndarray, x, y, w, h) -> np.ndarray:
    """The sums of the ``w`` x ``h`` boxes at ``(x, y)`` (integers or arrays of one shape) of an
    integral image (``cv2.integral``: one more row and column than the picture, indexed ``[y, x]``)."""
    return integral[y + h, x + w] - integral[y, x + w] - integral[y + h, x] + integral[y, x]


def square_sums(plane: np.ndarray, x0: np.ndarray, y0: np.ndarray, side: int,
                integral: np.ndarray | None = None) -> np.ndarray:
    """The exact sums (int64) of ``plane`` (uint8) over the ``side`` px squares whose top-left
    corners are ``(x0, y0)`` (all inside the plane).

    From its ``integral`` image when given (``cv2.integral``; its 32-bit sums may wrap on a
    large plane, and the corners' wrapped difference, taken in 32 bits, is the square's sum all
    the same), else pixel by pixel.
    """
    if integral is not None:
        return box_sums(integral, x0, y0, side, side).astype(np.int64)
    steps = np.arange(side)
    return plane[(y0[:, None] + steps)[:, :, None], (x0[:, None] + steps)[:, None, :]].sum(axis=(1, 2), dtype=np.int64)


class AreaSums:
    """Exact sums (int64) of a whole-number plane (2-D ``uint8`` or ``bool``) over boxes.

    Summed pixel by pixel until the boxes asked for hold 1/:data:`DIRECT_SHARE` of the
    plane's pixels in all, then from its integral image, made then, once.
    """

    def __init__(self, plane: np.ndarray):
        plane = np.asarray(plane)
        if plane.ndim != 2 or plane.dtype not in (np.uint8, np.bool_):
            raise ValueError(f"AreaSums needs a 2-D uint8 or bool plane, not {plane.dtype} {plane.shape}")
        self.plane = plane.view(np.uint8)
        self._integral: np.ndarray | None = None
        self._asked = 0  # pixels asked for so far

    def __call__(self, x0, y0, w, h) -> np.ndarray:
        """The sums of the boxes ``w`` x ``h`` at ``(x0, y0)`` (arrays of one length, or ``w`` and
        ``h`` one for all; every box inside the plane)."""
        x0, y0, w, h = (np.broadcast_to(np.asarray(v, np.int64), np.shape(x0)) for v in (x0, y0, w, h))
        self._asked += int(np.sum(w * h))
        if self._integral is None and self._asked > self.plane.size // DIRECT_SHARE:
            self._integral = cv2.integral(self.plane)
        if self._integral is not None:
            return box_sums(self._integral, x0, y0, w, h).astype(np.int64)
        out = np.zeros(len(x0), np.int64)
        square = (w == h) & (w > 0)
        for side in np.unique(w[square]):
            at = np.nonzero(square & (w == side))[0]
            out[at] = square_sums(self.plane, x0[at], y0[at], int(side))
        for k in np.nonzero(~square)[0]:  # oblong boxes (cut by the plane's edge) are few
            out[k] = int(self.plane[y0[k]:y0[k] + h[k], x0[k]:x0[k] + w[k]].sum(dtype=np.int64))
        return out


class BoxMeans:
    """Means of a plane over squares of ``2 radius + 1`` px around any points; NaN where the box
    leaves the plane.

    A plane of whole numbers (``uint8`` or ``bool``) is summed exactly at the points alone
    (:class:`AreaSums`): the same float32 means to the bit as a box-blurred float copy (OpenCV
    sums whole numbers exactly in doubles, then scales and rounds to float32 as done here;
    ``tests/vision/test_area_sums.py`` compares both), without blurring a float copy of the
    whole plane once per radius (IQ XOXO's worst known page, 15 MP: 1.4-1.8 s of CPU against
    0.06-0.12 s, measured in one process).  Other planes are box-blurred, one copy per radius.
    """

    def __init__(self, plane: np.ndarray):
        self.plane = np.asarray(plane)
        whole = self.plane.dtype in (np.uint8, np.bool_) and self.plane.ndim == 2
        self._sums = AreaSums(self.plane) if whole else None
        self._blurred: dict[int, np.ndarray] = {}

    def __call__(self, pts: np.ndarray, radius: int) -> np.ndarray:
        """The means around each of ``pts`` (n x 2 px)."""
        h, w = self.plane.shape[:2]
        x = np.round(pts[:, 0]).astype(np.int64)
        y = np.round(pts[:, 1]).astype(np.int64)
        inside = (x >= radius) & (y >= radius) & (x + radius < w) & (y + radius < h)
        if self._sums is not None:
            side = 2 * radius + 1
            out = np.full(len(x), np.nan, np.float32)
            box = self._sums(x[inside] - radius, y[inside] - radius, side, side)
            out[inside] = (box.astype(np.float64) * (1.0 / (side * side))).astype(np.float32)
            return out
        if radius not in self._blurred:
            self._blurred[radius] = cv2.blur(self.plane.astype(np.float32), (2 * radius + 1, 2 * radius + 1))
        values = self._blurred[radius][np.clip(y, 0, h - 1), np.clip(x, 0, w - 1)]
        return np.where(inside, values, np.nan)
