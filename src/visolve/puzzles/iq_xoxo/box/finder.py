"""Where the tray of an IQ XOXO box is in a photo.

The box is white plastic; the tray inside it is a 5 x 10 floor, greyer than
the rim (recessed, in the box's shade), with pieces in colour on it.  On a
working copy (long side :data:`WORK_SIDE`):

1. the light on white things is estimated (a closing of the darkest
   channel: a colour cast that saturates one channel on the white rim and
   the grey floor alike leaves the others apart); a pixel well below it
   (the floor, a dark piece) or clearly coloured (a piece) is *inside* a
   tray, the white rim and the hinge are not;
2. the inside pixels, closed across the seams between pieces, form blobs;
   a blob about twice as wide as high that fills the quadrilateral fitted
   to its outline (:func:`visolve.vision.geometry.quad_from_contour`) is a
   tray candidate, largest first.

A tray whose floor is about as light as the rim (a recess in bright light)
or whose blob runs into a dark table through a thin rim is found from the
box around it instead (:func:`box_candidates`): a light, grey blob shaped
like the box, its holes filled (or, when none is, its convex hull: a rim
broken where a dark wall meets it, :data:`BOX_HULL`), gives the tray a
typical rim's width (:data:`BOX_RIM`) inside it, its sides then moved to the floor's or the
pieces' edge against the rim (:func:`refined`).  A box whose blob runs into a shape beside it
(a light disc on the table, the open lid) is found from the straight stretches of the blob's
outline (:func:`lined_boxes`, :mod:`visolve.vision.straight_runs`), tried last.

The corners are the floor's outer corners, tl, tr, br, bl in picture
coordinates, in whichever way the picture shows the box (the reader turns
the board the right way up from the marks).
"""

from __future__ import annotations

import cv2
import numpy as np

from visolve.vision.geometry import refine_quad, rotated_box
from visolve.vision.light import channel_max, channel_min, saturation
from visolve.vision.straight_runs import quads_from_lines, straight_lines
from visolve.vision.working import thumbnail

