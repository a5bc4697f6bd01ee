"""The faint lines between the squares of an IQ XOXO tray's floor.

The tray's floor is white like the rim, its squares parted by faint darker
lines (``../shared/iq-xoxo/RULES.md``); the rim around it is plain.  A row of
empty squares as light as the rim is therefore the floor when the lines
between its squares are seen, and the rim (a tray outlined a square off) when
they are not: :func:`lined`.  A line is looked for across the boundary
between two squares, on the straight view's darkest channel: each column of a
strip :data:`STRIP` of a square wide, :data:`ALONG` of a square long,
averaged along the boundary (the noise averages out), and the darkest of
those columns compared with the two squares' middles.
"""

from __future__ import annotations

import numpy as np

from visolve.vision.light import channel_min
from visolve.vision.view import BoardView

#: the strip looked at across a boundary (share of a square) and along it
STRIP, ALONG = 0.2, 0.5
#: the strip across a boundary where a line is looked for beyond a side (share of a square: an
#: outline a quarter of a square off along the side still has the line in it)
ACROSS = 0.6
#: a line: its darkest column at least LINE_STEP (share of the squares' level) darker than the
#: darker of the two squares' middles (the scenes draw it 7 % darker, blurred by the camera)
LINE_STEP = 0.02
#: a line of squares is lined when at least LINED_SHARE of its boundaries show a line
LINED_SHARE = 0.6


def line_step(view: BoardView, a: tuple[int, int], b: tuple[int, int]) -> float:
    """How much darker (share of the squares' level) the darkest column across the boundary
    between neighbouring squares ``a`` and ``b`` (row, column) is than the darker square."""
    low = channel_min(view.image).astype(np.float32)
    return _step(low, view, a, b)


def _step(low: np.ndarray, view: BoardView, a: tuple[int, int], b: tuple[int, int]) -> float:
    p = view.pitch
    (x0, y0), = view.board_to_view([(0.0, 0.0)])
    level = []
    for r, c in (a, b):
        cx, cy = int(x0 + (c + 0.5) * p), int(y0 + (r + 0.5) * p)
        level.append(float(np.median(low[cy - p // 4:cy + p // 4, cx - p // 4:cx + p // 4])))
    across, along = max(2, int(round(STRIP * p / 2))), max(2, int(round(ALONG * p / 2)))
    mx = x0 + ((a[1] + b[1]) / 2 + 0.5) * p
    my = y0 + ((a[0] + b[0]) / 2 + 0.5) * p
    mx, my = int(round(mx)), int(round(my))
    if a[0] == b[0]:  # side by side: a vertical boundary, columns across it
        strip = low[my - along:my + along, mx - across:mx + across + 1].mean(axis=0)
    else:
        strip = low[my - across:my + across + 1, mx - along:mx + along].mean(axis=1)
    if strip.size == 0:
        return 0.0
    darker = min(level)
    return (darker - float(strip.min())) / max(darker, 1.0)


def lined(view: BoardView, keys: list[tuple[int, int]]) -> bool:
    """Whether the boundaries between consecutive squares ``keys`` (neighbours along a row or a
    column, in order) show the floor's lines: at least :data:`LINED_SHARE` of them, and two."""
    low = channel_min(view.image).astype(np.float32)
    pairs = [(a, b) for a, b in zip(keys, keys[1:]) if abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1]
    if len(pairs) < 2:
        return False
    hits = sum(_step(low, view, a, b) >= LINE_STEP for a, b in pairs)
    return hits >= 2 and hits >= LINED_SHARE * len(pairs)


def _across(low: np.ndarray, view: BoardView, at: float, span: tuple[float, float], upright: bool) -> float:
    """How much darker (share of its lightest column) the darkest column of a strip across a
    boundary is: the boundary at board ``at`` (u when ``upright``, a boundary between columns;
    else v), the strip along it over board ``span``."""
    p = view.pitch
    u0, v0 = view.extent[:2]
    half = max(2, int(round(ACROSS * p / 2)))
    a, b = (int(round((s - (v0 if upright else u0)) * p)) for s in span)
    mid = int(round((at - (u0 if upright else v0)) * p))
    strip = low[a:b, mid - half:mid + half + 1].mean(axis=0) if upright else low[mid - half:mid + half + 1, a:b].mean(axis=1)
    if strip.size < 2 * half + 1 or b - a < 2:
        return 0.0
    return float((strip.max() - strip.min()) / max(float(strip.max()), 1.0))


def lines_stop(view: BoardView, empty: set, side: str, band: tuple[float, float], rows: int, cols: int) -> bool:
    """Whether the floor's lines, seen between the empty squares of the edge line on ``side``
    (at least two boundaries, :data:`LINED_SHARE` of them), stop there: none of them goes on
    into the ``band`` (squares out) beyond the side, but a fifth of them at most -- the rim is
    plain, a floor going on shows them all."""
    low = channel_min(view.image).astype(np.float32)
    if side in ("top", "bottom"):
        r = 0 if side == "top" else rows - 1
        bounds = [c + 1 for c in range(cols - 1) if (r, c) in empty and (r, c + 1) in empty]
        inside = (r + 0.25, r + 0.75)
        beyond = (-band[1], -band[0]) if side == "top" else (rows + band[0], rows + band[1])
        upright = True
    else:
        c = 0 if side == "left" else cols - 1
        bounds = [r + 1 for r in range(rows - 1) if (r, c) in empty and (r + 1, c) in empty]
        inside = (c + 0.25, c + 0.75)
        beyond = (-band[1], -band[0]) if side == "left" else (cols + band[0], cols + band[1])
        upright = False
    if len(bounds) < 2:
        return False
    seen = sum(_across(low, view, x, inside, upright) >= LINE_STEP for x in bounds)
    going_on = sum(_across(low, view, x, beyond, upright) >= LINE_STEP for x in bounds)
    return seen >= 2 and seen >= LINED_SHARE * len(bounds) and going_on <= 0.2 * len(bounds)
