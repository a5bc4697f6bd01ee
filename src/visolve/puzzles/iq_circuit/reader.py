"""IQ Circuit reader: a booklet-style challenge picture (or a photo of one) -> Level.

Steps:

1. Find the 8 x 4 board.  Screenshots and crops (the board upright, any
   scale): :func:`find_board` fits the lattice to the column and row sums of
   the grey grid and returns the four outer corners (the middle lines of the
   outer gaps).  Photos (turned, at an angle, on a cluttered desk, unevenly
   lit): :func:`find_board_in_photo` finds the 32 cells as dark blobs
   ("dark" in the smallest colour channel, where yellow track is dark too,
   at fixed levels or against the local mean and spread) with
   :func:`visolve.vision.quad.find_cell_lattice`, which gives a homography
   from board coordinates (one unit per cell) to the picture.
2. :func:`board_view` samples the board straight on (a
   :class:`visolve.vision.view.BoardView`), :data:`PITCH` px per
   cell with half a cell of margin, then :func:`refine` nudges the lattice
   so each inner grid crossing sits where it should (template matching of
   the "+" of grey between four dark cells) and samples again.
3. :func:`normalised_classes` evens out the light: per cell the dark colour
   (the cell's corners) and per grid crossing the grey colour (its least
   bright arm, away from white outlines) give, channel by channel, an affine
   map dark -> 0, grey -> 1 (:func:`visolve.vision.light.normalise_light`).
   When that reading is in doubt, a second try (:func:`glare_classes`)
   follows glare that changes within a cell: the dark colour from every
   dark corner pixel of the cells by local quadratic fits, the grey
   predicted from it (glare moves both towards its tint by the same share).
   Gains, colour casts, veiling light and glare are all affine per pixel, so
   yellow, white, grey and dark are then told apart by fixed thresholds.
4. Every cell gets scores in 0..1 (share of yellow pixels in small patches):
   centre, each of the four track arms (13 px from the centre), a dot (four
   diagonal patches at 6 px, which a 7 px track band never reaches); every
   inside gap gets a track-crossing score and a white-outline score.
   A score between the two thresholds is a doubt and raises ReadError
   naming the cell (but a track arm pointing off the board is no doubt: no
   track leaves the board).
5. The kind of picture: a white outline on an inside gap = Master; otherwise
   yellow crossing an inside gap = Expert; otherwise Wizard.
6. Master pictures: cells joined by gaps without outline form regions; each
   outlined region with track must match exactly one piece face laid on the
   board (face, rotation and anchor from the piece data).

The level number: the pictures print none, so it is the number in the file
name, else the file stem (:func:`level_name`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from visolve.errors import NotThisPuzzle, ReadError
from visolve.vision.geometry import map_points
from visolve.vision.light import fill_quadratic, normalise_light
from visolve.vision.overlay import draw_overlay
from visolve.vision.quad import find_cell_lattice
from visolve.vision.view import BoardView, corners_homography as _board_homography
from visolve.puzzles.iq_circuit.model import (
    DELTA,
    HEIGHT,
    MASK_SYMBOL,
    OPEN_DOT,
    PIECES,
    SYMBOL_MASK,
    UNKNOWN,
    WIDTH,
    Level,
    Placement,
    grid_with_pieces,
)

PITCH = 40  #: canonical cell pitch in pixels
MARGIN = 0.5  #: cells of margin around the board in the straight view
YES, NO = 0.6, 0.3  #: score thresholds; in between = doubtful
MAX_PALE_CELLS = 4  #: cells that may fail the "dark square" look (glare) before the picture is refused
MAX_SIDE = 1000  #: larger pictures are shrunk before the board search
PHOTO_SIDE = 640  #: photos are searched for cells at this long side
#: share of the 32 cells a lattice may have found when its board is checked whole
PHOTO_MIN_SPARSE = 18 / 32
#: a sparse lattice is checked whole (_whole_board_holds) with the share
#: (gap - dark) / (tint - dark) of each cell's sides, relative to the board's
#: typical share (0.15-0.35): a cell's lies between these multiples of it
#: (page white or a bezel next to dark ink or ground gives far more, ground
#: next to ground about 0) ...
SPARSE_SIDE = (0.4, 2.5)
#: ... and its middle's between these (a cell is even; track or a dot darkens it)
SPARSE_CENTRE = (-1.5, 0.5)
#: ... a typical share below this is no lighter grid at all
SPARSE_MIN_SHARE = 0.05
#: predicted cells that may fail that look: fewer than half the 4 cells of the
#: column that a window shifted by one would put off the board (glare no
#: longer hides cells from the share, so few are needed)
SPARSE_MAX_PALE = 2
#: distance-transform depths tried by the photo search, likeliest first (cells
#: are 26-75 px at PHOTO_SIDE in photos whose board fills a third or more)
PHOTO_DEPTHS = (6.0, 9.0, 4.0, 13.0, 2.5, 19.0)
#: thresholds on the smallest colour channel that make the "dark" masks of
#: the photo search (cells ~32 and yellow ~1 under grey ~88 in the booklet
#: colours; photos scale and lift all of these, unevenly)
DARK_LEVELS = (30, 45, 60, 80, 105)
#: windows (px at PHOTO_SIDE) of the masks "darker than the local mean"
LOCAL_WINDOWS = (31, 61)
#: ... by this share of the local standard deviation (a share of the spread,
#: not of the mean: a glare spot lifts dark and grey alike and shrinks their
#: difference, which scales the spread with it but not the mean; cells are
#: 0.75 deviations under the mean of a window on the lattice, grey 1.3 above)
LOCAL_SPREAD = 0.15
#: ... where that deviation is at least this (grey levels): flat ground is left out
LOCAL_MIN_STD = 8.0
#: brightest channel of the colour a glare spot washes towards (a reflection
#: of a lamp or window: near white, a little tinted)
GLARE_BRIGHT = 250.0
#: dark samples spread less than this (grey levels) show no wash to take a tint from
GLARE_MIN_WASH = 15.0
#: width (px of the straight view, 40 per cell) of the local fits that follow
#: the dark colour under glare: wide enough to span a gap with dark corners of
#: the cells on both sides, narrow enough for a spot half a cell across
GLARE_FIT_WIDTH = 14.0


# -- colour classes -------------------------------------------------------------

def yellow_mask(img: np.ndarray) -> np.ndarray:
    b, g, r = (img[:, :, i].astype(np.int16) for i in range(3))
    return (r > 160) & (g > 140) & (b < 120) & (r - b > 90)


def channel_min(img: np.ndarray) -> np.ndarray:
    """Smallest of the three colour channels (cv2 is much faster than numpy here)."""
    return cv2.min(cv2.min(img[:, :, 0], img[:, :, 1]), img[:, :, 2])


def channel_max(img: np.ndarray) -> np.ndarray:
    return cv2.max(cv2.max(img[:, :, 0], img[:, :, 1]), img[:, :, 2])


def white_mask(img: np.ndarray) -> np.ndarray:
    lo = channel_min(img)
    hi = channel_max(img)
    return (lo > 150) & (hi.astype(np.int16) - lo < 60)


def dark_mask(img: np.ndarray) -> np.ndarray:
    return channel_max(img) < 66


def grey_mask(img: np.ndarray) -> np.ndarray:
    lo = channel_min(img).astype(np.int16)
    hi = channel_max(img).astype(np.int16)
    return (lo > 66) & (hi < 150) & (hi - lo < 25)


# -- board finding ----------------------------------------------------------------

def _runs(profile: np.ndarray, threshold: float) -> list[tuple[int, int]]:
    """(start, end) index pairs (end exclusive) where profile > threshold."""
    above = profile > threshold
    runs = []
    start = None
    for i, v in enumerate(above):
        if v and start is None:
            start = i
        elif not v and start is not None:
            runs.append((start, i))
            start = None
    if start is not None:
        runs.append((start, len(above)))
    return runs


def _fit_lattice(profile: np.ndarray, count: int, what: str) -> tuple[float, float]:
    """From a 'cell-ness' profile find ``count`` cell bands; returns (first edge, pitch)."""
    runs = []
    for s, e in _runs(profile, 0.5):  # merge runs split by a thin seam
        if runs and s - runs[-1][1] <= max(2, len(profile) // 150):
            runs[-1] = (runs[-1][0], e)
        else:
            runs.append((s, e))
    if not runs:
        raise NotThisPuzzle(f"no {what} of cells found")
    widths = np.array([e - s for s, e in runs])
    big = widths.max()
    runs = [r for r, w in zip(runs, widths) if w >= 0.35 * big]
    if len(runs) != count:
        raise NotThisPuzzle(f"found {len(runs)} {what} of cells, an IQ Circuit board has {count}")
    centres = np.array([(s + e - 1) / 2 for s, e in runs])
    idx = np.arange(count)
    pitch, first = np.polyfit(idx, centres, 1)
    resid = np.abs(centres - (first + pitch * idx)).max()
    widths = np.array([e - s for s, e in runs])
    if pitch <= 4 or resid > 0.15 * pitch:
        raise NotThisPuzzle(f"{what} of cells are not evenly spaced")
    if not (0.5 * pitch <= np.median(widths) <= 0.95 * pitch):
        raise NotThisPuzzle(f"{what} of cells have the wrong width for a board")
    return first - pitch / 2, pitch


def find_board(image: np.ndarray) -> np.ndarray:
    """Four corners (tl, tr, br, bl; float32 x, y) of the board's outer gap lines.

    Raises NotThisPuzzle when no 8 x 4 board of dark cells on grey is found.
    """
    h, w = image.shape[:2]
    scale = 1.0
    small = image
    if max(h, w) > MAX_SIDE:
        scale = MAX_SIDE / max(h, w)
        small = cv2.resize(image, (round(w * scale), round(h * scale)), interpolation=cv2.INTER_AREA)
    grey = grey_mask(small)
    if grey.mean() < 0.05:
        raise NotThisPuzzle("no grey board lattice in the picture")
    n, labels, stats, _c = cv2.connectedComponentsWithStats(grey.astype(np.uint8), connectivity=8)
    if n < 2:
        raise NotThisPuzzle("no grey board lattice in the picture")
    best = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    x0, y0, bw, bh = (int(v) for v in stats[best, :4])
    # white outlines can cut the lattice in parts: join the big parts that
    # touch the box (gap of a few pixels, the width of an outline)
    x1, y1 = x0 + bw, y0 + bh
    tol = max(4, int(0.02 * max(small.shape[:2])))
    if stats[best, 4] < 0.01 * grey.size:
        raise NotThisPuzzle("no grey board lattice in the picture (only small grey specks)")
    big = [i for i in np.nonzero(stats[:, 4] >= 0.02 * stats[best, 4])[0].tolist() if i != 0]
    changed = True
    while changed:
        changed = False
        for i in big:
            sx, sy, sw, sh = (int(v) for v in stats[i, :4])
            if sx >= x0 and sy >= y0 and sx + sw <= x1 and sy + sh <= y1:
                continue
            if sx < x1 + tol and sx + sw > x0 - tol and sy < y1 + tol and sy + sh > y0 - tol:
                x0, y0, x1, y1 = min(x0, sx), min(y0, sy), max(x1, sx + sw), max(y1, sy + sh)
                changed = True
    bw, bh = x1 - x0, y1 - y0
    if not (1.4 <= bw / max(bh, 1) <= 2.8):
        raise NotThisPuzzle(f"grey region {bw}x{bh} is not shaped like an 8 x 4 board")
    grey = grey | white_mask(small)
    cellish = ~grey[y0 : y0 + bh, x0 : x0 + bw]
    if cellish.mean() < 0.3:
        raise NotThisPuzzle("too few dark cells for an IQ Circuit board")
    left, px = _fit_lattice(cellish.mean(axis=0), WIDTH, "columns")
    top, py = _fit_lattice(cellish.mean(axis=1), HEIGHT, "rows")
    if not 0.8 <= px / py <= 1.25:
        raise NotThisPuzzle("cells are not square")
    left += x0
    top += y0
    right = left + WIDTH * px
    bottom = top + HEIGHT * py
    corners = np.array([[left, top], [right, top], [right, bottom], [left, bottom]], np.float32)
    return corners / scale


def warp_board(image: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """The board seen straight on, ``PITCH`` px per cell (8*PITCH x 4*PITCH), from its four corners."""
    return BoardView.from_corners(image, corners, HEIGHT, WIDTH, pitch=PITCH).image


def corners_homography(corners: np.ndarray) -> np.ndarray:
    """Homography from board coordinates (one unit per cell) to the picture, from four corners."""
    return _board_homography(corners, HEIGHT, WIDTH)


def _dark_masks(small: np.ndarray) -> list[np.ndarray]:
    """Masks of "dark" pixels: fixed levels, and darker than the surroundings (glare, haze)."""
    low = channel_min(small)
    masks = [low < t for t in DARK_LEVELS]
    lowf = low.astype(np.float32)
    for k in LOCAL_WINDOWS:
        mean = cv2.blur(lowf, (k, k))
        std = np.sqrt(np.maximum(cv2.blur(lowf * lowf, (k, k)) - mean * mean, 0.0))
        masks.append((lowf < mean - LOCAL_SPREAD * std) & (std >= LOCAL_MIN_STD))
    return masks


def _patch_at(img: np.ndarray, x: float, y: float, r: int = 1) -> float:
    xi, yi = int(round(x)), int(round(y))
    return float(img[yi - r : yi + r + 1, xi - r : xi + r + 1].mean())


def _cell_shares(view: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """How much each cell of a lattice view (PITCH px per cell, one cell of
    ground all round the board) looks like a dark cell on the grey grid.

    Everything is measured in the blue channel (yellow is dark there, like
    the cells; each channel on its own keeps glare affine) as a share of the
    way from the cell's dark towards the glare tint, which a glare spot does
    not change (see :func:`glare_classes`).  The cell's dark is a plane
    through its four corners (it follows a glare slope across the cell).
    Returns per cell ``(side, centre)``: ``side`` is the least such share of
    its sides (each side's brighter point a quarter cell either side of its
    middle, clear of a track crossing it), counting for a board cell only
    the sides towards other board cells (the board's own edge has ground
    beyond it) and for a ground cell every side but the view's edge;
    ``centre`` is that share of its middle (about 0 for a cell, below 0 where
    track or a dot darkens it).
    """
    rows, cols = HEIGHT + 2, WIDTH + 2
    blue = view[:, :, 0].astype(np.float32)
    c0, q, a = (PITCH - 1) / 2, 9.5, PITCH / 4  # corners 7-11 px out, see _DARK_CORNERS
    corners = [(x * PITCH + c0 + sx * q, y * PITCH + c0 + sy * q)
               for y in range(1, rows - 1) for x in range(1, cols - 1) for sx in (-1, 1) for sy in (-1, 1)]
    samples = np.array([view[int(round(cy)) - 1 : int(round(cy)) + 2, int(round(cx)) - 1 : int(round(cx)) + 2]
                        .reshape(-1, 3).mean(axis=0) for cx, cy in corners])
    tint = float(glare_tint(samples)[0])
    side = np.zeros((rows, cols))
    centre = np.zeros((rows, cols))
    for y in range(rows):
        for x in range(cols):
            cx, cy = x * PITCH + c0, y * PITCH + c0
            c = {(sx, sy): _patch_at(blue, cx + sx * q, cy + sy * q) for sx in (-1, 1) for sy in (-1, 1)}
            d0 = sum(c.values()) / 4
            du = (c[(1, -1)] + c[(1, 1)] - c[(-1, -1)] - c[(-1, 1)]) / (4 * q)
            dv = (c[(-1, 1)] + c[(1, 1)] - c[(-1, -1)] - c[(1, -1)]) / (4 * q)

            def share(u: float, v: float) -> float:
                dark = d0 + du * u + dv * v
                return (_patch_at(blue, cx + u, cy + v) - dark) / max(tint - dark, 8.0)

            board = 0 < x < cols - 1 and 0 < y < rows - 1
            sides = []
            for dx, dy in DELTA:
                nx, ny = x + dx, y + dy
                if not (0 <= nx < cols and 0 <= ny < rows):
                    continue
                if board and not (0 < nx < cols - 1 and 0 < ny < rows - 1):
                    continue
                gu, gv = dx * PITCH / 2, dy * PITCH / 2
                ends = ((gu, gv - a), (gu, gv + a)) if dx else ((gu - a, gv), (gu + a, gv))
                sides.append(max(share(u, v) for u, v in ends))
            side[y, x] = min(sides)
            centre[y, x] = (_patch_at(blue, cx, cy, 4) - d0) / max(tint - d0, 8.0)
    return side, centre


def _cells_look(view: np.ndarray) -> np.ndarray:
    """Which cells of a lattice view (see :func:`_cell_shares`) look like dark
    cells on the grey grid, judged against the board's typical share; all
    False when the board shows no grid lighter than its cells."""
    side, centre = _cell_shares(view)
    typical = float(np.median(side[1:-1, 1:-1]))
    if typical < SPARSE_MIN_SHARE:
        return np.zeros(side.shape, bool)
    lo, hi = SPARSE_SIDE
    c_lo, c_hi = SPARSE_CENTRE
    return (side > lo * typical) & (side < hi * typical) & (centre > c_lo * typical) & (centre < c_hi * typical)


def _whole_board_holds(image: np.ndarray, hom: np.ndarray) -> bool:
    """Whether the lattice ``hom`` points at is the board, for lattices that found
    few of the cells or boards whose cells a glare spot washed out: every
    predicted cell (but up to SPARSE_MAX_PALE) looks like one (:func:`_cells_look`),
    and the window shifted by one column or row would not (its outer column or
    row is not cells)."""
    looks = _cells_look(BoardView.from_homography(image, hom, HEIGHT, WIDTH, pitch=PITCH, margin=1.0).image)
    inner = looks[1:-1, 1:-1]
    if inner.size - int(inner.sum()) > SPARSE_MAX_PALE:
        return False
    outer = (looks[1:-1, 0], looks[1:-1, -1], looks[0, 1:-1], looks[-1, 1:-1])
    return all(int(ring.sum()) <= 1 for ring in outer)


def find_board_in_photo(image: np.ndarray) -> np.ndarray:
    """Homography board coordinates -> picture for a board seen at an angle.

    Raises NotThisPuzzle when no 8 x 4 lattice of dark cells is found.
    """
    h, w = image.shape[:2]
    scale = min(1.0, PHOTO_SIDE / max(h, w))
    small = image
    if scale < 1.0:
        small = cv2.resize(image, (round(w * scale), round(h * scale)), interpolation=cv2.INTER_AREA)
    masks = _dark_masks(small)
    lattice = find_cell_lattice(masks, WIDTH, HEIGHT, min_found=0.75, depths=PHOTO_DEPTHS)
    if lattice is None:
        # glare, a yellow track joining cells or a steep tilt can hide a few
        # more cells: take a sparser lattice only when the whole board,
        # predicted from it, looks right and no shifted window fits as well
        lattice = find_cell_lattice(masks, WIDTH, HEIGHT, min_found=PHOTO_MIN_SPARSE, depths=PHOTO_DEPTHS)
        if lattice is not None and not _whole_board_holds(small, lattice.homography):
            lattice = None
    if lattice is None:
        raise NotThisPuzzle("no 8 x 4 lattice of dark cells in the picture")
    sx, sy = w / small.shape[1], h / small.shape[0]
    return np.diag([sx, sy, 1.0]) @ lattice.homography


def board_view(image: np.ndarray, hom: np.ndarray) -> BoardView:
    """The board straight on: PITCH px per cell, MARGIN cells around it."""
    return BoardView.from_homography(image, hom, HEIGHT, WIDTH, pitch=PITCH, margin=MARGIN)


def straight_view(image: np.ndarray, hom: np.ndarray) -> np.ndarray:
    """The picture of :func:`board_view`."""
    return board_view(image, hom).image


def _cross_template() -> np.ndarray:
    size = 2 * 15 + 1
    t = np.zeros((size, size), np.float32)
    half = 4  # the grey gap is ~9 px wide at 40 px per cell
    t[:, 15 - half : 15 + half + 1] = 1
    t[15 - half : 15 + half + 1, :] = 1
    return t


_CROSS = _cross_template()


def refine(image: np.ndarray, hom: np.ndarray, view: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Move the lattice so the 21 inner grid crossings sit on the grey "+" shapes.

    Returns the corrected homography and the straight view made with it.
    When fewer than 12 crossings are clear (or the fit moves a corner by more
    than half a cell) the input is returned unchanged.
    """
    if view is None:
        view = straight_view(image, hom)
    low = channel_min(view).astype(np.float32)
    off = MARGIN * PITCH
    search = 6
    r = _CROSS.shape[0] // 2
    src, dst = [], []
    for j in range(1, HEIGHT):
        for i in range(1, WIDTH):
            cx, cy = int(round(off + i * PITCH)), int(round(off + j * PITCH))
            patch = low[cy - r - search : cy + r + search + 1, cx - r - search : cx + r + search + 1]
            if patch.shape != (2 * (r + search) + 1,) * 2 or patch.std() < 4:
                continue
            res = cv2.matchTemplate(patch, _CROSS, cv2.TM_CCOEFF_NORMED)
            _mn, best, _ml, (bx, by) = cv2.minMaxLoc(res)
            if best < 0.5 or bx in (0, 2 * search) or by in (0, 2 * search):
                continue
            # sub-pixel peak: parabola through the neighbours
            def sub(a, b, c):
                den = a - 2 * b + c
                return 0.0 if abs(den) < 1e-9 else 0.5 * (a - c) / den

            dx = bx - search + sub(res[by, bx - 1], res[by, bx], res[by, bx + 1])
            dy = by - search + sub(res[by - 1, bx], res[by, bx], res[by + 1, bx])
            src.append((i, j))
            dst.append((i + dx / PITCH, j + dy / PITCH))
    if len(src) < 12:
        return hom, view
    fix, _ = cv2.findHomography(np.array(src, np.float64), np.array(dst, np.float64), cv2.RANSAC, 0.08)
    if fix is None:
        return hom, view
    box = np.array([[0, 0], [WIDTH, 0], [WIDTH, HEIGHT], [0, HEIGHT]], np.float64)
    if np.abs(map_points(fix, box) - box).max() > 0.5:
        return hom, view
    new = hom @ fix
    return new, straight_view(image, new)


