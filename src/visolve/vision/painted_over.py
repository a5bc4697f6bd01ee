"""Parts of a picture painted over with the colour around them.

A reader that found some objects at one scale may look again for the others (smaller or
larger, seen at another scale) on a copy where the ones found are gone:
:func:`painted_over` fills each quadrilateral, grown a little, with the median colour of a
ring just outside it, so that nothing of it is seen as ink any more.  :func:`painted_in_place`
paints one polygon over for the time of a ``with`` block, on the picture itself when it may be
written (a page's second board looked for behind the one read).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import cv2
import numpy as np

from visolve.vision.geometry import sides_moved_out


def painted_over(image: np.ndarray, quads: list[np.ndarray], units: list[float], grow: float,
                 ring: tuple[float, float]) -> np.ndarray:
    """A copy of ``image`` with each of ``quads`` (corners, px) painted over.

    Parameters
    ----------
    image : numpy.ndarray
        The picture (any number of channels, uint8).
    quads : list of numpy.ndarray
        The parts to paint over, each its corners (px) in order around it.
    units : list of float
        Each quad's unit (px): ``grow`` and ``ring`` are in these units.
    grow : float
        Each quad is painted grown by this many units (its edge's blur goes too).
    ring : tuple of float
        The colour is the median of the ring between the quad grown by ``ring[0]`` and by
        ``ring[1]`` units (the picture's own colour there when the ring is empty).

    Returns
    -------
    numpy.ndarray
        The painted copy (``image`` is not changed).
    """
    out = image.copy()
    for quad, unit in zip(quads, units):
        outer = np.round(sides_moved_out(quad, ring[1] * unit)).astype(np.int32)
        box = _box(outer, image.shape)
        if box is None:
            continue
        (x0, y0), (x1, y1) = box
        # the ring drawn within its box alone: the same pixels as on a whole-picture mask (whole
        # pixels shifted), at a fraction of the time (a 12 MP picture's mask cleared and
        # compared for each board cost about 15 ms a board)
        mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
        cv2.fillConvexPoly(mask, outer - (x0, y0), 255)
        inner = np.round(sides_moved_out(quad, ring[0] * unit)).astype(np.int32)
        cv2.fillConvexPoly(mask, inner - (x0, y0), 0)
        around = image[y0:y1, x0:x1][mask > 0]
        if not len(around):
            continue
        colour = np.median(around.reshape(len(around), -1), axis=0)
        cv2.fillConvexPoly(out, np.round(sides_moved_out(quad, grow * unit)).astype(np.int32),
                           [float(v) for v in np.atleast_1d(colour)])
    return out


def _box(corners: np.ndarray, shape: tuple) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """The bounding box (top-left, bottom-right exclusive, px) of ``corners`` (int) within a
    picture of ``shape``; None when it lies outside the picture."""
    h, w = shape[:2]
    x0, y0 = (max(0, int(v)) for v in corners.min(axis=0))
    x1, y1 = (min(n, int(v) + 1) for n, v in zip((w, h), corners.max(axis=0)))
    return None if x1 <= x0 or y1 <= y0 else ((x0, y0), (x1, y1))


@contextmanager
def painted_in_place(image: np.ndarray, outline: np.ndarray, colour: list[float]) -> Iterator[np.ndarray]:
    """``image`` with the convex polygon ``outline`` (px) filled with ``colour``, for the time of
    the ``with`` block.

    A writable picture is painted in place and the part under the polygon's bounding box is put
    back afterwards (a 12 MP copy costs 10-35 ms, the box is a few % of it); a read-only one is
    copied.
    """
    if not image.flags.writeable:
        rest = image.copy()
        cv2.fillConvexPoly(rest, outline, colour)
        yield rest
        return
    h, w = image.shape[:2]
    x0, y0 = np.clip(outline.min(axis=0), 0, [w, h])
    x1, y1 = np.clip(outline.max(axis=0) + 1, 0, [w, h])
    kept = image[y0:y1, x0:x1].copy()
    cv2.fillConvexPoly(image, outline, colour)
    try:
        yield image
    finally:
        image[y0:y1, x0:x1] = kept
