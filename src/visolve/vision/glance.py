"""A cheap first look at a picture: is it worth a family's full reader?

Every family's ``probe`` runs on every picture before any reader does, so it
must cost a few milliseconds on a 1080x1920 photo and never search hard.
The helpers here work on a small thumbnail (a few hundred pixels across,
:func:`visolve.vision.working.thumbnail`, importable from here too) and
give shape measures a probe turns into a score:

:func:`bright_boards`
    Bright blobs on a darker surround (a game board on a black screen, a
    booklet page on a desk) with their rotated rectangle, how much of it
    they fill, how much darker their surround is and how grey they are.
:func:`cell_lattice`
    The share of a ``cols x rows`` lattice of dark cells found by
    :func:`visolve.vision.lattice.find_cell_lattice` on the thumbnail, with
    few masks and depths.
:func:`hue_mask`, :func:`soft`
    Pixels of one colour; a measure turned into a score.

Nothing here decides; a probe combines the measures into a score in
``[0, 1]`` and keeps 0 for "surely not".
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from visolve.vision.lattice import find_cell_lattice
from visolve.vision.light import channel_max, channel_min
from visolve.vision.masks import below, locally_dark
from visolve.vision.working import thumbnail  # noqa: F401 - re-exported: a probe's look starts with it

@dataclass(frozen=True)
class BrightBlob:
    """A bright blob of a thumbnail and its shape measures (all in ``[0, 1]`` but ``greyness``)."""

    rect: tuple  #: ``cv2.minAreaRect``: ((cx, cy), (w, h), angle) in thumbnail pixels
    area: float  #: share of the thumbnail it covers
    aspect: float  #: short side / long side of its rotated rectangle
    fill: float  #: its area / the rectangle's
    contrast: float  #: (median brightness inside - around) / inside
    greyness: float  #: median of (brightest - darkest channel) inside, grey levels

    def corners(self) -> np.ndarray:
        """The rotated rectangle's corners tl, tr, br, bl (``(4, 2)`` float64), the
        first side the one closest to horizontal."""
        pts = cv2.boxPoints(self.rect).astype(np.float64)
        c = pts.mean(axis=0)
        pts = pts[np.argsort(np.arctan2(pts[:, 1] - c[1], pts[:, 0] - c[0]))]
        return np.roll(pts, -int(np.argmin(pts.sum(axis=1))), axis=0)

    @property
    def portrait(self) -> bool:
        """True when the rectangle is taller than wide (its sides taken as in :meth:`corners`)."""
        q = self.corners()
        return bool(np.linalg.norm(q[3] - q[0]) >= np.linalg.norm(q[1] - q[0]))


#: bright blobs whose bounding box is narrower than this (short / long side)
#: are no board turned by a photo's 15 degrees or less
MIN_BOX_ASPECT = 0.3
#: two blobs whose rectangles' centres and sides agree within this share of
#: the size are one (the local and the fixed split often find the same board)
SAME_BLOB = 0.05


def bright_boards(thumb: np.ndarray, *, min_area: float = 0.004, max_area: float = 0.7, limit: int = 5) -> list[BrightBlob]:
    """The largest bright blobs of ``thumb`` with their measures, largest first.

    Bright means brighter than the middle of the local darkest and brightest
    values (glare lifts a dark surround but keeps it darker than the board
    beside it), or above a fixed level; up to ``limit`` blobs of each,
    covering ``min_area`` to ``max_area`` of the thumbnail.
    """
    v = channel_max(thumb)
    lo_ch = channel_min(thumb)
    size = max(v.shape)
    k = max(5, int(round(0.03 * size)) | 1)
    se = cv2.getStructuringElement(cv2.MORPH_RECT, (k, k))
    hi, lo = cv2.dilate(v, se), cv2.erode(v, se)
    mid = cv2.blur(cv2.addWeighted(hi, 0.5, lo, 0.5, 0), (k, k))
    local = (v > mid) & (cv2.subtract(hi, lo) > 40) & (v > 30)
    out: list[BrightBlob] = []
    close = np.ones((3, 3), np.uint8)
    total = float(v.size)
    for mask in (local, v > 100):
        m = cv2.morphologyEx(mask.astype(np.uint8), cv2.MORPH_CLOSE, close)
        n, labels, stats, _ = cv2.connectedComponentsWithStats(m, connectivity=4, ltype=cv2.CV_16U)
        order = np.argsort(-stats[1:, cv2.CC_STAT_AREA])[:limit] + 1
        for i in order:
            x, y, bw, bh, area = (int(s) for s in stats[i])
            if not min_area <= area / total <= max_area or min(bw, bh) < MIN_BOX_ASPECT * max(bw, bh):
                continue
            blob = _measure(v, lo_ch, labels, (x, y, bw, bh, area), int(i))
            if blob is None:
                continue
            same = [k for k, o in enumerate(out) if _same(blob, o)]
            if not same:
                out.append(blob)
            elif blob.area > out[same[0]].area:
                out[same[0]] = blob  # the fuller of the two outlines of one board
    out.sort(key=lambda b: -b.area)
    return out


def _same(a: BrightBlob, b: BrightBlob) -> bool:
    (ca, sa, _), (cb, sb, _) = a.rect, b.rect
    scale = SAME_BLOB * max(max(sa), max(sb))
    return abs(ca[0] - cb[0]) < scale and abs(ca[1] - cb[1]) < scale and abs(max(sa) - max(sb)) < scale


def _measure(v, lo_ch, labels, stat, i) -> BrightBlob | None:
    x, y, bw, bh, area = stat
    h, w = v.shape
    pad = max(2, int(0.12 * min(bw, bh)))
    x0, y0, x1, y1 = max(0, x - pad), max(0, y - pad), min(w, x + bw + pad), min(h, y + bh + pad)
    blob = (labels[y0:y1, x0:x1] == i).astype(np.uint8)
    contours, _ = cv2.findContours(blob, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return None
    rect = cv2.minAreaRect(max(contours, key=cv2.contourArea))
    rw, rh = rect[1]
    if min(rw, rh) < 3:
        return None
    ring = cv2.dilate(blob, np.ones((2 * pad + 1, 2 * pad + 1), np.uint8)) & (1 - blob)
    vv = v[y0:y1, x0:x1]
    inside = float(np.median(vv[blob > 0]))
    around = float(np.median(vv[ring > 0])) if ring.any() else inside
    spread = cv2.subtract(vv, lo_ch[y0:y1, x0:x1])[blob > 0]
    rect = ((rect[0][0] + x0, rect[0][1] + y0), rect[1], rect[2])
    return BrightBlob(
        rect=rect,
        area=area / float(h * w),
        aspect=float(min(rw, rh) / max(rw, rh)),
        fill=float(min(1.0, area / max(rw * rh, 1.0))),
        contrast=float(max(0.0, inside - around) / max(inside, 1.0)),
        greyness=float(np.median(spread)),
    )


def hue_mask(thumb: np.ndarray, hue: tuple[int, int], min_sat: int, min_val: int) -> np.ndarray:
    """Pixels of ``thumb`` whose OpenCV hue (0-180) lies in ``hue`` and that are
    at least ``min_sat`` saturated and ``min_val`` bright (boolean)."""
    hsv = cv2.cvtColor(thumb, cv2.COLOR_BGR2HSV)
    return cv2.inRange(hsv, (hue[0], min_sat, min_val), (hue[1], 255, 255)) > 0


def soft(x: float, lo: float, hi: float) -> float:
    """0 at or below ``lo``, 1 at or above ``hi``, linear between (``lo > hi`` turns it round)."""
    return float(np.clip((x - lo) / (hi - lo), 0.0, 1.0))


#: window (thumbnail px) of the "darker than around" mask of :func:`cell_lattice`
LATTICE_WINDOW = 21
#: ... by this share of the local spread, where the spread is at least LATTICE_MIN_STD
LATTICE_SPREAD = 0.15
LATTICE_MIN_STD = 8.0
#: fixed levels of the darkest channel that make the other masks
LATTICE_LEVELS = (45, 80)
#: distance-transform depths tried (thumbnail px: cells of 8-45 px)
LATTICE_DEPTHS = (1.0, 2.0, 4.0, 7.0)


def cell_lattice(thumb: np.ndarray, cols: int, rows: int, *, min_found: float = 0.5) -> float:
    """Share of a ``cols x rows`` lattice of dark cells found in ``thumb`` (0 when none).

    Dark is read in the darkest channel (coloured marks across the lines
    between cells stay joined to the cells there, and the distance-transform
    depths cut them): darker than the local mean by a share of the local
    spread, or below each of :data:`LATTICE_LEVELS`.  The masks' blobs are
    pooled by :func:`visolve.vision.lattice.find_cell_lattice`.
    """
    low = channel_min(thumb)
    masks = [locally_dark(low, LATTICE_WINDOW, LATTICE_SPREAD, LATTICE_MIN_STD)] + below(low, LATTICE_LEVELS)
    lattice = find_cell_lattice(masks, cols, rows, min_found=min_found, depths=LATTICE_DEPTHS, max_blobs=800)
    return 0.0 if lattice is None else lattice.found / float(cols * rows)
