"""Many small windows of one picture at once, and their medians.

Reading a board means the median colour of dozens of small patches (squares' bodies, a band around
the grid).  Cut and reduced one by one, each costs a numpy call's overhead, which dominates at
these sizes; :func:`windows` gathers them all as one strided view, and :func:`median_last` takes
their medians by one partition.
"""

from __future__ import annotations

import numpy as np
from numpy.lib.stride_tricks import as_strided


def windows(image: np.ndarray, x0, y0, size: int) -> np.ndarray | None:
    """The ``size`` x ``size`` windows of ``image`` whose top-left pixels are ``(x0[i], y0[i])``,
    stacked ``(n, size, size, ...)`` (gathered at once from a strided view of every window); None
    when one of them is not wholly inside the image (the caller cuts those its own way)."""
    x0, y0 = np.asarray(x0, np.int64), np.asarray(y0, np.int64)
    h, w = image.shape[:2]
    if not len(x0) or x0.min() < 0 or y0.min() < 0 or x0.max() + size > w or y0.max() + size > h:
        return None
    every = as_strided(image, (h - size + 1, w - size + 1, size, size) + image.shape[2:],
                       image.strides[:2] + image.strides, writeable=False)
    return every[y0, x0]


def median_last(values: np.ndarray) -> np.ndarray:
    """The median along the last axis, as :func:`numpy.median` gives it, by one partition (numpy's
    median partitions at both middles, and over another axis copies lane by lane: 4-5x slower)."""
    k = values.shape[-1] // 2
    part = np.array(values, order="C")  # a copy, the last axis contiguous
    part.partition(k, axis=-1)
    if values.shape[-1] % 2:
        return part[..., k]
    return (part[..., :k].max(axis=-1) + part[..., k]) / 2
