"""Dark and light masks of a grey plane: at fixed levels, by Otsu's split, against the local mean.

A finder rarely knows how dark a board's cells will be in a photo (glare
lifts them, shade lowers the page), so it tries several masks and keeps the
one whose blobs make a board.  The masks are:

* :func:`below` -- darker than each of several fixed levels;
* :func:`otsu_level`, :func:`otsu_dark` -- Otsu's split of the plane's
  histogram (optionally on a reduced copy, clipped to a range);
* :func:`locally_dark` -- darker than the local mean by a share of the local
  spread (glare and haze lift a region's mean and spread alike);
* :func:`locally_light` -- lighter than the local mean by a fixed step
  (OpenCV's adaptive mean threshold);
* :func:`dark_masks` -- fixed levels and local windows together.

These are OpenCV and numpy, not scikit-image: ``cv2.adaptiveThreshold`` takes
0.3 ms at 640x480 where ``skimage.filters.threshold_local`` takes 40 ms, and
OpenCV's Otsu gives the same level as ``skimage.filters.threshold_otsu`` 5x
faster.  The plane is the caller's choice (usually
:func:`visolve.vision.light.channel_min` or :func:`~visolve.vision.light.channel_max`).
"""

from __future__ import annotations

import cv2
import numpy as np

#: Otsu's level is found on a copy of the plane reduced to this long side (px) by default
OTSU_SIDE = 400


def below(grey: np.ndarray, levels) -> list[np.ndarray]:
    """``grey < level`` for each of ``levels`` (boolean masks)."""
    return [grey < level for level in levels]


def otsu_level(grey: np.ndarray, lo: float = 0.0, hi: float = 255.0, side: int | None = OTSU_SIDE) -> float:
    """Otsu's dark/light split of a ``uint8`` plane, clipped to ``[lo, hi]``.

    The histogram is taken on a copy reduced to ``side`` px on its long side
    (area averaging; None: the plane itself).
    """
    g = grey
    if side is not None:
        f = min(1.0, side / max(g.shape))
        if f < 1.0:
            g = cv2.resize(g, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
    t, _ = cv2.threshold(g, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    return float(np.clip(t, lo, hi))


def otsu_dark(grey: np.ndarray) -> np.ndarray:
    """The dark side of Otsu's split of the whole ``uint8`` plane: 255 at or below the level, else 0."""
    _t, mask = cv2.threshold(grey, 0, 255, cv2.THRESH_BINARY_INV | cv2.THRESH_OTSU)
    return mask


def locally_dark(grey: np.ndarray, window: int, spread: float, min_std: float) -> np.ndarray:
    """Pixels darker than the mean of the ``window`` x ``window`` px around them by ``spread``
    times the standard deviation there, where that is at least ``min_std`` (boolean)."""
    f = np.asarray(grey, np.float32)
    mean = cv2.blur(f, (window, window))
    std = np.sqrt(np.maximum(cv2.blur(f * f, (window, window)) - mean * mean, 0.0))
    return (f < mean - spread * std) & (std >= min_std)


def locally_light(grey: np.ndarray, block: int, step: float) -> np.ndarray:
    """Pixels of a ``uint8`` plane lighter than the mean of the ``block`` px around them
    (made odd, at least 3) by more than ``step``: 255, else 0."""
    block = max(3, int(block) | 1)
    return cv2.adaptiveThreshold(grey, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY, block, -step)


def dark_masks(grey: np.ndarray, levels=(), windows=(), spread: float = 0.15, min_std: float = 8.0) -> list[np.ndarray]:
    """The masks a finder tries: ``grey`` below each of ``levels``, then :func:`locally_dark`
    in each of ``windows`` (px) by ``spread`` of the local spread where it is ``min_std`` or more."""
    return below(grey, levels) + [locally_dark(grey, k, spread, min_std) for k in windows]
