"""Finding the 6 x 6 grid in a picture and turning it upright by its labelled edges.

1. :func:`grid_candidates` -- on a reduced copy, the squares of the grid are
   flat patches (an empty square, the top of a cube, the inside of a disc)
   parted by edges (ridges, grid lines, bevels, a disc's rim): masks of
   flat pixels at a few levels go to
   :func:`visolve.vision.lattice.find_cell_lattice`, which fits a homography
   to the 6 x 6 lattice of patches whatever the rotation and perspective.
   The outline of a light grid (grid lines and what lies on them, on a dark
   board) gives a second candidate when too few squares show flat.
2. :func:`upright` -- both editions print labels along two adjacent edges
   only (``1``-``6`` and ``A``-``F``); a strip outside each edge with a
   glyph beside every one of its six squares is a labelled edge, and the
   corner between the two labelled edges is the top left.  A lattice found
   mirrored is turned over first (photos are never mirrored).

Coordinates: board units, the grid spans ``[0, 6] x [0, 6]`` (see
:mod:`visolve.vision.view`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import cv2
import numpy as np

from visolve.errors import NotThisPuzzle
from visolve.vision.geometry import map_points
from visolve.vision.glance import channel_max
from visolve.vision.lattice import find_cell_lattice
from visolve.vision.view import BoardView, corners_homography

SIZE = 6
#: long side of the reduced copy the grid is searched on (px)
WORK_SIDE = 720
#: morphological gradient levels (grey levels) under which a pixel is flat
FLAT_LEVELS = (4, 6, 9, 14)
#: distance-transform depths tried (work px)
DEPTHS = (1.5, 2.5, 4.0, 6.0, 9.0, 13.0)
#: share of the 36 squares that must be found as patches
MIN_FOUND = 0.55
#: view used to look for the labels: pixels per square, margin in squares
LABEL_PITCH = 24
LABEL_MARGIN = 2.1
#: a label box beside square k of an edge: along [k + a, k + b], across [-c, -d] outside
LABEL_ALONG = (0.12, 0.88)
LABEL_ACROSS = (1.05, 0.22)
#: where a row of labels is looked for: the boxes moved outward by a shift (squares), and squeezed
#: along the edge towards its middle (a lattice of tall pieces' tops is wider than the floor's grid,
#: and the labels are printed nearer or farther from the grid on some boards)
LABEL_SHIFTS = (-0.1, 0.0, 0.15, 0.3, 0.45, 0.6)
LABEL_SQUEEZES = (1.0, 0.92, 0.84)
#: the nominal place of a row of labels: (shift, squeeze)
NOMINAL = (0.0, 1.0)
#: label ink stands out of the board by at most this many squares' width (strokes, not cubes)
STROKE_SIDE = 0.3
#: share of a label box that must be ink, in every box of a labelled edge
MIN_INK = 0.025
#: least contrast (grey levels) of label ink over the board around it
MIN_INK_CONTRAST = 25.0
#: a light grid's outline must cover this share of the reduced picture at least
MIN_OUTLINE_AREA = 0.01


@dataclass(frozen=True)
class Upright:
    """A grid found and turned upright.

    Attributes
    ----------
    homography : numpy.ndarray
        Board -> picture, labelled edges on top and on the left.
    turns : int
        Quarter turns (clockwise) the board lies turned in the picture.
    mirrored : bool
        The lattice was found mirrored (and turned over).
    ink : tuple of float
        Label ink per edge (top, right, bottom, left of the upright board).
    """

    homography: np.ndarray
    turns: int
    mirrored: bool
    ink: tuple[float, ...]


def grid_candidates(small: np.ndarray) -> Iterator[np.ndarray]:
    """Homographies (board -> ``small``) of 6 x 6 grids, likeliest first (found lazily)."""
    grey = cv2.GaussianBlur(channel_max(small), (0, 0), 0.8)
    lattice = _lattice(grey)
    if lattice is not None:
        yield lattice
    yield from _outlines(grey)


def _lattice(grey: np.ndarray) -> np.ndarray | None:
    grad = cv2.morphologyEx(grey, cv2.MORPH_GRADIENT, np.ones((3, 3), np.uint8))
    masks = [grad < level for level in FLAT_LEVELS]
    lat = find_cell_lattice(masks, SIZE, SIZE, min_found=MIN_FOUND, depths=DEPTHS, max_blobs=3000)
    return None if lat is None else lat.homography


def _outlines(grey: np.ndarray) -> list[np.ndarray]:
    """Light grids on a dark board: the outline of the grid lines and what lies on them."""
    light = cv2.adaptiveThreshold(grey, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY,
                                  _odd(max(grey.shape) // 8), -25)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(light, connectivity=8)
    area = grey.shape[0] * grey.shape[1]
    out = []
    for i in np.argsort(-stats[1:, cv2.CC_STAT_AREA])[:4] + 1:
        w, h = stats[i, cv2.CC_STAT_WIDTH], stats[i, cv2.CC_STAT_HEIGHT]
        if w * h < MIN_OUTLINE_AREA * area or not 0.5 < w / h < 2.0:
            continue
        contours, _ = cv2.findContours((labels == i).astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
        quad = _quad(max(contours, key=cv2.contourArea))
        if quad is not None:
            out.append(corners_homography(quad, SIZE, SIZE))
    return out


def _quad(contour: np.ndarray) -> np.ndarray | None:
    """The four corners (tl, tr, br, bl as seen) of a contour's convex hull, if it is a quadrilateral."""
    hull = cv2.convexHull(contour)
    length = cv2.arcLength(hull, True)
    for eps in (0.01, 0.02, 0.04):
        poly = cv2.approxPolyDP(hull, eps * length, True).reshape(-1, 2).astype(np.float64)
        if len(poly) == 4:
            start = int(np.argmin(poly.sum(axis=1)))
            return np.roll(poly, -start, axis=0)
    return None


