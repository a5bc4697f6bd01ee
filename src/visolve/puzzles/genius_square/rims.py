"""The grey piece on a board as grey as it, told by its cubes' dark rims, not by its colour.

The grey piece's paint is within a few hundredths of a grey SmartGames board's, and glare lifts an
empty square to the same grey, so colour cannot tell them apart (scene 70 of seed 17: every other
square covered, the four read as empty).  Its structure can: a cube's top has a darker rim and its
side faces are shaded, so the strips along its square's edges are darker than the board, where an
empty square shows the grid's light lines there, or at most one edge in a neighbour's shadow.

A square's dark edges are counted when it is read (:func:`dark_edges`); a straight four read as faint
grey squares, most of them edged so, is the grey piece (:func:`visolve.puzzles.genius_square.greyrow.rimmed_four`);
such a four as dark as the board, not lifted, is a doubt
(:func:`visolve.puzzles.genius_square.greyrow.with_rim_doubt`).
"""

from __future__ import annotations

import numpy as np

#: an edge strip (:data:`~visolve.puzzles.genius_square.colours.EDGE_AT`) is dark when its mean ``n`` is
#: below minus this: measured on the grey-, navy- and maroon-board photo scenes of seeds 0, 1, 2, 3 and 17,
#: 341 squares read as empty and lighter than the board (``n`` at least 0.04 in every channel) show at
#: most one such edge (9 of them one, in a neighbour's shadow), at thresholds 0.05 to 0.2 alike; the
#: grey piece's squares so read show two or more on 29 of 43
DARK_EDGE = 0.1
#: least dark edges of a square for it to show a cube's rim
RIM_EDGES = 2


def dark_edges(edges) -> int:
    """How many of a square's edge strips (``n`` each, units of the board-to-white span) are darker
    than the board by :data:`DARK_EDGE`."""
    return sum(float(np.mean(e)) < -DARK_EDGE for e in edges)


def rimmed(count: int) -> bool:
    """Whether a square with ``count`` dark edges (:func:`dark_edges`) shows a cube's rim."""
    return count >= RIM_EDGES
