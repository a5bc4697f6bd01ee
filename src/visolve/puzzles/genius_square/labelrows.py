"""The rows of printed labels beside the grid's edges: where they are and which pixels are ink.

Label ink is a thin light stroke (white print on the board): the largest
channel above its opening over a fraction of a square, so that a cube's top
or a disc, wider, is no ink, and long straight runs (the grid's lines) are
left out.  Beside each edge the row of six label boxes is searched: moved out
or in, squeezed towards the edge's middle and slid along it
(:func:`label_rows`); rows of labels are also looked for inside the grid
(:func:`inner_label_rows`), for a lattice that took them for squares.

Coordinates: board units, the grid spans ``[0, 6] x [0, 6]`` (see
:mod:`visolve.vision.view`).
"""

from __future__ import annotations

import cv2
import numpy as np

from visolve.vision.light import channel_max, channel_min
from visolve.vision.view import BoardView

SIZE = 6
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
#: ... and, when no way up found so reads, slid up to a whole square (:mod:`visolve.puzzles.genius_square.farlabels`)
FAR_SLIDES = tuple(k / 8 for k in range(-8, 9))
#: the nominal place of a row of labels: (shift, squeeze, slide)
NOMINAL = (0.0, 1.0, 0.0)
#: ink on a label box's rim (px wide) counts against the place, this many times: a glyph cut
RIM_PX = 2
RIM_WEIGHT = 3.0
#: label ink stands out of the board by at most this many squares' width (strokes, not cubes)
STROKE_SIDE = 0.3
#: ... or, when no edge shows ink so, this many (two adjacent edges must then show it): a small print
#: blurred (a ``visolve make`` page photographed inside a larger sheet, squares of 20 px) spreads a bold
#: glyph's strokes over 0.3 of a square, and only their rims stood out (least ink of the top and left
#: edges, at 0.3 / 0.4 / 0.5: seed 13 starter's board 1 0.007 and 0.022 / 0.197 and 0.105 / 0.211 and
#: 0.203; seed 39 junior's board 2, a pale print, 0.007 and 0.003 / 0.179 and 0.025 / 0.224 and 0.195);
#: a disc (0.65 of a square) or a cube's top is still wider
WIDE_STROKE_SIDE = 0.5
#: ... or, when no two adjacent edges show ink so (:func:`label_sums`' ``own``), over half the
#: brightest strokes within OWN_REACH squares: a page's board in glare (photo seed 50 master, board 1)
#: showed the labels 1, A and B by strokes of 40-50 grey levels, the others' 114-137 (level 57); a
#: square's reach holds one label's strokes (a label box is about a square)
OWN_REACH = 1.0
#: a label box stops this many squares outside the grid however near it is moved
LABEL_INSIDE = 0.04
#: a straight run of ink this many squares long is a grid line, not a label's stroke nor a row of them
LINE_LENGTH = 1.5
#: share of a label box that must be ink, in every box of a labelled edge
MIN_INK = 0.025
#: least contrast (grey levels) of label ink over the board around it
MIN_INK_CONTRAST = 25.0
#: ... with ``own`` (labels in glare, whose glyphs must then read): a page's board washed by glare on
#: a dark phone photo (make photo seed 76 wizard, board 2) showed its top labels 4, 5 and 6 by strokes
#: of 20-27 grey levels (their 95th-99th percentiles), the 1-3 by 39-56; the view's empty squares
#: and the plain ring beside the board stood at most 6 (so 18 keeps three times the noise)
OWN_INK_CONTRAST = 18.0


