"""A digit's shape, free of its strokes' width: a second opinion on a digit matched by template.

A digit matched against templates drawn in a few typefaces scores low, or close
to another digit, when it is printed thinner or bolder than they are: a thin 3
matches a bold 8 better than a bold 3.  Its *shape* does not depend on that:
:func:`shape_of` cuts a digit's ink (a boolean mask) to its box, scales it to
:data:`SHAPE_HEIGHT`, and thins it to its skeleton (lines one pixel wide).
Three views of that skeleton each name a digit:

- **skeleton**: the skeleton redrawn :data:`LINE_WIDTH` wide and correlated with
  the templates' skeletons redrawn so (the best template of each digit);
- **chamfer**: the mean distance from each skeleton's pixels to the other's
  (both ways; a 3's skeleton lies on an 8's, but an 8's left arcs lie far from
  a 3's), the nearest template of each digit;
- **holes**: how many holes the ink encloses (0: none, 8: two), against
  :data:`HOLES`, the holes of each digit in a plain face.

:func:`confirms` tells whether all three name one digit clearly.  The templates
are the digits drawn by OpenCV's scalable faces at several weights and its
Hershey faces (:func:`shape_bank`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

#: a digit's ink is scaled to SHAPE_HEIGHT px high (its width in proportion) and padded by SHAPE_PAD
#: px; for the chamfer view it is centred in CHAMFER_WIDTH px (wider ink is cut at the right)
SHAPE_HEIGHT, SHAPE_PAD, CHAMFER_WIDTH = 40, 8, 56
#: the skeleton view: the skeleton scaled to SKELETON_HEIGHT px, redrawn LINE_WIDTH of that wide,
#: then fitted into a VIEW (w, h) px patch smoothed by VIEW_BLUR px
SKELETON_HEIGHT, LINE_WIDTH, VIEW, VIEW_BLUR = 48, 0.08, (20, 28), 1.0
#: holes smaller than HOLE_LEAST of the digit's height squared are specks, not holes
HOLE_LEAST = 0.004
#: the holes of each digit 0-9 in a plain face (a 4 with an open top has none: it is never confirmed)
HOLES = (1, 0, 0, 0, 1, 0, 1, 0, 2, 1)
#: template digits: OpenCV's scalable faces (face, weight) and Hershey faces (thickness, share of
#: the height), TEMPLATE_SIZE px high
FACES = (("sans", 400), ("sans", 500), ("sans", 700), ("sans", 900), ("uni", 400))
HERSHEY = ((cv2.FONT_HERSHEY_SIMPLEX, 0.13), (cv2.FONT_HERSHEY_DUPLEX, 0.13))
TEMPLATE_SIZE = 60
#: :func:`confirms`: the skeleton view's best digit SKELETON_MARGIN above the next (correlation),
#: the chamfer view's CHAMFER_MARGIN nearer than the next (share of the height).  On 1346 digits
#: of IQ XOXO tabs (scenes seeds 0, 1, 4 and the painter set) with the template's best digit
#: at 0.8 or more by 0.03 or more, digits confirmed wrong by all three views had chamfer margins
#: up to 0.007 and skeleton margins up to 0.04: none at these
SKELETON_MARGIN, CHAMFER_MARGIN = 0.1, 0.015


@dataclass(frozen=True)
class Shape:
    """A digit's skeleton in its two views and its holes."""

    line: np.ndarray  #: the skeleton redrawn, as a zero-mean unit vector (skeleton view)
    skeleton: np.ndarray  #: the skeleton centred in its canvas (boolean, chamfer view)
    distance: np.ndarray  #: each canvas pixel's distance to the skeleton (px)
    holes: int  #: holes the ink encloses


@dataclass(frozen=True)
class ShapeVote:
    """What each view of a digit's shape names: best digit and its margin over the next."""

    skeleton: tuple[int, float]  #: digit, correlation margin
    chamfer: tuple[int, float]  #: digit, distance margin (share of the height)
    holes: int  #: holes in the ink


def _cropped(mask: np.ndarray, height: int) -> np.ndarray:
    """The ink of ``mask`` cut to its box and scaled to ``height`` px (width in proportion)."""
    ys, xs = np.nonzero(mask)
    ink = mask[ys.min(): ys.max() + 1, xs.min(): xs.max() + 1].astype(np.float32)
    width = max(1, int(round(ink.shape[1] * height / ink.shape[0])))
    return cv2.resize(ink, (width, height), interpolation=cv2.INTER_AREA) > 0.5


def _skeleton(ink: np.ndarray) -> np.ndarray:
    """The skeleton of boolean ``ink`` padded by :data:`SHAPE_PAD` (scikit-image's thinning)."""
    from skimage.morphology import skeletonize  # imported lazily: only tabs in doubt need it

    return skeletonize(np.pad(ink, SHAPE_PAD))


