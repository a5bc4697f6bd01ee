"""Finding the IQ Circuit board: the exact upright fit, the photo search, the straight view.

:func:`find_board` fits the 8 x 4 lattice to the column and row sums of the
grey grid of an upright picture (screenshots, crops, any scale).
:func:`find_board_in_photo` finds the 32 dark cells as blobs
(:func:`visolve.vision.lattice.find_cell_lattice`) in a photo, with a whole-board
check for sparse lattices.  Both give a homography from board coordinates
(one unit per cell) to the picture; :func:`board_view` samples the board
straight on (:class:`visolve.vision.view.BoardView`) and :func:`refine`
nudges the lattice onto the grid crossings.  :data:`FINDERS` tries them in
turn, then the board's outline
(:func:`visolve.puzzles.iq_circuit.outline.find_board_by_outline`).
"""

from __future__ import annotations

import cv2
import numpy as np

from visolve.errors import NotThisPuzzle, SeveralBoards
from visolve.puzzles.iq_circuit.board_checks import OTHER_BOARD, board_in_line
from visolve.puzzles.iq_circuit.colours import MARGIN, PITCH, grey_mask, white_mask
from visolve.puzzles.iq_circuit.model import HEIGHT, WIDTH
from visolve.puzzles.iq_circuit.outline import find_board_by_outline
from visolve.puzzles.iq_circuit.track_clear import faint_masks, track_painted_out
from visolve.vision.geometry import map_points
from visolve.vision.lattice import Lattice, find_cell_lattice
from visolve.vision.light import channel_min
from visolve.vision.masks import dark_masks
from visolve.vision.view import BoardView
from visolve.vision.view import corners_homography as _board_homography
from visolve.vision.working import working_copy

MAX_SIDE = 1000  #: larger pictures are shrunk before the board search
PHOTO_SIDE = 640  #: photos are searched for cells at this long side
#: a picture of this long side or more whose search finds no lattice is searched again at this
#: side: a board a sixth of a 12 MP photo's width has cells 9 px apart at PHOTO_SIDE, too few
#: px for the distance transform's depths (randomized scenes seed 17: a board 800 px wide in a
#: 5000 px photo read at 1280, refused at 640 and 960)
CLOSE_SIDE = 1280
#: share of the 32 cells a lattice may have found when its board is checked whole
PHOTO_MIN_SPARSE = 18 / 32
#: distance-transform depths tried by the photo search, likeliest first (cells
#: are 26-75 px at PHOTO_SIDE in photos whose board fills a third or more)
PHOTO_DEPTHS = (6.0, 9.0, 4.0, 13.0, 2.5, 19.0)
#: cells' blobs in the sparse search may be this long for their width (a steep view
#: flattens the far cells, and the distance transform's depth flattens them more)
STEEP_ASPECT = 3.0
#: a sparse lattice whose cells are smaller than this (px at PHOTO_SIDE) is checked whole on
#: the picture itself: so small, the working copy's blur makes the board's grey margin and
#: the frame beyond it look like more cells
CHECK_FULL_PITCH = 20.0
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
    small, _x_scale = working_copy(image, MAX_SIDE)  # fast: the grey lattice is wide, seen at 1000 px
    scale = min(1.0, MAX_SIDE / max(h, w))  # the long side's scale, exact for it
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
    # only a board whose own cells fit the lattice stands for a page: a grey thing beside a
    # tilted board (randomized scenes seed 17: a blue disc under glare) is no second board
    _check_alone(stats, (x0, y0, x1, y1), stats[best, 4])
    left += x0
    top += y0
    right = left + WIDTH * px
    bottom = top + HEIGHT * py
    corners = np.array([[left, top], [right, top], [right, bottom], [left, bottom]], np.float32)
    return corners / scale


#: a second 8 x 4 lattice of dark cells is looked for only when the board found (with a
#: cell around it) covers at most this share of the picture
BOARD_ALONE = 0.4


def _check_alone(stats: np.ndarray, box: tuple[int, int, int, int], area: int) -> None:
    """SeveralBoards when a grey part outside ``box`` (x0, y0, x1, y1) is another board's lattice."""
    x0, y0, x1, y1 = box
    others = 0
    for sx, sy, sw, sh, sa in stats[1:].tolist():
        apart = sx >= x1 or sy >= y1 or sx + sw <= x0 or sy + sh <= y0
        if apart and sa >= OTHER_BOARD * area and 1.4 <= sw / max(sh, 1) <= 2.8:
            others += 1
    if others:
        raise SeveralBoards(f"at least {others + 1} IQ Circuit boards in one picture (a page of challenges?): "
                            "visolve reads one challenge a picture, so give each its own")


