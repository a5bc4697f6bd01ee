"""Parts of a picture painted over with the colour around them.

A reader that found some objects at one scale may look again for the others (smaller or
larger, seen at another scale) on a copy where the ones found are gone:
:func:`painted_over` fills each quadrilateral, grown a little, with the median colour of a
ring just outside it, so that nothing of it is seen as ink any more.
"""

from __future__ import annotations

import cv2
import numpy as np


def grown(quad: np.ndarray, by: float) -> np.ndarray:
    """``quad`` (convex, corners in order around it, px) with each side moved ``by`` px outward
    (its corners where the moved sides meet)."""
    q = np.asarray(quad, np.float64).reshape(-1, 2)
    sides = np.roll(q, -1, axis=0) - q  # side k runs from corner k to corner k + 1
    normals = np.stack([sides[:, 1], -sides[:, 0]], axis=1) / np.maximum(np.linalg.norm(sides, axis=1, keepdims=True), 1e-9)
    if np.sum((q - q.mean(axis=0)) * normals) < 0:  # the normals point inward: corners counter-clockwise
        normals = -normals
    out = np.empty_like(q)
    for k in range(len(q)):  # corner k: where sides k - 1 and k, moved out, meet
        a, b = normals[k - 1], normals[k]
        lines = np.array([a, b])
        offsets = np.array([a @ q[k] + by, b @ q[k] + by])
        out[k] = np.linalg.solve(lines, offsets) if abs(np.linalg.det(lines)) > 1e-9 else q[k] + by * a
    return out


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
    mask = np.zeros(image.shape[:2], np.uint8)
    for quad, unit in zip(quads, units):
        mask[:] = 0
        cv2.fillConvexPoly(mask, np.round(grown(quad, ring[1] * unit)).astype(np.int32), 255)
        cv2.fillConvexPoly(mask, np.round(grown(quad, ring[0] * unit)).astype(np.int32), 0)
        around = image[mask > 0]
        if not len(around):
            continue
        colour = np.median(around.reshape(len(around), -1), axis=0)
        cv2.fillConvexPoly(out, np.round(grown(quad, grow * unit)).astype(np.int32),
                           [float(v) for v in np.atleast_1d(colour)])
    return out
