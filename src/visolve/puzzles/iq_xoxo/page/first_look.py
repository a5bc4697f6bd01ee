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
from visolve.vision.light import channel_min
from visolve.vision.working import reduce_by, working_copy

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
#: squares the working copy does not show are looked for on a copy CLOSER times larger
CLOSER = 2.0
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
#: a page whose boards neither reader finds is looked at again with square-like blobs up to
#: STEEP_ASPECT times as long as wide: a board seen about 45 degrees off foreshortens its squares
#: to 1.41, and a pixel of blur on squares a dozen px wide makes that 1.5 (seed 89 scene 76: a
#: board 460 px wide whose squares show 13 x 19 px on the working copy).  Only then: allowed on
#: every page, the longer blobs move the pitch measured on pages that read (docs/iq-xoxo.md)
STEEP_ASPECT = 1.6
#: the first look's square-like blobs fill at least this share of their box (holes filled; a
#: rounded square turned 20-45 degrees fills 0.5-0.6 of it)
FIRST_FILL = 0.45
#: first look: holes (a square's dot) of up to FIRST_HOLE work px are part of the blob
FIRST_HOLE = 400
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
    """The picture reduced to :data:`WORK_SIDE` (never enlarged) and the factor used
    (:func:`visolve.vision.working.working_copy`; a mild reduction, at most 2 times, is
    bilinear: enough for finding boards, and fast).

    A large picture is sampled to twice the size, then averaged by 2: averaging whole
    blocks first and sampling after (3-7 ms faster) blurred the squares of a page's
    smallest boards past the first look (seed 0 page 73: no board seen).
    """
    return working_copy(image, WORK_SIDE, mild="linear")


def planes(work: np.ndarray, darkest: bool = False) -> tuple[np.ndarray, ...]:
    """The brightest channel, the mask of pixels clearly coloured once white-balanced, and the
    channels' mean (all denoised; the mean keeps the grey squares where a colour cast clips
    the brightest channel on the page and the squares alike); ``darkest``: and the darkest
    channel (a light clipping two channels on the page and the squares alike leaves the
    squares in the third alone, where the mean keeps a third of their contrast).

    The white is each channel's local light (a max filter over
    :data:`BALANCE_REACH` of the picture, on a quarter-size copy): a colour
    cast of the light or the page, or a coloured desk, is not colour.
    """
    light = local_light(work)
    smooth = cv2.GaussianBlur(work, (0, 0), DENOISE)
    # the channels' ratios to their light, reduced in place: a fifth less time than new
    # arrays for each step at 4 MP, the same planes to the bit (tests/puzzles/iq_xoxo/test_planes.py)
    channels = cv2.split(smooth)
    ratio = [cv2.divide(s, wh, dtype=cv2.CV_32F) for s, wh in zip(channels, cv2.split(light))]
    top = cv2.max(ratio[0], ratio[1])
    cv2.max(top, ratio[2], dst=top)
    low = cv2.min(ratio[0], ratio[1], dst=ratio[0])
    cv2.min(low, ratio[2], dst=low)
    coloured = cv2.compare(low, cv2.multiply(top, 1.0 - INK_SAT, dst=top), cv2.CMP_LT) > 0  # top - low > INK_SAT top
    brightest = cv2.max(channels[0], channels[1])
    cv2.max(brightest, channels[2], dst=brightest)
    made = brightest, coloured, cv2.cvtColor(smooth, cv2.COLOR_BGR2GRAY)
    if not darkest:
        return made
    return made + (channel_min(smooth),)


