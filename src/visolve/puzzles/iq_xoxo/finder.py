"""Finding IQ XOXO boards in a picture: each 5 x 10 grid as a quadrilateral.

A booklet board is a block of grey squares and coloured pieces on a light
page.  On a working copy of the picture (long side :data:`WORK_SIDE`):

1. *ink*: pixels darker than the page around them (the light is evened out
   with :func:`visolve.vision.light.illumination`) or clearly coloured;
2. *pitch*: the board's empty squares are separate compact blobs of one
   size; the median side of the square-like blobs is the cell pitch;
3. *blocks*: the ink closed across the gaps between squares (a kernel of a
   third of a pitch) gives one solid block per board, and opened by a
   square wider than the tab above the board is high, the board alone;
4. *sides*: the block's outline points are shared among the four sides of
   its simplified outline and a straight line is fitted to each side,
   dropping the farthest points each round (a tab above the board, a piece
   bulging by blur), so perspective is kept; the corners are the lines'
   crossings.  Quads about twice as wide as high, of about 50 cells and
   filled by the block are kept.

:func:`find_boards` returns the quadrilaterals in picture coordinates
(corners tl, tr, br, bl of the squares' outer edges, long side across),
in reading order.  Which way up the board is, is the reader's question.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np

from visolve.puzzles.iq_xoxo.lattice import lattice_quads
from visolve.vision.glance import thumbnail


#: long side (px) of the working copy
WORK_SIDE = 1024
#: coloured: more saturated than INK_SAT (white-balanced by the light from
#: BALANCE_REACH of the picture's size around)
INK_SAT = 0.22
BALANCE_REACH = 1 / 12
#: boards are looked for on a copy with squares about this many px apart,
#: made when the working copy's differ by more than RESCALE_ABOVE (or a part is cut out)
TARGET_PITCH, RESCALE_ABOVE = 32, 0.25
#: boards are looked for within CROP_REACH pitches of the squares the first look
#: saw (a board is 10 wide), unless that is more than CROP_SHARE of the picture
CROP_REACH, CROP_SHARE = 12, 0.7
#: sensor noise is smoothed away first (Gaussian sigma, work px)
DENOISE = 0.8
#: first look: the light from these shares of the picture's long side around
ROUGH_REACHES = (0.025, 0.05, 0.1)
#: square-like blobs: area (work px) range, fill of their bounding box (a square
#: turned 20 degrees fills 0.75 of it), aspect
SQUARE_AREA = (50, 15000)
SQUARE_FILL, SQUARE_ASPECT = 0.6, 1.35
#: fewest square-like blobs of one size on a grid for a pitch, and most looked at
MIN_SQUARES, MAX_SQUARES = 4, 800
#: a square's side is this share of the pitch (booklet drawing)
SQUARE_SHARE = 0.86
#: second look: the light range within REACH pitches; ink needs a range of
#: MIN_RANGE of the light (grey squares are about 14 % darker than the page)
REACH, MIN_RANGE = 1.2, 0.05
#: grey squares: side within this share of SQUARE_SHARE pitches (a photo's perspective
#: makes near squares much larger than far ones); pieces: coloured blobs of at least
#: MIN_PIECE pitches squared
SQUARE_SPREAD, MIN_PIECE = 0.5, 1.5
#: holes in ink up to this many pitches squared (a dot) are filled
HOLE = 0.12
#: classic blocks: ink darker than CLASSIC_SHARE of the light, the block
#: opened by a square CLASSIC_CORE pitches across (a tab is at most 1.5 high)
CLASSIC_SHARE, CLASSIC_CORE = 0.95, 1.9
#: quads whose corners all lie within this many pitches are one
SAME_QUAD = 0.1
#: number tabs: bounding box of TAB_BOX pitches squared, TAB_ASPECT times as wide as
#: high (turned up to 15 degrees); one farther than TAB_REACH pitches from every
#: board counts as LOST_TAB stray squares
TAB_BOX, TAB_ASPECT, TAB_REACH, LOST_TAB = (1.2, 4.5), (1.5, 4.0), 1.5, 10
#: stray squares are looked for this many pitches around the boards found (a
#: page's boards are 1.2 - 2.2 pitches apart)
STRAY_REACH = 4.0
#: pieces far from the boards are looked for on a copy with squares this many px apart
LOST_SCALE = 8
#: the page: at least this share of the light right around the boards
PAGE_LIGHT = 0.6
#: squares this many pitches apart are neighbours on a grid
NEIGHBOUR = (0.85, 1.2)
#: a piece's marks (lighter, less coloured) are closed over by a disc this share of the pitch
MARK_SHARE = 0.35
#: ink specks narrower than this share of the pitch are dropped (paper grain, noise)
SPECK_SHARE = 0.15
#: closing kernel, share of the pitch
CLOSE_SHARE = 0.35
#: the block opened by a square this share of the pitch across loses thin
#: strips joined to it (a shadow's edge, a line of text)
CORE_SHARE = 0.6
#: board quads: aspect (mean long side / mean short side), share filled by the
#: block, area in pitches squared (a board is about 48.6)
ASPECT = (1.45, 2.8)
MIN_FILL = 0.9
AREA_CELLS = (30, 75)
#: side fitting: rounds, share of points kept each round
FIT_ROUNDS, FIT_KEEP = 4, 0.75
#: every how many-th outline point the sides are fitted to
FIT_STEP = 3


@dataclass(frozen=True)
class Found:
    """A board found: its corners (picture px, tl tr br bl), the pitch (picture px) and
    the centres (picture px) of the grey squares seen in and around it."""

    corners: np.ndarray
    pitch: float
    squares: np.ndarray


def work_copy(image: np.ndarray) -> tuple[np.ndarray, float]:
    """The picture reduced to :data:`WORK_SIDE` (never enlarged) and the factor used."""
    h, w = image.shape[:2]
    f = WORK_SIDE / max(h, w)
    if f >= 1.0:
        return image, 1.0
    if f < 0.5:
        work = thumbnail(image, WORK_SIDE)
    else:  # a mild reduction: bilinear is enough for finding boards, and fast
        work = cv2.resize(image, (max(1, round(w * f)), max(1, round(h * f))), interpolation=cv2.INTER_LINEAR)
    return work, work.shape[1] / w


def planes(work: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The brightest channel, and the mask of pixels clearly coloured once white-balanced (both denoised).

    The white is each channel's local light (a max filter over
    :data:`BALANCE_REACH` of the picture, on a quarter-size copy): a colour
    cast of the light or the page, or a coloured desk, is not colour.
    """
    h, w = work.shape[:2]
    small = cv2.resize(work, (max(1, w // 4), max(1, h // 4)), interpolation=cv2.INTER_AREA)
    k = max(3, int(round(BALANCE_REACH * max(small.shape[:2]))) | 1)
    light = cv2.dilate(small, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))
    light = cv2.blur(light, (k, k))
    light = cv2.resize(light, (w, h), interpolation=cv2.INTER_LINEAR)
    smooth = cv2.GaussianBlur(work, (0, 0), DENOISE)
    ratio = cv2.split(cv2.divide(smooth.astype(np.float32), cv2.max(light, 8).astype(np.float32)))
    top = cv2.max(cv2.max(ratio[0], ratio[1]), ratio[2])
    low = cv2.min(cv2.min(ratio[0], ratio[1]), ratio[2])
    b, g, r = cv2.split(smooth)
    return cv2.max(cv2.max(b, g), r), top - low > INK_SAT * np.maximum(top, 1e-3)


def ink_mask(grey: np.ndarray, coloured: np.ndarray, reach: float) -> np.ndarray:
    """Uncoloured pixels on the dark side of the local light range (0/255): grey squares.

    Within ``reach`` px the brightest (a gap between squares, the page) and
    the darkest uncoloured pixel (a square) are taken; a pixel darker than their middle is
    ink where the two differ by at least :data:`MIN_RANGE` of the light
    (a flat page with its noise has no ink).
    """
    k = max(3, int(round(reach)) | 1)
    box = cv2.getStructuringElement(cv2.MORPH_RECT, (k, k))
    top = cv2.dilate(grey, box).astype(np.float32)
    plain = grey.copy()
    plain[coloured] = 255  # a dark piece next to a grey square is no reference for the square
    low = cv2.erode(plain, box).astype(np.float32)
    g = grey.astype(np.float32)
    dark = (2 * g < top + low) & (top - low > MIN_RANGE * top) & ~coloured
    return (dark * 255).astype(np.uint8)


def rough_pitch(grey: np.ndarray, coloured: np.ndarray) -> float | None:
    """The pitch (px of ``grey``) from a first look (see :func:`rough_look`)."""
    found = rough_look(grey, coloured)
    return None if found is None else found[0]


def rough_look(grey: np.ndarray, coloured: np.ndarray) -> tuple[float, np.ndarray] | None:
    """The pitch (px of ``grey``) and the centres of the squares of that size, from a first look.

    The light is taken from each of :data:`ROUGH_REACHES` around (the pitch
    is not known yet); the reach that shows the most squares of one size wins.
    """
    best, most = None, 0
    for reach in ROUGH_REACHES:
        found = square_pitch(ink_mask(grey, coloured, reach * max(grey.shape)))
        if found is not None and found[1] > most:
            best, most = (found[0], found[2]), found[1]
    return best


def _on_grid(centres: np.ndarray, pitch: float) -> int:
    """How many of ``centres`` have at least two others about a pitch away."""
    if len(centres) < 3:
        return 0
    d = np.linalg.norm(centres[:, None, :] - centres[None, :, :], axis=2)
    near = (d > NEIGHBOUR[0] * pitch) & (d < NEIGHBOUR[1] * pitch)
    return int((near.sum(axis=1) >= 2).sum())


def square_pitch(ink: np.ndarray) -> tuple[float, int, np.ndarray] | None:
    """Cell pitch (px) from the square-like ink blobs (the median side / SQUARE_SHARE), how
    many of them lie on a grid of that pitch and their centres (None: fewer than MIN_SQUARES)."""
    n, _labels, stats, centres = cv2.connectedComponentsWithStats(ink, connectivity=4)
    w, h, area = stats[1:, 2], stats[1:, 3], stats[1:, 4]
    ok = (area >= SQUARE_AREA[0]) & (area <= SQUARE_AREA[1]) & (area >= SQUARE_FILL * w * h)
    ok &= (np.maximum(w, h) <= SQUARE_ASPECT * np.minimum(w, h))
    if ok.sum() < MIN_SQUARES:
        return None
    sides = np.sqrt(area[ok].astype(np.float64))
    # the most common size: the median of the blobs near the densest size
    hist_centre = np.median(sides)
    close = np.abs(sides - hist_centre) < 0.25 * hist_centre
    if close.sum() < MIN_SQUARES:
        return None
    pitch = float(np.median(sides[close])) / SQUARE_SHARE
    squares = centres[1:][ok][close]
    on_grid = _on_grid(squares[:MAX_SQUARES], pitch)
    return (pitch, on_grid, squares) if on_grid >= MIN_SQUARES else None


def _fit_line(points: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """A line (point, unit direction) through ``points``, trimming the farthest each round."""
    pts = points
    for _ in range(FIT_ROUNDS):
        if len(pts) < 4:
            return None
        centre = pts.mean(axis=0)
        d = pts - centre
        cov = d.T @ d
        _w, vecs = np.linalg.eigh(cov)
        direction, normal = vecs[:, 1], vecs[:, 0]
        dist = np.abs(d @ normal)
        n_keep = max(4, int(FIT_KEEP * len(pts)))
        pts = pts[np.argpartition(dist, n_keep - 1)[:n_keep]]
    return centre, direction


def _cross(a, b) -> np.ndarray | None:
    (p, d), (q, e) = a, b
    m = np.array([d, -e]).T
    if abs(np.linalg.det(m)) < 1e-6:
        return None
    t = np.linalg.solve(m, q - p)
    return p + t[0] * d


def _sides(contour: np.ndarray, quad: np.ndarray) -> np.ndarray | None:
    """Corners from straight lines fitted to the outline points nearest each side of ``quad``."""
    pts = contour.reshape(-1, 2)[::FIT_STEP].astype(np.float64)
    dists = []
    for k in range(4):
        a, b = quad[k], quad[(k + 1) % 4]
        ab = b - a
        t = np.clip(((pts - a) @ ab) / max(ab @ ab, 1e-9), 0, 1)
        dists.append(np.linalg.norm(pts - (a + t[:, None] * ab), axis=1))
    owner = np.argmin(np.array(dists), axis=0)
    lines = []
    for k in range(4):
        line = _fit_line(pts[owner == k])
        if line is None:
            return None
        lines.append(line)
    corners = [_cross(lines[k - 1], lines[k]) for k in range(4)]
    if any(c is None for c in corners):
        return None
    return np.array(corners)


def _ordered(quad: np.ndarray) -> np.ndarray:
    """Corners tl, tr, br, bl with the long side across (top-left: smallest x + y of the pair)."""
    centre = quad.mean(axis=0)
    ang = np.arctan2(quad[:, 1] - centre[1], quad[:, 0] - centre[0])
    q = quad[np.argsort(ang)]  # clockwise on screen, from about -180 degrees
    start = int(np.argmin(q.sum(axis=1)))
    q = np.roll(q, -start, axis=0)
    top = np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[2] - q[3])
    side = np.linalg.norm(q[3] - q[0]) + np.linalg.norm(q[2] - q[1])
    if side > top:  # the long side runs down the picture: start one corner on
        q = np.roll(q, -1, axis=0)
    return q


def _quad_of(contour: np.ndarray) -> np.ndarray | None:
    """Corners of a block's outline: lines fitted to the sides of its rotated rectangle."""
    box = cv2.boxPoints(cv2.minAreaRect(contour)).astype(np.float64)
    corners = _sides(contour, _ordered(box))
    if corners is None:
        return None
    corners = _sides(contour, _ordered(corners))  # a second time from the better sides
    return None if corners is None else _ordered(corners)


def _is_board(quad: np.ndarray, block: np.ndarray, pitch: float) -> bool:
    """A quad about twice as wide as high, of about 50 cells, filled by the block."""
    top = np.linalg.norm(quad[1] - quad[0]) + np.linalg.norm(quad[2] - quad[3])
    side = np.linalg.norm(quad[3] - quad[0]) + np.linalg.norm(quad[2] - quad[1])
    area = cv2.contourArea(quad.astype(np.float32))
    if side < 1 or not ASPECT[0] <= top / side <= ASPECT[1]:
        return False
    if not AREA_CELLS[0] <= area / pitch**2 <= AREA_CELLS[1]:
        return False
    inside = np.zeros_like(block)
    cv2.fillConvexPoly(inside, np.round(quad).astype(np.int32), 255)
    covered = cv2.countNonZero(cv2.bitwise_and(inside, block))
    return covered >= MIN_FILL * max(cv2.countNonZero(inside), 1)


def _keep(mask: np.ndarray, good, with_areas: bool = False):
    """The connected parts of ``mask`` whose stats row (x, y, w, h, area) ``good`` accepts (0/255),
    their centres (and areas)."""
    n, labels, stats, centres = cv2.connectedComponentsWithStats(mask, connectivity=4)
    ok = good(stats[1:])
    keep = np.zeros(n, np.uint8)
    keep[1:] = 255 * ok
    if with_areas:
        return keep[labels], centres[1:][ok], stats[1:, 4][ok].astype(np.float64)
    return keep[labels], centres[1:][ok]


@dataclass(frozen=True)
class Parts:
    """What boards are made of (see :func:`board_parts`)."""

    mask: np.ndarray  #: grey squares and pieces (0/255)
    centres: np.ndarray  #: the grey squares' centres (px)
    sides: np.ndarray  #: their sides (px, square root of the area)
    pieces: np.ndarray  #: colour with the marks closed over (0/255)
    blobs: np.ndarray  #: its blobs of at least MIN_PIECE squares (0/255)
    cover: np.ndarray  #: grey ink of any shape, or colour (0/255): what a board's squares show
    grouped: np.ndarray | None = None  #: which squares are linked into a lattice (bool)


def board_parts(grey: np.ndarray, coloured: np.ndarray, pitch: float) -> Parts:
    """What boards are made of: grey squares of the pitch's size and coloured pieces.

    Shading, text and noise darker than the page are left out: only ink
    blobs square and of the squares' size, and coloured blobs of at least
    :data:`MIN_PIECE` squares' area, count.
    """
    ink = ink_mask(grey, coloured, REACH * pitch)
    holes, _c = _keep(cv2.bitwise_not(ink), lambda st: st[:, 4] <= HOLE * pitch**2)
    ink = cv2.bitwise_or(ink, holes)  # a square's dot is part of the square
    specks = max(3, int(round(SPECK_SHARE * pitch)) | 1)
    ink = cv2.morphologyEx(ink, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (specks, specks)))

    def square(st):
        w, h, area = st[:, 2], st[:, 3], st[:, 4]
        size = np.sqrt(area.astype(np.float64)) / (SQUARE_SHARE * pitch)
        shaped = (area >= SQUARE_FILL * w * h) & (np.maximum(w, h) <= SQUARE_ASPECT * np.minimum(w, h))
        return shaped & (np.abs(size - 1) <= SQUARE_SPREAD)

    marks = max(3, int(round(MARK_SHARE * pitch)) | 1)
    col = cv2.morphologyEx(coloured.astype(np.uint8) * 255, cv2.MORPH_CLOSE,
                           cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (marks, marks)))
    col = cv2.morphologyEx(col, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (specks, specks)))
    pieces, _c = _keep(col, lambda st: st[:, 4] >= MIN_PIECE * pitch**2)
    squares, centres, areas = _keep(ink, square, with_areas=True)
    return Parts(cv2.bitwise_or(squares, pieces), centres, np.sqrt(areas), col, pieces, cv2.bitwise_or(ink, col))