def label_rows(view: BoardView, stroke: float = STROKE_SIDE, own: bool = False,
               slides: tuple[float, ...] = LABEL_SLIDES) -> tuple[list[float], list[tuple[float, float, float]]]:
    """Per edge (top, right, bottom, left): the least share of label ink beside its six squares, and
    where the row of labels is (:data:`LABEL_SHIFTS`, :data:`LABEL_SQUEEZES`, :data:`LABEL_SLIDES`):
    among the places with ink beside all six squares the one with most ink and least of it on the
    boxes' rims (glyphs whole), else the one whose least share is largest.

    Label ink is a thin light stroke: the largest channel above its opening over ``stroke`` squares
    (:data:`STROKE_SIDE`; a cube's top or a disc is wider and is no ink), above half the brightest
    strokes around the grid and :data:`MIN_INK_CONTRAST` at least (``own``: half the brightest
    strokes within :data:`OWN_REACH` of it and :data:`OWN_INK_CONTRAST` at least, :func:`label_sums`).
    Nearer the nominal place wins ties.  ``slides``: the slides along the edge tried (:data:`FAR_SLIDES`
    when the rows found at :data:`LABEL_SLIDES` gave no way up that reads).
    """
    sums = label_sums(view, stroke, own)
    places = _places(slides)
    ink, where = [], []
    for edge in range(4):
        least, score = _place_scores(view, sums, edge, places)
        best = int(np.argmax(score))
        ink.append(float(least[best]))
        where.append(tuple(float(v) for v in places[best]))
    return ink, where


def two_adjacent(ink: list[float]) -> bool:
    """Whether two adjacent edges of ``ink`` (top, right, bottom, left) hold label ink (:data:`MIN_INK`)."""
    return any(ink[k] >= MIN_INK and ink[(k + 1) % 4] >= MIN_INK for k in range(4))


def _places(slides: tuple[float, ...] = LABEL_SLIDES) -> np.ndarray:
    """Every place a row of labels is looked for at ``(n, 3)`` (slid by each of ``slides``), the nominal
    one first, then the nearest to it (ties go to the first)."""
    return np.array(sorted(((t, q, d) for t in LABEL_SHIFTS for q in LABEL_SQUEEZES for d in slides),
                           key=lambda p: (p != NOMINAL, abs(p[2]), abs(p[0]))))