#: long side of the working copy (px)
WORK_SIDE = 480
#: the light on the white around a tray: closings by squares of these shares of the long side
#: (a tray is 5 squares high; it fills a fifth to most of a photo)
LIGHT_SHARES = (0.12, 0.22, 0.4)
#: two candidates whose corners are within this share of a long side are one
SAME = 0.05
#: inside a tray: at most FLOOR_LIGHT of the light on the rim (darkest channel), or a saturation
#: (max - min) / max of at least PIECE_SAT
FLOOR_LIGHT, PIECE_SAT = 0.93, 0.3
#: a floor nearly as light as the rim (a recess in bright light, where FLOOR_LIGHT finds only the
#: pieces): inside at most LIGHT_FLOOR of the light, on the darkest channel blurred by a Gaussian
#: of LIGHT_BLUR px (the working copy's noise); tried after the FLOOR_LIGHT masks
LIGHT_FLOOR, LIGHT_BLUR = 0.97, 1.5
#: seams closed, and thin lines opened away, by squares of these shares of the long side
CLOSE_SHARE, OPEN_SHARE = 0.008, 0.015
#: a tray candidate: at least MIN_AREA of the working copy, sides' ratio within ASPECT,
#: filling at least MIN_FILL of its quadrilateral
MIN_AREA, ASPECT, MIN_FILL = 0.01, (1.3, 3.4), 0.75
#: a side's line: its ends (this share of the side at each end) left out, then the
#: line through most points (within LINE_TOL of the side's extent)
SIDE_END, LINE_TOL = 0.12, 0.012
#: at most this many candidates
MAX_TRAYS = 4
#: the box: a blob of pixels at least BOX_LIGHT of the light on white things (darkest channel,
#: the largest closing) with a saturation under BOX_SAT, not touching the picture's edge, its
#: holes filled; at least BOX_AREA of the working copy, its sides' ratio within BOX_ASPECT
#: (the box, a rim around the tray, a hinge along one side), filling BOX_FILL of its quadrilateral
#: (BOX_AREA 0.02 and BOX_ASPECT up to 2.2 until H30: a box a tenth of a picture's width, or seen
#: at an angle along its long side, about 2.25 to 1, was left out)
BOX_LIGHT, BOX_SAT, BOX_AREA, BOX_ASPECT, BOX_FILL = 0.88, 0.25, 0.008, (1.3, 2.4), 0.85
#: when no box is seen, the white mask is opened by a disc of this share of the long side and
#: looked at again: a light, grainy table's speckles (light next to its own darker grain) join
#: the box to the picture's edge (0: never)
BOX_OPEN = 0.008
#: then the same at these stricter shares of the light, each level's largest box tried too: a light
#: grey table next to the box passes BOX_LIGHT and joins it (a box shaped blob of both, read wrong)
BOX_LIGHTER = (0.95,)
#: a tray's share of its box's blob: at least BOX_HELD of the blob is no white (pieces, walls, floor)
BOX_HELD = 0.03
#: a box blob whose outline does not close round its opening (the rim broken where a dark wall
#: meets it) is looked at again by its convex hull
BOX_HULL = True
#: a box blob joined to a shape beside it (a light disc on the table) is looked at again by the
#: straight stretches of its outline (:func:`visolve.vision.straight_runs.straight_lines`), at
#: least LINE_MIN of the working copy's long side: a quadrilateral whose sides hold at least
#: LINE_SUPPORT of its perimeter in stretches is the box when shaped like one
LINE_MIN, LINE_SUPPORT = 0.03, 0.5
#: and white along at least LINE_RIM of a band LINE_BAND of its shortest side wide inside its edges
LINE_RIM, LINE_BAND = 0.6, 0.03
#: the rim's width taken around a tray inside its box (squares)
BOX_RIM = 0.7
#: at most this many boxes tried at each light level (the largest): a picture without a box stays cheap to refuse
MAX_BOXES = 1
#: sides refined on a straight view of SIDE_PX px per square with SIDE_MARGIN squares around the
#: tray, the light on the rim a closing over SIDE_LIGHT squares
SIDE_PX, SIDE_MARGIN, SIDE_LIGHT = 16, 2.8, 6.5
#: a side's edge: the first rise (inside out) of the darkest channel over the light of at least
#: STEP_MIN across STEP_SPAN of a square, then RIM_SPAN of a square all within RIM_TOL of the
#: rim's level (this percentile of the profile)
STEP_MIN, STEP_SPAN, RIM_SPAN, RIM_TOL, RIM_PERCENTILE = 0.02, 0.25, 0.3, 0.015, 90


def inside_masks(small: np.ndarray) -> list[np.ndarray]:
    """Pixels of a working copy that lie inside a tray (floor or piece), uint8 0/255, one mask per
    closing size of :data:`LIGHT_SHARES`, then one per size again for a floor nearly as light as
    the rim (:data:`LIGHT_FLOOR`, on the darkest channel smoothed by :data:`LIGHT_BLUR`).

    The light on the white around a dark place narrower than the closing is
    the darkest channel closed by a square (a dark region that cannot hold
    the square is filled from its surround; the wide table is not), so a
    gradient of light across the picture does not matter.  Seams between
    pieces are closed, thin lines (the rim's and the hinge's edges) opened away.
    """
    top, low = channel_max(small), channel_min(small)
    coloured = (top.astype(np.float32) - low) >= PIECE_SAT * np.maximum(top, 1).astype(np.float32)
    side = max(small.shape[:2])
    close = np.ones((max(3, int(round(CLOSE_SHARE * side))),) * 2, np.uint8)
    opening = np.ones((max(3, int(round(OPEN_SHARE * side))),) * 2, np.uint8)
    masks = []
    smooth = cv2.GaussianBlur(low, (0, 0), LIGHT_BLUR)
    for channel, under in ((low, FLOOR_LIGHT), (smooth, LIGHT_FLOOR)):
        for share in LIGHT_SHARES:
            size = max(3, int(share * side))
            kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (size, size))
            light = cv2.morphologyEx(channel, cv2.MORPH_CLOSE, kernel)
            inside = ((channel < (under * light).astype(np.uint8)) | coloured).astype(np.uint8) * 255
            inside = cv2.morphologyEx(inside, cv2.MORPH_CLOSE, close)
            masks.append(cv2.morphologyEx(inside, cv2.MORPH_OPEN, opening))
    return masks