def _line_view(mask: np.ndarray) -> np.ndarray:
    """The skeleton view: the skeleton redrawn :data:`LINE_WIDTH` wide, fitted to :data:`VIEW`."""
    sk = _skeleton(_cropped(mask, SKELETON_HEIGHT)).astype(np.uint8)
    k = max(1, int(round(LINE_WIDTH * SKELETON_HEIGHT))) | 1
    line = cv2.dilate(sk, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))).astype(np.float32)
    line = line[SHAPE_PAD:-SHAPE_PAD, SHAPE_PAD:-SHAPE_PAD]
    gw, gh = VIEW
    width = max(1, min(gw, int(round(line.shape[1] * gh / line.shape[0]))))
    small = cv2.resize(line, (width, gh), interpolation=cv2.INTER_AREA)
    out = np.zeros((gh, gw), np.float32)
    out[:, (gw - width) // 2: (gw - width) // 2 + width] = small
    v = cv2.GaussianBlur(out, (0, 0), VIEW_BLUR).ravel()
    v = v - v.mean()
    return v / max(float(np.sqrt(v @ v)), 1e-6)


def holes(mask: np.ndarray) -> int:
    """How many holes boolean ``mask`` (a digit's ink) encloses, specks (:data:`HOLE_LEAST`) left out."""
    ground = np.pad(~mask.astype(bool), 1, constant_values=True).astype(np.uint8)
    n, _lab, stats, _c = cv2.connectedComponentsWithStats(ground, connectivity=4)
    least = HOLE_LEAST * mask.shape[0] ** 2
    count = 0
    for x, y, w, h, area in stats[1:]:
        inner = x > 0 and y > 0 and x + w < ground.shape[1] and y + h < ground.shape[0]
        count += int(inner and area >= least)
    return count


def shape_of(mask: np.ndarray) -> Shape:
    """A digit's :class:`Shape` from its ink (boolean ``mask``, cut to the digit or not)."""
    sk = _skeleton(_cropped(mask, SHAPE_HEIGHT))
    canvas = np.zeros((sk.shape[0], CHAMFER_WIDTH), bool)
    x0, width = max(0, (CHAMFER_WIDTH - sk.shape[1]) // 2), min(CHAMFER_WIDTH, sk.shape[1])
    canvas[:, x0: x0 + width] = sk[:, :width]
    distance = cv2.distanceTransform((~canvas).astype(np.uint8), cv2.DIST_L2, 3)
    ys, xs = np.nonzero(mask)
    return Shape(_line_view(mask), canvas, distance, holes(mask[ys.min(): ys.max() + 1, xs.min(): xs.max() + 1]))


def _drawn(digit: int) -> list[np.ndarray]:
    """Digit ``digit`` drawn white on black in every template face (boolean ink)."""
    size, out = TEMPLATE_SIZE, []
    for face, weight in FACES:
        img = np.zeros((2 * size, 2 * size), np.uint8)
        cv2.putText(img, str(digit), (size // 2, size * 3 // 2), 255, cv2.FontFace(face), size, weight)
        out.append(img > 127)
    for font, thickness in HERSHEY:
        img = np.zeros((2 * size + 8, 2 * size + 8), np.uint8)
        cv2.putText(img, str(digit), (size // 2, size * 3 // 2 + 10), font, cv2.getFontScaleFromHeight(font, size),
                    255, max(1, int(round(thickness * size))), cv2.LINE_AA)
        out.append(img > 127)
    return out


@lru_cache(maxsize=1)
def shape_bank() -> tuple[list[Shape], np.ndarray]:
    """The template digits' shapes and each one's digit."""
    shapes, digits = [], []
    for d in range(10):
        for ink in _drawn(d):
            shapes.append(shape_of(ink))
            digits.append(d)
    return shapes, np.array(digits)


def _chamfer(a: Shape, b: Shape) -> float:
    """The mean distance between two skeletons, both ways, as a share of :data:`SHAPE_HEIGHT`."""
    return 0.5 * (float(b.distance[a.skeleton].mean()) + float(a.distance[b.skeleton].mean())) / SHAPE_HEIGHT


def vote(mask: np.ndarray) -> ShapeVote:
    """What each view of the shape of a digit's ink (boolean ``mask``) names."""
    shape, (bank, digits) = shape_of(mask), shape_bank()
    corr = np.full(10, -1.0)
    np.maximum.at(corr, digits, np.array([shape.line @ t.line for t in bank]))
    far = np.full(10, np.inf)
    np.minimum.at(far, digits, np.array([_chamfer(shape, t) for t in bank]))
    c_order, f_order = np.argsort(-corr), np.argsort(far)
    return ShapeVote((int(c_order[0]), float(corr[c_order[0]] - corr[c_order[1]])),
                     (int(f_order[0]), float(far[f_order[1]] - far[f_order[0]])), shape.holes)


def confirms(mask: np.ndarray, digit: int) -> bool:
    """Whether the shape of a digit's ink (boolean ``mask``) names ``digit`` in all three views:
    skeleton and chamfer clearly (:data:`SKELETON_MARGIN`, :data:`CHAMFER_MARGIN`), and its holes
    are the digit's (:data:`HOLES`)."""
    if not np.any(mask):
        return False
    v = vote(mask)
    return (v.skeleton[0] == digit and v.skeleton[1] >= SKELETON_MARGIN and v.chamfer[0] == digit
            and v.chamfer[1] >= CHAMFER_MARGIN and v.holes == HOLES[digit])
