"""Where the number tabs of a page are: filled blocks of ink shaped as tabs, and their corners.

:func:`candidates` finds them on a reduced copy of the picture (:func:`reduced`, about
:data:`LOOK_SIDE` px long): a pixel is *ink* when its brightest channel is below
:data:`DARK` of the page's light there (:func:`visolve.vision.light.illumination`) or it is
coloured (:data:`COLOURED`), one mask a darkness (:func:`ink_masks`: the second finds a
tab paled by glare).  A part of ink is a candidate when its outline fills its smallest
rotated rectangle (:data:`FILL`), the rectangle is wider than high (:data:`ASPECT`, turned
at most 45 degrees) and light holes take no more than :data:`HOLES` of it.

On the copy a tab 20 px high in the picture is 10 px high: its corners are a pixel or two off,
which is a tenth of it.  :func:`refined` finds them again in the picture itself: the part
of pixels far from the page's colour around the tab, its sides fitted as lines
(:func:`visolve.vision.geometry.refine_quad`), so a tab seen at an angle keeps its
slanted sides (its digits are then cut out upright, not sheared).
"""

from __future__ import annotations

import cv2
import numpy as np

from visolve.vision.geometry import grown, quad_size, refine_quad, rotated_box
from visolve.vision.light import channel_max, channel_min, illumination

#: the copy tabs are looked for on is about LOOK_SIDE px long (0.75 - 1.5 times that)
LOOK_SIDE = 1000
#: ink: brightest channel below DARK of the page's light, or channels spread over COLOURED of it;
#: tabs are looked for on the first mask, then on the second (a tab paled by glare)
DARK, COLOURED = (0.62, 0.8), 0.3
#: a faint tab (printed pale, or washed by light over the page: its ink at 0.78-0.81 of the paper's
#: light on a made page photographed at low contrast) is ink below FAINT[0] of the light on a copy
#: smoothed by a FAINT_MEDIAN px median (so noise does not break the pale tab into specks); then,
#: for tabs not found so, below FAINT[1] (a made page's tab under a glare spot on a dark phone
#: photo: 0.72 of the light at its one end, 0.86-0.91 at the other, so that at 0.88 it broke
#: into pieces; at 0.90 it stood whole)
FAINT, FAINT_MEDIAN = (0.88, 0.9), 3
#: the light is estimated over this share of the copy's long side
LIGHT_SHARE = 0.06
#: a candidate covers at least MIN_AREA px of a copy LOOK_SIDE long (in proportion on others), at
#: most MAX_SHARE of it
MIN_AREA, MAX_SHARE = 120, 0.05
#: its outline fills at least FILL of its rotated rectangle, which is ASPECT[0]-ASPECT[1] times
#: as wide as high; light holes take at most HOLES of its outline (the digits may have blurred
#: into the tab on the copy: no least share)
FILL, ASPECT, HOLES = 0.85, (1.15, 5.0), 0.5
#: a tab's corners are found again in the picture, around them grown by REFINE_GROW of its
#: height, on a copy where it is at most REFINE_HEIGHT px high: the part of pixels at least half
#: as far from the page's colour as the tab's; the new corners are kept when they move the
#: middle less than REFINE_MOVE of its height and the area changes by less than REFINE_AREA
#: times (the tab's part did not run into a board)
REFINE_GROW, REFINE_HEIGHT, REFINE_MOVE, REFINE_AREA = 0.5, 48, 0.25, 1.5
#: a tab is at least TAB_FAR grey levels from the page's colour (else it is left as found), the
#: page's colour taken within PAGE_RING of the tab's height around it (a tab near the top of a
#: page on a dark phone, its board just below: the median of the whole window was dark, and the
#: page's paper around the tab was taken for the tab)
TAB_FAR, PAGE_RING = 20, 0.3


def reduced(image: np.ndarray, side: int) -> tuple[np.ndarray, float]:
    """``image`` halved (area average, OpenCV's fast case) while it is more than 1.5 ``side`` px
    long, and the factor it was scaled by."""
    f = 1.0
    while max(image.shape[:2]) > 1.5 * side:
        h, w = image.shape[0] // 2, image.shape[1] // 2
        image = cv2.resize(image[:2 * h, :2 * w], (w, h), interpolation=cv2.INTER_AREA)
        f /= 2
    return image, f


def ink_masks(image: np.ndarray, darks: tuple[float, ...] = DARK) -> list[np.ndarray]:
    """Pixels of a BGR picture darker (each of ``darks``) or more coloured than the page
    around them (bool), one mask a darkness."""
    top = channel_max(image).astype(np.float32)
    light = illumination(top, LIGHT_SHARE * max(image.shape[:2]))
    coloured = top - channel_min(image).astype(np.float32) > COLOURED * light
    return [(top < dark * light) | coloured for dark in darks]


def faint_masks(image: np.ndarray) -> list[np.ndarray]:
    """Pixels of a BGR picture below each of :data:`FAINT` of the page's light around them, or
    coloured, on a copy smoothed by a median (bool), one mask a level: where tabs printed pale or
    washed by light are looked for when those of :func:`ink_masks` read."""
    return ink_masks(cv2.medianBlur(image, FAINT_MEDIAN), FAINT)


def candidates(ink: np.ndarray) -> list[np.ndarray]:
    """The corners (x, y on ``ink``, :func:`upright` order) of each part of ``ink`` that fills a
    rotated rectangle as a tab does, of a tab's size and not touching the rim."""
    least = MIN_AREA * (max(ink.shape) / LOOK_SIDE) ** 2
    n, labels, stats, _c = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    out = []
    h, w = ink.shape
    for i in range(1, n):
        x, y, bw, bh, area = stats[i]
        if area < least or area > MAX_SHARE * h * w or x == 0 or y == 0 or x + bw >= w or y + bh >= h:
            continue
        corners = _candidate(labels[y:y + bh, x:x + bw] == i, area)
        if corners is not None:
            out.append(corners + (x, y))
    return out