def edged_planes(work: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The brightest channel, the coloured mask widened by :data:`EDGE` px (:func:`edged`) and
    the darkest channel of ``work`` (:func:`planes`): the planes of a page whose squares only
    :func:`~visolve.puzzles.iq_xoxo.page.faint_look.edge_look` saw."""
    brightest, coloured, _mean, darkest = planes(work, darkest=True)
    return brightest, edged(coloured), darkest


#: a piece's blurred edge (pale, dark in the darkest channel) is kept out of the ink's dark
#: reference by the coloured mask widened by a disc EDGE px wide.  Measured on seed 17 page 16
#: (squares 7 % below a white page in blue alone, 34 px apart on the closer copy): 32 squares on
#: a grid at 5 px, none unwidened.  Widened in every look it lost boards (5 px: seed 0 page 17
#: read 1 of 6 boards against 4; 3 px: seed 0 page 13 3 of 6 against 6), so only a page no other
#: look sees squares on is looked at so
EDGE = 5
_EDGE = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (EDGE, EDGE))


def edged(coloured: np.ndarray) -> np.ndarray:
    """The coloured mask (bool) widened by :data:`EDGE` px."""
    return cv2.dilate(coloured.view(np.uint8), _EDGE).view(bool)


def local_light(work: np.ndarray) -> np.ndarray:
    """Each channel's local light in ``work``: a max filter over :data:`BALANCE_REACH` of the
    picture on a quarter-size copy, blurred as far, at least 8, at full size again."""
    h, w = work.shape[:2]
    small = cv2.resize(work, (max(1, w // 4), max(1, h // 4)), interpolation=cv2.INTER_AREA)
    k = max(3, int(round(BALANCE_REACH * max(small.shape[:2]))) | 1)
    light = cv2.dilate(small, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))
    return cv2.resize(cv2.max(cv2.blur(light, (k, k)), 8), (w, h), interpolation=cv2.INTER_LINEAR)


def ink_mask(grey: np.ndarray, coloured: np.ndarray, reach: float) -> np.ndarray:
    """Uncoloured pixels on the dark side of the local light range (0/255): grey squares.

    Within ``reach`` px the brightest (a gap between squares, the page) and
    the darkest uncoloured pixel (a square) are taken; a pixel darker than their middle is
    ink where the two differ by at least :data:`MIN_RANGE` of the light
    (a flat page with its noise has no ink).
    """
    paint = coloured.view(np.uint8) * np.uint8(255)
    return _ink(grey, paint, _not_ink(grey, paint), reach)


def _not_ink(grey: np.ndarray, paint: np.ndarray, step: int = 0) -> np.ndarray:
    """The pixels no reach makes ink (0/255): coloured (``paint``) or on a thin light line
    (lighter by more than ``step``, :data:`RIDGE_STEP` when 0)."""
    ridge = cv2.morphologyEx(grey, cv2.MORPH_TOPHAT, _RIDGE)
    cv2.compare(ridge, step or RIDGE_STEP, cv2.CMP_GT, dst=ridge)
    return cv2.bitwise_or(paint, ridge, dst=ridge)


def _ink(grey: np.ndarray, paint: np.ndarray, not_ink: np.ndarray, reach: float) -> np.ndarray:
    """:func:`ink_mask` of ``grey`` with its colour (``paint``, 0/255) and :func:`_not_ink` made
    (once for several reaches); each step writes over one before it (the same mask, less time)."""
    box = kernel(reach)
    top = cv2.dilate(grey, box)
    low = cv2.erode(cv2.max(grey, paint), box)  # a dark piece next to a grey square is no reference for it
    # all in uint8 (an uncoloured pixel lies between low and top): darker than the middle when
    # grey - low < top - grey, and a range when (top - low) DEN > top NUM, i.e. > _LEAST_RANGE[top]
    below, above = cv2.subtract(grey, low), cv2.subtract(top, grey)
    dark = cv2.compare(below, above, cv2.CMP_LT)
    span = cv2.subtract(top, low, dst=below)
    cv2.compare(span, cv2.LUT(top, _LEAST_RANGE, dst=above), cv2.CMP_GT, dst=span)
    cv2.bitwise_and(dark, span, dst=dark)
    return cv2.bitwise_and(dark, cv2.bitwise_not(not_ink, dst=span), dst=dark)


#: thin light lines (the gaps between squares, 1-3 px wide where squares are 10-25 px apart,
#: which the light range's middle takes for ink) are no ink: lighter by more than RIDGE_STEP
#: than what an opening by a disc RIDGE_SIZE px wide leaves of them
RIDGE_SIZE, RIDGE_STEP = 5, 4
_RIDGE = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (RIDGE_SIZE, RIDGE_SIZE))


#: the largest light range that is no ink, for each top light (see :func:`ink_mask`)
_LEAST_RANGE = (np.arange(256) * RANGE_NUM // RANGE_DEN).astype(np.uint8)


def rough_pitch(grey: np.ndarray, coloured: np.ndarray) -> float | None:
    """The pitch (px of ``grey``) from a first look (see :func:`rough_look`)."""
    found = rough_look(grey, coloured)
    return None if found is None else found[0]


def rough_look(grey: np.ndarray, coloured: np.ndarray, step: int = 0,
               aspect: float = SQUARE_ASPECT) -> tuple[float, np.ndarray] | None:
    """The pitch (px of ``grey``) and the centres of the squares of that size, from a first look.

    The light is taken from each of :data:`ROUGH_REACHES` around in turn (the
    pitch is not known yet); the reach that shows the most squares of one size
    wins, the first that shows :data:`ROUGH_ENOUGH` at once (the reaches agree
    on the pitch; the first wins 93 times in 100).  ``step``: the least light line
    between squares (:data:`RIDGE_STEP` when 0; :mod:`.faint_look` asks for fainter ones);
    ``aspect``: the longest square-like blob against its width (:data:`STEEP_ASPECT` for a steep view).
    """
    best, most = None, 0
    paint = coloured.view(np.uint8) * np.uint8(255)
    not_ink = _not_ink(grey, paint, step)
    for reach in ROUGH_REACHES:
        found = square_pitch(_ink(grey, paint, not_ink, reach * max(grey.shape)), aspect)
        if found is not None and found[1] > most:
            best, most = (found[0], found[2]), found[1]
        if most >= ROUGH_ENOUGH:
            break
    return best


def first_look(work: np.ndarray, work_planes: Callable[[], tuple],
               aspect: float = SQUARE_ASPECT) -> tuple[float, np.ndarray] | None:
    """:func:`rough_look` on a half-size copy of ``work`` when its squares are at least
    :data:`HALF_LEAST` px apart there (a quarter of the pixels), else on the working copy's
    planes (``work_planes()``); the pitch and the squares seen are in px of ``work``
    (``aspect``: as :func:`rough_look` takes it)."""
    half = reduce_by(work, 2)
    look = rough_look(*planes(half)[:2], aspect=aspect)
    if look is not None and look[0] >= HALF_LEAST:
        return 2 * look[0], 2 * look[1] + 0.5  # half px -> px: centres (x + 0.5) 2 - 0.5
    return rough_look(*work_planes()[:2], aspect=aspect)


def closer_look(image: np.ndarray, f: float, closer: tuple | None = None,
                aspect: float = SQUARE_ASPECT) -> tuple[float, np.ndarray] | None:
    """:func:`rough_look` on a copy of ``image`` :data:`CLOSER` times the working copy's scale
    ``f`` (never beyond the picture), for squares too small for the working copy (their gaps
    blur away: a page of six in a wide photo); the pitch and squares in px of the working copy.
    ``closer``: that copy's :func:`closer_planes`, made before (made here when not given);
    ``aspect``: as :func:`rough_look` takes it.
    None when the picture is no larger than the working copy, or no squares are seen."""
    closer = closer_planes(image, f) if closer is None else closer
    look = None if not closer else rough_look(*closer[0][:2], aspect=aspect)
    if look is None:
        return None
    r = closer[1]
    return look[0] * r, (look[1] + 0.5) * r - 0.5


def closer_planes(image: np.ndarray, f: float) -> tuple:
    """The :func:`planes` of :func:`closer_copy` of ``image``, its darkest channel with them
    (for :mod:`.faint_look`), and the working copy's px per px of it; ``()`` when there is no
    closer copy."""
    closer = closer_copy(image, f)
    return () if closer is None else (planes(closer[0], darkest=True), closer[1])


def closer_copy(image: np.ndarray, f: float) -> tuple[np.ndarray, float] | None:
    """A copy of ``image`` :data:`CLOSER` times the working copy's scale ``f`` (never beyond the
    picture) and the working copy's px per px of it; None when it would be no larger than the
    working copy."""
    k = min(1.0, CLOSER * f)
    if k <= f * (1 + 1e-6):
        return None
    h, w = image.shape[:2]
    big = cv2.resize(image, (max(1, round(w * k)), max(1, round(h * k))), interpolation=cv2.INTER_AREA)
    return big, f * w / big.shape[1]


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
    return int(grid_mask(centres, pitch).sum())


def grid_mask(centres: np.ndarray, pitch: float) -> np.ndarray:
    """Which of ``centres`` (``(n, 2)`` px) have at least two others about ``pitch`` away
    (:data:`NEIGHBOUR`): :func:`on_grid`'s squares."""
    if len(centres) < 3:
        return np.zeros(len(centres), bool)
    d = np.linalg.norm(centres[:, None, :] - centres[None, :, :], axis=2)
    near = (d > NEIGHBOUR[0] * pitch) & (d < NEIGHBOUR[1] * pitch)
    return near.sum(axis=1) >= 2