def tab_centres(coloured: np.ndarray, pitch: float) -> np.ndarray:
    """Centres of the coloured blobs shaped like a number tab (a box about 2.3 x 0.85 pitches)."""
    k = max(3, int(round(MARK_SHARE * pitch)) | 1)
    col = cv2.morphologyEx(coloured.astype(np.uint8) * 255, cv2.MORPH_CLOSE,
                           cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))

    def tab(st):
        w, h = st[:, 2].astype(np.float64), st[:, 3].astype(np.float64)
        box = w * h / pitch**2
        return (box >= TAB_BOX[0]) & (box <= TAB_BOX[1]) & (w >= TAB_ASPECT[0] * h) & (w <= TAB_ASPECT[1] * h)

    return _keep(col, tab)[1]


def _lost(parts: Parts, grey: np.ndarray, tabs: np.ndarray, quads: list[np.ndarray], pitch: float) -> int:
    """A board left out (its squares may all be covered): how many tabs lie farther than
    :data:`TAB_REACH` pitches from every quad, and one more when pieces (blobs of colour of at
    least :data:`MIN_PIECE` squares) cover that area between TAB_REACH and :data:`STRAY_REACH`
    pitches from them, all on the boards' page.

    The page is the uncoloured region around the quads at least :data:`PAGE_LIGHT` as light as
    right around them, with its holes (a desk, or a tab-shaped thing on it, is not on it); it is looked at with squares :data:`LOST_SCALE` px apart.
    """
    if not quads:
        return len(tabs)
    f = LOST_SCALE / pitch
    h, w = parts.blobs.shape
    size = (max(1, round(w * f)), max(1, round(h * f)))
    inside = np.full((size[1], size[0]), 255, np.uint8)
    for q in quads:
        cv2.fillConvexPoly(inside, np.round(q * f).astype(np.int32), 0)
    dist = cv2.distanceTransform(inside, cv2.DIST_L2, 3) / LOST_SCALE
    colour = cv2.resize(parts.pieces, size, interpolation=cv2.INTER_AREA) > 127
    light = cv2.resize(grey, size, interpolation=cv2.INTER_AREA)
    near = (dist > 0) & (dist < TAB_REACH) & ~colour
    if not near.any():
        return 0
    paper = ~colour & (light >= PAGE_LIGHT * float(np.median(light[near])))
    _n, labels = cv2.connectedComponents(paper.astype(np.uint8), connectivity=4)
    ring = labels[near & paper]
    page = (labels == np.bincount(ring).argmax()).astype(np.uint8)
    outline, _h = cv2.findContours(page, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    cv2.drawContours(page, outline, -1, 1, -1)
    far = (page > 0) & (dist > TAB_REACH)
    lost = 0
    for x, y in tabs * f:
        i, j = min(int(y), size[1] - 1), min(int(x), size[0] - 1)
        lost += bool(far[i, j])
    blobs = cv2.resize(parts.blobs, size, interpolation=cv2.INTER_AREA) > 127
    return lost + (int((blobs & far & (dist < STRAY_REACH)).sum()) >= MIN_PIECE * LOST_SCALE**2)


def _stray(parts: Parts, quads: list[np.ndarray], pitch: float) -> int:
    """Squares outside every quad but near one (the page around the boards) and part of a grid
    (linked into a lattice, or with two others a pitch away): a board left out."""
    outside = []
    for k, c in enumerate(parts.centres):
        dist = [cv2.pointPolygonTest(q.astype(np.float32), (float(c[0]), float(c[1])), True) for q in quads]
        if dist and -STRAY_REACH * pitch < max(dist) < -pitch / 2:
            outside.append(k)
    grouped = 0 if parts.grouped is None else int(parts.grouped[outside].sum())
    return max(grouped, _on_grid(parts.centres[outside][:MAX_SQUARES], pitch))


def _block_quads(parts: np.ndarray, pitch: float) -> list[np.ndarray]:
    """Quads of the board-like blocks that ``parts`` closed across the gaps makes."""
    k = max(3, int(round(CLOSE_SHARE * pitch)) | 1)
    block = cv2.morphologyEx(parts, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))
    big = max(3, int(round(CORE_SHARE * pitch)) | 1)
    core = cv2.morphologyEx(block, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (big, big)))
    # every part's outline, also of parts inside another's hole (a board on a page inside a ring of shadow)
    contours, hierarchy = cv2.findContours(core, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_NONE)
    quads = []
    for contour, (_n, _p, _child, parent) in zip(contours, hierarchy[0] if hierarchy is not None else []):
        if parent >= 0 or cv2.contourArea(contour) < AREA_CELLS[0] * pitch**2:
            continue
        quad = _quad_of(contour)
        if quad is not None and _is_board(quad, block, pitch):
            quads.append(quad)
    return quads