@dataclass
class Classes:
    """Per-pixel colour classes of a straight view (board area only, PITCH px per cell)."""

    yellow: np.ndarray
    white: np.ndarray
    dark: np.ndarray


def _patch_mean(img: np.ndarray, cx: float, cy: float, r: int) -> np.ndarray:
    x, y = int(round(cx)), int(round(cy))
    return img[y - r : y + r + 1, x - r : x + r + 1].reshape(-1, img.shape[2]).mean(axis=0)


def _crossing_arms(img: np.ndarray) -> list[list[tuple[float, float]]]:
    """Where the grey of each grid crossing is sampled: its arms 9 px out
    (white outlines are brighter, track never comes this close); along the
    board's edge the gap is half as wide, so those arms are sampled 2 px
    inside the edge.  ``[j][i]`` lists the (x, y) of crossing (i, j)'s arms."""
    off = MARGIN * PITCH
    out = []
    for j in range(HEIGHT + 1):
        row = []
        for i in range(WIDTH + 1):
            cx, cy = off + PITCH * i, off + PITCH * j
            arms = []
            for dx, dy in DELTA:
                if not (0 <= i + dx <= WIDTH and 0 <= j + dy <= HEIGHT):
                    continue
                ax, ay = cx + dx * 9, cy + dy * 9
                if dy == 0 and j in (0, HEIGHT):
                    ay += 2 if j == 0 else -2
                if dx == 0 and i in (0, WIDTH):
                    ax += 2 if i == 0 else -2
                arms.append((ax, ay))
            row.append(arms)
        out.append(row)
    return out


