"""The IQ XOXO page finder's first look: a working copy, its ink, and the squares' pitch.

On the working copy (long side :data:`WORK_SIDE`, :func:`work_copy`) the
:func:`planes` are the brightest channel, the mask of clearly coloured
pixels (white-balanced by the local light) and the grey; :func:`ink_mask`
marks the uncoloured pixels darker than the light around them (grey
squares); :func:`square_pitch` takes the pitch from the square-like ink
blobs on a grid, and :func:`first_look` finds it before anything else is
known (:func:`rough_look`, light from several reaches).
:mod:`visolve.puzzles.iq_xoxo.page.finder` finds the boards from there.
"""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np

from visolve.puzzles.iq_xoxo.page.outline import kernel
from visolve.vision.glance import thumbnail

#: long side (px) of the working copy
WORK_SIDE = 1024
#: coloured: more saturated than INK_SAT (white-balanced by the light from
#: BALANCE_REACH of the picture's size around)
INK_SAT = 0.22
BALANCE_REACH = 1 / 12
#: the first look is taken on a half-size copy when its squares are HALF_LEAST px apart
#: there or more (a quarter of the pixels: 4 instead of 12 ms, and the working copy's
#: planes only made when the boards are looked for on it)
HALF_LEAST = 9.0
#: blobs are 4-connected (8-connected, 4-14 ms less in board_parts, lost a board
#: covered by pieces whose few grey squares then joined at their corners, on a page
#: the lost-board test passed: seed 1 page 111 read in part)
CONNECTIVITY, LABELLING = 4, cv2.CCL_DEFAULT
#: sensor noise is smoothed away first (Gaussian sigma, work px)
DENOISE = 0.8
#: first look: the light from these shares of the picture's long side around
ROUGH_REACHES = (0.025, 0.05, 0.1)
#: ... tried no further once this many squares of one size on a grid are seen
ROUGH_ENOUGH = 20
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
#: MIN_RANGE as a fraction of small integers (the mask is made in integers)
RANGE_NUM, RANGE_DEN = 1, 20
#: squares this many pitches apart are neighbours on a grid
NEIGHBOUR = (0.85, 1.2)


def work_copy(image: np.ndarray) -> tuple[np.ndarray, float]:
    """The picture reduced to :data:`WORK_SIDE` (never enlarged) and the factor used.

    A large picture is reduced by :func:`visolve.vision.glance.thumbnail`
    (sampled to twice the size, then averaged by 2): averaging whole blocks first and
    sampling after (3-7 ms faster) blurred the squares of a page's smallest boards past
    the first look (seed 0 page 73: no board seen).
    """
    h, w = image.shape[:2]
    f = WORK_SIDE / max(h, w)
    if f >= 1.0:
        return image, 1.0
    if f < 0.5:
        work = thumbnail(image, WORK_SIDE)
    else:  # a mild reduction: bilinear is enough for finding boards, and fast
        work = cv2.resize(image, (max(1, round(w * f)), max(1, round(h * f))), interpolation=cv2.INTER_LINEAR)
    return work, work.shape[1] / w


