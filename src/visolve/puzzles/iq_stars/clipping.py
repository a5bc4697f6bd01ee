"""IQ Stars: a star's colour where the camera clipped it.

A bright photo clips the red of orange and yellow stars at the top level
(252-254 seen): the star's red difference from the navy is then short, its
green share (:func:`visolve.puzzles.iq_stars.colours.orange_or_yellow`)
too high, and an orange can measure as yellow (seed 7 scene 71 of the
randomized scenes: drawn at a share of 0.68, measured 0.82).  Blur happens
before the sensor clips: on the star's blurred rim, where it mixes with
its black outline and the navy, the colour is not clipped, and its part
across the navy's own direction (:func:`visolve.puzzles.iq_stars.colours.colour_part`)
points the true colour's way, since mixing with navy or black only adds
along that direction.  :func:`unclipped` raises the clipped channel of the
star's samples by what turns them that way
(:func:`visolve.vision.palette.restore_clipped`).
"""

from __future__ import annotations

import cv2
import numpy as np

from visolve.puzzles.iq_stars import layout
from visolve.puzzles.iq_stars.colours import NAVY_DIR, colour_part
from visolve.vision.palette import restore_clipped
from visolve.vision.view import BoardView

#: a sample with a channel at or above this level (RGB, 0-255) is clipped in that channel
CLIPPED = 250.0
#: the rim is looked at between these distances from a star's middle (board units): its
#: points out to the outline (the star's tips are at ``layout.STAR_R``, 0.49), clear of a
#: white middle (up to 0.30 across drawn, more with blur: its mix with white turns the rim
#: greener, which can only hide a clipping)
RIM_IN, RIM_OUT = 0.30, 0.52
#: a rim pixel counts when every channel stays under RIM_CLIP ...
RIM_CLIP = 240.0
#: ... and its colour part is at least RIM_SHARE of the star's strongest (the 90th percentile
#: of the rim's): a rim pixel of mostly outline or navy has too little colour for a direction
RIM_SHARE = 0.3
#: fewer counting rim pixels than this give no direction (a sharp drawing, a tiny star)
MIN_RIM = 8


def rim_direction(view: BoardView, cell, navy: np.ndarray, gains: np.ndarray) -> np.ndarray | None:
    """The unit direction of ``cell``'s colour part on its unclipped rim (RGB, the cast ``gains``
    taken out, as :func:`visolve.puzzles.iq_stars.reader.measure` does), or None when too few
    rim pixels count (:data:`MIN_RIM`)."""
    u, v = layout.CENTRES[cell]
    h, w = view.image.shape[:2]
    mask = np.zeros((h, w), np.uint8)
    cv2.fillPoly(mask, [np.round(view.board_to_view(layout.star_points(u, v, RIM_OUT))).astype(np.int32)], 1)
    cx, cy = view.board_to_view(np.array([[u, v]], np.float64))[0]
    cv2.circle(mask, (int(round(cx)), int(round(cy))), int(round(RIM_IN * view.pitch)), 0, -1)
    pixels = view.image[mask > 0][:, ::-1].astype(np.float64)
    if len(pixels) < MIN_RIM:
        return None
    parts = colour_part((pixels - navy) / gains)
    size = np.linalg.norm(parts, axis=1)
    keep = (pixels.max(axis=1) < RIM_CLIP) & (size >= RIM_SHARE * np.percentile(size, 90)) & (size > 0)
    if keep.sum() < MIN_RIM:
        return None
    direction = np.median(parts[keep] / size[keep, None], axis=0)
    norm = float(np.linalg.norm(direction))
    return direction / norm if norm > 0 else None


def unclipped(raw: np.ndarray, diff: np.ndarray, direction: np.ndarray | None) -> np.ndarray:
    """``diff`` (a sample's difference from navy, cast taken out) with its one clipped channel
    restored along the rim's ``direction``; unchanged when no direction was seen, when no channel
    of ``raw`` (the sample as seen, RGB) is clipped, or when more than one is (a white middle)."""
    clipped = np.flatnonzero(np.asarray(raw, np.float64) >= CLIPPED)
    if direction is None or len(clipped) != 1:
        return diff
    return restore_clipped(diff, int(clipped[0]), direction, NAVY_DIR)


#: a star on a clipped page at least this many of whose six points are unclipped in red is read by
#: those points' share when it is at least UNCLIPPED_YELLOW (:func:`unclipped_points`).  Scenes seed
#: 35 diagram 55: a lemon yellow on a white page clipped in red, its points' red 230 - 251 (two at
#: 250 and over), green 4 under the red on each (share 0.97): a doubt with orange, the shapes
#: allowed both, refused.  Near the clip the camera's curve raises an orange's share too: the made
#: junior page of seed 133 (tests/make) had an orange one of whose points clipped and the five
#: others (red 215 - 240) measured 0.78, a yellow's by ORANGE_BELOW / YELLOW_ABOVE
UNCLIPPED_POINTS, UNCLIPPED_YELLOW = 3, 0.9


def unclipped_points(points: np.ndarray, navy: np.ndarray, gains: np.ndarray, ring: np.ndarray):
    """The colour of a star's six ``points`` (RGB samples) that clipping left as drawn, as a
    difference from ``navy`` with the cast ``gains`` out: ``ring`` (the points' colour as measured)
    when every point's red is under :data:`CLIPPED`; the mean of the unclipped points' when at
    least :data:`UNCLIPPED_POINTS` are and their green share is :data:`UNCLIPPED_YELLOW` or more;
    else None.  An orange's clipped points have their green share raised; its unclipped ones
    show it nearly as drawn."""
    free = points[:, 0] < CLIPPED
    if free.all():
        return ring
    if np.count_nonzero(free) < UNCLIPPED_POINTS:
        return None
    seen = (points[free].mean(axis=0) - navy) / gains
    return seen if seen[0] > 0 and seen[1] >= UNCLIPPED_YELLOW * seen[0] else None