def _replace_odd(values: np.ndarray, odd: np.ndarray) -> None:
    """Crossings flagged ``odd`` take the median of their other neighbours (in place)."""
    for j, i in zip(*np.nonzero(odd)):
        nb = [values[b, a] for a in range(i - 1, i + 2) for b in range(j - 1, j + 2)
              if 0 <= a <= WIDTH and 0 <= b <= HEIGHT and not odd[b, a]]
        if nb:
            values[j, i] = np.median(nb, axis=0)


def _classify(n: np.ndarray) -> Classes:
    """Colour classes of a normalised board (dark ~0, grey ~1 in every channel)."""
    nb, ng, nr = n[:, :, 0], n[:, :, 1], n[:, :, 2]
    yellow = (np.minimum(nr, ng) - nb > 1.0) & (np.minimum(nr, ng) > 1.3)
    white = np.minimum(np.minimum(nr, ng), nb) > 1.7
    darkm = n.max(axis=2) < 0.5
    return Classes(yellow, white, darkm)


def normalised_classes(view: np.ndarray) -> tuple[Classes, np.ndarray]:
    """Even out the light of a straight view and classify its pixels.

    Returns the classes of the board area (8 * PITCH x 4 * PITCH) and the
    normalised board (float32, dark cells ~0, grey grid ~1 in every channel).
    The dark reference is sampled at the cells' corners, the grey one at the
    grid crossings, both spread smoothly (see :func:`glare_classes` for light
    that changes faster than that).
    """
    img = view.astype(np.float32)
    off = MARGIN * PITCH
    # dark: the four corners of every cell, 10 px from its centre along both
    # axes (outside any dot or track band): a regular grid with 20 px spacing
    q = PITCH // 4
    dark = np.zeros((2 * HEIGHT, 2 * WIDTH, 3), np.float32)
    for b in range(2 * HEIGHT):
        for a in range(2 * WIDTH):
            dark[b, a] = _patch_mean(img, off + q + 2 * q * a, off + q + 2 * q * b, 1)
    # grey: every grid crossing, its darkest arm
    arms = _crossing_arms(img)
    grey = np.zeros((HEIGHT + 1, WIDTH + 1, 3), np.float32)
    for j in range(HEIGHT + 1):
        for i in range(WIDTH + 1):
            grey[j, i] = min((_patch_mean(img, ax, ay, 1) for ax, ay in arms[j][i]), key=lambda v: float(v.sum()))
    # a crossing whose every arm is outlined shows white, not grey: its span
    # above the dark of the four cell corners around it is several times the
    # usual one (glare and shade only ever shrink or scale the span a little)
    span = np.zeros((HEIGHT + 1, WIDTH + 1), np.float32)
    for j in range(HEIGHT + 1):
        for i in range(WIDTH + 1):
            near = dark[max(2 * j - 1, 0) : 2 * j + 1, max(2 * i - 1, 0) : 2 * i + 1].reshape(-1, 3).mean(axis=0)
            span[j, i] = float((grey[j, i] - near).sum())
    _replace_odd(grey, span > 2.2 * max(float(np.median(span)), 1.0))
    bw, bh = WIDTH * PITCH, HEIGHT * PITCH
    low = cv2.resize(dark, (bw, bh), interpolation=cv2.INTER_LINEAR)  # samples at band centres
    p = PITCH // 2
    high = cv2.resize(grey, (bw + 2 * p, bh + 2 * p), interpolation=cv2.INTER_LINEAR)[p:-p, p:-p]
    o = int(round(off))
    n = normalise_light(img[o : o + bh, o : o + bw], low, high, min_span=6.0)
    return _classify(n), n