def board_quads(grey: np.ndarray, coloured: np.ndarray, pitch: float) -> tuple[list[np.ndarray], int, np.ndarray]:
    """Quads (px of ``grey``) of the boards, squares ``pitch`` px apart, the stray
    squares (a number tab far from every quad counts as :data:`LOST_TAB` of them) and the
    centres of all the grey squares seen.

    First each board as a lattice of its squares
    (:func:`visolve.puzzles.iq_xoxo.lattice.lattice_quads`).  When that
    leaves squares or a tab out, blocks are outlined three ways too: of the
    squares and pieces alone (:func:`board_parts`, blind to shading), of all
    the ink and colour (keeps squares that touch a line or each other), and
    as :func:`classic_quads`.  One board may so give several quads: the
    reader keeps the first that reads.
    """
    parts = board_parts(grey, coloured, pitch)
    tabs = tab_centres(coloured, pitch)
    quads, grouped = lattice_quads(parts.centres, parts.sides, parts.cover, pitch, SQUARE_SHARE)
    quads = [_ordered(q) for q in quads]
    parts = replace(parts, grouped=grouped)
    if quads and not _stray_weight(parts, grey, tabs, quads, pitch):
        return quads, 0, parts.centres
    specks = max(3, int(round(SPECK_SHARE * pitch)) | 1)
    ink = cv2.bitwise_or(ink_mask(grey, coloured, REACH * pitch), (coloured * 255).astype(np.uint8))
    ink = cv2.morphologyEx(ink, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (specks, specks)))
    for quad in _block_quads(parts.mask, pitch) + _block_quads(ink, pitch) + classic_quads(grey, coloured, pitch):
        if all(np.abs(quad - q).max() > SAME_QUAD * pitch for q in quads):
            quads.append(quad)
    return quads, _stray_weight(parts, grey, tabs, quads, pitch), parts.centres


