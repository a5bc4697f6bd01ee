"""Working copies: a large picture reduced before it is searched.

Finding a board in a 4000 px photo costs the same as in a 1000 px copy of it,
and far more time; every family so searches a reduced copy and maps what it
finds back with the copy's scale.  One way of reducing for all:

:func:`thumbnail`
    ``image`` reduced to a long side (never enlarged): area averaging, with a
    fast path for large reductions (sampled bilinearly to twice the size, then
    averaged by exactly 2, OpenCV's fast integer path: 0.3 ms instead of 2-3 ms
    at 1080x1920, every pixel still the mean of 16 spread over its area).
:func:`working_copy`
    The same, or a plain bilinear or area reduction, with the scale used.
:func:`reduce_by`
    A plane reduced by a whole factor (block means), for coarse masks.

OpenCV's ``resize`` rather than ``skimage.transform.rescale``: the same
averages in C++, many times faster, and no conversion to floats.
"""

from __future__ import annotations

import cv2
import numpy as np

#: default long side of a thumbnail (px)
THUMB_SIDE = 320
#: a picture this many times larger than the copy takes the fast path (see the module docstring)
FAST_SHRINK_ABOVE = 2
#: ways of reducing a picture at most FAST_SHRINK_ABOVE times (or any, with ``fast=False``)
SAMPLINGS = {"area": cv2.INTER_AREA, "linear": cv2.INTER_LINEAR}


def thumbnail(image: np.ndarray, long_side: int = THUMB_SIDE) -> np.ndarray:
    """``image`` reduced to about ``long_side`` px on its long side (never enlarged)."""
    return working_copy(image, long_side)[0]


def working_copy(image: np.ndarray, long_side: int, *, mild: str = "area",
                 fast: bool = True) -> tuple[np.ndarray, float]:
    """``image`` reduced to about ``long_side`` px on its long side, and the scale used.

    Parameters
    ----------
    image : numpy.ndarray
        A picture or plane (2-D or 3-D ``uint8``).
    long_side : int
        The copy's long side (px); a picture no larger is returned as it is.
    mild : {"area", "linear"}
        How a picture at most :data:`FAST_SHRINK_ABOVE` times too large is
        reduced ("linear": faster, enough for finding boards).
    fast : bool
        Whether a larger one takes the fast path (else it is reduced as ``mild``).

    Returns
    -------
    copy : numpy.ndarray
        The reduced copy (``image`` itself when it is not reduced).
    scale : float
        Copy px per picture px along x (``copy width / picture width``; 1.0 when not reduced).
    """
    h, w = image.shape[:2]
    f = long_side / max(h, w)
    if f >= 1.0:
        return image, 1.0
    size = (max(1, round(w * f)), max(1, round(h * f)))
    if fast and 1.0 / f > FAST_SHRINK_ABOVE:
        image = cv2.resize(image, (2 * size[0], 2 * size[1]), interpolation=cv2.INTER_LINEAR)
        copy = cv2.resize(image, size, interpolation=cv2.INTER_AREA)
    else:
        copy = cv2.resize(image, size, interpolation=SAMPLINGS[mild])
    return copy, size[0] / w


def reduce_by(plane: np.ndarray, k: int) -> np.ndarray:
    """``plane`` reduced by the whole factor ``k``: each pixel the mean of a ``k x k`` block
    (OpenCV's fast box average); rows and columns past the last whole block are dropped
    (a side shorter than ``k`` becomes one pixel, the mean of all)."""
    h, w = (max(1, n // k) for n in plane.shape[:2])
    return cv2.resize(plane[:h * k, :w * k], (w, h), interpolation=cv2.INTER_AREA)