def _place_scores(view: BoardView, sums: np.ndarray, edge: int, places: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per place: the least share of ink in the six boxes, and the place's score: among the places
    with ink beside every square (:data:`MIN_INK`), the most ink held whole ranks first."""
    (x0, y0), (x1, y1) = _boxes_px(view, edge, places, sums.shape)
    inside = _count(sums, x0, y0, x1, y1)
    area = np.maximum((x1 - x0) * (y1 - y0), 1)
    share = inside / area
    share[(x1 <= x0) | (y1 <= y0)] = 0.0
    b = RIM_PX
    core = _count(sums, np.minimum(x0 + b, x1), np.minimum(y0 + b, y1), np.maximum(x1 - b, x0), np.maximum(y1 - b, y0))
    cut = (inside - core) / area  # ink on the boxes' rims: glyphs cut by them
    least = share.min(axis=1)
    return least, np.where(least >= MIN_INK, 1.0 + share.mean(axis=1) - RIM_WEIGHT * cut.mean(axis=1), least)


def ranked_places(view: BoardView, edge: int, count: int, sums: np.ndarray | None = None) -> list[tuple[float, float, float]]:
    """The ``count`` best places of the row of labels of ``edge`` (:func:`label_rows`' ranking), one
    per shift outward: other places to read the glyphs at when the best one's do not read (``sums``:
    the view's label ink, :func:`label_sums`, when known)."""
    places = _places()
    least, score = _place_scores(view, label_sums(view) if sums is None else sums, edge, places)
    out: list[tuple[float, float, float]] = []
    seen: set[float] = set()
    for k in np.argsort(-score, kind="stable"):
        if least[k] >= MIN_INK and float(places[k][0]) not in seen:
            seen.add(float(places[k][0]))
            out.append(tuple(float(v) for v in places[k]))
        if len(out) == count:
            break
    return out


def label_sums(view: BoardView, stroke: float = STROKE_SIDE, own: bool = False) -> np.ndarray:
    """The integral image of the label ink of ``view`` (see :func:`label_rows`; ``stroke``: the
    widest stroke, squares; ``own``: a stroke is ink over half the brightest strokes within
    :data:`OWN_REACH` of it, not of all around the grid: labels in glare, their contrast a third of
    the others')."""
    grey = channel_max(view.image).astype(np.float32)
    side = max(3, int(round(stroke * view.pitch)) | 1)
    strokes = grey - cv2.morphologyEx(grey, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (side, side)))
    ring = np.zeros(grey.shape, bool)  # where labels may be: not on the grid, not far off it
    far = LABEL_ACROSS[0] + LABEL_SHIFTS[-1]
    (x0, y0), (x1, y1) = np.round(view.board_to_view([(-far, -far), (SIZE + far, SIZE + far)])).astype(int)
    ring[max(y0, 0):y1, max(x0, 0):x1] = True
    (x0, y0), (x1, y1) = np.round(view.board_to_view([(0, 0), (SIZE, SIZE)])).astype(int)
    ring[max(y0, 0):y1, max(x0, 0):x1] = False
    if own:
        reach = max(3, int(round(OWN_REACH * view.pitch)) | 1)
        level = np.maximum(OWN_INK_CONTRAST, 0.5 * cv2.dilate(strokes, np.ones((reach, reach), np.uint8)))
    else:
        level = max(MIN_INK_CONTRAST, 0.5 * float(np.percentile(strokes[ring], 99.5)))
    return cv2.integral(without_lines(strokes > level, view.pitch).astype(np.uint8)).astype(np.float64)


def inner_label_rows(view: BoardView, inner: tuple[int, ...] = (1, 2)) -> list[tuple[int, int]]:
    """The (edge, rows) whose row of squares ``rows`` in from the edge (each of ``inner``) holds label
    ink in each of its six squares, as a labelled edge's boxes do (:func:`label_rows`)."""
    sums = label_sums(view)
    out = []
    for rows in inner:
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


def along_edge(at, squeeze, slide):
    """Where a point ``at`` squares along an edge of the grid stands, in a row of labels placed with
    ``squeeze`` (towards the edge's middle) and ``slide`` (along it): ``3 + (at - 3) * squeeze +
    slide`` (arrays broadcast)."""
    return SIZE / 2 + (at - SIZE / 2) * squeeze + slide


def _boxes_px(view: BoardView, side: int, places: np.ndarray, shape: tuple[int, int], inside: bool = False):
    """View pixels (x0, y0), (x1, y1), each ``(n, 6)``, of the label boxes beside the six squares of
    edge ``side`` at each of ``places`` ``(n, 3)``, clipped to a view of ``shape`` (its integral's);
    ``inside``: the boxes may lie over the grid (moved inward by whole rows)."""
    shift, squeeze, slide = (places[:, i:i + 1] for i in range(3))
    k = np.arange(SIZE)[None, :]
    a = along_edge(k + LABEL_ALONG[0], squeeze, slide)
    b = along_edge(k + LABEL_ALONG[1], squeeze, slide)
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


def ink_masks(view: BoardView, side: int, place=NOMINAL, local: bool = False) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """The label boxes of an edge (view pixels) at ``place`` and which of their pixels are ink: over
    the row's own level (half-way from its median to its brightest); ``local``: or over each box's
    own level (a label in shade or glare, whose strokes the row's level misses)."""
    h, w = view.image.shape[:2]
    (x0, y0), (x1, y1) = _boxes_px(view, side, np.array([place], np.float64), (h + 1, w + 1))
    boxes = [view.image[y0[0, k]:max(y1[0, k], y0[0, k] + 1), x0[0, k]:max(x1[0, k], x0[0, k] + 1)]
             for k in range(SIZE)]
    greys = [channel_min(b).astype(np.float32) for b in boxes]  # white print: coloured cubes are no ink
    level = _ink_level(np.concatenate([g.ravel() for g in greys]))
    masks = [g > level for g in greys]
    if local:
        masks = [m | (g > _ink_level(g)) if g.size else m for m, g in zip(masks, greys)]
    return boxes, masks


def _ink_level(greys: np.ndarray) -> float:
    """The grey over which a label's white print is ink: half-way from the median of ``greys`` to
    their 99th percentile, at least :data:`MIN_INK_CONTRAST` over the median."""
    ground = float(np.median(greys))
    return ground + max(MIN_INK_CONTRAST, 0.5 * (float(np.percentile(greys, 99)) - ground))


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