def _stray_weight(parts: Parts, grey: np.ndarray, tabs: np.ndarray, quads: list[np.ndarray], pitch: float) -> int:
    """Squares of a grid outside the quads, and :data:`LOST_TAB` for a tab or pieces far from them all."""
    return _stray(parts, quads, pitch) + LOST_TAB * _lost(parts, grey, tabs, quads, pitch)


def classic_quads(grey: np.ndarray, coloured: np.ndarray, pitch: float) -> list[np.ndarray]:
    """The boards as blocks of everything darker than :data:`CLASSIC_SHARE` of the
    light around or coloured, opened by a square wider than a tab is high.

    Blind to nothing (shading joins in), but a board whose squares touch a
    line or a tab, or are pale beside a piece, stays whole.
    """
    k = max(3, int(round(REACH * pitch)) | 1)
    light = cv2.blur(cv2.dilate(grey, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k))), (k, k))
    dark = grey.astype(np.float32) < CLASSIC_SHARE * light.astype(np.float32)
    ink = ((dark | coloured) * 255).astype(np.uint8)
    specks = max(3, int(round(SPECK_SHARE * pitch)) | 1)
    ink = cv2.morphologyEx(ink, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (specks, specks)))
    c = max(3, int(round(CLOSE_SHARE * pitch)) | 1)
    block = cv2.morphologyEx(ink, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (c, c)))
    big = max(3, int(round(CLASSIC_CORE * pitch)) | 1)
    core = cv2.morphologyEx(block, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (big, big)))
    contours, _h = cv2.findContours(core, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    quads = []
    for contour in contours:
        if cv2.contourArea(contour) >= AREA_CELLS[0] * pitch**2:
            quad = _quad_of(contour)
            if quad is not None and _is_board(quad, block, pitch):
                quads.append(quad)
    return quads


def board_blocks(work: np.ndarray) -> tuple[list[np.ndarray], float | None]:
    """Quads (px of ``work``) of the board-like blocks of a picture, and the pitch (None: no squares)."""
    grey, coloured = planes(work)
    pitch = rough_pitch(grey, coloured)
    return ([], None) if pitch is None else (board_quads(grey, coloured, pitch)[0], pitch)


def _cropped(image: np.ndarray, squares: np.ndarray, pitch: float) -> tuple[np.ndarray, np.ndarray]:
    """The part of ``image`` within :data:`CROP_REACH` pitches of the squares seen first
    (picture px), and its top-left corner; the whole picture when that part is most of it."""
    h, w = image.shape[:2]
    reach = CROP_REACH * pitch
    x0, y0 = (max(0, int(v)) for v in squares.min(axis=0) - reach)
    x1, y1 = (int(v) for v in squares.max(axis=0) + reach)
    x1, y1 = min(w, x1), min(h, y1)
    if (x1 - x0) * (y1 - y0) > CROP_SHARE * w * h:
        return image, np.zeros(2)
    return image[y0:y1, x0:x1], np.array([x0, y0], np.float64)


def find_boards(image: np.ndarray) -> tuple[list[Found], int]:
    """Every board-like block of ``image`` (see the module docstring), in reading order,
    and how many squares of a grid lie outside them all (a board not outlined).

    The pitch is measured on the working copy; the boards are then looked
    for on a copy scaled so that a square is about :data:`TARGET_PITCH` px
    (never larger than the picture): small boards keep their gaps, large
    ones cost less.
    """
    work, f = work_copy(image)
    grey, coloured = planes(work)
    look = rough_look(grey, coloured)
    if look is None:
        return [], 0
    pitch, seen = look
    image, origin = _cropped(image, seen / f, pitch / f)
    g = min(1.0, max(f, f * TARGET_PITCH / pitch))  # only ever enlarged: reducing blurs the gaps
    if origin.any() or abs(g - f) > RESCALE_ABOVE * f:
        h, w = image.shape[:2]
        size = (max(1, round(w * g)), max(1, round(h * g)))
        scaled = cv2.resize(image, size, interpolation=cv2.INTER_AREA if g < 0.5 else cv2.INTER_LINEAR)
        pitch *= scaled.shape[1] / (w * f)
        f = scaled.shape[1] / w
        grey, coloured = planes(scaled)
    quads, stray, squares = board_quads(grey, coloured, pitch)
    found = []
    for q in quads:
        near = [c for c in squares
                if cv2.pointPolygonTest(q.astype(np.float32), (float(c[0]), float(c[1])), True) > -pitch / 2]
        found.append(Found((q + 0.5) / f + origin, pitch / f, (np.array(near).reshape(-1, 2) + 0.5) / f + origin))
    centres = [fd.corners.mean(axis=0) for fd in found]
    rows = [round(c[1] / (6 * fd.pitch)) for c, fd in zip(centres, found)]
    order = sorted(range(len(found)), key=lambda i: (rows[i], centres[i][0]))
    return [found[i] for i in order], stray
