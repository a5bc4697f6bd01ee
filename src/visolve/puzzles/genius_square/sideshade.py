"""A tall piece's shaded side read as an empty square beside its top: the piece a square off.

Seen steeply, a cube stands its top away from the camera by up to a square
(:mod:`visolve.puzzles.genius_square.leaning`).  Read at the squares' middles, its top then shows
on the square behind its own, and its own square shows the cube's shaded side: a dim shade of the
piece's colour, too dim for a piece (under
:data:`~visolve.puzzles.genius_square.colours.EMPTY_MAX`), read as empty.  The shapes may still fit
one square over: seed 359 scene 74, a Happy Puzzle photo, read the purple three on E5 E6 F5 where
it stands on D5 D6 E5; D5 and D6 read (0.13, -0.05, 0.11), over the board's empty squares 0.38 of
E5's top in its very hue.  Such a square, read at the middles, is a doubt: the reader reads the
board again where the tops stand, as for a board refused at its middles.

Shadow and glare on the board are grey, not a shade of the piece beside them; an empty square shows
the board's own colour.
"""

from __future__ import annotations

import numpy as np

from visolve.puzzles.genius_square import model
from visolve.puzzles.genius_square.colours import EMPTY
from visolve.puzzles.genius_square.model import COLOURS, SIZE

#: least lift of an empty square over the board's empty squares (largest channel of ``n``) to be a
#: piece's shade: under it, the board's own unevenness
SIDE_LEAST = 0.1
#: the lift in the hue of the top beside it: cosine of the two (over the board) at least this
SIDE_COSINE = 0.97
#: the lift as a share of the top's (a cube's side in shade: the scenes light it 0.3-0.8 of its top)
SIDE_SHARES = (0.15, 0.8)
#: the top beside it coloured: its channels over the board this far apart at least (grey pieces, glare
#: and shade are not told by hue)
TOP_SPREAD = 0.2


def side_beside_top(squares, edition: str) -> str:
    """Why the ``squares`` as read at their middles show a piece's shaded side on a square read empty
    beside that piece's top (a tall piece read a square off), else ""."""
    base = _board(squares)
    if base is None:
        return ""
    for r in range(SIZE):
        for c in range(SIZE):
            if squares[r][c].symbol != EMPTY:
                continue
            lift = np.asarray(squares[r][c].colour, float) - base
            if float(np.abs(lift).max()) < SIDE_LEAST:
                continue
            for piece, at in _tops_beside(squares, r, c):
                top = np.asarray(squares[at[0]][at[1]].colour, float) - base
                if _shade_of(lift, top):
                    return (f"square {model.name((r, c), edition)} read empty shows a shade of piece {piece} "
                            f"({COLOURS[piece]}) read beside it on {model.name(at, edition)}: its shaded side? "
                            "a tall piece read a square off its own")
    return ""


def _board(squares) -> np.ndarray | None:
    """The median colour of the squares read empty (None without them)."""
    empty = [sq.colour for row in squares for sq in row if sq.symbol == EMPTY and len(sq.colour) == 3]
    return np.median(np.asarray(empty, float), axis=0) if empty else None


def _tops_beside(squares, r: int, c: int):
    """(piece, (row, column)) of each neighbour of square ``(r, c)`` read as a coloured piece."""
    for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
        if 0 <= rr < SIZE and 0 <= cc < SIZE and squares[rr][cc].symbol in COLOURS and len(squares[rr][cc].colour) == 3:
            yield squares[rr][cc].symbol, (rr, cc)


def _shade_of(lift: np.ndarray, top: np.ndarray) -> bool:
    """Whether ``lift`` (over the board) is ``top`` (over the board) in shade: its hue, dimmer."""
    if float(top.max() - top.min()) < TOP_SPREAD:
        return False
    size, top_size = float(np.linalg.norm(lift)), float(np.linalg.norm(top))
    cosine = float(lift @ top) / max(size * top_size, 1e-9)
    return cosine >= SIDE_COSINE and SIDE_SHARES[0] <= size / top_size <= SIDE_SHARES[1]
