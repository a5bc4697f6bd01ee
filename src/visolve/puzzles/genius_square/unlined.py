"""The grey piece's top on a board as grey as it, told by the grid's light lines it covers.

On a grey SmartGames board the grey piece's top is the board's own grey, and a glare spot lifts it
with the empty squares around it: by colour the four read as empty squares in glare (seed 83 scene
86, ``n`` 0.11-0.31 on A1-A4, its rims not dark where the grid was found).  An empty square shows
the grid's light lines along its edges, lighter than its middle in glare too (glare lifts the lines
with the board); a cube's top covers its square's lines, so its edges are no lighter than its
middle.  A straight four read as empty none of whose squares shows more than :data:`UNLINED_MOST`
of its lines is the grey piece when it is the only such four, its squares neutral and not in a
shadow, and the grey piece is nowhere else (:func:`with_unlined_grey`); else a doubt on a board read
without the grey piece (:func:`unlined_four`, asked by
:func:`visolve.puzzles.genius_square.dimgrey.no_dim_grey_piece`).

The lines are counted when the squares are read (:func:`visolve.puzzles.genius_square.sides.lines_over`:
the lightest strip across each edge, so a grid found a little off them still finds them, against
the square's middle as :mod:`visolve.puzzles.genius_square.shade` measures them).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from visolve.puzzles.genius_square.colours import EMPTY, NEUTRAL_SPREAD
from visolve.puzzles.genius_square.greyrow import GREY, SHADOW_FLOOR, grey_or_empty, straight_fours

#: most edges showing their line (``Square.lines``: :func:`visolve.puzzles.genius_square.sides.lines_over`),
#: on each square of a straight four read as empty, for the four to be the grey piece's top as much as
#: empty squares.  Measured on the grey boards of the photo scenes of seeds 0, 1, 83 and 89: the grey
#: piece's squares read as empty show at most 1 each (83/86: none); of the fours of empty squares none
#: but on the two boards whose lines do not show (:data:`~visolve.puzzles.genius_square.sides.LINES_SEEN`)
UNLINED_MOST = 1
#: ... and, for the doubt alone (:func:`unlined_four` with ``front``), three such squares and a fourth
#: darker than the board by FRONT_DARK or more in every channel: a cube's shaded front, whose dark
#: middle makes the edges around it count as lines shown.  Seed 277 scene 11: the grey piece standing
#: on A2-A5 of a grey SmartGames board, A3-A5 faint, lighter than the board, 0-1 lines each, A2 (-0.40,
#: -0.38, -0.37) with 4: read without it (a misread).  Glare lifts the lines with the squares; it does
#: not hide them on three squares and darken the fourth
FRONT_DARK = 0.2
#: ... or one more line than UNLINED_MOST on that fourth square, darker than the board by FRONT_DIM or
#: more in every channel: seed 397 scene 67, the grey piece on A1-A4 of a grey SmartGames board in
#: shade, A1, A2 and A4 with one line each, A3 (-0.17, -0.14, -0.13) with two (a misread)
FRONT_DIM = 0.1


def unlined_four(squares, front: bool = False) -> list[tuple[int, int]] | None:
    """The first straight four of squares read as empty (or as empty or the grey piece, for the shapes
    to settle) each showing at most :data:`UNLINED_MOST` of its lines (``Square.lines``), or with
    ``front`` all but one, that one a cube's shaded front (:data:`FRONT_DARK`); None when there is none."""
    return next((cells for cells in straight_fours() if _unlined(squares, cells, front)), None)


def with_unlined_grey(squares):
    """The squares, those of the one straight four that :func:`unlined_four` finds read as the grey piece
    when each of them is neutral (channels within
    :data:`~visolve.puzzles.genius_square.colours.NEUTRAL_SPREAD`) and not in a shadow (mean ``n`` at
    least :data:`~visolve.puzzles.genius_square.greyrow.SHADOW_FLOOR`: a shadow darkens an empty
    square's lines with it), no square is read as the grey piece and no other straight four may be it
    (:func:`_grey_four_besides`); the others as read.
    Measured on the grey boards of the photo scenes of seeds 0, 1, 83 and 89, every four so found, at
    the squares' middles, was the grey piece's (7 fours, on 83/38, 83/78 and 83/86 the only one); on
    seeds 17 and 79 it is read on 17/16 alone, the grey piece.  Squares elsewhere that may be the grey
    piece among other things (a glared cube: grey, wood or a piece) leave the four as the only place
    for it when no four of them lies in a row: on the scenes of seeds 0, 1, 2, 17, 19, 103, 211 and
    223 and the held-out kind seeds 0-1, every unlined four found alone, neutral and lit, was the grey
    piece's (8, 5 with such squares elsewhere), and one board reads otherwise: 19/81, right, refused
    before."""
    fours = [cells for cells in straight_fours() if _unlined(squares, cells)]
    if len(fours) != 1 or not all(_lit_grey(squares[r][c]) for r, c in fours[0]):
        return squares
    if any(sq.symbol == GREY for row in squares for sq in row) or _grey_four_besides(squares, fours[0]):
        return squares
    out = [list(row) for row in squares]
    for r, c in fours[0]:
        out[r][c] = replace(out[r][c], symbol=GREY, options=(), faint=False, grey=False, sides=())
    return out


def _grey_four_besides(squares, four: list[tuple[int, int]]) -> bool:
    """Whether a straight four other than ``four`` may hold the grey piece: each of its squares read
    as empty or with the grey piece among its options, one at least not of ``four`` with it among its
    options (squares read as empty, lit or not, were never a bar: a board not yet solved shows many
    such fours)."""
    return any(sorted(cells) != sorted(four) and all(_may_hold_grey(squares[r][c]) for r, c in cells)
               and any(GREY in squares[r][c].options for r, c in cells if (r, c) not in four)
               for cells in straight_fours())


def _may_hold_grey(sq) -> bool:
    """A square read as empty, or with the grey piece among its options."""
    return sq.symbol == EMPTY or GREY in sq.options


def _unlined(squares, cells: list[tuple[int, int]], front: bool = False) -> bool:
    """Whether each of the squares ``cells`` is read as empty (or empty or grey) and shows at most
    :data:`UNLINED_MOST` lines; with ``front``, one of them may show more when it is darker than the
    board by :data:`FRONT_DARK` in every channel, or one line more when darker by :data:`FRONT_DIM`."""
    sqs = [squares[r][c] for r, c in cells]
    if not all(sq.symbol == EMPTY or grey_or_empty(sq) for sq in sqs):
        return False
    lined = [sq for sq in sqs if sq.lines > UNLINED_MOST]
    if not lined:
        return True
    if not (front and len(lined) == 1 and bool(lined[0].colour)):
        return False
    darkest = float(np.max(lined[0].colour))
    return darkest <= -FRONT_DARK or (lined[0].lines <= UNLINED_MOST + 1 and darkest <= -FRONT_DIM)


def _lit_grey(sq) -> bool:
    """A square's middle neutral and not in a shadow."""
    colour = np.asarray(sq.colour, np.float64)
    return bool(colour.size) and float(colour.max() - colour.min()) <= NEUTRAL_SPREAD \
        and float(colour.mean()) >= SHADOW_FLOOR
