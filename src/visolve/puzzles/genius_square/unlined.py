"""The grey piece's top on a board as grey as it, told by the grid's light lines it covers.

On a grey SmartGames board the grey piece's top is the board's own grey, and a glare spot lifts it
with the empty squares around it: by colour the four read as empty squares in glare (seed 83 scene
86, ``n`` 0.11-0.31 on A1-A4, its rims not dark where the grid was found).  An empty square shows
the grid's light lines along its edges, lighter than its middle in glare too (glare lifts the lines
with the board); a cube's top covers its square's lines, so its edges are no lighter than its
middle.  A straight four read as empty none of whose squares shows more than :data:`UNLINED_MOST`
of its lines is a doubt (:func:`unlined_four`, asked by
:func:`visolve.puzzles.genius_square.dimgrey.no_dim_grey_piece` on a board read without the grey
piece).

The lines are counted when the squares are read (:func:`visolve.puzzles.genius_square.sides.lines_over`:
the lightest strip across each edge, so a grid found a little off them still finds them, against
the square's middle as :mod:`visolve.puzzles.genius_square.shade` measures them).
"""

from __future__ import annotations

from visolve.puzzles.genius_square.colours import EMPTY
from visolve.puzzles.genius_square.greyrow import GREY, straight_fours

#: most edges showing their line (``Square.lines``: :func:`visolve.puzzles.genius_square.sides.lines_over`),
#: on each square of a straight four read as empty, for the four to be the grey piece's top as much as
#: empty squares.  Measured on the grey boards of the photo scenes of seeds 0, 1, 17, 79, 83 and 89: the
#: grey piece's squares read as empty show at most 1 each (83/86: none)
UNLINED_MOST = 1


def unlined_four(squares) -> list[tuple[int, int]] | None:
    """The first straight four of squares read as empty (or as empty or the grey piece, for the shapes
    to settle) each showing at most :data:`UNLINED_MOST` of its lines (``Square.lines``); None when
    there is none."""
    for cells in straight_fours():
        if all(_empty_like(squares[r][c]) and squares[r][c].lines <= UNLINED_MOST for r, c in cells):
            return cells
    return None


def _empty_like(sq) -> bool:
    """A square read as empty, or as empty or the grey piece."""
    return sq.symbol == EMPTY or (not sq.symbol and not sq.doubt and set(sq.options) == {EMPTY, GREY})
