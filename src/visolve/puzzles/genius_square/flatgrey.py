"""The grey piece drawn flat on a board as grey as it: the last four squares, all of one colour.

A solved board drawn in the published style (no light, no camera) on a grey SmartGames board shows the
grey piece a few grey levels lighter than the board: its squares read as empty squares a little lit
(``Square.faint``), and a board covered but for them is a doubt
(:func:`visolve.puzzles.genius_square.lastpiece.last_piece_problem`: the piece in glare or shade, or
not yet laid?).  A drawing paints the piece's four squares in one colour to the last grey level;
light never does: glare is a spot, and shade falls off, so the squares an empty row's light lifts
differ.  Measured on the straight fours of squares read as empty and lifted (every channel 0.04 over
the board or more) in the scenes of seeds 0, 1, 2, 17, 19, 103, 211 and 223 and the held-out kind
seed 0: the grey piece's fours drawn flat differ by 0.00-0.01 (21 fours; ``Square.colour`` is kept
to 0.01), and none of the 410 fours that are not the grey piece differs by less than 0.02 (a grey
board whose empty squares all read 0.04 lifted, seed 103 scene 60: 0.02-0.03).
"""

from __future__ import annotations

import numpy as np

from visolve.puzzles.genius_square.colours import EMPTY, MIN_LEAD
from visolve.puzzles.genius_square.greyrow import GREY, grey_or_empty, straight_fours

#: the grey piece drawn flat: its four squares' colours (channel by channel) within FLAT_SPREAD of each
#: other, every channel of each at least FLAT_LIFT over the board (the seed 103 scene 60 board's empty
#: squares read 0.04; the grey piece drawn flat 0.06 and more)
FLAT_SPREAD = 0.01
FLAT_LIFT = 0.05


def flat_grey_four(squares, rows: list[str]) -> list[tuple[int, int]] | None:
    """The four squares a board read without the grey piece (``rows``) leaves empty, when they are one
    of its places and the grey piece drawn flat there: each read as empty (or as empty or the grey
    piece), nearest the grey piece's colour of all by :data:`~visolve.puzzles.genius_square.colours.MIN_LEAD`
    or more, lifted :data:`FLAT_LIFT` in every channel, all four of one colour (:data:`FLAT_SPREAD`).
    None otherwise."""
    if any(GREY in row for row in rows):
        return None
    empty = sorted((r, c) for r, row in enumerate(rows) for c, symbol in enumerate(row) if symbol == EMPTY)
    if empty not in [sorted(cells) for cells in straight_fours()]:
        return None
    seen = [squares[r][c] for r, c in empty]
    if not all(_grey_drawn(sq) for sq in seen):
        return None
    return empty if one_colour([sq.colour for sq in seen]) else None


def one_colour(colours) -> bool:
    """Whether ``colours`` (``n`` of each square) lie within :data:`FLAT_SPREAD` of each other in every
    channel: squares drawn in one flat colour."""
    colours = np.asarray(colours, np.float64)
    return float((colours.max(axis=0) - colours.min(axis=0)).max()) <= FLAT_SPREAD + 1e-9


def with_flat_grey(squares, rows: list[str]) -> list[str]:
    """``rows`` with the grey piece laid on :func:`flat_grey_four`'s squares when there are such."""
    four = flat_grey_four(squares, rows)
    if four is None:
        return rows
    out = [list(row) for row in rows]
    for r, c in four:
        out[r][c] = GREY
    return ["".join(row) for row in out]


def _grey_drawn(sq) -> bool:
    """A square read as empty (or as empty or the grey piece), lifted :data:`FLAT_LIFT` in every channel,
    nearest the grey piece's colour with a lead of :data:`~visolve.puzzles.genius_square.colours.MIN_LEAD`."""
    if not (sq.symbol == EMPTY or grey_or_empty(sq)) or not sq.colour or len(sq.ranks) < 2:
        return False
    (best, residual), (_other, next_residual) = sq.ranks[:2]
    return best == GREY and next_residual - residual >= MIN_LEAD and min(sq.colour) >= FLAT_LIFT