def square_pitch(ink: np.ndarray, aspect: float = SQUARE_ASPECT) -> tuple[float, int, np.ndarray] | None:
    """Cell pitch (px) from the square-like ink blobs (their side / SQUARE_SHARE), how many of
    them lie on a grid of that pitch and their centres (None: fewer than MIN_SQUARES).

    The sizes tried are the blobs' median and the :data:`SIZE_TRIES` most common sizes (a
    desk's grain or a page's print can outnumber a small board's squares); the size whose
    blobs lie most on a grid wins (the median on a tie)."""
    n, _labels, stats, centres = labelled(filled(ink, FIRST_HOLE))
    w, h, area = stats[1:, 2], stats[1:, 3], stats[1:, 4]
    ok = (area >= SQUARE_AREA[0]) & (area <= SQUARE_AREA[1]) & (area >= FIRST_FILL * w * h)
    ok &= (np.maximum(w, h) <= aspect * np.minimum(w, h))
    if ok.sum() < MIN_SQUARES:
        return None
    sides = np.sqrt(area[ok].astype(np.float64))
    blobs = centres[1:][ok]
    best = None
    for size in _sizes(sides):
        close = np.abs(sides - size) < SIZE_SPREAD * size
        if close.sum() < MIN_SQUARES:
            continue
        squares = blobs[close]
        for pitch in _pitches(float(np.median(sides[close])), squares[:MAX_SQUARES]):
            gridded = on_grid(squares[:MAX_SQUARES], pitch)
            if gridded >= MIN_SQUARES and (best is None or gridded > best[1]):
                best = (pitch, gridded, squares)
    return best


