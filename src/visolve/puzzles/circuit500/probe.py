"""The circuit500 probe: a cheap first look for the game's board on a dark screen.

``probe(image)`` (a few ms at 1080x1920, no photo search) works on a
thumbnail (:mod:`visolve.vision.glance`).  Each bright blob whose rotated
rectangle has roughly the board's 2:3 portrait shape is scored by

* its shape: aspect, how much of its rectangle it fills, how much darker
  its surround is (the black screen), how grey it is;
* the plates: seen upright (:class:`visolve.vision.view.BoardView`, 8 px
  per tile), the four corners of every tile are plate (pipes run to the
  sides' middles only) and the board stands out from the ring around it;
* the knobs: every level shows the green start and the purple end, so the
  board holding both counts fully, one without them only
  :data:`NO_KNOBS` as much (a sheet of paper has the shape and the plates).

The best blob's score is returned, but at least :data:`KNOBS_ONLY` for a
picture that shows both knob colours somewhere (a photo whose board glare
joined to its surround); 0 when there is nothing of all that.
"""

from __future__ import annotations

import cv2
import numpy as np

from visolve.vision.glance import BrightBlob, bright_boards, hue_mask, soft, thumbnail
from visolve.vision.light import channel_max
from visolve.vision.view import BoardView

ROWS, COLS = 6, 4
#: the board's width / height
ASPECT = COLS / ROWS
#: aspects this far from ASPECT score 0 (perspective and a rough blob outline)
ASPECT_TOLERANCE = 0.25
#: pixels per tile of the upright look at the plates
PITCH = 8
#: tile corners are sampled this far (tiles) inside each corner
CORNER_INSET = 0.22
#: a tile corner counts as plate above this share of the board's range
PLATE_LEVEL = 0.55
#: a blob without both knob colours keeps this share of its score
NO_KNOBS = 0.3
#: knob pixels (the rarer of the two colours) on the board for full credit
KNOB_PIXELS = 6
#: the end knob is the only purple on a board: about 1 % of it; more purple
#: than this share is something else (a tinted bezel, a purple card)
PURPLE_MAX_SHARE = 0.05
#: score of a picture with both knob colours but no board-shaped blob
KNOBS_ONLY = 0.02
#: the start knob and lit path (BGR 73, 227, 173) have OpenCV hue 40, the
#: end knob (205, 98, 135) 130; the ranges allow a photo's colour cast
LIME_HUE, PURPLE_HUE = (35, 50), (118, 150)
LIME_MIN, PURPLE_MIN = (70, 70), (50, 50)  #: (saturation, value) at least


def probe(image: np.ndarray) -> float:
    """How much ``image`` looks like a circuit500 screen: 0 (surely not) .. 1."""
    if not isinstance(image, np.ndarray) or image.ndim != 3 or min(image.shape[:2]) < 16:
        return 0.0
    thumb = thumbnail(np.ascontiguousarray(image[:, :, :3]))
    v = channel_max(thumb)
    lime = hue_mask(thumb, LIME_HUE, *LIME_MIN)
    purple = hue_mask(thumb, PURPLE_HUE, *PURPLE_MIN)
    best = 0.0
    for blob in bright_boards(thumb):
        shape = _shape(blob)
        if shape > 0:
            best = max(best, shape * _plates(v, blob) * _knobs(lime, purple, blob))
    if lime.any() and purple.any():
        return max(best, KNOBS_ONLY)
    return best


def _shape(blob: BrightBlob) -> float:
    if not blob.portrait:
        return 0.0
    aspect = 1.0 - min(1.0, abs(blob.aspect - ASPECT) / ASPECT_TOLERANCE)
    return (
        aspect
        * soft(blob.fill, 0.25, 0.6)
        * soft(blob.contrast, 0.02, 0.25)
        * soft(blob.greyness, 70, 25)
    )


def _plates(v: np.ndarray, blob: BrightBlob) -> float:
    """Tile corners plate-bright, and the board brighter than the ring around it."""
    view = BoardView.from_corners(v, blob.corners(), ROWS, COLS, pitch=PITCH, margin=0.5)
    board = view.board().astype(np.float32)
    lo, hi = np.percentile(board, (5, 95))
    if hi - lo < 10:
        return 0.0
    img = (view.image.astype(np.float32) - lo) / (hi - lo)
    inset = int(round(CORNER_INSET * PITCH))
    half = PITCH // 2
    ys, xs = [], []
    for r in range(ROWS):
        for c in range(COLS):
            y0, x0 = half + r * PITCH, half + c * PITCH
            for dy in (inset, PITCH - 1 - inset):
                for dx in (inset, PITCH - 1 - inset):
                    ys.append(y0 + dy)
                    xs.append(x0 + dx)
    corners = img[ys, xs]
    q = max(1, PITCH // 4)
    ring = np.concatenate([img[:q].ravel(), img[-q:].ravel(), img[:, :q].ravel(), img[:, -q:].ravel()])
    share = float(np.mean(corners > PLATE_LEVEL))
    step = float(np.median(corners) - np.median(ring))
    return soft(share, 0.3, 0.8) * soft(step, 0.0, 0.35)


def _knobs(lime: np.ndarray, purple: np.ndarray, blob: BrightBlob) -> float:
    """1 when the board holds both knob colours, :data:`NO_KNOBS` when it holds neither."""
    (cx, cy), (w, h), _a = blob.rect
    r = int(np.ceil(max(w, h) / 2))
    y0, x0 = max(0, int(cy) - r), max(0, int(cx) - r)
    inside = np.zeros((2 * r + 1, 2 * r + 1), np.uint8)
    cv2.fillConvexPoly(inside, np.round(blob.corners() - (x0, y0)).astype(np.int32), 1)
    box = (slice(y0, y0 + inside.shape[0]), slice(x0, x0 + inside.shape[1]))
    inside = inside[: lime[box].shape[0], : lime[box].shape[1]] > 0
    n_lime, n_purple = int((lime[box] & inside).sum()), int((purple[box] & inside).sum())
    if n_purple > PURPLE_MAX_SHARE * max(1, int(inside.sum())):
        return NO_KNOBS  # a purple area, not the one small end knob
    return NO_KNOBS + (1.0 - NO_KNOBS) * soft(min(n_lime, n_purple), 0, KNOB_PIXELS)