def _candidate(part: np.ndarray, area: int) -> np.ndarray | None:
    """The corners (x, y in ``part``'s box, upright order) of the rotated rectangle a part of
    ink fills as a tab does, or None."""
    contours, _h = cv2.findContours(part.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    outline = max(contours, key=cv2.contourArea)
    inside = cv2.contourArea(outline)
    (cx, cy), (rw, rh), angle = cv2.minAreaRect(outline)
    if rw * rh <= 0 or inside < FILL * rw * rh:
        return None
    if 1.0 - area / max(inside, 1.0) > HOLES:
        return None
    return upright(cv2.boxPoints(((cx, cy), (rw, rh), angle)))


def refined(image: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """A tab's ``corners`` (picture px, :func:`upright` order) found again in ``image`` (BGR):
    the sides of the part of pixels far from the page's colour (its median outside the corners)
    that overlaps them most, each fitted as a line; ``corners`` unchanged when that part does
    not fit them."""
    height = float(np.linalg.norm(corners[3] - corners[0]))
    grow = max(3.0, REFINE_GROW * height)
    x0, y0 = np.maximum(np.floor(corners.min(axis=0) - grow), 0).astype(int)
    x1, y1 = np.minimum(np.ceil(corners.max(axis=0) + grow), (image.shape[1], image.shape[0])).astype(int)
    if x1 - x0 < 3 or y1 - y0 < 3:
        return corners
    f = min(1.0, REFINE_HEIGHT / max(height, 1.0))
    window = image[y0:y1, x0:x1]
    if f < 1.0:
        window = cv2.resize(window, (max(3, round((x1 - x0) * f)), max(3, round((y1 - y0) * f))),
                            interpolation=cv2.INTER_AREA)
    part = _tab_part(window.astype(np.float32), np.round((corners - (x0, y0) + 0.5) * f - 0.5))
    if part is None:
        return corners
    contours, _h = cv2.findContours(part, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    outline = max(contours, key=cv2.contourArea)
    quad = refine_quad(outline, rotated_box(outline), band=None)
    # the outline runs through the part's rim pixels: its edge is half a pixel further out
    new = None if quad is None else upright((grown(quad, 0.5) + 0.5) / f - 0.5 + (x0, y0))
    if new is None:
        return corners
    old_area, new_area = float(np.prod(quad_size(corners))), float(np.prod(quad_size(new)))
    moved = float(np.linalg.norm(new.mean(axis=0) - corners.mean(axis=0)))
    if moved > REFINE_MOVE * height or not old_area / REFINE_AREA < new_area < old_area * REFINE_AREA:
        return corners
    return new


def _tab_part(window: np.ndarray, corners: np.ndarray) -> np.ndarray | None:
    """The part (uint8 mask) of ``window``'s pixels at least half as far from the page's colour
    (around ``corners``: :data:`PAGE_RING`) as the tab's (its 75th percentile inside ``corners``)
    that overlaps ``corners`` most."""
    inside = np.zeros(window.shape[:2], np.uint8)
    cv2.fillConvexPoly(inside, corners.astype(np.int32), 1)
    if not inside.any() or inside.all():
        return None
    ring = np.zeros_like(inside)
    cv2.fillConvexPoly(ring, np.round(grown(corners, PAGE_RING * quad_size(corners)[1])).astype(np.int32), 1)
    ring = (ring > 0) & (inside == 0)
    # the page's colour next to the tab (the whole window's may be a dark board or a bezel near it)
    page = np.median(window[ring if ring.any() else inside == 0], axis=0)
    far = np.abs(window - page).max(axis=2)
    tab_far = float(np.percentile(far[inside > 0], 75))
    if tab_far < TAB_FAR:
        return None
    n, labels = cv2.connectedComponents((far > tab_far / 2).astype(np.uint8), connectivity=8)
    overlap = np.bincount(labels[inside > 0], minlength=n)
    overlap[0] = 0
    return (labels == int(np.argmax(overlap))).astype(np.uint8)


def upright(quad: np.ndarray, aspect: tuple[float, float] = ASPECT) -> np.ndarray | None:
    """A quadrilateral's corners (in order round it) as top-left, top-right, bottom-right,
    bottom-left, its longer pair of sides across and turned at most 45 degrees; None when
    the longer sides are not ``aspect`` times the shorter ones."""
    c = np.asarray(quad, np.float64).reshape(4, 2)
    sides = np.roll(c, -1, axis=0) - c
    lengths = np.linalg.norm(sides, axis=1)
    first, second = (lengths[0] + lengths[2]) / 2, (lengths[1] + lengths[3]) / 2
    along = sides[0] - sides[2] if first >= second else sides[1] - sides[3]
    long_side, short_side = max(first, second), min(first, second)
    if not aspect[0] * short_side <= long_side <= aspect[1] * short_side:
        return None
    u = along / max(float(np.linalg.norm(along)), 1e-9)
    if u[0] < 0:
        u = -u
    v = np.array([-u[1], u[0]])  # u turned a quarter clockwise on the picture: the tab's down
    rel = c - c.mean(axis=0)
    by_down = np.argsort(rel @ v, kind="stable")
    top = sorted(by_down[:2], key=lambda i: rel[i] @ u)
    bottom = sorted(by_down[2:], key=lambda i: rel[i] @ u)
    return c[[top[0], top[1], bottom[1], bottom[0]]]
