"""The photo search's masks with the yellow track painted out.

On an expert board the track runs through most cells and joins them: in the
"dark" masks of the photo search (the smallest channel, where yellow is dark
like the cells) they merge into a maze, and a glare that lifts the board
leaves too few cells apart for a lattice.  :func:`track_painted_out` paints
the track out of the smallest channel of the working copy (each track pixel
takes the mean of the pixels around it that are no track: the dark of a cell
it crosses, the grey of a gap); :func:`faint_masks` find the cells on it by
a threshold fine enough for a board that a glare washed out to a few grey
levels between cells and grid.
"""

from __future__ import annotations

import cv2
import numpy as np

from visolve.vision.light import channel_min
from visolve.vision.masks import dark_masks

#: the copy is blurred over TRACK_BLUR px before its yellowness ((red + green) / 2 - blue) is
#: taken; a pixel TRACK_YELLOW or more above the picture's median yellowness is track: on made
#: pages' expert boards photographed (seeds 54, 56; one bluish paper) and an expert scene (63)
#: the track stood 20-125 above it, the cells, grid, paper and a colour cast within 13
TRACK_BLUR, TRACK_YELLOW = 5, 15.0
#: the track found is grown by this many px (its blurred rim) and painted over with the mean
#: of the other pixels in a TRACK_FILL px square around each of its pixels (at the photo
#: search's 640 px a band is 5-14 px wide)
TRACK_GROW, TRACK_FILL = 5, 21
#: the washed-out board's cells: darker than the local mean of the painted channel, blurred
#: over FAINT_BLUR px, by FAINT_SPREAD of the local deviation where that is at least
#: FAINT_MIN_STD grey levels (page seed 56's glare left 10-25 levels between cells and grid:
#: 28 of its cells were found at 3, none at 5 nor at the photo search's 8; seed 54's board's
#: 29 at a spread of 0.15, 31 at 0.3)
FAINT_BLUR, FAINT_SPREAD, FAINT_MIN_STD = 5, 0.3, 3.0


def track_painted_out(small: np.ndarray) -> np.ndarray:
    """The smallest channel of ``small`` (BGR ``uint8``) with its yellow pixels painted over
    from the pixels around them (``uint8``)."""
    low = channel_min(small)
    f = cv2.GaussianBlur(small, (TRACK_BLUR, TRACK_BLUR), 0).astype(np.float32)
    yellow = (f[:, :, 1] + f[:, :, 2]) / 2 - f[:, :, 0]
    track = (yellow - float(np.median(yellow)) >= TRACK_YELLOW).astype(np.uint8)
    if not track.any():
        return low
    track = cv2.dilate(track, np.ones((TRACK_GROW, TRACK_GROW), np.uint8)).astype(bool)
    keep = (~track).astype(np.float32)
    box = (TRACK_FILL, TRACK_FILL)
    total = cv2.blur(low.astype(np.float32) * keep, box)
    share = cv2.blur(keep, box)
    fill = track & (share > 0.05)  # a pixel with next to nothing but track around keeps its own
    out = low.copy()
    out[fill] = np.clip(total[fill] / share[fill], 0, 255).astype(np.uint8)
    return out


def faint_masks(low: np.ndarray, windows) -> list[np.ndarray]:
    """Masks of the cells of a washed-out board on ``low`` (a channel with the track painted
    out): darker than the local mean in each of ``windows`` (px) by :data:`FAINT_SPREAD` of the
    local deviation, on ``low`` blurred over :data:`FAINT_BLUR` px."""
    faint = cv2.GaussianBlur(low, (FAINT_BLUR, FAINT_BLUR), 0)
    return dark_masks(faint, (), windows, FAINT_SPREAD, FAINT_MIN_STD)