def fit_quad(points: np.ndarray) -> np.ndarray | None:
    """Four straight sides fitted to a blob's outline: corners in the order of its rotated box.

    Each outline point goes to the nearest side of the blob's rotated
    bounding box; the ends of every side (rounded corners, lumps of the rim
    touching it) are left out, and each side's line is the one most of its
    points lie on (:func:`visolve.vision.geometry.consensus_line`: a lump of
    the rim along part of the side is outvoted).
    """
    box = rotated_box(points)
    if np.linalg.norm(np.roll(box, -1, axis=0) - box, axis=1).min() < 4:
        return None
    return refine_quad(points, box, band=None, span=SIDE_END, consensus=LINE_TOL, max_points=None)


def _shape_ok(quad: np.ndarray, area: float) -> bool:
    """About twice as wide as high (either way round), convex, filled by the blob."""
    sides = np.linalg.norm(quad - np.roll(quad, -1, axis=0), axis=1)
    long_, short = (sides[0] + sides[2]) / 2, (sides[1] + sides[3]) / 2
    ratio = max(long_, short) / max(min(long_, short), 1e-6)
    quad_area = cv2.contourArea(quad.astype(np.float32))
    if not cv2.isContourConvex(quad.astype(np.float32).reshape(-1, 1, 2)):
        return False
    return ASPECT[0] <= ratio <= ASPECT[1] and quad_area > 0 and area / quad_area >= MIN_FILL


def _new(quad: np.ndarray, out: list[np.ndarray]) -> bool:
    """Whether ``quad`` differs from every quad in ``out`` by more than :data:`SAME` of its first side."""
    return all(np.abs(quad - q).max() > SAME * np.linalg.norm(q[1] - q[0]) for q in out)


def _ordered(quad: np.ndarray) -> np.ndarray:
    """Corners clockwise (as seen), from the one nearest the picture's top left along a long side:
    tl, tr, br, bl of a board 10 squares along the first side."""
    (ax, ay), (bx, by) = quad[1] - quad[0], quad[2] - quad[1]
    if ax * by - ay * bx < 0:
        quad = quad[::-1]
    quad = np.roll(quad, -int(np.argmin(quad.sum(axis=1))), axis=0)
    sides = np.linalg.norm(quad - np.roll(quad, -1, axis=0), axis=1)
    return quad if sides[0] + sides[2] >= sides[1] + sides[3] else np.roll(quad, -1, axis=0)


def find_trays(image: np.ndarray) -> list[np.ndarray]:
    """Tray candidates, largest first: each the floor's corners (4 x 2, picture coordinates)."""
    small = thumbnail(image, WORK_SIDE)
    f = small.shape[1] / image.shape[1]
    out: list[np.ndarray] = []
    for mask in inside_masks(small):
        for quad in _candidates(mask):
            quad = _ordered((quad + 0.5) / f)
            if _new(quad, out):
                out.append(quad)
    out.sort(key=lambda q: -cv2.contourArea(q.astype(np.float32)))
    return out[:MAX_TRAYS]


def trays_in_boxes(image: np.ndarray, rows: int, cols: int, lined: bool = False) -> list[np.ndarray]:
    """Trays found from the boxes around them (:func:`box_candidates`; ``lined``: those of
    :func:`lined_boxes` instead), largest first (picture coordinates)."""
    small = thumbnail(image, WORK_SIDE)
    f = small.shape[1] / image.shape[1]
    found = lined_boxes(small, rows, cols) if lined else box_candidates(small, rows, cols)
    return [(quad + 0.5) / f for quad in found]