def _pitches(side: float, squares: np.ndarray) -> list[float]:
    """The pitches a size of squares may have: its side / :data:`SQUARE_SHARE`, and the
    median distance to the nearest other square when that is up to :data:`NN_PITCH` times
    more (a blurred or faint square's ink is smaller than the square)."""
    pitch = side / SQUARE_SHARE
    d = np.linalg.norm(squares[:, None, :] - squares[None, :, :], axis=2)
    np.fill_diagonal(d, np.inf)
    nearest = float(np.median(d.min(axis=1)))
    return [pitch, nearest] if NEIGHBOUR[1] * pitch < nearest < NN_PITCH * pitch else [pitch]


#: square-like blobs within this share of a size are of that size; besides the median,
#: the SIZE_TRIES most common sizes (bins SIZE_BIN wide in log side) are tried
SIZE_SPREAD, SIZE_TRIES, SIZE_BIN = 0.25, 3, 0.2
#: a size's squares may lie up to NN_PITCH times their side / SQUARE_SHARE apart
NN_PITCH = 1.8


def _sizes(sides: np.ndarray) -> list[float]:
    """The sizes :func:`square_pitch` tries: the median side first, then the middles of the
    most common size bins (of at least :data:`MIN_SQUARES` blobs) further than
    :data:`SIZE_SPREAD` from every size before."""
    out = [float(np.median(sides))]
    logs = np.log(sides)
    bins = np.floor(logs / SIZE_BIN).astype(np.int64)
    keys, counts = np.unique(bins, return_counts=True)
    for k in keys[np.argsort(-counts, kind="stable")][:SIZE_TRIES]:
        inside = logs[bins == k]
        if len(inside) < MIN_SQUARES:
            break
        size = float(np.exp(np.median(inside)))
        if all(abs(size - o) >= SIZE_SPREAD * o for o in out):
            out.append(size)
    return out


def filled(mask: np.ndarray, most: float) -> np.ndarray:
    """``mask`` (0/255) with the holes of its background (:data:`CONNECTIVITY`) of at most ``most`` px filled.

    Parameters
    ----------
    mask : numpy.ndarray
        ``uint8`` mask (0 or 255).
    most : float
        Largest hole filled (px).

    Returns
    -------
    numpy.ndarray
        The mask with its small holes (a square's dot) filled.
    """
    return cv2.bitwise_or(mask, small_parts(cv2.bitwise_not(mask), most))


def small_parts(mask: np.ndarray, most: float) -> np.ndarray:
    """The connected parts (:data:`CONNECTIVITY`) of ``mask`` (0/255) of at most ``most`` px (0/255).

    The parts are 16-bit labels (32-bit when the mask has more parts than those number) without
    OpenCV's statistics, their areas a histogram of the labels (``cv2.calcHist``), looked up per
    pixel: the same parts as the statistics' areas give, in 0.3-0.6 of their time on seed 0's
    scenes of 10 MP and more (the statistics' pass cost more than the labelling); 32-bit labels
    are counted with ``np.bincount``."""
    try:
        n, labels = cv2.connectedComponentsWithAlgorithm(mask, CONNECTIVITY, cv2.CV_16U, LABELLING)
        area = cv2.calcHist([labels], [0], None, [n], [0, n]).ravel()
    except cv2.error:  # more parts than 16-bit labels number
        n, labels = cv2.connectedComponentsWithAlgorithm(mask, CONNECTIVITY, cv2.CV_32S, LABELLING)
        area = np.bincount(labels.ravel(), minlength=n)
    small = area <= most
    small[0] = False  # the background
    return (small.view(np.uint8) * np.uint8(255))[labels]


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