def warp_board(image: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """The board seen straight on, ``PITCH`` px per cell (8*PITCH x 4*PITCH), from its four corners."""
    return BoardView.from_corners(image, corners, HEIGHT, WIDTH, pitch=PITCH).image


def corners_homography(corners: np.ndarray) -> np.ndarray:
    """Homography from board coordinates (one unit per cell) to the picture, from four corners."""
    return _board_homography(corners, HEIGHT, WIDTH)


def _dark_masks(small: np.ndarray) -> list[np.ndarray]:
    """Masks of "dark" pixels: fixed levels, and darker than the surroundings (glare, haze)."""
    return dark_masks(channel_min(small), DARK_LEVELS, LOCAL_WINDOWS, LOCAL_SPREAD, LOCAL_MIN_STD)


def find_board_in_photo(image: np.ndarray) -> np.ndarray:
    """Homography board coordinates -> picture for a board seen at an angle.

    Raises NotThisPuzzle when no 8 x 4 lattice of dark cells is found.
    """
    found = _search_at(image, PHOTO_SIDE)
    if found is None and max(image.shape[:2]) >= CLOSE_SIDE:
        found = _search_at(image, CLOSE_SIDE)  # a small board's cells, too small at PHOTO_SIDE
    if found is None:
        raise NotThisPuzzle("no 8 x 4 lattice of dark cells in the picture")
    small, masks, lattice, hom = found
    _check_no_second_lattice(masks, hom, lattice.depth)
    h, w = image.shape[:2]
    sx, sy = w / small.shape[1], h / small.shape[0]
    return np.diag([sx, sy, 1.0]) @ hom


def _search_at(image: np.ndarray, side: int):
    """The photo search of :func:`find_board_in_photo` on a working copy of long side ``side``:
    ``(copy, masks, lattice, homography)``, or None when no lattice holds."""
    small, _x_scale = working_copy(image, side, fast=False)
    masks = _dark_masks(small)
    lattice, hom = _lattice_in(image, small, masks)
    if hom is None:
        # an expert board's track may join its cells into a maze: look again with it painted out
        # (a whole lattice only: 28 and 31 cells on the two page boards it was made for)
        masks = faint_masks(track_painted_out(small), LOCAL_WINDOWS)
        lattice = find_cell_lattice(masks, WIDTH, HEIGHT, min_found=0.75, depths=PHOTO_DEPTHS)
        hom = None if lattice is None else lattice.homography
    return None if hom is None else (small, masks, lattice, hom)


def _lattice_in(image: np.ndarray, small: np.ndarray, masks: list[np.ndarray]) -> tuple[Lattice | None, np.ndarray | None]:
    """The lattice of cells in ``masks`` (of ``small``, the working copy of ``image``) and its
    homography, or None for it when none is found or a sparse one does not hold."""
    lattice = find_cell_lattice(masks, WIDTH, HEIGHT, min_found=0.75, depths=PHOTO_DEPTHS)
    if lattice is not None:
        return lattice, lattice.homography
    # glare, a yellow track joining cells or a steep tilt can hide a few
    # more cells: take a sparser lattice only when the whole board,
    # predicted from it, looks right and no shifted window fits as well;
    # a steep board's far cells may be missing from the lattice, which
    # then sits a column or two off: it is moved when one place holds
    lattice = find_cell_lattice(masks, WIDTH, HEIGHT, min_found=PHOTO_MIN_SPARSE, depths=PHOTO_DEPTHS,
                                gather=True, max_aspect=STEEP_ASPECT)
    return lattice, None if lattice is None else _sparse_in_line(image, small, lattice)


def _sparse_in_line(image: np.ndarray, small: np.ndarray, lattice: Lattice) -> np.ndarray | None:
    """:func:`board_in_line` for a sparse lattice found on the working copy ``small`` of ``image``:
    judged on the picture itself when the cells are under CHECK_FULL_PITCH px on the copy."""
    if lattice.pitch() >= CHECK_FULL_PITCH:
        return board_in_line(small, lattice.homography)
    to_full = np.diag([image.shape[1] / small.shape[1], image.shape[0] / small.shape[0], 1.0])
    held = board_in_line(image, to_full @ lattice.homography)
    return None if held is None else np.linalg.inv(to_full) @ held


def _check_no_second_lattice(masks: list[np.ndarray], hom: np.ndarray, depth: float) -> None:
    """SeveralBoards when a whole 8 x 4 lattice of dark cells lies outside the board found
    (``hom``; a second board of a page is looked for at the ``depth`` that found it)."""
    corners = [[-1, -1], [WIDTH + 1, -1], [WIDTH + 1, HEIGHT + 1], [-1, HEIGHT + 1]]
    board = np.round(map_points(hom, corners))
    if cv2.contourArea(board.astype(np.float32)) > BOARD_ALONE * masks[0].size:
        return  # no room for a second board as large
    rest = [m.copy() for m in masks]
    for m in rest:
        cv2.fillConvexPoly(m, board.astype(np.int32), 0)
    if find_cell_lattice(rest, WIDTH, HEIGHT, min_found=0.75, depths=(depth,)) is not None:
        raise SeveralBoards("at least 2 IQ Circuit boards in one picture (a page of challenges?): "
                            "visolve reads one challenge a picture, so give each its own")


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


def _upright(image: np.ndarray) -> np.ndarray:
    return corners_homography(find_board(image))


#: board finders tried in turn: the exact upright fit, the photo search, then the board's outline
FINDERS = (("upright", _upright), ("photo", find_board_in_photo), ("outline", find_board_by_outline))
