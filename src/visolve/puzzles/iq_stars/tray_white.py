"""White stars where a tray's free pits should be: pieces whose tops were not found.

A free cell of the board placed on the tray shows its pit on the tray's plane and, on the
plane of the pieces' tops above it, nothing: the dark tray seen past it.  A star as white
as the tops' middles there is a piece's top the reader missed, or a drawn board's white
star (a drawing's stars have no parallax and no pits: its dark outlines can pass for pits
at some shift); either way the cell is no free pit (seed 3 scene 29: a drawn lime piece's
white stars, unseen as tops, were read as free pits).
"""

from __future__ import annotations

import cv2
import numpy as np

from visolve.puzzles.iq_stars.tray_find import WHITE_SAT
from visolve.vision.light import saturation_of

#: a cell's middle is white when its darkest channel is at least this share of the tops'
#: white middles (the tray's navy, even glared, is under 0.6 of it: :data:`.tray_pits.TRAY_MAX`)
WHITE_CELL = 0.75
#: the middle is looked at on a ring of this radius (lattice units) and its centre: within a
#: top's white middle (0.07-0.3 square units)
MIDDLE_R = 0.1
#: a top's white middle is ringed by its piece's colour and the tray past its notches, both
#: dark in the darkest channel: round a white cell, on a ring of RING_R (lattice units: past a
#: top's white star, tips 0.24-0.3, inside its coloured star, tips 0.48, or past its notches),
#: the median darkest channel is under RING_SHARE of the middle's (tops measured 0.14-0.77,
#: the palest a lime top in glare).  Glare lightens the tray smoothly, and a free cell under
#: it is as light round its middle as in it: 0.94-1.05 (seed 13 scene 99, seed 3 scenes 64
#: and 96: free cells in glare taken for missed tops)
RING_R, RING_SHARE = 0.4, 0.85


def white_cells(work: np.ndarray, hom: np.ndarray, metric: np.ndarray, white: float) -> np.ndarray:
    """Which metric points of the tops' plane (``hom`` to the ``work`` picture) show a white
    middle like the tops' (``white``, the median of their middles' levels): the median of 7
    points round each at least :data:`WHITE_CELL` of it in the darkest channel and less
    saturated than :data:`.tray_find.WHITE_SAT`, ringed by darker (:data:`RING_SHARE`).
    False outside the picture."""
    m = np.asarray(metric, np.float64).reshape(-1, 2)
    middle, middle_ok = _seen(work, hom, m, np.concatenate([np.zeros((1, 2)), _circle(MIDDLE_R, 6)]))
    ring, ring_ok = _seen(work, hom, m, _circle(RING_R, 12))
    lo = middle.min(axis=2)
    sat = saturation_of(lo, middle.max(axis=2))
    centre = np.median(lo, axis=1)
    ringed = np.median(ring.min(axis=2), axis=1) < RING_SHARE * centre
    return middle_ok & ring_ok & (centre >= WHITE_CELL * white) & (np.median(sat, axis=1) < WHITE_SAT) & ringed


def _circle(radius: float, count: int) -> np.ndarray:
    """``count`` points evenly round a circle of ``radius`` (lattice units), ``(count, 2)``."""
    angles = np.radians(360.0 / count * np.arange(count))
    return radius * np.stack([np.cos(angles), np.sin(angles)], axis=1)


def _seen(work: np.ndarray, hom: np.ndarray, metric: np.ndarray, offsets: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The ``work`` picture's colours at ``offsets`` round each metric point, ``(cells, offsets,
    3)`` float32, and whether all of a cell's are inside the picture."""
    probes = (metric[:, None, :] + offsets[None]).reshape(-1, 1, 2)
    px = cv2.perspectiveTransform(probes, np.asarray(hom, np.float64)).reshape(len(metric), len(offsets), 2)
    x, y = np.round(px[..., 0]).astype(int), np.round(px[..., 1]).astype(int)
    h, w = work.shape[:2]
    inside = ((x >= 0) & (x < w) & (y >= 0) & (y < h)).all(axis=1)
    return work[np.clip(y, 0, h - 1), np.clip(x, 0, w - 1)].astype(np.float32), inside


__all__ = ["MIDDLE_R", "RING_R", "RING_SHARE", "WHITE_CELL", "white_cells"]
