"""The IQ Stars probe: a cheap first look for the dark board and its star outlines.

``probe(image)`` finds board-shaped regions on a thumbnail
(:func:`visolve.puzzles.iq_stars.finder.board_quads`); 0 when there is
none (the reader needs one too).  The likeliest is sampled upright from the
picture around it (the outlines are too thin for the thumbnail)
and the correlation of the drawn star outlines with the dark lines there,
either way up (the view of the board turned half a turn is the view
turned), makes the score: :data:`SHAPE_SCORE` for the shape alone, 1 at
:data:`SURE_MATCH`.  When that match is weak, the stars are looked for
further in (a board with a wider margin) at a coarse scale.  No lattice
alignment: a few ms.  A dark board-shaped region without drawn stars may be
the tray: the tops of pieces standing in it are looked for (:func:`visolve.puzzles.iq_stars.tray_tops.probe_tray`,
about 20 ms).
"""

from __future__ import annotations

import cv2
import numpy as np

from visolve.puzzles.iq_stars import layout
from visolve.puzzles.iq_stars.finder import board_quads
from visolve.puzzles.iq_stars.tray_tops import probe_tray
from visolve.puzzles.iq_stars.lattice import lattice_guess
from visolve.puzzles.iq_stars.outlines import fit_extent, line_picture, outline_template
from visolve.vision.glance import soft, thumbnail
from visolve.vision.view import corners_homography, sample

#: long side of the thumbnail the board is looked for on (px)
PROBE_SIDE = 480
#: px per board unit of the probe's outline match
PROBE_PITCH = 48
#: score of a board-shaped hole in a light page whose outlines do not match (yet
#: the reader, which needs that page, may read it); a dark blob scores only by its outlines
SHAPE_SCORE = 0.02
#: share of the board's size kept around it when it is cut out for the outline match
AROUND = 0.1
#: px per board unit of the cut-out board the outlines are sampled from (a little over the
#: view's, as :func:`visolve.vision.view.sample` would shrink it to)
SOURCE_PITCH = 1.2 * PROBE_PITCH
#: height (px) of the view the lattice is looked for in when the outlines are not where
#: the drawings' margin puts them (:func:`visolve.puzzles.iq_stars.lattice.lattice_guess`)
GUESS_PX = 64
#: that search's correlation counts from GUESS_NO and counts as a sure match at GUESS_SURE
#: (0.33-0.36 on the booklet's drawings with the board half a star wider; 0.19-0.26 on
#: the dark screens of phone photos of circuit500)
GUESS_NO, GUESS_SURE = 0.27, 0.42
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
    score = _drawn_board_score(image, thumb, quads)
    # a dark board-shaped tray but no drawn stars: pieces standing in it (tops on a star lattice)?
    return score if score > 0 else probe_tray(thumb)


def tray_without_drawing(image: np.ndarray) -> bool:
    """Whether ``image`` plainly shows pieces standing in a tray and no drawn board: piece tops
    on a star lattice (:func:`visolve.puzzles.iq_stars.tray_tops.probe_tray`), no board-shaped
    hole in a light page (a printed page round a drawn board) and no drawn star outlines on the
    dark board-shaped regions (the probe's look, a few ms).  The reader then tries the tray
    first, skipping the drawn board's lattice search (up to 0.5 s on a 12 MP photo)."""
    image = np.ascontiguousarray(image[:, :, :3])
    thumb = thumbnail(image, PROBE_SIDE)
    quads = board_quads(thumb, side=PROBE_SIDE, limit=2)
    if any(page for _q, page in quads) or (quads and _drawn_board_score(image, thumb, quads) > 0):
        return False
    return probe_tray(thumb) > 0


def _drawn_board_score(image: np.ndarray, thumb: np.ndarray, quads) -> float:
    f = max(image.shape[:2]) / max(thumb.shape[:2])
    match = max(_match(*_around(image, quad * f)) for quad, _page in quads)
    shape = SHAPE_SCORE if any(page for _q, page in quads) else 0.0
    return max(shape, SHAPE_SCORE + (1.0 - SHAPE_SCORE) * soft(match, NO_MATCH, SURE_MATCH)) if match > NO_MATCH else shape


def _around(image: np.ndarray, quad: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The part of ``image`` around ``quad``, shrunk (fast) so the board is about
    :data:`SOURCE_PITCH` px per unit, and the quad on it: the warp then samples it as it is
    (its own area shrink of a whole phone picture cost 6-16 ms)."""
    h, w = image.shape[:2]
    pad = AROUND * (quad.max(axis=0) - quad.min(axis=0))
    x0, y0 = np.maximum(np.floor(quad.min(axis=0) - pad), 0).astype(int)
    x1, y1 = np.minimum(np.ceil(quad.max(axis=0) + pad), (w, h)).astype(int)
    part = image[y0:y1, x0:x1]
    sides = np.linalg.norm(quad - np.roll(quad, -1, axis=0), axis=1)
    unit = max(sides[0] / layout.BOARD_W, sides[1] / layout.BOARD_H)  # picture px per board unit
    scale = SOURCE_PITCH / max(unit, 1e-6)
    if scale >= 1.0 or part.size == 0:
        return part, quad - (x0, y0)
    small = thumbnail(part, max(1, round(max(part.shape[:2]) * scale)))
    return small, (quad - (x0, y0)) * (small.shape[1] / part.shape[1], small.shape[0] / part.shape[0])


def _match(picture: np.ndarray, quad: np.ndarray) -> float:
    """The outline match of the board on ``quad``, the better way up (0 when undefined)."""
    hom = corners_homography(quad, 1, 1) @ np.diag([1 / layout.BOARD_W, 1 / layout.BOARD_H, 1.0])
    lines = line_picture(sample(picture, hom, fit_extent(), PROBE_PITCH))
    tpl = outline_template(PROBE_PITCH)
    best = max(float(cv2.computeECC(tpl, lines)), float(cv2.computeECC(tpl[::-1, ::-1].copy(), lines)))
    best = best if np.isfinite(best) else 0.0
    if best < SURE_MATCH:  # the stars may sit further in than the drawings' margin
        guess = lattice_guess(picture, quad, GUESS_PX)[1]
        if guess > GUESS_NO:
            best = max(best, NO_MATCH + (SURE_MATCH - NO_MATCH) * soft(guess, GUESS_NO, GUESS_SURE))
    return best
