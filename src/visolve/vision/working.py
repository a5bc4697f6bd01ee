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
:func:`shrink`
    ``image`` area-reduced to a given size with ``cv2.resize``'s geometry, three
    times faster for large reductions: OpenCV averages by a whole factor on a
    fast path (12 ms for 12 MP) but by any other factor on a slow one (36 ms),
    so the picture is averaged by the whole factor below and the small rest is
    sampled bilinearly where ``cv2.resize`` would put each pixel.
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
#: :func:`shrink` averages by a whole factor first when the reduction is at least this
#: (the bilinear rest then spans under 4/3 of a block: no block is skipped)
WHOLE_FACTOR_FROM = 3


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
        copy = shrink(image, size) if mild == "area" else cv2.resize(image, size, interpolation=SAMPLINGS[mild])
    return copy, size[0] / w


def shrink(image: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """``image`` area-reduced to ``size`` (width, height) px, each pixel where
    ``cv2.resize(image, size, interpolation=cv2.INTER_AREA)`` puts it.

    A reduction by :data:`WHOLE_FACTOR_FROM` or more is made in two steps: block means by
    the whole factor ``k`` below it (OpenCV's fast integer path, on the picture cut to whole
    blocks), then a bilinear sampling of those means at each pixel's centre. Each pixel is
    then the mean over about ``k`` to ``k + 1`` px of the picture, as an area reduction's; the
    last pixel row and column lean on the cut rim (the blocks' edge is repeated).

    Parameters
    ----------
    image : numpy.ndarray
        A picture or plane (2-D or 3-D, ``uint8`` or ``float32``).
    size : tuple of int
        The reduced copy's width and height (px), each at most the picture's.

    Returns
    -------
    numpy.ndarray
        The reduced copy, of ``image``'s type.
    """
    h, w = image.shape[:2]
    sx, sy = w / size[0], h / size[1]
    k = int(min(sx, sy))
    if k < WHOLE_FACTOR_FROM:
        return cv2.resize(image, size, interpolation=cv2.INTER_AREA)
    bw, bh = w // k, h // k
    blocks = cv2.resize(image[:bh * k, :bw * k], (bw, bh), interpolation=cv2.INTER_AREA)
    # the copy's pixel centre (i + 0.5) * s in the picture is block (i + 0.5) * s / k - 0.5
    at = np.array([[sx / k, 0.0, 0.5 * sx / k - 0.5], [0.0, sy / k, 0.5 * sy / k - 0.5]])
    return cv2.warpAffine(blocks, at, tuple(size), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                          borderMode=cv2.BORDER_REPLICATE)


def reduce_by(plane: np.ndarray, k: int) -> np.ndarray:
    """``plane`` reduced by the whole factor ``k``: each pixel the mean of a ``k x k`` block
    (OpenCV's fast box average); rows and columns past the last whole block are dropped
    (a side shorter than ``k`` becomes one pixel, the mean of all)."""
    h, w = (max(1, n // k) for n in plane.shape[:2])
    return cv2.resize(plane[:h * k, :w * k], (w, h), interpolation=cv2.INTER_AREA)