def planes(work: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The brightest channel, the mask of pixels clearly coloured once white-balanced, and the
    channels' mean (all denoised; the mean keeps the grey squares where a colour cast clips
    the brightest channel on the page and the squares alike).

    The white is each channel's local light (a max filter over
    :data:`BALANCE_REACH` of the picture, on a quarter-size copy): a colour
    cast of the light or the page, or a coloured desk, is not colour.
    """
    h, w = work.shape[:2]
    small = cv2.resize(work, (max(1, w // 4), max(1, h // 4)), interpolation=cv2.INTER_AREA)
    k = max(3, int(round(BALANCE_REACH * max(small.shape[:2]))) | 1)
    light = cv2.dilate(small, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))
    light = cv2.resize(cv2.max(cv2.blur(light, (k, k)), 8), (w, h), interpolation=cv2.INTER_LINEAR)
    smooth = cv2.GaussianBlur(work, (0, 0), DENOISE)
    channels = cv2.split(smooth)
    ratio = [cv2.divide(s, wh, dtype=cv2.CV_32F) for s, wh in zip(channels, cv2.split(light))]
    top = cv2.max(cv2.max(ratio[0], ratio[1]), ratio[2])
    low = cv2.min(cv2.min(ratio[0], ratio[1]), ratio[2])
    coloured = cv2.compare(low, cv2.multiply(top, 1.0 - INK_SAT), cv2.CMP_LT) > 0  # top - low > INK_SAT top
    return (cv2.max(cv2.max(channels[0], channels[1]), channels[2]), coloured,
            cv2.cvtColor(smooth, cv2.COLOR_BGR2GRAY))


def ink_mask(grey: np.ndarray, coloured: np.ndarray, reach: float) -> np.ndarray:
    """Uncoloured pixels on the dark side of the local light range (0/255): grey squares.

    Within ``reach`` px the brightest (a gap between squares, the page) and
    the darkest uncoloured pixel (a square) are taken; a pixel darker than their middle is
    ink where the two differ by at least :data:`MIN_RANGE` of the light
    (a flat page with its noise has no ink).
    """
    box = kernel(reach)
    top = cv2.dilate(grey, box)
    paint = coloured.view(np.uint8) * np.uint8(255)
    low = cv2.erode(cv2.max(grey, paint), box)  # a dark piece next to a grey square is no reference for it
    # all in uint8 (an uncoloured pixel lies between low and top): darker than the middle when
    # grey - low < top - grey, and a range when (top - low) DEN > top NUM, i.e. > _LEAST_RANGE[top]
    dark = cv2.compare(cv2.subtract(grey, low), cv2.subtract(top, grey), cv2.CMP_LT)
    dark = cv2.bitwise_and(dark, cv2.compare(cv2.subtract(top, low), cv2.LUT(top, _LEAST_RANGE), cv2.CMP_GT))
    return cv2.bitwise_and(dark, cv2.bitwise_not(paint))


#: the largest light range that is no ink, for each top light (see :func:`ink_mask`)
_LEAST_RANGE = (np.arange(256) * RANGE_NUM // RANGE_DEN).astype(np.uint8)


def rough_pitch(grey: np.ndarray, coloured: np.ndarray) -> float | None:
    """The pitch (px of ``grey``) from a first look (see :func:`rough_look`)."""
    found = rough_look(grey, coloured)
    return None if found is None else found[0]


def rough_look(grey: np.ndarray, coloured: np.ndarray) -> tuple[float, np.ndarray] | None:
    """The pitch (px of ``grey``) and the centres of the squares of that size, from a first look.

    The light is taken from each of :data:`ROUGH_REACHES` around in turn (the
    pitch is not known yet); the reach that shows the most squares of one size
    wins, the first that shows :data:`ROUGH_ENOUGH` at once (the reaches agree
    on the pitch; the first wins 93 times in 100).
    """
    best, most = None, 0
    for reach in ROUGH_REACHES:
        found = square_pitch(ink_mask(grey, coloured, reach * max(grey.shape)))
        if found is not None and found[1] > most:
            best, most = (found[0], found[2]), found[1]
        if most >= ROUGH_ENOUGH:
            break
    return best


def first_look(work: np.ndarray, work_planes: Callable[[], tuple]) -> tuple[float, np.ndarray] | None:
    """:func:`rough_look` on a half-size copy of ``work`` when its squares are at least
    :data:`HALF_LEAST` px apart there (a quarter of the pixels), else on the working copy's
    planes (``work_planes()``); the pitch and the squares seen are in px of ``work``."""
    h, w = work.shape[:2]
    size = (max(1, w // 2), max(1, h // 2))
    half = cv2.resize(work[:2 * size[1], :2 * size[0]], size, interpolation=cv2.INTER_AREA)
    look = rough_look(*planes(half)[:2])
    if look is not None and look[0] >= HALF_LEAST:
        return 2 * look[0], 2 * look[1] + 0.5  # half px -> px: centres (x + 0.5) 2 - 0.5
    return rough_look(*work_planes()[:2])


def on_grid(centres: np.ndarray, pitch: float) -> int:
    """How many of ``centres`` have at least two others about a pitch away (:data:`NEIGHBOUR`).

    Parameters
    ----------
    centres : numpy.ndarray
        ``(n, 2)`` blob centres (px).
    pitch : float
        The squares' pitch (px).

    Returns
    -------
    int
        How many centres lie on a grid of that pitch.
    """
    if len(centres) < 3:
        return 0
    d = np.linalg.norm(centres[:, None, :] - centres[None, :, :], axis=2)
    near = (d > NEIGHBOUR[0] * pitch) & (d < NEIGHBOUR[1] * pitch)
    return int((near.sum(axis=1) >= 2).sum())


def square_pitch(ink: np.ndarray) -> tuple[float, int, np.ndarray] | None:
    """Cell pitch (px) from the square-like ink blobs (the median side / SQUARE_SHARE), how
    many of them lie on a grid of that pitch and their centres (None: fewer than MIN_SQUARES)."""
    n, _labels, stats, centres = labelled(ink)
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
    gridded = on_grid(squares[:MAX_SQUARES], pitch)
    return (pitch, gridded, squares) if gridded >= MIN_SQUARES else None


def labelled(mask: np.ndarray):
    """``cv2.connectedComponentsWithStats`` of ``mask`` at :data:`CONNECTIVITY`.

    Parameters
    ----------
    mask : numpy.ndarray
        ``uint8`` mask (0 or 255).

    Returns
    -------
    tuple
        ``(n, labels, stats, centroids)`` as OpenCV gives them (label 0 the background).
    """
    return cv2.connectedComponentsWithStatsWithAlgorithm(mask, CONNECTIVITY, cv2.CV_32S, LABELLING)
