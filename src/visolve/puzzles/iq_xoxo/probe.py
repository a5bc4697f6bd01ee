"""The IQ XOXO probe: a cheap first look for 5 x 10 boards of grey squares.

``probe(image)`` works on a thumbnail (long side :data:`PROBE_SIDE`) with
the finder's own steps (:func:`visolve.puzzles.iq_xoxo.finder.board_blocks`):

* :data:`BOARD_SCORE` when a board-like block (about twice as wide as
  high, about 50 squares of the measured pitch, filled) is seen;
* :data:`SQUARES_SCORE` when only many square blobs of one size are (a
  board the thumbnail is too small for, or cut by glare): tried late;
* 0 otherwise.
"""

from __future__ import annotations

import numpy as np

from visolve.puzzles.iq_xoxo.finder import board_blocks
from visolve.vision.glance import thumbnail

#: long side of the probe's thumbnail (px)
PROBE_SIDE = 400
BOARD_SCORE = 0.8
SQUARES_SCORE = 0.02


def probe(image: np.ndarray) -> float:
    """How much ``image`` looks like IQ XOXO challenges: 0 (surely not) .. 1."""
    if not isinstance(image, np.ndarray) or image.ndim != 3 or min(image.shape[:2]) < 32:
        return 0.0
    thumb = thumbnail(np.ascontiguousarray(image[:, :, :3]), PROBE_SIDE)
    quads, pitch = board_blocks(thumb)
    if quads:
        return BOARD_SCORE
    if pitch is not None:
        return SQUARES_SCORE
    return 0.0
