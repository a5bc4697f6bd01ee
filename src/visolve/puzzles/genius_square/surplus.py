"""A piece read surely on squares no one placement of it covers: its colour is in doubt there.

Every piece lies on the board once, in its own shape.  When the squares read surely as one piece
are more than its size, or lie where no placement of it covers them all (seen in two places), some
of them are another piece whose colour came out near this one's (a cube's paint jittered, a colour
cast: yellow read as orange, orange as yellow).  Those squares are not sure: each keeps that piece
and gets the pieces whose colour is close behind it (:data:`WINDOW`) as options, and the pieces'
shapes settle them (:mod:`visolve.puzzles.genius_square.resolve`: a square still in doubt is
refused by name).  A square with no colour close behind stays as it was read.

A board read as solved is left as read: :mod:`visolve.puzzles.genius_square.cover` weighs each of
its squares by how surely it was read, and options there make near covers as cheap as the true one
(seed 0 scene 41: a red piece leaning over a disc, read on five squares, became two covers near).
Only a piece seen whole apart from the rest of its squares is doubted there, and only on the rest
(:func:`apart_from_whole`: seed 1 scene 97, an orange straight three read as yellow beside the
yellow piece seen whole; every square read as wrongly cost the true cover too much).
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from visolve.puzzles.genius_square import model
from visolve.puzzles.genius_square.board import BLOCKER, EMPTY, joined
from visolve.puzzles.genius_square.cover import MAX_EMPTY

SIZE = model.SIZE
#: a piece is an option of an over-read square when its colour's residual is within WINDOW of the
#: piece read's and at most MAX_RESIDUAL (measured, seed 0 scene 32 and seed 1 scene 97: yellow read as
#: orange 0.14-0.29, yellow 0.20-0.31 behind; orange read as yellow 0.03-0.05, orange 0.19 behind)
WINDOW = 0.35
MAX_RESIDUAL = 0.8


def over_read(squares) -> list[list]:
    """The squares (:class:`visolve.puzzles.genius_square.colours.Square`, 6 x 6), those read surely as
    a piece that :func:`fits_once` denies given that piece and the pieces close behind in colour as
    options (module docstring), but pieces read surely in full elsewhere (all their squares, in one
    placement): a square is not the piece whose every square is seen."""
    solved = sum(sq.symbol == EMPTY for row in squares for sq in row) <= MAX_EMPTY
    sure: dict[str, list[tuple[int, int]]] = {}
    for r, row in enumerate(squares):
        for c, sq in enumerate(row):
            if sq.symbol not in ("", EMPTY, BLOCKER):
                sure.setdefault(sq.symbol, []).append((r, c))
    out = [list(row) for row in squares]
    placed = {piece for piece, cells in sure.items() if len(cells) == size(piece) and fits_once(piece, cells)}
    for piece, cells in sure.items():
        if fits_once(piece, cells):
            continue
        # a solved board: the cover weighs every square as read (options would cheapen them all)
        for r, c in apart_from_whole(piece, cells) if solved else cells:
            close = tuple(name for name in near_pieces(squares[r][c].ranks, piece) if name not in placed)
            if close:
                out[r][c] = replace(squares[r][c], symbol="", options=(piece, *close))
    return out


def apart_from_whole(piece: str, cells: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The squares of ``cells`` (read surely as ``piece``) outside the one group of touching squares
    that is that piece whole (its size, in one placement); none when no group or several are."""
    groups = joined(cells)
    whole = [group for group in groups if len(group) == size(piece) and fits_once(piece, group)]
    if len(whole) != 1:
        return []
    return [cell for cell in cells if cell not in whole[0]]


def near_pieces(ranks, piece: str) -> tuple[str, ...]:
    """The pieces other than ``piece`` whose residual in ``ranks`` ((symbol, residual), nearest first)
    is within :data:`WINDOW` of ``piece``'s and at most :data:`MAX_RESIDUAL` (never the wood: a disc
    read as a piece is a matter of its corners, not its colour)."""
    own = dict(ranks).get(piece)
    if own is None:
        return ()
    return tuple(name for name, residual in ranks if name not in (piece, BLOCKER, EMPTY)
                 and residual <= min(own + WINDOW, MAX_RESIDUAL))


def fits_once(piece: str, cells: list[tuple[int, int]]) -> bool:
    """Whether one placement of ``piece`` covers every square of ``cells`` ((row, column))."""
    want = mask_of(cells)
    return any(mask & want == want for mask in placements(piece))


def mask_of(cells) -> int:
    """The board mask (bit ``row * 6 + column``, as :func:`placements`) of the squares ``cells``."""
    return sum(1 << (r * SIZE + c) for r, c in cells)


def cells_of(mask: int) -> list[tuple[int, int]]:
    """The squares (row, column) of a board mask, in reading order."""
    return [divmod(k, SIZE) for k in range(SIZE * SIZE) if mask >> k & 1]


def sure_mask(squares, piece: str) -> int:
    """The board mask of the squares read surely as ``piece`` (its symbol, no doubt)."""
    return mask_of((r, c) for r, row in enumerate(squares) for c, sq in enumerate(row)
                   if sq.symbol == piece and not sq.doubt)


def size(piece: str) -> int:
    """How many squares ``piece`` covers."""
    return bin(placements(piece)[0]).count("1")


@lru_cache(maxsize=None)
def placements(piece: str) -> tuple[int, ...]:
    """The board masks of every placement of ``piece`` (bit ``row * 6 + column``)."""
    table = model.engine().table
    pid = table.piece_index(piece)
    return tuple(mask for p, mask in table.lookup if p == pid)
