"""Finding an IQ Circuit board by its outer edge: one board cut out of a photographed page.

A board about 200 px wide, blurred, whose track runs the cells together, gives no lattice of
cells to the photo search (:func:`visolve.puzzles.iq_circuit.finder.find_board_in_photo`), but
its dark quad still fills most of the picture: :func:`find_board_by_outline` takes that quad
and measures the grey edge around the cells inside it.
"""

from __future__ import annotations

import cv2
import numpy as np

from visolve.errors import NotThisPuzzle
from visolve.puzzles.iq_circuit.board_checks import OTHER_BOARD
from visolve.puzzles.iq_circuit.model import HEIGHT, WIDTH
from visolve.vision.geometry import clockwise_corners, polygon_corners, rect_to_quad
from visolve.vision.light import channel_max, channel_min, illumination
from visolve.vision.working import working_copy

OUTLINE_SIDE = 640  #: the picture is searched for its outline at this long side (as wide as the photo search)

#: the outline search: the board's outer edge is a convex quad OUTLINE_ASPECT[0]-[1] times as wide
#: as high, covering at least OUTLINE_SHARE of the picture (one board cut out of a page)
OUTLINE_ASPECT, OUTLINE_SHARE = (1.5, 2.4), 0.2
#: the quad is seen straight on OUTLINE_VIEW px wide; the grey edge around the cells is taken
#: between OUTLINE_MARGIN cells, where the columns and rows of cells (CELL_SHARE of their pitch)
#: correlate with the darkness across the board at least OUTLINE_FIT
OUTLINE_VIEW, OUTLINE_MARGIN, CELL_SHARE, OUTLINE_FIT = 480, (0.0, 0.6), 0.7, 0.25
#: a pixel whose channels spread over TRACK_SPREAD of the view's brightest is the yellow track
TRACK_SPREAD = 0.3
#: when the board's outline is not found on the dark of a global threshold (glare lit part of the
#: board as bright as the paper elsewhere), dark is below a share OUTLINE_LIGHT of the light around
#: (:func:`visolve.vision.light.illumination` over OUTLINE_LIGHT_SIZE of the copy's long side): on
#: a made page's board under glare (photo seed 23) its lit grey was 0.84 of the light around, the
#: paper 0.92 - 1.0; the board read right with 0.8 - 0.93 (0.88 chosen) at 0.3 of the side.
#: When that finds no board, 0.93 is tried: a glare band across a made page's board (photo seed 71,
#: master board 2) lit its middle so that at 0.88 the board fell apart in two dark parts (the
#: larger 1.13 times as wide as high; so at 0.8 and 0.85); at 0.93 it is whole and read right
OUTLINE_LIGHT, OUTLINE_LIGHT_SIZE = (0.88, 0.93), 0.3


def find_board_by_outline(image: np.ndarray) -> np.ndarray:
    """Homography board coordinates -> picture from the board's outer edge: the dark quad that
    fills most of a small picture (a board cut out of a photographed page, ~200 px wide, where
    blur and the track run the cells together and no lattice of them is found).

    The quad is the dark of one threshold (Otsu's), else, for a board in glare, the dark against
    the light around (:data:`OUTLINE_LIGHT`).  It is seen straight on and the grey edge around
    the cells measured where the columns and rows of dark cells fit best (:func:`_cells_margin`);
    the lattice is then nudged onto the grid crossings and checked as any other (:func:`read_view`).

    Raises NotThisPuzzle when no such quad is there.
    """
    small, _f = working_copy(image, OUTLINE_SIDE, fast=False)
    top = cv2.GaussianBlur(channel_max(small), (5, 5), 0)
    _level, dark = cv2.threshold(top, 0, 255, cv2.THRESH_BINARY_INV + cv2.THRESH_OTSU)
    try:
        hom = _outline_homography(small, dark)
    except NotThisPuzzle:  # glare: the dark against the light around
        hom = _outline_against_light(small, top)
    sx, sy = image.shape[1] / small.shape[1], image.shape[0] / small.shape[0]
    return np.diag([sx, sy, 1.0]) @ hom


def _outline_against_light(small: np.ndarray, top: np.ndarray) -> np.ndarray:
    """:func:`_outline_homography` of the dark against the light around (``top``, the brightest
    channel of ``small`` blurred), at each share of :data:`OUTLINE_LIGHT` in turn; the last
    refusal when none finds the board."""
    light = illumination(top, OUTLINE_LIGHT_SIZE * max(top.shape))
    for share in OUTLINE_LIGHT[:-1]:
        try:
            return _outline_homography(small, (top < share * light).astype(np.uint8) * 255)
        except NotThisPuzzle:
            pass
    return _outline_homography(small, (top < OUTLINE_LIGHT[-1] * light).astype(np.uint8) * 255)