def _dark_corner_mask() -> np.ndarray:
    """Pixels of the board (PITCH px per cell) that show a cell's dark colour
    in every challenge: 7-11 px from the cell's centre along both axes (the
    track band reaches 4 px, the cell's edge is 14 px out and blurs inwards)
    and 12.5 px or more from it (a dot's radius is 10 px)."""
    yy, xx = np.mgrid[0 : HEIGHT * PITCH, 0 : WIDTH * PITCH].astype(np.float32)
    dx = np.abs(xx % PITCH - (PITCH - 1) / 2)
    dy = np.abs(yy % PITCH - (PITCH - 1) / 2)
    return (dx >= 7) & (dx <= 11) & (dy >= 7) & (dy <= 11) & (dx * dx + dy * dy >= 12.5**2)


_DARK_CORNERS = _dark_corner_mask()


def glare_tint(dark: np.ndarray) -> np.ndarray:
    """The colour (B, G, R) a glare spot washes towards, from samples of the dark cells.

    Glare mixes a share ``a`` of one colour ``T`` into every pixel, so the
    dark cells it touches lie on the line from the plain dark towards ``T``:
    its direction is that from the darker half of the samples to the
    brightest tenth.  Along it ``T`` is put where its brightest channel is
    GLARE_BRIGHT (a reflection is near white; this fixes where on the line).
    Without a clear wash the direction is that of the shading and ``T`` does
    not matter much (it then only scales the grey's share, see
    :func:`glare_classes`).
    """
    d = np.asarray(dark, np.float64).reshape(-1, 3)
    order = np.argsort(d.sum(axis=1))
    lo = d[order[: max(1, len(d) // 2)]].mean(axis=0)
    hi = d[order[-max(3, len(d) // 10) :]].mean(axis=0)
    v = hi - lo
    tint = np.full(3, GLARE_BRIGHT)
    if np.linalg.norm(v) >= GLARE_MIN_WASH and (v > 0).any():
        reach = min((GLARE_BRIGHT - lo[c]) / v[c] for c in range(3) if v[c] > 1e-6)
        tint = lo + max(reach, 0.0) * v
    # the wash colour is brighter than every (washed) dark sample: keep a
    # margin of 10 levels, or the share's span (tint - dark) would vanish there
    tint = np.maximum(tint, d.max(axis=0) + 10.0)
    return np.clip(tint, 0.0, 255.0).astype(np.float32)


def glare_classes(view: np.ndarray) -> tuple[Classes, np.ndarray]:
    """Like :func:`normalised_classes`, for light that changes within a cell (a glare spot).

    Glare mixes a share ``a`` of a colour ``T`` into the picture:
    ``p' = (1 - a) p + a T``.  The dark reference is every dark corner pixel
    of the cells (:data:`_DARK_CORNERS`), filled in between by local
    quadratic fits (:func:`visolve.vision.light.fill_quadratic`), which follow
    a spot's peak between the cells.  The grey is predicted from it: the
    share ``s = (grey - dark) / (T - dark)`` does not depend on ``a`` (both
    are scaled by ``1 - a``), so ``s`` measured at the grid crossings and
    spread smoothly gives ``grey = dark + s (T - dark)`` everywhere, with
    ``T`` from :func:`glare_tint`.
    """
    img = view.astype(np.float32)
    o = int(round(MARGIN * PITCH))
    bw, bh = WIDTH * PITCH, HEIGHT * PITCH
    board = img[o : o + bh, o : o + bw]
    low = fill_quadratic(board, _DARK_CORNERS, GLARE_FIT_WIDTH)
    tint = glare_tint(board[_DARK_CORNERS])
    arms = _crossing_arms(img)
    share = np.zeros((HEIGHT + 1, WIDTH + 1, 3), np.float32)
    for j in range(HEIGHT + 1):
        for i in range(WIDTH + 1):
            shares = []
            for ax, ay in arms[j][i]:
                bx = min(max(int(round(ax)) - o, 0), bw - 1)
                by = min(max(int(round(ay)) - o, 0), bh - 1)
                d = low[by, bx]
                shares.append((_patch_mean(img, ax, ay, 1) - d) / np.maximum(tint - d, 8.0))
            share[j, i] = min(shares, key=lambda v: float(v.sum()))  # the least bright arm: grey, not outline
    # a crossing whose every arm is outlined has a share several times the usual one
    total = share.sum(axis=2)
    _replace_odd(share, total > 2.2 * max(float(np.median(total)), 1e-3))
    p = PITCH // 2
    share_px = cv2.resize(share, (bw + 2 * p, bh + 2 * p), interpolation=cv2.INTER_LINEAR)[p:-p, p:-p]
    high = low + share_px * np.maximum(tint - low, 0.0)
    n = normalise_light(board, low, high, min_span=6.0)
    return _classify(n), n


# -- scores -----------------------------------------------------------------------

@dataclass
class CellScores:
    centre: float
    dot: float
    arms: tuple[float, float, float, float]  # right, down, left, up


@dataclass
class BoardScores:
    cells: list[list[CellScores]]  # [y][x]
    #: gaps[(x, y, d)] for d = 0 (right neighbour) and 1 (lower neighbour): (track, outline)
    gaps: dict[tuple[int, int, int], tuple[float, float]]


def _frac(mask: np.ndarray, cx: float, cy: float, hw: int, hh: int) -> float:
    x0, x1 = int(round(cx - hw)), int(round(cx + hw)) + 1
    y0, y1 = int(round(cy - hh)), int(round(cy + hh)) + 1
    patch = mask[max(y0, 0) : y1, max(x0, 0) : x1]
    return float(patch.mean()) if patch.size else 0.0


def _diag(mask: np.ndarray, cx: int, cy: int, sx: int, sy: int) -> float:
    """Mean of the pixels (6,6) (7,6) (6,7) from the centre towards one corner."""
    return float(sum(mask[cy + sy * b, cx + sx * a] for a, b in ((6, 6), (7, 6), (6, 7))) / 3)


def _outline_score(wht: np.ndarray, x: int, y: int, vertical: bool) -> float:
    """How much the gap centred on ``(x, y)`` shows a thin white line along it.

    Looks at the two stretches 6-12 px either side of the gap's middle (the
    middle may be crossed by track); on each line across the gap (13 px) the
    white pixels must be a narrow run (1-8 px, centred within 3 px of the gap
    line): an outline, not a wash of light over the whole gap.  The score is
    the share of such lines in the worse of the two stretches.
    """
    g = wht if vertical else wht.T
    if not vertical:
        x, y = y, x
    halves = []
    for lo, hi in ((y - 12, y - 6), (y + 6, y + 12)):
        block = g[max(lo, 0) : hi + 1, max(x - 6, 0) : x + 7].astype(np.float32)
        if block.size == 0:
            return 0.0
        count = block.sum(axis=1)
        pos = np.arange(block.shape[1], dtype=np.float32) + max(x - 6, 0) - x
        centre = (block * pos).sum(axis=1) / np.maximum(count, 1)
        ok = (count >= 1) & (count <= 8) & (np.abs(centre) <= 3)
        halves.append(float(ok.mean()))
    return min(halves)


def score_board(board: np.ndarray, classes: Classes | None = None) -> BoardScores:
    """Scores of every cell and inside gap of a board seen straight on (no margin).

    ``classes`` are the colour classes from :func:`normalised_classes`; without
    them the fixed booklet colours are used (clean screenshots only).
    """
    if classes is None:
        yel = yellow_mask(board).astype(np.float32)
        wht = white_mask(board).astype(np.float32)
    else:
        yel = classes.yellow.astype(np.float32)
        wht = classes.white.astype(np.float32)
    cells = []
    for y in range(HEIGHT):
        row = []
        for x in range(WIDTH):
            cx, cy = PITCH * x + PITCH // 2, PITCH * y + PITCH // 2
            centre = max(_frac(yel, cx + sx * 2, cy + sy * 2, 1, 1) for sx in (-1, 1) for sy in (-1, 1))
            # three pixels 8.5-9.2 px from the centre along each diagonal: inside a
            # dot (radius ~10), 6 px clear of the axes (track half width ~4)
            diag = sorted(_diag(yel, cx, cy, sx, sy) for sx in (-1, 1) for sy in (-1, 1))
            dot = float(np.mean(diag))
            arms = []
            for dx, dy in DELTA:
                ax, ay = cx + dx * 13, cy + dy * 13
                hw, hh = (1, 2) if dx else (2, 1)
                arms.append(_frac(yel, ax, ay, hw, hh))
            row.append(CellScores(centre, dot, tuple(arms)))
        cells.append(row)
    gaps = {}
    for y in range(HEIGHT):
        for x in range(WIDTH):
            cx, cy = PITCH * x + PITCH // 2, PITCH * y + PITCH // 2
            if x + 1 < WIDTH:
                gx = PITCH * (x + 1)
                track = _frac(yel, gx, cy, 1, 1)
                outline = _outline_score(wht, gx, cy, vertical=True)
                gaps[(x, y, 0)] = (track, outline)
            if y + 1 < HEIGHT:
                gy = PITCH * (y + 1)
                track = _frac(yel, cx, gy, 1, 1)
                outline = _outline_score(wht, cx, gy, vertical=False)
                gaps[(x, y, 1)] = (track, outline)
    return BoardScores(cells, gaps)


def _decide(score: float, what: str) -> bool:
    if score >= YES:
        return True
    if score <= NO:
        return False
    raise ReadError(f"{what}: score {score:.2f} is neither clearly yes (>= {YES}) nor no (<= {NO})")


def cell_symbol(s: CellScores, x: int, y: int) -> str:
    """Symbol of one cell from its scores: '.', a line/bend, a dot with direction or 'o'."""
    where = f"cell ({x},{y}) [column {x + 1}, row {y + 1}]"
    arms = []
    for d, (a, name) in enumerate(zip(s.arms, ("right", "down", "left", "up"))):
        if 0 <= x + DELTA[d][0] < WIDTH and 0 <= y + DELTA[d][1] < HEIGHT:
            arms.append(_decide(a, f"{where} track towards {name}"))
        elif a >= YES:
            raise ReadError(f"{where}: track towards {name} leaves the board (score {a:.2f})")
        else:
            # no track leaves the board, so a weak score there is no doubt (the
            # rim of a dot in a corner cell that the lattice places a little off)
            arms.append(False)
    mask = sum(1 << d for d in range(4) if arms[d])
    if _decide(s.dot, f"{where} dot"):
        if bin(mask).count("1") > 1:
            raise ReadError(f"{where}: a dot with {bin(mask).count('1')} tracks leaving it (scores {s.arms})")
        return MASK_SYMBOL[mask] if mask else OPEN_DOT
    centre = _decide(s.centre, f"{where} track at the centre")
    n = bin(mask).count("1")
    if not centre and n == 0:
        return "."
    if centre and n == 2:
        return MASK_SYMBOL[mask]
    arm_text = ", ".join(f"{a:.2f}" for a in s.arms)
    raise ReadError(
        f"{where}: track with {n} arm(s) and centre score {s.centre:.2f} is no cell type (arm scores r,d,l,u {arm_text})"
    )


# -- whole picture -------------------------------------------------------------------

def level_name(source: str) -> int | str:
    stem = Path(source).stem if source else ""
    m = re.search(r"(\d+)", stem)
    if m:
        return int(m.group(1))
    return stem or "unnamed"


def _kind(scores: BoardScores) -> str:
    outlined = [
        _decide(o, f"white outline on the gap {'right of' if k[2] == 0 else 'below'} cell ({k[0]},{k[1]})")
        for k, (_t, o) in scores.gaps.items()
    ]
    if any(outlined):
        return "master"
    tracks = [(k, t) for k, (t, _o) in scores.gaps.items()]
    if any(t >= YES for _k, t in tracks):
        return "expert"
    return "wizard"


def _piece_options_by_footprint():
    table: dict[frozenset, list[Placement]] = {}
    for piece in PIECES:
        for face in piece.faces:
            for r in range(4):
                for x0 in range(-3, WIDTH + 3):
                    for y0 in range(-3, HEIGHT + 3):
                        pl = Placement(piece.id, face.index, x0, y0, r)
                        if pl.on_board():
                            table.setdefault(frozenset(pl.cells()), []).append(pl)
    return table


_FOOTPRINTS: dict | None = None


def _match_piece(cells: dict[tuple[int, int], int]) -> list[Placement]:
    global _FOOTPRINTS
    if _FOOTPRINTS is None:
        _FOOTPRINTS = _piece_options_by_footprint()
    key = frozenset((x, y, m) for (x, y), m in cells.items())
    found = _FOOTPRINTS.get(key, [])
    # one placement per piece (symmetric faces give several equal ones)
    seen, out = set(), []
    for pl in sorted(found, key=lambda p: (p.piece, p.face, p.rotation)):
        if pl.piece not in seen:
            seen.add(pl.piece)
            out.append(pl)
    return out


def read_board(board: np.ndarray, source: str = "", classes: Classes | None = None) -> Level:
    """A warped board picture (see :func:`warp_board`) -> Level."""
    scores = score_board(board, classes)
    kind = _kind(scores)
    symbols = [[cell_symbol(scores.cells[y][x], x, y) for x in range(WIDTH)] for y in range(HEIGHT)]
    name = level_name(source)
    if kind == "expert":
        # the track drawn across the gaps must agree with the cells on both sides
        for (x, y, d), (track, _o) in scores.gaps.items():
            nx, ny = x + DELTA[d][0], y + DELTA[d][1]
            a = _mask(symbols[y][x]) >> d & 1
            b = _mask(symbols[ny][nx]) >> (d + 2) & 1
            crossing = _decide(track, f"track across the gap between cells ({x},{y}) and ({nx},{ny})")
            if not (a == b == crossing):
                raise ReadError(
                    f"track between cells ({x},{y}) and ({nx},{ny}) does not join up "
                    f"(arms {a} / {b}, gap score {track:.2f})"
                )
        grid = tuple("".join(r) for r in symbols)
        return Level(name, kind, grid, (), source)
    if kind == "wizard":
        rows = []
        for y in range(HEIGHT):
            row = ""
            for x in range(WIDTH):
                sym = symbols[y][x]
                if sym == ".":
                    row += UNKNOWN
                elif sym == OPEN_DOT:
                    row += OPEN_DOT
                else:
                    raise ReadError(f"cell ({x},{y}): track {sym!r} in a picture with only dots")
            rows.append(row)
        return Level(name, kind, tuple(rows), (), source)
    # master: regions bounded by outlines
    parent = {(x, y): (x, y) for y in range(HEIGHT) for x in range(WIDTH)}

    def root(c):
        while parent[c] != c:
            parent[c] = parent[parent[c]]
            c = parent[c]
        return c

    for (x, y, d), (_t, outline) in scores.gaps.items():
        if not outline >= YES:  # doubt was already raised by _kind
            nx, ny = x + DELTA[d][0], y + DELTA[d][1]
            parent[root((x, y))] = root((nx, ny))
    regions: dict = {}
    for c in parent:
        regions.setdefault(root(c), []).append(c)
    pieces: list[Placement] = []
    in_piece = set()
    for cells in regions.values():
        has_track = any(symbols[y][x] not in ".o" for x, y in cells)
        if len(cells) > 4 or not has_track:
            # big regions are the open board; a small one without track is a
            # part of the board walled in by pieces (pre-placed pieces always
            # show their track)
            continue
        masks = {(x, y): _mask(symbols[y][x]) for x, y in cells}
        found = _match_piece(masks)
        if not found:
            if has_track:
                cells_text = " ".join(f"({x},{y})" for x, y in sorted(cells))
                drawn = " ".join(symbols[y][x] for x, y in sorted(cells))
                raise ReadError(f"outlined cells {cells_text} showing {drawn!r} match no piece face")
            continue
        pl = found[0]
        if any(p.piece == pl.piece for p in pieces):
            raise ReadError(f"piece {pl.piece} ({PIECES[pl.piece].code}) found twice among the pre-placed pieces")
        pieces.append(pl)
        in_piece.update(cells)
    rows = []
    for y in range(HEIGHT):
        row = ""
        for x in range(WIDTH):
            sym = symbols[y][x]
            if (x, y) in in_piece:
                row += sym
            elif sym == ".":
                row += UNKNOWN
            elif sym == OPEN_DOT:
                row += OPEN_DOT
            else:
                raise ReadError(f"cell ({x},{y}): track {sym!r} outside every outlined piece")
        rows.append(row)
    _check_outlines(scores, pieces)
    pieces.sort()
    return Level(name, kind, grid_with_pieces(tuple(rows), pieces), tuple(pieces), source)


def _check_outlines(scores: BoardScores, pieces: list[Placement]) -> None:
    """The white outlines must be exactly the borders of the pre-placed pieces found."""
    if not pieces:
        raise ReadError("white outlines on the board, but no outlined piece with track inside them")
    owner = {}
    for k, pl in enumerate(pieces):
        for x, y, _m in pl.cells():
            owner[(x, y)] = k
    for (x, y, d), (_t, outline) in scores.gaps.items():
        nx, ny = x + DELTA[d][0], y + DELTA[d][1]
        a, b = owner.get((x, y)), owner.get((nx, ny))
        border = a != b
        if border != (outline >= YES):
            where = f"the gap {'right of' if d == 0 else 'below'} cell ({x},{y})"
            what = "no outline where a piece ends" if border else "an outline that borders no piece"
            raise ReadError(f"{where}: {what} (outline score {outline:.2f})")


def _mask(sym: str) -> int:
    return SYMBOL_MASK.get(sym, 0)


def _upright(image: np.ndarray) -> np.ndarray:
    return corners_homography(find_board(image))


#: board finders tried in turn: the exact upright fit, then the photo search
FINDERS = (("upright", _upright), ("photo", find_board_in_photo))


def read_view(image: np.ndarray, hom: np.ndarray, source: str = "") -> Level:
    """Read the board that ``hom`` (board coordinates -> picture) points at."""
    hom, view = refine(image, hom)
    classes, _n = normalised_classes(view)
    o = int(round(MARGIN * PITCH))
    board = view[o : o + HEIGHT * PITCH, o : o + WIDTH * PITCH]
    # the cells must look like dark squares: dark or yellow around their
    # centres (a few may be washed out by glare; then their scores decide)
    dark = classes.dark | classes.yellow
    pale = []
    for y in range(HEIGHT):
        for x in range(WIDTH):
            share = _frac(dark, PITCH * x + PITCH // 2, PITCH * y + PITCH // 2, 11, 11)
            if share < 0.8:
                pale.append(f"({x},{y}) {share:.2f}")
    # a strong glare spot may wash out more cells than that: then the board
    # must pass the glare-proof whole-board check of sparse lattices instead
    # (which also refuses a lattice one column or row off the board)
    if len(pale) > MAX_PALE_CELLS and not _whole_board_holds(image, hom):
        raise NotThisPuzzle(f"{len(pale)} cells are not dark squares (share dark or yellow: {', '.join(pale[:4])})")
    # and the gaps between them grey (or white outline, or yellow track)
    grid = ~(classes.dark)
    lines = [_frac(grid, PITCH * i, PITCH * y + PITCH // 2, 1, 6) for i in range(1, WIDTH) for y in range(HEIGHT)]
    if np.mean(lines) < 0.6:
        raise NotThisPuzzle(f"the cells are not separated by a lighter grid ({np.mean(lines):.2f})")
    try:
        return read_board(board, source, classes)
    except ReadError as first:
        # a doubt may come from a glare spot that changes within a cell (a
        # gap between the crossings washed white, a faint cell): read once
        # more with the references that follow it; if that is in doubt too,
        # the first doubt stands
        washed, _n = glare_classes(view)
        try:
            return read_board(board, source, washed)
        except ReadError:
            raise first from None


def read(image: np.ndarray, source: str = "") -> Level:
    """Picture (BGR) -> Level.  NotThisPuzzle / ReadError on failure.

    Each finder of :data:`FINDERS` is tried until one gives a board that
    reads; a ReadError (the board is there but a cell is in doubt) is
    reported in preference to a NotThisPuzzle.
    """
    if image is None or image.ndim != 3 or image.shape[2] < 3:
        raise NotThisPuzzle("not a colour picture")
    image = np.ascontiguousarray(image[:, :, :3])
    errors: list[Exception] = []
    for _name, finder in FINDERS:
        try:
            hom = finder(image)
            return read_view(image, hom, source)
        except (NotThisPuzzle, ReadError) as exc:
            errors.append(exc)
    doubts = [e for e in errors if isinstance(e, ReadError)]
    raise (doubts or errors)[-1]


def debug_overlay(image: np.ndarray, source: str = "") -> np.ndarray:
    """The picture with the found board lattice and each cell's read symbol drawn on it.

    The generic overlay (:func:`visolve.vision.overlay.draw_overlay`): the
    board's outline and lattice, per cell its symbol (red ``!`` when the
    cell is in doubt), and along the bottom what the reader made of the
    whole picture, or why it refused it.
    """
    out = np.ascontiguousarray(image[:, :, :3])
    hom = None
    reason = ""
    for _name, finder in FINDERS:
        try:
            hom = finder(out)
            break
        except NotThisPuzzle as exc:
            reason = str(exc)
    if hom is None:
        return draw_overlay(out, None, title=reason, title_colour=DOUBT)
    hom, view = refine(out, hom)
    classes, _n = normalised_classes(view)
    o = int(round(MARGIN * PITCH))
    scores = score_board(view[o : o + HEIGHT * PITCH, o : o + WIDTH * PITCH], classes)
    labels, colours = {}, {}
    for y in range(HEIGHT):
        for x in range(WIDTH):
            try:
                labels[(y, x)], colours[(y, x)] = cell_symbol(scores.cells[y][x], x, y), TRUSTED
            except ReadError:
                labels[(y, x)], colours[(y, x)] = "!", DOUBT
    try:
        level = read_view(out, hom, source)
        title, colour = f"{source or 'picture'}: {level.kind} challenge read OK", TRUSTED
    except (ReadError, NotThisPuzzle) as exc:
        title, colour = str(exc), DOUBT
    return draw_overlay(out, board_view(out, hom), labels, colours, title, title_colour=colour)


TRUSTED, DOUBT = (0, 200, 0), (0, 0, 255)