def _odd(n: int) -> int:
    return max(3, n | 1)


def upright(image: np.ndarray, homography: np.ndarray) -> Upright:
    """The grid of ``homography`` with its labelled edges on top and on the left.

    Raises
    ------
    NotThisPuzzle
        No two adjacent edges carry labels (or three do: see :func:`upright_options`).
    """
    options = upright_options(image, homography)
    if len(options) != 1:
        raise NotThisPuzzle(f"three edges look labelled beside the 6 x 6 grid (label ink {_shown(options[0].ink)})")
    return options[0]


def upright_options(image: np.ndarray, homography: np.ndarray) -> list[Upright]:
    """The ways the grid of ``homography`` may stand upright: one when exactly two adjacent edges
    carry label ink, two when three edges do (dice or a leaning cube beside one edge): which
    corner is the labelled one is then for the glyphs to say
    (:func:`visolve.puzzles.genius_square.labels.edition_by_labels`).

    Raises
    ------
    NotThisPuzzle
        No two adjacent edges carry labels.
    """
    hom, mirrored = _unmirrored(homography)
    view = BoardView.from_homography(image, hom, SIZE, SIZE, pitch=LABEL_PITCH, margin=LABEL_MARGIN)
    ink = label_ink(view)
    labelled = [k for k in range(4) if ink[k] >= MIN_INK]
    # an edge is the top when the edge before it (the left) is labelled too: one such edge among two
    # adjacent labelled edges, two among three
    tops = [k for k in labelled if (k - 1) % 4 in labelled] if len(labelled) in (2, 3) else []
    if not tops:
        raise NotThisPuzzle(f"no two adjacent labelled edges beside the 6 x 6 grid (label ink {_shown(ink)})")
    return [Upright(hom @ _turn(k), k, mirrored, tuple(ink[(j + k) % 4] for j in range(4))) for k in tops]


def _shown(ink) -> str:
    return ", ".join(f"{side} {v:.3f}" for side, v in zip(("top", "right", "bottom", "left"), ink))


def _unmirrored(hom: np.ndarray) -> tuple[np.ndarray, bool]:
    """The homography turned over (u <-> v) when it maps the board mirrored."""
    p = map_points(hom, [(3.0, 3.0), (4.0, 3.0), (3.0, 4.0)])
    a, b = p[1] - p[0], p[2] - p[0]
    if a[0] * b[1] - a[1] * b[0] > 0:
        return hom, False
    swap = np.array([[0.0, 1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]])
    return hom @ swap, True


def _turn(turns: int) -> np.ndarray:
    """Board -> board map putting edge ``turns`` (0 top, 1 right, 2 bottom, 3 left) on top."""
    step = np.array([[0.0, -1.0, SIZE], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]])  # (u, v) -> (6 - v, u)
    return np.linalg.matrix_power(step, turns)


def label_ink(view: BoardView) -> list[float]:
    """Least share of label ink beside the six squares of each edge: top, right, bottom, left."""
    return [min(float(ink.mean()) for ink in ink_masks(view, side)[1]) for side in range(4)]


def label_pixels(view: BoardView) -> np.ndarray:
    """The colours ``(n, 3)`` of the label ink on the top and left edges of an upright view."""
    out = []
    for side in (0, 3):
        boxes, masks = ink_masks(view, side)
        out += [box[mask] for box, mask in zip(boxes, masks)]
    return np.concatenate(out).astype(np.float64) if out else np.zeros((0, 3))


def ink_masks(view: BoardView, side: int) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """The label boxes of an edge (view pixels) and which of their pixels are ink."""
    boxes = [_label_box(view, side, k) for k in range(SIZE)]
    greys = [b.max(axis=2).astype(np.float32) for b in boxes]
    strip = np.concatenate([g.ravel() for g in greys])
    ground = float(np.median(strip))
    top = float(np.percentile(strip, 99))
    level = ground + max(MIN_INK_CONTRAST, 0.5 * (top - ground))
    return boxes, [g > level for g in greys]


def _label_box(view: BoardView, side: int, k: int) -> np.ndarray:
    a, b = LABEL_ALONG
    c, d = LABEL_ACROSS
    if side == 0:
        box = (k + a, -c, k + b, -d)
    elif side == 1:
        box = (SIZE + d, k + a, SIZE + c, k + b)
    elif side == 2:
        box = (k + a, SIZE + d, k + b, SIZE + c)
    else:
        box = (-c, k + a, -d, k + b)
    (x0, y0), (x1, y1) = np.round(view.board_to_view([box[:2], box[2:]])).astype(int)
    return view.image[max(y0, 0):max(y1, 1), max(x0, 0):max(x1, 1)]


def find_upright(small: np.ndarray) -> list[Upright]:
    """The ways the first grid candidate of a reduced picture whose labelled edges are found
    may stand upright (:func:`upright_options`).

    Raises
    ------
    NotThisPuzzle
        No 6 x 6 grid, or none with labelled edges.
    """
    reasons = []
    for hom in grid_candidates(small):
        try:
            return upright_options(small, hom)
        except NotThisPuzzle as exc:
            reasons.append(str(exc))
    raise NotThisPuzzle(reasons[0] if reasons else "no 6 x 6 grid of squares found")
