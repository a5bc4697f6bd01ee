"""The IQ XOXO box's white rim around the tray: telling it is there, moving the tray's sides to the
pieces lying along them, and evening the tray's light and colour against it."""

from __future__ import annotations

import numpy as np

from visolve.puzzles.iq_xoxo.board import COLS, ROWS
from visolve.puzzles.iq_xoxo.box.shape import COLOURED, PLATE_INSET
from visolve.vision.light import channel_min, saturation
from visolve.vision.view import BoardView

#: squares of margin sampled around the tray; the rim is looked at between RING squares out
MARGIN, RING = 0.5, (0.15, 0.45)
#: the rim: at least RIM_SHARE of the ring's pixels with a saturation under RIM_SAT (white-balanced)
RIM_SHARE, RIM_SAT = 0.6, 0.15
#: the rim's colour may be cast by the light up to this saturation
RIM_CAST = 0.3
#: ... and up to this one around a tray read with no piece in it, which nothing but its rim tells
#: from a darker patch of a light desk: the empty trays read right in the box scenes of seeds 0,
#: 337-389 (10) measured 0.00 - 0.15, those with pieces up to 0.22; seed 389 spread 64, a wooden
#: desk's dark swirl beside a page of small boards read as an empty box, 0.28 (a misread)
EMPTY_CAST = 0.2
#: the light is evened over this many squares (the rim within reach of every square)
LIGHT_SIZE = 6.5
#: the rim's white: this percentile of the ring, per channel
WHITE_PERCENTILE = 90
#: a cast across the tray is fitted to the ring's pixels at least CAST_LIGHT of its median light
#: (darkest channel; not a piece, not the desk), at least CAST_MIN of them
CAST_LIGHT, CAST_MIN = 0.8, 50
#: sides moved to the pieces: looked for up to REACH squares inside and out; pieces found along
#: at least ALONG of the side, their edge within SPREAD squares (quartiles) -- else the side stays
REACH, ALONG, SPREAD = 0.6, 0.4, 0.08
#: pixels per square of the look at the sides
SIDE_PITCH = 20


def ring_pixels(view: BoardView) -> np.ndarray:
    """The view's pixels between :data:`RING` squares outside the tray, (n, 3)."""
    return view.image[ring_mask(view)[0]].reshape(-1, 3)


def has_rim(view: BoardView) -> bool:
    """The box's white plastic around the quadrilateral (not pieces, not a desk): the ring's
    median colour light and at most :data:`RIM_CAST` saturated (a colour cast), and most of the
    ring's pixels of that colour (under :data:`RIM_SAT` once divided by it)."""
    ring = ring_pixels(view).astype(np.float32)
    white = np.maximum(np.median(ring, axis=0), 1.0)
    if _cast(white) > RIM_CAST:
        return False
    return bool((saturation((ring / white)[None]) < RIM_SAT).mean() >= RIM_SHARE)


def rim_cast(view: BoardView) -> float:
    """How saturated the median colour of the ring around the tray (:data:`RING`) is: a cast of
    the light on the white rim, or the colour of what is there when it is no rim (a desk)."""
    return _cast(np.maximum(np.median(ring_pixels(view).astype(np.float32), axis=0), 1.0))


def _cast(white: np.ndarray) -> float:
    """The saturation of one BGR colour (float32, ``(3,)``)."""
    return float(saturation(white[None, None])[0, 0])


def _edge(coloured: np.ndarray, pitch: int, length: int) -> tuple[float, float] | None:
    """Where pieces start (squares in from the view's top row) at both ends of a side ``length``
    squares long, if pieces line the side along a straight edge; else None."""
    cols = coloured.shape[1]
    ends = int(0.1 * cols)
    xs, firsts = [], []
    for x in range(ends, cols - ends):
        hits = np.flatnonzero(coloured[:, x])
        if len(hits):
            xs.append(x)
            firsts.append(hits[0])
    if len(firsts) < ALONG * (cols - 2 * ends):
        return None
    xs, firsts = np.array(xs, np.float64), np.array(firsts, np.float64)
    slope, offset = np.polyfit(xs, firsts, 1)
    for _ in range(2):  # refit to the points near the line (gaps between pieces, a stray lump)
        near = np.abs(firsts - (slope * xs + offset)) <= max(1.0, np.percentile(np.abs(firsts - (slope * xs + offset)), 75))
        slope, offset = np.polyfit(xs[near], firsts[near], 1)
    rest = firsts - (slope * xs + offset)
    q1, q3 = np.percentile(rest, (25, 75))
    if (q3 - q1) / pitch > SPREAD:
        return None
    at = np.array([REACH, REACH + length]) * pitch
    return tuple(float(v) for v in (slope * at + offset) / pitch - REACH - PLATE_INSET)


def snapped(view: BoardView) -> np.ndarray:
    """The corners of a view (:data:`SIDE_PITCH`, margin :data:`REACH`) with each side along
    which pieces lie moved to the pieces' plates' edge."""
    coloured = saturation(view.image) >= COLOURED
    band = int(round(2 * REACH * SIDE_PITCH))
    top = _edge(coloured[:band], SIDE_PITCH, COLS) or (0.0, 0.0)
    bottom = _edge(coloured[::-1][:band], SIDE_PITCH, COLS) or (0.0, 0.0)
    left = _edge(coloured[:, :band].T, SIDE_PITCH, ROWS) or (0.0, 0.0)
    right = _edge(coloured[:, ::-1][:, :band].T, SIDE_PITCH, ROWS) or (0.0, 0.0)
    board = [(left[0], top[0]), (COLS - right[0], top[1]), (COLS - right[1], ROWS - bottom[1]),
             (left[1], ROWS - bottom[0])]
    return view.to_picture(board)

def ring_mask(view: BoardView) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Which view pixels lie between :data:`RING` squares outside the tray, and every pixel's
    board coordinates (u, v)."""
    h, w = view.image.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    u, v = xx / view.pitch + view.extent[0], yy / view.pitch + view.extent[1]
    out = np.maximum(np.maximum(-u, u - COLS), np.maximum(-v, v - ROWS))
    return (out >= RING[0]) & (out <= RING[1]), u, v


def _cast_evened(view: BoardView) -> BoardView:
    """A colour cast that changes across the tray taken out: each channel's share of the rim's
    light (its pixels no darker than :data:`CAST_LIGHT` of their median) fitted as a plane over
    the board, and every pixel divided by it."""
    img = view.image.astype(np.float32)
    ring, u, v = ring_mask(view)
    px = img[ring]
    light = channel_min(px)
    keep = light >= CAST_LIGHT * np.median(light)
    if keep.sum() < CAST_MIN:
        return view
    share = px[keep] / np.maximum(px[keep].mean(axis=1, keepdims=True), 1.0)
    basis = np.stack([np.ones_like(u), u, v], axis=-1)
    coef, *_ = np.linalg.lstsq(basis[ring][keep], share, rcond=None)
    return view.with_image(img / np.maximum(basis @ coef.astype(np.float32), 0.1))


def balanced(view: BoardView) -> BoardView:
    """Light evened out (:data:`LIGHT_SIZE`), a cast across the tray taken out
    (:func:`_cast_evened`) and the rim's white made 255 in every channel."""
    flat = _cast_evened(view.flat_fielded(size=LIGHT_SIZE, level=255.0))
    white = np.percentile(ring_pixels(flat), WHITE_PERCENTILE, axis=0)
    return flat.with_image(flat.image * (255.0 / np.maximum(white, 1.0)).astype(np.float32))
