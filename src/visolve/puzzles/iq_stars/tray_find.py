"""The tops of IQ Stars pieces standing in the tray, found in a photo.

A piece's star seen from above is a white star ringed by the piece's colour.
:func:`find_tops` finds white blobs (bright in their *darkest* channel, so a coloured
ring, dark there, cuts them off) mostly ringed by saturated colour; :mod:`.tray_tops`
puts them on the star lattice.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from visolve.puzzles.iq_stars.plastic import MAX_ANGLE, balanced, classify_plastic, plastic_chroma
from visolve.vision.glance import thumbnail
from visolve.vision.light import channel_max, channel_min, illumination, saturation_of

#: the photo is looked at with at most this long side (px)
WORK_SIDE = 1600
#: a white middle is brighter in its darkest channel than this share of the local light ...
WHITE_SHARE = 0.7
#: ... and less saturated than this
WHITE_SAT = 0.3
#: a ring pixel is coloured above this saturation and this brightness
RING_SAT, RING_VALUE = 0.35, 50.0
#: a top's ring is at least this share coloured
MIN_RING = 0.6
#: ring width as a share of the square root of the middle's area
RING_WIDTH = 0.2
#: a top's ring, divided by its white middle, is at least this far from grey (RGB, 0-1: the
#: product photo's violet, the palest piece colour, measures 0.22)
MIN_CHROMA = 0.12
#: a white middle covers this many px at least (work picture), at most this share of it
MIN_AREA, MAX_MIDDLE = 12, 0.01
#: glare washes a pale ring (violet, lime) under :data:`WHITE_SAT`: its white middle and the
#: glared tray round it make one white blob too large for a middle.  Inside such a blob the
#: middles are looked for again, whiter than GLARE_WHITE_SAT and ringed by colour above
#: GLARE_RING_SAT (seed 3 scene 17: middles 0.02-0.09, violet rings 0.2-0.3, glared tray
#: 0.12-0.16), and brighter in their darkest channel than GLARE_WHITE_SHARE of the local light
#: (seed 2 scene 1: a violet top's middle 1.03-1.07 where the glared page round it, as grey,
#: measures 0.7-0.8); their rings, divided by the middles, at least GLARE_CHROMA from grey
#: (that violet: 0.11).  A middle of a top's size so whitened is looked at so too, when its
#: ring fails the test above (seed 2 scene 65: violet rings 0.17 coloured above RING_SAT, all
#: above GLARE_RING_SAT, middles' saturation 0.08, 1.15 of the local light)
GLARE_WHITE_SAT, GLARE_RING_SAT, GLARE_WHITE_SHARE, GLARE_CHROMA = 0.1, 0.18, 0.9, 0.08
#: a pale ring (violet, lime) in a light's glow can be as white as :data:`WHITE_SHARE` and
#: :data:`WHITE_SAT` ask (seed 29 scene 41: a violet ring at 0.77-0.80 of the local light,
#: saturation 0.29-0.32): its middle, the ring and the tray round it make one blob that is no
#: top.  In a blob of at least MERGED_AREA px that is no top, the middles are looked for again
#: brighter than :data:`GLARE_WHITE_SHARE` of the local light (that middle: 1.10-1.18, its
#: ring and the tray round it 0.68-0.80), ringed by colour above :data:`GLARE_RING_SAT`.  A
#: middle of :data:`MIN_AREA` joined to its ring covers 2.6 times that at least (a top's white
#: star is at most 0.62 of its coloured one across); smaller specks are not looked at again
MERGED_AREA = 4 * MIN_AREA


@dataclass(frozen=True)
class Top:
    """One piece top seen in the picture."""

    x: float  #: middle (work picture px)
    y: float
    area: float  #: the white middle's area (px)
    ring: tuple[float, float, float]  #: median BGR of the coloured ring
    white: tuple[float, float, float]  #: median BGR of the white middle
    share: float  #: share of the ring that is coloured


def find_tops(image: np.ndarray) -> tuple[np.ndarray, list[Top]]:
    """The work picture and the piece tops in it."""
    work = thumbnail(np.ascontiguousarray(image[:, :, :3]), WORK_SIDE)
    f = work.astype(np.float32)
    lo, hi = channel_min(f), channel_max(f)
    sat = saturation_of(lo, hi)
    light = illumination(lo, max(work.shape[:2]) / 8.0, floor=40.0)
    white = ((lo > WHITE_SHARE * light) & (sat < WHITE_SAT)).astype(np.uint8)
    glared = (sat < GLARE_WHITE_SAT) & (lo > GLARE_WHITE_SHARE * light)  # a top's middle in glare
    pale = ((sat > GLARE_RING_SAT) & (hi > RING_VALUE), GLARE_CHROMA)
    tops, washed, failed = _middles(work, white, ((sat > RING_SAT) & (hi > RING_VALUE), MIN_CHROMA), (glared, pale))
    if washed is not None:  # glare joined pale rings' middles to the tray round them
        tops += _middles(work, (washed & glared).astype(np.uint8), pale)[0]
    if failed is not None:  # a pale ring as white as a middle joined it to the tray round it
        tops += _middles(work, (failed & (lo > GLARE_WHITE_SHARE * light) & (sat < WHITE_SAT)).astype(np.uint8),
                         pale)[0]
    return work, tops


def _middles(work, white, rings, glare=None) -> tuple[list[Top], np.ndarray | None, np.ndarray | None]:
    """The tops among the blobs of the ``white`` mask whose rings are coloured (``rings``:
    the mask of coloured px, the least chroma of a ring divided by its middle), the mask of
    the blobs too large for a middle and the mask of the blobs of :data:`MERGED_AREA` or more
    that are no top (each None when there is none).  ``glare``: (where a middle in glare can
    be, ``rings`` there): a blob mostly there whose ring is not coloured enough is looked at
    again so (glare washes a pale ring)."""
    count, labels, stats, centres = cv2.connectedComponentsWithStats(white, connectivity=8)
    area = stats[:, cv2.CC_STAT_AREA]
    tops = []
    failed = np.zeros(count, bool)
    for i in range(1, count):
        if MIN_AREA <= area[i] <= MAX_MIDDLE * white.size:
            top = _top(work, labels, *rings, stats[i], i, centres[i])
            if top is None and glare is not None and _mostly(glare[0], labels, stats[i], i):
                top = _top(work, labels, *glare[1], stats[i], i, centres[i])
            if top is not None:
                tops.append(top)
            failed[i] = top is None and area[i] >= MERGED_AREA
    large = area > MAX_MIDDLE * white.size
    large[0] = False
    return tops, (large[labels] if large.any() else None), (failed[labels] if failed.any() else None)


def _mostly(mask: np.ndarray, labels: np.ndarray, stat, i: int) -> bool:
    """Is at least half of blob ``i`` (its ``stat``) in ``mask``?"""
    x, y, w, h, _area = (int(v) for v in stat)
    blob = labels[y:y + h, x:x + w] == i
    return bool(mask[y:y + h, x:x + w][blob].mean() >= 0.5)


def _top(work, labels, coloured, chroma: float, stat, i, centre) -> Top | None:
    x, y, w, h, area = (int(v) for v in stat)
    k = max(2, int(round(RING_WIDTH * np.sqrt(area))))
    x0, y0 = max(x - k - 1, 0), max(y - k - 1, 0)
    x1, y1 = min(x + w + k + 1, labels.shape[1]), min(y + h + k + 1, labels.shape[0])
    blob = (labels[y0:y1, x0:x1] == i).astype(np.uint8)
    ring = cv2.dilate(blob, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * k + 1, 2 * k + 1))) > blob
    share = float(coloured[y0:y1, x0:x1][ring].mean()) if ring.any() else 0.0
    if share < MIN_RING:
        return None
    patch = work[y0:y1, x0:x1]
    ring_px = patch[ring & coloured[y0:y1, x0:x1]]
    top = Top(float(centre[0]), float(centre[1]), float(area), tuple(np.median(ring_px, axis=0)),
              tuple(np.median(patch[blob > 0], axis=0)), share)
    rgb = balanced(top)
    if np.linalg.norm(plastic_chroma(rgb)) < chroma or classify_plastic(rgb).distance > MAX_ANGLE:
        return None  # a ring of no piece's colour
    return top


__all__ = ["GLARE_CHROMA", "GLARE_RING_SAT", "GLARE_WHITE_SAT", "GLARE_WHITE_SHARE", "MAX_MIDDLE", "MERGED_AREA",
           "MIN_AREA", "MIN_CHROMA", "MIN_RING", "RING_SAT", "RING_VALUE", "RING_WIDTH", "Top", "WHITE_SAT",
           "WHITE_SHARE", "WORK_SIDE", "find_tops"]
