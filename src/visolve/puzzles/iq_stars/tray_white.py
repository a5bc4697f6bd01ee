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

from visolve.puzzles.iq_stars.tray_tops import WHITE_SAT
from visolve.vision.light import saturation_of

#: a cell's middle is white when its darkest channel is at least this share of the tops'
#: white middles (the tray's navy, even glared, is under 0.6 of it: :data:`.tray_pits.TRAY_MAX`)
WHITE_CELL = 0.75
#: the middle is looked at on a ring of this radius (lattice units) and its centre: within a
#: top's white middle (0.07-0.3 square units)
MIDDLE_R = 0.1


def white_cells(work: np.ndarray, hom: np.ndarray, metric: np.ndarray, white: float) -> np.ndarray:
    """Which metric points of the tops' plane (``hom`` to the ``work`` picture) show a white
    middle like the tops' (``white``, the median of their middles' levels): the median of 7
    points round each at least :data:`WHITE_CELL` of it in the darkest channel and less
    saturated than :data:`.tray_tops.WHITE_SAT`.  False outside the picture."""
    m = np.asarray(metric, np.float64).reshape(-1, 2)
    angles = np.radians(60.0 * np.arange(6))
    ring = np.concatenate([np.zeros((1, 2)), MIDDLE_R * np.stack([np.cos(angles), np.sin(angles)], axis=1)])
    probes = (m[:, None, :] + ring[None]).reshape(-1, 1, 2)
    px = cv2.perspectiveTransform(probes, np.asarray(hom, np.float64)).reshape(len(m), len(ring), 2)
    x, y = np.round(px[..., 0]).astype(int), np.round(px[..., 1]).astype(int)
    h, w = work.shape[:2]
    inside = ((x >= 0) & (x < w) & (y >= 0) & (y < h)).all(axis=1)
    seen = work[np.clip(y, 0, h - 1), np.clip(x, 0, w - 1)].astype(np.float32)  # (cells, 7, 3)
    lo, hi = seen.min(axis=2), seen.max(axis=2)
    sat = saturation_of(lo, hi)
    return inside & (np.median(lo, axis=1) >= WHITE_CELL * white) & (np.median(sat, axis=1) < WHITE_SAT)


__all__ = ["MIDDLE_R", "WHITE_CELL", "white_cells"]
