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
from visolve.vision.geometry import map_points, polygon_corners
from visolve.vision.lattice import find_cell_lattice
from visolve.vision.light import channel_max, channel_min
from visolve.vision.masks import locally_light
from visolve.vision.view import BoardView, corners_homography
from visolve.vision.working import working_copy

SIZE = 6
#: long side of the reduced copy the grid is searched on (px)
WORK_SIDE = 720
#: morphological gradient levels (grey levels) under which a pixel is flat
FLAT_LEVELS = (4, 6, 9, 14)
#: distance-transform depths tried (work px)
DEPTHS = (1.5, 2.5, 4.0, 6.0, 9.0, 13.0)
#: share of the 36 squares that must be found as patches
MIN_FOUND = 0.55
#: largest RMS distance (squares) of the patches from the lattice fitted to them: a recessed
#: square's patch leans towards its lit side, a disc's patch is off its square's centre, and
#: the labels are then looked for around the edge (:func:`label_rows`), not at one place
MAX_LATTICE_ERROR = 0.2
#: the board may lie turned any way in a photo (the lattice's turn is modulo 90 degrees)
MAX_LATTICE_TURN = 45.0
#: lattices looked for again with the ones found before painted out
MORE_LATTICES = 2
#: a grid whose squares are smaller than this (px of the reduced copy) is looked for again on a
#: closer copy of the picture, this many squares around it
ZOOM_BELOW = 36
ZOOM_AROUND = 2.5
#: view used to look for the labels: pixels per square, margin in squares
LABEL_PITCH = 24
LABEL_MARGIN = 2.1
#: a label box beside square k of an edge: along [k + a, k + b], across [-c, -d] outside
LABEL_ALONG = (0.12, 0.88)
LABEL_ACROSS = (1.05, 0.22)
#: where a row of labels is looked for: the boxes moved outward by a shift (squares), and squeezed
#: along the edge towards its middle (a lattice of tall pieces' tops is wider than the floor's grid,
#: and the labels are printed nearer or farther from the grid on some boards)
LABEL_SHIFTS = (-0.3, -0.2, -0.1, 0.0, 0.15, 0.3, 0.45, 0.6)
LABEL_SQUEEZES = (1.0, 0.92, 0.84)
#: ... and slid along the edge (squares): tall pieces' tops lie off the floor's grid towards the far side
LABEL_SLIDES = (-0.5, -0.375, -0.25, -0.125, 0.0, 0.125, 0.25, 0.375, 0.5)
#: the nominal place of a row of labels: (shift, squeeze, slide)
NOMINAL = (0.0, 1.0, 0.0)
#: ink on a label box's rim (px wide) counts against the place, this many times: a glyph cut
RIM_PX = 2
RIM_WEIGHT = 3.0
#: label ink stands out of the board by at most this many squares' width (strokes, not cubes)
STROKE_SIDE = 0.3
#: a label box stops this many squares outside the grid however near it is moved
LABEL_INSIDE = 0.04
#: a straight run of ink this many squares long is a grid line, not a label's stroke nor a row of them
LINE_LENGTH = 1.5
#: a lattice may have taken the row of labels (and one beyond) for squares: labels looked for so many
#: rows inside each edge (:func:`moved_inward`)
INNER_ROWS = (1, 2)
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
    places : tuple of (float, float, float)
        Where each edge's row of labels was found: (shift outward, squeeze, slide along), see
        :data:`LABEL_SHIFTS`.
    edges : tuple of int
        The edges whose labels were seen: top and left (0, 3), or only one of them when tall
        pieces hide the other's (the glyphs then say which way up the board stands).
    """

    homography: np.ndarray
    turns: int
    mirrored: bool
    ink: tuple[float, ...]
    places: tuple[tuple[float, float, float], ...] = ((0.0, 1.0, 0.0),) * 4
    edges: tuple[int, ...] = (0, 3)


def grid_candidates(small: np.ndarray, more: int = MORE_LATTICES) -> Iterator[np.ndarray]:
    """Homographies (board -> ``small``) of 6 x 6 grids, likeliest first (found lazily): the
    lattice of flat patches, the outlines of light grids, then lattices found with the ones
    before painted out (a pattern on the table, a patch of glare, may look more like a lattice
    than the board does)."""
    grey = cv2.GaussianBlur(channel_max(small), (0, 0), 0.8)
    grad = cv2.morphologyEx(grey, cv2.MORPH_GRADIENT, np.ones((3, 3), np.uint8))
    masks = [(grad < level).astype(np.uint8) for level in FLAT_LEVELS]
    lattice = _lattice(masks)
    if lattice is not None:
        yield lattice
    yield from _outlines(grey)
    for _ in range(more):
        if lattice is None:
            return
        corners = map_points(lattice, [(-0.5, -0.5), (SIZE + 0.5, -0.5), (SIZE + 0.5, SIZE + 0.5), (-0.5, SIZE + 0.5)])
        for m in masks:
            cv2.fillConvexPoly(m, np.round(corners).astype(np.int32), 0)
        lattice = _lattice(masks)
        if lattice is not None:
            yield lattice


def _lattice(masks: list[np.ndarray]) -> np.ndarray | None:
    lat = find_cell_lattice(masks, SIZE, SIZE, min_found=MIN_FOUND, depths=DEPTHS, max_blobs=3000,
                            max_error=MAX_LATTICE_ERROR, max_angle=MAX_LATTICE_TURN)
    return None if lat is None else lat.homography


def _outlines(grey: np.ndarray) -> list[np.ndarray]:
    """Light grids on a dark board: the outline of the grid lines and what lies on them."""
    light = locally_light(grey, max(grey.shape) // 8, 25)
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
    poly = polygon_corners(contour, steps=(0.01, 0.02, 0.04))
    return None if poly is None else np.roll(poly, -int(np.argmin(poly.sum(axis=1))), axis=0)


def upright(image: np.ndarray, homography: np.ndarray, picture: np.ndarray | None = None) -> Upright:
    """The grid of ``homography`` with its labelled edges on top and on the left.

    Raises
    ------
    NotThisPuzzle
        No edge carries labels, or the labelled ones leave several ways up (see
        :func:`upright_options`).
    """
    options = upright_options(image, homography, picture)
    if len(options) != 1:
        raise NotThisPuzzle(f"the labelled edges beside the 6 x 6 grid leave {len(options)} ways up "
                            f"(label ink {_shown(options[0].ink)})")
    return options[0]


def upright_options(image: np.ndarray, homography: np.ndarray, picture: np.ndarray | None = None) -> list[Upright]:
    """The ways the grid of ``homography`` (board -> ``image``) may stand upright: one when exactly
    two adjacent edges carry label ink, two or more when three or four edges do (dice or a leaning
    cube beside one edge), two when one edge only does (the other's labels hidden by tall pieces:
    it is the top or the left): which way is right is then for the glyphs to say
    (:func:`visolve.puzzles.genius_square.labels.edition_by_labels`).

    The labels are looked for on ``picture`` (the picture ``image`` is a reduced copy of, so that
    small labels keep their strokes) when it is given; the row of labels beside each edge is
    searched near the grid (:func:`label_rows`), not only at one distance from it.

    Raises
    ------
    NotThisPuzzle
        No edge carries labels.
    """
    hom, mirrored = _unmirrored(homography)
    ink, places = label_rows(_label_view(image, hom, picture))
    labelled = [k for k in range(4) if ink[k] >= MIN_INK]
    # an edge is the top when the edge before it (the left) is labelled too
    tops = [(k, (0, 3)) for k in labelled if (k - 1) % 4 in labelled] if len(labelled) >= 2 else []
    if len(labelled) == 1:  # the other labels hidden (tall pieces leaning over them): the top or the left
        tops = [(labelled[0], (0,)), ((labelled[0] + 1) % 4, (3,))]
    if not tops:
        raise NotThisPuzzle(f"no labelled edge beside the 6 x 6 grid (label ink {_shown(ink)})")
    return [Upright(hom @ _turn(k), k, mirrored, tuple(ink[(j + k) % 4] for j in range(4)),
                    tuple(places[(j + k) % 4] for j in range(4)), edges) for k, edges in tops]


def _label_view(image: np.ndarray, hom: np.ndarray, picture: np.ndarray | None) -> BoardView:
    """The view the labels of the grid ``hom`` (board -> ``image``) are looked for on: ``picture``
    (the picture ``image`` is a reduced copy of) when given."""
    source, scale = (image, 1.0) if picture is None else (picture, picture.shape[1] / image.shape[1])
    return BoardView.from_homography(source, np.diag([scale, scale, 1.0]) @ hom, SIZE, SIZE,
                                     pitch=LABEL_PITCH, margin=LABEL_MARGIN)


def moved_inward(image: np.ndarray, homography: np.ndarray, picture: np.ndarray | None = None) -> list[np.ndarray]:
    """The grid ``homography`` moved by whole squares away from an edge whose outer rows hold a row of
    labels (:func:`inner_label_rows`): a lattice of a solved board seen from the front that took the
    flat row of labels for squares and missed the far row of tall pieces leaning towards the camera."""
    hom, _mirrored = _unmirrored(homography)
    step = {0: (0, 1), 1: (-1, 0), 2: (0, -1), 3: (1, 0)}
    out = []
    for edge, rows in inner_label_rows(_label_view(image, hom, picture)):
        du, dv = step[edge]
        out.append(hom @ np.array([[1.0, 0.0, du * rows], [0.0, 1.0, dv * rows], [0.0, 0.0, 1.0]]))
    return out


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


def label_rows(view: BoardView) -> tuple[list[float], list[tuple[float, float, float]]]:
    """Per edge (top, right, bottom, left): the least share of label ink beside its six squares, and
    where the row of labels is (:data:`LABEL_SHIFTS`, :data:`LABEL_SQUEEZES`, :data:`LABEL_SLIDES`):
    among the places with ink beside all six squares the one with most ink and least of it on the
    boxes' rims (glyphs whole), else the one whose least share is largest.

    Label ink is a thin light stroke: the largest channel above its opening over a square's
    :data:`STROKE_SIDE` (a cube's top or a disc is wider and is no ink), above half the brightest
    strokes around the grid and :data:`MIN_INK_CONTRAST` at least.  Nearer the nominal place wins ties.
    """
    sums = _label_sums(view)
    places = np.array(sorted(((t, q, d) for t in LABEL_SHIFTS for q in LABEL_SQUEEZES for d in LABEL_SLIDES),
                             key=lambda p: (p != NOMINAL, abs(p[2]), abs(p[0]))))
    ink, where = [], []
    for edge in range(4):
        (x0, y0), (x1, y1) = _boxes_px(view, edge, places, sums.shape)
        inside = _count(sums, x0, y0, x1, y1)
        area = np.maximum((x1 - x0) * (y1 - y0), 1)
        share = inside / area
        share[(x1 <= x0) | (y1 <= y0)] = 0.0
        b = RIM_PX
        core = _count(sums, np.minimum(x0 + b, x1), np.minimum(y0 + b, y1), np.maximum(x1 - b, x0), np.maximum(y1 - b, y0))
        cut = (inside - core) / area  # ink on the boxes' rims: glyphs cut by them
        least = share.min(axis=1)
        # among the places with ink beside every square, the one holding most ink whole
        best = int(np.argmax(np.where(least >= MIN_INK, 1.0 + share.mean(axis=1) - RIM_WEIGHT * cut.mean(axis=1), least)))
        ink.append(float(least[best]))
        where.append(tuple(float(v) for v in places[best]))
    return ink, where


def _label_sums(view: BoardView) -> np.ndarray:
    """The integral image of the label ink of ``view`` (see :func:`label_rows`)."""
    grey = channel_max(view.image).astype(np.float32)
    side = max(3, int(round(STROKE_SIDE * view.pitch)) | 1)
    strokes = grey - cv2.morphologyEx(grey, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (side, side)))
    ring = np.zeros(grey.shape, bool)  # where labels may be: not on the grid, not far off it
    far = LABEL_ACROSS[0] + LABEL_SHIFTS[-1]
    (x0, y0), (x1, y1) = np.round(view.board_to_view([(-far, -far), (SIZE + far, SIZE + far)])).astype(int)
    ring[max(y0, 0):y1, max(x0, 0):x1] = True
    (x0, y0), (x1, y1) = np.round(view.board_to_view([(0, 0), (SIZE, SIZE)])).astype(int)
    ring[max(y0, 0):y1, max(x0, 0):x1] = False
    level = max(MIN_INK_CONTRAST, 0.5 * float(np.percentile(strokes[ring], 99.5)))
    return cv2.integral(without_lines(strokes > level, view.pitch).astype(np.uint8)).astype(np.float64)


def inner_label_rows(view: BoardView) -> list[tuple[int, int]]:
    """The (edge, rows) whose row of squares ``rows`` in from the edge (:data:`INNER_ROWS`) holds label
    ink in each of its six squares, as a labelled edge's boxes do (:func:`label_rows`)."""
    sums = _label_sums(view)
    out = []
    for rows in INNER_ROWS:
        places = np.array([(t - rows, q, d) for t in LABEL_SHIFTS for q in LABEL_SQUEEZES for d in LABEL_SLIDES])
        for edge in range(4):
            (x0, y0), (x1, y1) = _boxes_px(view, edge, places, sums.shape, inside=True)
            share = _count(sums, x0, y0, x1, y1) / np.maximum((x1 - x0) * (y1 - y0), 1)
            share[(x1 <= x0) | (y1 <= y0)] = 0.0
            if float(share.min(axis=1).max()) >= MIN_INK:
                out.append((edge, rows))
    return out


def _count(sums: np.ndarray, x0, y0, x1, y1) -> np.ndarray:
    """Set pixels in the boxes ``[x0, x1) x [y0, y1)`` of the mask whose integral image is ``sums``."""
    return sums[y1, x1] - sums[y0, x1] - sums[y1, x0] + sums[y0, x0]


def _boxes_px(view: BoardView, side: int, places: np.ndarray, shape: tuple[int, int], inside: bool = False):
    """View pixels (x0, y0), (x1, y1), each ``(n, 6)``, of the label boxes beside the six squares of
    edge ``side`` at each of ``places`` ``(n, 3)``, clipped to a view of ``shape`` (its integral's);
    ``inside``: the boxes may lie over the grid (moved inward by whole rows)."""
    shift, squeeze, slide = (places[:, i:i + 1] for i in range(3))
    k = np.arange(SIZE)[None, :]
    a = SIZE / 2 + (k + LABEL_ALONG[0] - SIZE / 2) * squeeze + slide
    b = SIZE / 2 + (k + LABEL_ALONG[1] - SIZE / 2) * squeeze + slide
    c = np.broadcast_to(LABEL_ACROSS[0] + shift, a.shape)
    d = np.broadcast_to(LABEL_ACROSS[1] + shift if inside else np.maximum(LABEL_ACROSS[1] + shift, LABEL_INSIDE),
                        a.shape)  # never over the grid, unless moved inward
    u0, v0, u1, v1 = {0: (a, -c, b, -d), 1: (SIZE + d, a, SIZE + c, b), 2: (a, SIZE + d, b, SIZE + c),
                      3: (-c, a, -d, b)}[side]
    e = view.extent
    h, w = shape[0] - 1, shape[1] - 1

    def px(v, origin, top):
        return np.clip(np.round((v - origin) * view.pitch).astype(int), 0, top)

    return (px(u0, e[0], w), px(v0, e[1], h)), (px(u1, e[0], w), px(v1, e[1], h))


def label_ink(view: BoardView, places=None) -> list[float]:
    """Least share of label ink beside the six squares of each edge: top, right, bottom, left."""
    places = places or (NOMINAL,) * 4
    return [min(float(ink.mean()) for ink in ink_masks(view, side, places[side])[1]) for side in range(4)]


def label_pixels(view: BoardView, places=None, edges: tuple[int, ...] = (0, 3)) -> np.ndarray:
    """The colours ``(n, 3)`` of the label ink on the top and left edges of an upright view
    (``places``: where each edge's labels are, as :func:`label_rows` gives them; ``edges``: the
    edges whose labels are seen)."""
    places = places or (NOMINAL,) * 4
    out = []
    for side in edges:
        boxes, masks = ink_masks(view, side, places[side])
        out += [box[mask] for box, mask in zip(boxes, masks)]
    return np.concatenate(out).astype(np.float64) if out else np.zeros((0, 3))


def ink_masks(view: BoardView, side: int, place=NOMINAL) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """The label boxes of an edge (view pixels) at ``place`` and which of their pixels are ink."""
    h, w = view.image.shape[:2]
    (x0, y0), (x1, y1) = _boxes_px(view, side, np.array([place], np.float64), (h + 1, w + 1))
    boxes = [view.image[y0[0, k]:max(y1[0, k], y0[0, k] + 1), x0[0, k]:max(x1[0, k], x0[0, k] + 1)]
             for k in range(SIZE)]
    greys = [channel_min(b).astype(np.float32) for b in boxes]  # white print: coloured cubes are no ink
    strip = np.concatenate([g.ravel() for g in greys])
    ground = float(np.median(strip))
    top = float(np.percentile(strip, 99))
    level = ground + max(MIN_INK_CONTRAST, 0.5 * (top - ground))
    return boxes, [g > level for g in greys]


def without_lines(mask: np.ndarray, pitch: float) -> np.ndarray:
    """``mask`` without its straight runs, along or across, longer than :data:`LINE_LENGTH` squares:
    the grid's lines (a label's longest stroke is shorter)."""
    n = max(3, int(round(LINE_LENGTH * pitch)))
    m = mask.astype(np.uint8)
    lines = cv2.morphologyEx(m, cv2.MORPH_OPEN, np.ones((1, n), np.uint8))
    lines |= cv2.morphologyEx(m, cv2.MORPH_OPEN, np.ones((n, 1), np.uint8))
    if not lines.any():
        return mask
    return mask & ~cv2.dilate(lines, np.ones((3, 3), np.uint8)).astype(bool)


def find_upright(small: np.ndarray, picture: np.ndarray | None = None, legible=None,
                 thorough: bool = True) -> list[Upright]:
    """The ways the first grid candidate of a reduced picture whose labelled edges are found
    may stand upright (:func:`upright_options`; labels looked for on ``picture`` when given, and
    a grid small in the reduced copy looked for again on a closer copy of ``picture``).

    ``legible(option)`` says whether the glyphs beside an option's labelled edges read as labels:
    when the labelled edges leave several ways up (or one edge only is labelled) the one it
    accepts is kept, and a candidate it accepts none of gives way to the next.  (Letting a grid
    with two labelled edges whose glyphs do not read give way too read one scene more in 100 and
    cost about 100 ms on 12 MP photos that are refused: left out.)  ``thorough=False``
    looks only at the first lattice and the outlines, on the reduced copy (a second board looked for).

    Raises
    ------
    NotThisPuzzle
        No 6 x 6 grid, or none with labelled edges.
    """
    reasons: list[str] = []
    for n, hom in enumerate(grid_candidates(small, MORE_LATTICES if thorough else 0)):
        for found in closer(small, hom, picture if thorough else None):
            options, kept = _ways_up(small, found, picture, legible, reasons)
            first = n == 0 and thorough and legible is not None
            if options is not None and not (first and len(options) == 1 and not legible(options[0])):
                return options  # (the glyphs of two labelled edges are read once: the reader keeps them)
            if first:  # the first lattice off by a row or two: its outer rows the labels?
                for moved in moved_inward(small, found, picture):
                    again, _kept = _ways_up(small, moved, picture, legible, [], both=True)
                    if again is not None:
                        return again
            if options is not None:
                return options  # two labelled edges whose glyphs do not read: the reader says so
            if kept:
                break
    raise NotThisPuzzle(reasons[0] if reasons else "no 6 x 6 grid of squares found")


def _ways_up(small: np.ndarray, found: np.ndarray, picture: np.ndarray | None, legible, reasons: list[str],
             both: bool = False) -> tuple[list[Upright] | None, bool]:
    """The ways up of the grid ``found`` that :func:`find_upright` returns (None when there is none:
    why is added to ``reasons``), and whether some ways up read but not only one (the grid is the
    board's, its other candidates need not be tried).  ``both``: two adjacent labelled edges must
    read, never one."""
    try:
        options = upright_options(small, found, picture)
    except NotThisPuzzle as exc:
        reasons.append(str(exc))
        return None, False
    if legible is None or (len(options) == 1 and options[0].edges == (0, 3) and not both):
        return options, True  # two adjacent labelled edges: the reader says if their glyphs do not read
    kept = [option for option in options if legible(option)]
    if len(kept) == 1 and (kept[0].edges == (0, 3) or not both):
        return kept, True
    seen = "one edge looks labelled" if options[0].edges != (0, 3) else f"{len(options) + 1} edges look labelled"
    reasons.append(f"{seen} beside the 6 x 6 grid, and the glyphs read as labels A-F and 1-6 "
                   f"{len(kept)} of the {len(options)} ways up that allows")
    return None, bool(kept)


def closer(small: np.ndarray, hom: np.ndarray, picture: np.ndarray | None) -> Iterator[np.ndarray]:
    """The grid ``hom`` (board -> ``small``) found again on a closer copy of ``picture`` around it
    when its squares are under :data:`ZOOM_BELOW` px in ``small`` (fine lines and small labels are
    lost in the reduced copy), then ``hom`` itself."""
    side = _side_px(hom)
    if picture is not None and side < ZOOM_BELOW and picture.shape[1] > small.shape[1]:
        f = small.shape[1] / picture.shape[1]
        a = ZOOM_AROUND
        box = map_points(hom, [(-a, -a), (SIZE + a, -a), (SIZE + a, SIZE + a), (-a, SIZE + a)]) / f
        (x0, y0), (x1, y1) = np.maximum(np.floor(box.min(0)), 0).astype(int), np.ceil(box.max(0)).astype(int)
        crop = picture[y0:y1, x0:x1]
        if min(crop.shape[:2]) >= 2 * SIZE:
            near, g = working_copy(crop, WORK_SIDE)
            if g * f < 1.0:
                found = next(iter(grid_candidates(near)), None)
                if found is not None:
                    back = np.diag([f, f, 1.0]) @ np.array([[1.0, 0, x0], [0, 1.0, y0], [0, 0, 1.0]])
                    again = back @ np.diag([1.0 / g, 1.0 / g, 1.0]) @ found
                    centre = map_points(again, [(SIZE / 2, SIZE / 2)])[0]
                    inside = cv2.pointPolygonTest(map_points(hom, [(0, 0), (SIZE, 0), (SIZE, SIZE), (0, SIZE)])
                                                  .astype(np.float32), tuple(float(v) for v in centre), False)
                    if inside >= 0:
                        yield again
    yield hom


def _side_px(hom: np.ndarray) -> float:
    """Mean side of a square of the grid ``hom`` maps (px)."""
    c = map_points(hom, [(0, 0), (SIZE, 0), (SIZE, SIZE), (0, SIZE)])
    return float(np.linalg.norm(c - np.roll(c, -1, axis=0), axis=1).mean()) / SIZE
