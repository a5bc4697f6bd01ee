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