def _light_levels(small: np.ndarray):
    """The masks of white things of a working copy at each light level (:data:`BOX_LIGHT`,
    :data:`BOX_LIGHTER`), uint8 0/1."""
    low = channel_min(small)
    size = max(3, int(LIGHT_SHARES[-1] * max(small.shape[:2])))
    light = cv2.morphologyEx(low, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (size, size)))
    grey = saturation(small) < BOX_SAT
    for level in (BOX_LIGHT,) + BOX_LIGHTER:
        yield ((low >= level * light) & grey).astype(np.uint8)


def lined_boxes(small: np.ndarray, rows: int, cols: int) -> list[np.ndarray]:
    """Trays in boxes joined to a shape beside them (a light disc on the table, the open lid),
    working copy coordinates: at each light level the first box the straight stretches of a
    blob's outline give (:func:`_lined_box`; the largest blob first, one running off the picture
    too), none the same as a tray of :func:`box_candidates` (tried before)."""
    out = box_candidates(small, rows, cols)
    tried = len(out)
    for white in _light_levels(small):
        for quad in _boxes(white, rows, cols, lines=True)[:MAX_BOXES]:
            if _new(quad, out):
                out.append(quad)
    return out[tried:]


def box_candidates(small: np.ndarray, rows: int, cols: int) -> list[np.ndarray]:
    """Trays in the light, grey box blobs of a working copy (its coordinates), largest first:
    each box's quadrilateral with :data:`BOX_RIM` of a square taken off every side."""
    out: list[np.ndarray] = []
    for white in _light_levels(small):
        found = _boxes(white, rows, cols)
        if not found and BOX_OPEN:  # a light, grainy table joined to the box: its speckles opened away
            k = max(3, int(round(BOX_OPEN * max(small.shape[:2])))) | 1
            opened = cv2.morphologyEx(white, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
            found = _boxes(opened, rows, cols)
        if not found and BOX_HULL:  # the rim broken where a dark wall meets it: the blobs' hulls
            found = _boxes(white, rows, cols, hull=True)
        for quad in found[:MAX_BOXES]:
            if _new(quad, out):
                out.append(quad)
    return out


def _boxes(white: np.ndarray, rows: int, cols: int, hull: bool = False, lines: bool = False) -> list[np.ndarray]:
    """The trays inside the box-shaped blobs of a mask of white things, largest first (``hull``:
    each blob's convex hull taken for its outline; ``lines``: the box from the straight
    stretches of its outline, :func:`_lined_box`)."""
    n, labels, stats, _ = cv2.connectedComponentsWithStats(white)
    out = []
    for i in np.argsort(-stats[1:, cv2.CC_STAT_AREA]) + 1:
        x, y, w, h, area = stats[i]
        if area < BOX_AREA * white.size:
            break
        if not lines and (x == 0 or y == 0 or x + w >= white.shape[1] or y + h >= white.shape[0]):
            continue  # (a box joined to a shape running off the picture is looked for by lines)
        contours, _ = cv2.findContours((labels[y:y + h, x:x + w] == i).astype(np.uint8), cv2.RETR_EXTERNAL,
                                       cv2.CHAIN_APPROX_NONE)
        outline = max(contours, key=cv2.contourArea)
        if hull:
            outline = _dense(cv2.convexHull(outline), (h, w))
        if lines:
            quad = _lined_box(labels == i, outline + (x, y), max(white.shape))
            quad = None if quad is None else quad - (x, y)
        else:
            quad = _box_quad(outline, area, (h, w))
        if quad is not None and (not lines or _within(quad + (x, y), white.shape)):
            out.append(_inset(_ordered(quad), rows, cols) + (x, y))
    return out


def _within(quad: np.ndarray, shape: tuple[int, int]) -> bool:
    """All four corners inside the picture (a box's rim lies around its tray)."""
    return bool((quad >= 0).all() and (quad[:, 0] < shape[1]).all() and (quad[:, 1] < shape[0]).all())


def _dense(polygon: np.ndarray, shape: tuple[int, int]) -> np.ndarray:
    """A polygon's outline with a point at every pixel (its drawn mask's contour)."""
    mask = np.zeros(shape, np.uint8)
    cv2.drawContours(mask, [polygon], -1, 1, -1)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    return max(contours, key=cv2.contourArea)


def _box_quad(outline: np.ndarray, area: int, shape: tuple[int, int]) -> np.ndarray | None:
    """The quadrilateral of a box blob's ``outline`` (``area`` px of white in a ``shape`` box),
    when what it encloses holds enough that is not white (:data:`BOX_HELD`) and is shaped like
    the box (:func:`_box_shape_ok`); else None."""
    filled = np.zeros(shape, np.uint8)
    cv2.drawContours(filled, [outline], -1, 1, -1)
    whole = int(filled.sum())
    if whole == 0 or 1 - area / whole < BOX_HELD:
        return None
    quad = fit_quad(outline.reshape(-1, 2).astype(np.float64))
    return quad if quad is not None and _box_shape_ok(quad, whole) else None


def _lined_box(blob: np.ndarray, outline: np.ndarray, side: int) -> np.ndarray | None:
    """The box in a ``blob`` (a mask of the working copy) joined to something beside it: the best
    supported quadrilateral of its ``outline``'s straight stretches, none along the picture's
    edge (:data:`LINE_MIN` of the working copy's long ``side``)
    whose sides hold :data:`LINE_SUPPORT` of its perimeter, holding enough that is not white
    (:data:`BOX_HELD`), white along :data:`LINE_RIM` of its edge (:func:`_rim_share`), its sides'
    ratio within :data:`BOX_ASPECT`; else None."""
    frame = (blob.shape[1], blob.shape[0])
    for quad, support in quads_from_lines(straight_lines(outline, LINE_MIN * side, frame=frame)):
        if support < LINE_SUPPORT * cv2.arcLength(quad.astype(np.float32).reshape(-1, 1, 2), True):
            break
        inside = np.zeros(blob.shape, np.uint8)
        cv2.fillConvexPoly(inside, np.round(quad).astype(np.int32), 1)
        whole = int(inside.sum())
        if (whole and 1 - int((blob & (inside > 0)).sum()) / whole >= BOX_HELD
                and _rim_share(blob, inside, quad) >= LINE_RIM and _box_shape_ok(quad, whole, fill=0.0)):
            return quad
    return None


def _rim_share(blob: np.ndarray, inside: np.ndarray, quad: np.ndarray) -> float:
    """The share of white (``blob``) in the band along a quadrilateral's edges inside it,
    :data:`LINE_BAND` of its shortest side wide (the box's rim)."""
    dist = cv2.distanceTransform(inside, cv2.DIST_L2, 3)
    width = max(2.0, LINE_BAND * float(np.linalg.norm(quad - np.roll(quad, -1, axis=0), axis=1).min()))
    band = (inside > 0) & (dist <= width)
    return float(blob[band].mean()) if band.any() else 0.0


def _box_shape_ok(quad: np.ndarray, area: float, fill: float = BOX_FILL) -> bool:
    """Convex, its sides' ratio within :data:`BOX_ASPECT`, ``fill`` of it filled by the box's
    blob (``area`` px)."""
    sides = np.linalg.norm(quad - np.roll(quad, -1, axis=0), axis=1)
    long_, short = sorted((sides[0] + sides[2], sides[1] + sides[3]), reverse=True)
    ratio = long_ / max(short, 1e-6)
    quad_area = cv2.contourArea(quad.astype(np.float32))
    return (cv2.isContourConvex(quad.astype(np.float32).reshape(-1, 1, 2)) and BOX_ASPECT[0] <= ratio <= BOX_ASPECT[1]
            and quad_area > 0 and area / quad_area >= fill)


def _inset(box: np.ndarray, rows: int, cols: int) -> np.ndarray:
    """The tray inside a box's corners (tl, tr, br, bl, the long side first): :data:`BOX_RIM`
    of a square in from every side."""
    m = BOX_RIM
    board = np.float32([[-m, -m], [cols + m, -m], [cols + m, rows + m], [-m, rows + m]])
    to_picture = cv2.getPerspectiveTransform(board, box.astype(np.float32))
    tray = np.float32([[0, 0], [cols, 0], [cols, rows], [0, rows]]).reshape(-1, 1, 2)
    return cv2.perspectiveTransform(tray, to_picture).reshape(4, 2).astype(np.float64)


def _candidates(mask: np.ndarray) -> list[np.ndarray]:
    """Quadrilaterals of the mask's blobs shaped like a tray (working copy coordinates)."""
    n, labels, stats, _ = cv2.connectedComponentsWithStats(mask)
    out = []
    for i in np.argsort(-stats[1:, cv2.CC_STAT_AREA]) + 1:
        area = stats[i, cv2.CC_STAT_AREA]
        if area < MIN_AREA * mask.size:
            break
        x, y, w, h = stats[i, :4]
        if x == 0 or y == 0 or x + w >= mask.shape[1] or y + h >= mask.shape[0]:
            continue  # a tray's rim lies around it, inside the picture
        blob = (labels[y:y + h, x:x + w] == i).astype(np.uint8)
        contours, _ = cv2.findContours(blob, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
        quad = fit_quad(max(contours, key=cv2.contourArea).reshape(-1, 2).astype(np.float64))
        if quad is not None and _shape_ok(quad, area):
            out.append(quad + (x, y))
    return out


def _step(profile: np.ndarray, pitch: int) -> float | None:
    """Where (px along ``profile``, inside first) the floor or a piece ends and the rim begins:
    the first rise of at least :data:`STEP_MIN` over :data:`STEP_SPAN` of a square with the
    next :data:`RIM_SPAN` of a square as light as the rim (:data:`RIM_TOL`), at its steepest;
    None when there is none."""
    h = max(1, int(round(STEP_SPAN * pitch / 2)))
    k = max(1, int(round(RIM_SPAN * pitch)))
    rim = float(np.percentile(profile, RIM_PERCENTILE)) - RIM_TOL
    for y in range(h, len(profile) - max(h, k)):
        rise = profile[y + h] - profile[y - h]
        if rise >= STEP_MIN and profile[y + h:y + k].min() >= rim:
            while y + 1 < len(profile) - h and profile[y + 1 + h] - profile[y + 1 - h] > rise:
                y, rise = y + 1, profile[y + 1 + h] - profile[y + 1 - h]
            return float(y)
    return None


def refined(image: np.ndarray, corners: np.ndarray, rows: int, cols: int) -> np.ndarray:
    """A tray's corners with each side moved to the floor's edge against the rim nearby.

    The tray is seen straight on with :data:`SIDE_MARGIN` squares around it;
    the darkest channel over the light on the rim (a closing over
    :data:`SIDE_LIGHT` squares) is taken along lines parallel to each side,
    the median of each half of the side (so a side may turn), and the side
    goes where the rise to the rim is (:func:`_step`); a half without one
    keeps its place.
    """
    from visolve.puzzles.iq_xoxo.box.rim_edges import rim_view

    p, m = SIDE_PX, SIDE_MARGIN
    view, ratio = rim_view(image, corners, rows, cols, p, m, SIDE_LIGHT)
    mp = int(round(m * p))
    sides = {"top": ratio[:2 * mp][::-1], "bottom": ratio[-2 * mp:],
             "left": ratio[:, :2 * mp][:, ::-1].T, "right": ratio[:, -2 * mp:].T}
    moves = {}
    for side, band in sides.items():
        span = band.shape[1] - 2 * mp
        halves = []
        for lo, hi in ((0.1, 0.45), (0.55, 0.9)):
            strip = band[:, mp + int(lo * span):mp + int(hi * span)]
            at = _step(np.median(strip, axis=1), p)
            halves.append(0.0 if at is None else at / p - m)
        # offsets (squares, outward) at the quarter points, extrapolated to the side's ends
        a, b = halves
        moves[side] = (a - (b - a) * 0.275 / 0.45, b + (b - a) * 0.275 / 0.45)
    top, bottom, left, right = moves["top"], moves["bottom"], moves["left"], moves["right"]
    # top runs left to right; bottom as sampled runs left to right too; left and right top to bottom
    board = [(-left[0], -top[0]), (cols + right[0], -top[1]), (cols + right[1], rows + bottom[1]),
             (-left[1], rows + bottom[0])]
    return view.to_picture(board)