def _outline_homography(small: np.ndarray, dark: np.ndarray) -> np.ndarray:
    """Homography board coordinates -> ``small`` (a working copy) from the outline of the dark
    part (``dark``, uint8 mask) that fills most of it (see :func:`find_board_by_outline`)."""
    contours, _h = cv2.findContours(dark, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        raise NotThisPuzzle("no board outline in the picture")
    h, w = dark.shape
    inside = sorted((c for c in contours if not _at_rim(cv2.boundingRect(c), w, h)), key=cv2.contourArea, reverse=True)
    if not inside or cv2.contourArea(inside[0]) < OUTLINE_SHARE * h * w:
        raise NotThisPuzzle("no board outline alone in the picture")
    outline = inside[0]
    if len(inside) > 1 and cv2.contourArea(inside[1]) >= OTHER_BOARD * cv2.contourArea(outline):
        raise NotThisPuzzle("two board-sized dark parts in the picture: no one board's outline")
    if cv2.contourArea(max(contours, key=cv2.contourArea)) > cv2.contourArea(outline):
        raise NotThisPuzzle("no board outline alone in the picture")
    quad = polygon_corners(outline)
    if quad is None:
        raise NotThisPuzzle("the board's outline is no quad (its hull does not simplify to 4 corners)")
    quad = clockwise_corners(quad)
    across = (np.linalg.norm(quad[1] - quad[0]) + np.linalg.norm(quad[2] - quad[3])) / 2
    down = (np.linalg.norm(quad[3] - quad[0]) + np.linalg.norm(quad[2] - quad[1])) / 2
    aspect = across / max(down, 1e-9)
    if not OUTLINE_ASPECT[0] <= aspect <= OUTLINE_ASPECT[1]:
        raise NotThisPuzzle(f"the outline is {aspect:.2f} times as wide as high, not an 8 x 4 board")
    # the quad seen straight on: the cells' lattice within the board's grey edge, its width
    # taken where the columns and rows of dark cells fit best
    out_w, out_h = OUTLINE_VIEW, int(round(OUTLINE_VIEW / aspect))
    to_pic = cv2.getPerspectiveTransform(np.float32([[0, 0], [out_w, 0], [out_w, out_h], [0, out_h]]),
                                         np.float32(quad))
    view = cv2.warpPerspective(small, to_pic, (out_w, out_h), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                               borderMode=cv2.BORDER_REPLICATE)
    m = _cells_margin(view)
    return rect_to_quad((-m, -m, WIDTH + m, HEIGHT + m), quad.astype(np.float32)).astype(np.float64)


def _cells_margin(view: np.ndarray) -> float:
    """The board's grey edge (in cells) in a straight view of the whole board (BGR), where
    columns and rows of dark cells fit best.  Raises NotThisPuzzle when no edge makes the cells
    stand out."""
    top = channel_max(view).astype(np.float32)
    # the yellow track (a strong colour) is left out: its lines would outweigh the cells
    dark = np.where(top - channel_min(view) > TRACK_SPREAD * top.max(), np.nan, -top)
    h, w = dark.shape
    with np.errstate(all="ignore"):  # a column all track gives no median
        cols = np.nanmedian(dark[int(0.1 * h):int(0.9 * h)], axis=0)
        rows = np.nanmedian(dark[:, int(0.1 * w):int(0.9 * w)], axis=1)
    cols = _detrended(np.nan_to_num(cols, nan=float(np.nanmean(cols))), WIDTH)
    rows = _detrended(np.nan_to_num(rows, nan=float(np.nanmean(rows))), HEIGHT)
    best, best_m = -1.0, 0.0
    for m in np.linspace(*OUTLINE_MARGIN, 25):
        fit = min(_band_fit(cols, WIDTH, m), _band_fit(rows, HEIGHT, m))
        if fit > best:
            best, best_m = fit, float(m)
    if best < OUTLINE_FIT:
        raise NotThisPuzzle(f"no lattice of dark cells within the board's outline (fit {best:.2f})")
    return best_m


def _detrended(profile: np.ndarray, count: int) -> np.ndarray:
    """A profile across the board less its mean over about a cell's pitch (a glare spot's slope)."""
    k = max(3, int(round(profile.size / (count + 0.6))) | 1)
    smooth = cv2.blur(profile.reshape(1, -1).astype(np.float32), (k, 1), borderType=cv2.BORDER_REFLECT).ravel()
    return profile - smooth


def _band_fit(profile: np.ndarray, count: int, margin: float) -> float:
    """Correlation of a darkness profile across the board with ``count`` dark cells in a row
    inside an edge of ``margin`` cells (the cells CELL_SHARE of their pitch, in its middle)."""
    u = (np.arange(profile.size) + 0.5) * (count + 2 * margin) / profile.size - margin
    frac = u - np.floor(u)
    cell = ((u >= 0) & (u < count) & (np.abs(frac - 0.5) <= CELL_SHARE / 2)).astype(np.float32)
    if profile.std() < 1e-6:
        return 0.0
    return float(np.corrcoef(profile, cell)[0, 1])


def _at_rim(box: tuple[int, int, int, int], w: int, h: int) -> bool:
    """Whether a box (x, y, width, height) reaches the rim of a ``w`` x ``h`` picture."""
    x, y, bw, bh = box
    return x == 0 or y == 0 or x + bw >= w or y + bh >= h
