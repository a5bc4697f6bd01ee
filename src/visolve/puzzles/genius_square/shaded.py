"""A square darker than the board in the board's own hue: an empty square in a tall piece's shadow.

Shade scales the light.  An empty square in shade shows the board's colour ``B`` times ``k < 1``,
so its colour in the units of :mod:`visolve.puzzles.genius_square.colours`,
``n = (k B - B) / span``, lies on the line from 0 towards ``-B / span``: on a navy board it is
darkest in blue, on a maroon one in red.  A cube keeps its own hue in shade, so only a piece of
the board's hue in deep shade lies there too: a square on that line is never read empty alone,
it is given the options empty and the nearest pieces' colours, for the pieces' shapes to settle.
On the black Happy Puzzle board shade moves ``n`` too little to matter (it reads empty already).
"""

from __future__ import annotations

import numpy as np

#: how much light the shade takes (``1 - k``): less is no shade worth naming, more leaves too
#: little of the board's colour to tell its hue (seed 1 scenes 4 and 32: 0.45-0.6)
SHADE_DEPTH = (0.15, 0.85)
#: most distance from the shade line, as a share of the colour's own size (the shade of scene 4
#: of seed 1, a navy board: 0.08; a dark blue cube on it, its nearest hue, 0.35)
SHADE_FIT = 0.2


def shade_depth(centre: np.ndarray, board: np.ndarray) -> float | None:
    """How much light a shade on the board takes to give ``centre`` (``1 - k``), or None when
    ``centre`` is not the board's colour darkened (see the module docstring).

    ``centre`` is a square's colour in units of ``n``; ``board`` the board's colour in the same
    units (its colour over the board-to-white span, per channel: positive).
    """
    way = -np.asarray(board, np.float64)
    reach = float(way @ way)
    if reach <= 0.0:
        return None
    depth = float(centre @ way) / reach
    off = float(np.linalg.norm(centre - depth * way))
    if not SHADE_DEPTH[0] <= depth <= SHADE_DEPTH[1]:
        return None
    return depth if off <= SHADE_FIT * max(float(np.linalg.norm(centre)), 1e-6) else None
