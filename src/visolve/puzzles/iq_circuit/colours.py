"""IQ Circuit colours: the straight view's light evened out, and its colour classes.

The booklet draws dark cells (about 32) on a grey grid (about 88) with
yellow track and dots and white outlines.  :func:`normalised_classes` maps
every channel affinely so that the cells' dark becomes 0 and the grid's
grey 1 (:func:`visolve.vision.light.normalise_light`), from references
measured on the board itself; :func:`glare_classes` does the same for light
that changes within a cell.  Fixed thresholds then tell yellow, white, grey
and dark apart (:class:`Classes`).  The fixed booklet colours
(:func:`yellow_mask` ...) serve clean screenshots and the board finder.
Every pixel is classed, not a cell's mean, and four classes far apart need
only thresholds: no :class:`visolve.vision.palette.Palette` here.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from visolve.puzzles.iq_circuit.model import DELTA, HEIGHT, WIDTH
from visolve.vision.light import channel_max, channel_min, fill_quadratic, normalise_light

PITCH = 40  #: canonical cell pitch in pixels
MARGIN = 0.5  #: cells of margin around the board in the straight view

#: of a lamp or window: near white, a little tinted)
GLARE_BRIGHT = 250.0
#: dark samples spread less than this (grey levels) show no wash to take a tint from
GLARE_MIN_WASH = 15.0
#: width (px of the straight view, 40 per cell) of the local fits that follow
#: the dark colour under glare: wide enough to span a gap with dark corners of
#: the cells on both sides, narrow enough for a spot half a cell across
GLARE_FIT_WIDTH = 14.0


def yellow_mask(img: np.ndarray) -> np.ndarray:
    b, g, r = (img[:, :, i].astype(np.int16) for i in range(3))
    return (r > 160) & (g > 140) & (b < 120) & (r - b > 90)


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


#: how far across a gap its grey is looked for (px at PITCH): the brightest of the 3 x 3 means up to
#: this far either side across the gap (a thin gap, or the board's outer half gap, may leave an arm's
#: point itself on a cell's dark edge)
GAP_ACROSS = 2


def _replace_odd(values: np.ndarray, odd: np.ndarray) -> None:
    """Crossings flagged ``odd`` take the median of their other neighbours (in place)."""
    for j, i in zip(*np.nonzero(odd)):
        nb = [values[b, a] for a in range(i - 1, i + 2) for b in range(j - 1, j + 2)
              if 0 <= a <= WIDTH and 0 <= b <= HEIGHT and not odd[b, a]]
        if nb:
            values[j, i] = np.median(nb, axis=0)


def patch_means(img: np.ndarray, at: np.ndarray, r: int = 1) -> np.ndarray:
    """The means of the ``(2 r + 1)`` px squares of ``img`` around the pixels ``at`` (..., 2: x, y),
    all at once: of a plane one number each, of a picture one per channel, each the number numpy's
    mean of that square alone gives (the same sums, in the same order; the same type).

    Parameters
    ----------
    img : numpy.ndarray
        A plane ``(h, w)`` or picture ``(h, w, c)``; every square lies inside it.
    at : numpy.ndarray
        Integer pixel positions (x, y), any shape ``(..., 2)``.
    r : int
        The squares' half side (px).

    Returns
    -------
    numpy.ndarray
        ``at.shape[:-1]`` (a plane) or ``at.shape[:-1] + (c,)`` (a picture).
    """
    d = np.arange(-r, r + 1)
    squares = img[at[..., 1, None, None] + d[:, None], at[..., 0, None, None] + d[None, :]]
    if img.ndim == 2:
        return squares.mean(axis=(-2, -1))
    return squares.reshape(*at.shape[:-1], -1, img.shape[2]).mean(axis=-2)


def _dark_points() -> np.ndarray:
    """Where :func:`normalised_classes` samples the dark: the four corners of every cell, 10 px
    from its centre along both axes, ``(2 HEIGHT * 2 WIDTH, 2)`` pixels (x, y) row by row."""
    off, q = MARGIN * PITCH, PITCH // 4
    return np.array([(off + q + 2 * q * a, off + q + 2 * q * b) for b in range(2 * HEIGHT) for a in range(2 * WIDTH)],
                    np.int64)


def _arm_points() -> tuple[np.ndarray, np.ndarray]:
    """Where the grey of each arm of each crossing (:func:`_crossing_arms`) is sampled:
    ``(HEIGHT + 1, WIDTH + 1, 4, 2 GAP_ACROSS + 1, 2)`` pixels (x, y), and which of the four
    arms a crossing has (its first ones; the board's edge has none beyond it)."""
    off = MARGIN * PITCH
    steps = range(-GAP_ACROSS, GAP_ACROSS + 1)
    at = np.zeros((HEIGHT + 1, WIDTH + 1, 4, len(steps), 2), np.int64)
    has = np.zeros((HEIGHT + 1, WIDTH + 1, 4), bool)
    for j, row in enumerate(_crossing_arms(np.zeros((1, 1, 3)))):
        for i, arms in enumerate(row):
            cy = off + PITCH * j
            for k, (ax, ay) in enumerate(arms):
                along_x = ay == cy
                at[j, i, k] = [(round(ax), round(ay + t)) if along_x else (round(ax + t), round(ay)) for t in steps]
                has[j, i, k] = True
    return at, has


_DARK_AT = _dark_points()
_ARMS_AT, _HAS_ARM = _arm_points()


def _crossings_grey(img: np.ndarray) -> np.ndarray:
    """Every crossing's grey, ``(HEIGHT + 1, WIDTH + 1, 3)``: the least bright of its arms' greys (the
    first of equals), an arm's grey the brightest of its 3 x 3 means across the gap (:data:`GAP_ACROSS`;
    the first of equals); all arms of all crossings at once."""
    means = patch_means(img, _ARMS_AT)  # (H + 1, W + 1, 4, steps, 3)
    brightest = np.argmax(means.sum(axis=-1), axis=-1)  # the first of equals, as max takes it
    arm = np.take_along_axis(means, brightest[..., None, None], axis=-2)[..., 0, :]
    total = np.where(_HAS_ARM, arm.sum(axis=-1), np.inf)
    least = np.argmin(total, axis=-1)
    return np.take_along_axis(arm, least[..., None, None], axis=-2)[..., 0, :]


#: the most blue (normalised: dark 0, grey 1) a yellow pixel shows
YELLOW_MAX_BLUE = 1.0
#: a grid crossing whose span of grey over dark is more than ODD_SPAN times the board's median
#: has every arm outlined (its grey is taken from the crossings around it): on made master pages
#: photographed small (photo seeds 70 and 80, about 25 px a cell) two pieces outlined side by side
#: along the board's edge gave 1.9-2.2 (2.2 missed them, and the outlines near them read grey).
#: Of the 4 highest ratios of each of the 272 boards of the eval's synth and scenes sets (seed 0),
#: 21 lay between 1.6 and 2.1 (the next 37 at 2.1-2.3); those sets read the same at 1.6 and 1.8 as at 2.2
ODD_SPAN = 1.8


def _classify(n: np.ndarray) -> Classes:
    """Colour classes of a normalised board (dark ~0, grey ~1 in every channel)."""
    nb, ng, nr = n[:, :, 0], n[:, :, 1], n[:, :, 2]
    # yellow has no blue (its blue sits at the cells' dark, under the grey's): a white
    # outline under a warm cast has red and green well over its blue, but blue too
    yellow = (np.minimum(nr, ng) - nb > 1.0) & (np.minimum(nr, ng) > 1.3) & (nb < YELLOW_MAX_BLUE)
    white = channel_min(n) > 1.7
    darkm = channel_max(n) < 0.5
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
    dark = patch_means(img, _DARK_AT).reshape(2 * HEIGHT, 2 * WIDTH, 3)
    # grey: every grid crossing, its darkest arm
    grey = _crossings_grey(img)
    # a crossing whose every arm is outlined shows white, not grey: its span
    # above the dark of the four cell corners around it is ODD_SPAN times the
    # usual one or more (glare and shade only ever shrink or scale the span a little)
    span = np.zeros((HEIGHT + 1, WIDTH + 1), np.float32)
    for j in range(HEIGHT + 1):
        for i in range(WIDTH + 1):
            near = dark[max(2 * j - 1, 0) : 2 * j + 1, max(2 * i - 1, 0) : 2 * i + 1].reshape(-1, 3).mean(axis=0)
            span[j, i] = float((grey[j, i] - near).sum())
    _replace_odd(grey, span > ODD_SPAN * max(float(np.median(span)), 1.0))
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
