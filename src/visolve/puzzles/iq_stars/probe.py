"""The IQ Stars probe: a cheap first look for the dark board and its star outlines.

``probe(image)`` finds board-shaped regions on a thumbnail
(:func:`visolve.puzzles.iq_stars.finder.board_quads`); 0 when there is
none (the reader needs one too).  The likeliest is sampled upright from a
larger copy of the picture (the outlines are too thin for the thumbnail)
and the correlation of the drawn star outlines with the dark lines there,
either way up (the view of the board turned half a turn is the view
turned), makes the score: :data:`SHAPE_SCORE` for the shape alone, 1 at
:data:`SURE_MATCH`.  No lattice alignment: a few ms.
"""

from __future__ import annotations

import cv2
import numpy as np

from visolve.puzzles.iq_stars import layout
from visolve.puzzles.iq_stars.finder import _extent, board_quads, line_picture, outline_template
from visolve.vision.glance import soft, thumbnail
from visolve.vision.view import corners_homography, sample

#: long side of the thumbnail the board is looked for on (px)
PROBE_SIDE = 640
#: long side of the copy the outlines are sampled from (px)
SAMPLE_SIDE = 1400
#: px per board unit of the probe's outline match
PROBE_PITCH = 48
#: score of a board-shaped hole in a light page whose outlines do not match (yet
#: the reader, which needs that page, may read it); a dark blob scores only by its outlines
SHAPE_SCORE = 0.02
#: outline match from which the score rises above SHAPE_SCORE, and that scores 1
NO_MATCH, SURE_MATCH = 0.15, 0.5


def probe(image: np.ndarray) -> float:
    """How much ``image`` looks like an IQ Stars challenge: 0 (surely not) .. 1."""
    if not isinstance(image, np.ndarray) or image.ndim != 3 or min(image.shape[:2]) < 16:
        return 0.0
    image = np.ascontiguousarray(image[:, :, :3])
    thumb = thumbnail(image, PROBE_SIDE)
    quads = board_quads(thumb, side=PROBE_SIDE, limit=2)
    if not quads:
        return 0.0
    picture = thumbnail(image, SAMPLE_SIDE)
    f = max(picture.shape[:2]) / max(thumb.shape[:2])
    match = max(_match(picture, quad * f) for quad, _page in quads)
    shape = SHAPE_SCORE if any(page for _q, page in quads) else 0.0
    return max(shape, SHAPE_SCORE + (1.0 - SHAPE_SCORE) * soft(match, NO_MATCH, SURE_MATCH)) if match > NO_MATCH else shape


def _match(picture: np.ndarray, quad: np.ndarray) -> float:
    """The outline match of the board on ``quad``, the better way up (0 when undefined)."""
    hom = corners_homography(quad, 1, 1) @ np.diag([1 / layout.BOARD_W, 1 / layout.BOARD_H, 1.0])
    lines = line_picture(sample(picture, hom, _extent(), PROBE_PITCH))
    tpl = outline_template(PROBE_PITCH)
    best = max(float(cv2.computeECC(tpl, lines)), float(cv2.computeECC(tpl[::-1, ::-1].copy(), lines)))
    return best if np.isfinite(best) else 0.0
