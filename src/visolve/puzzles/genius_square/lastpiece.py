"""A board covered but for the place of one piece: the piece there, unseen, or the board as read.

A player photographs a board after the roll, partly played or solved; a board covered but for the
squares of one placement of the one piece it is read without is a rare board, and the easiest
misreading of a solved one: the piece's cubes taken for glare (the grey piece on a black board),
or the piece's cubes taken for discs and the discs, hidden by tall pieces leaning over them, for
empty squares, or the piece's cubes read plainly empty, their colour the board's (the grey piece on
a grey board, seed 593 scene 38: a solved board read without it).  Such a board is a doubt
(:func:`last_piece_problem`), its reason the likeliest: squares not all plainly empty, the piece's
shape on squares settled as blockers that might be it, or the piece in the board's colour.  On the
photo scenes of 14 seeds (1385 boards read) no board read right is covered so; a player one piece
from the end has the piece's one place to lay it, and fixes the level file if it is so.
"""

from __future__ import annotations

from visolve.puzzles.genius_square import model
from visolve.puzzles.genius_square.colours import EMPTY, GREY_PIECE
from visolve.puzzles.genius_square.dimgrey import no_dim_grey_piece
from visolve.puzzles.genius_square.model import COLOURS
from visolve.puzzles.genius_square.surplus import cells_of, mask_of, placements

BLOCKER = "#"


def last_piece_problem(squares, rows: list[str], edition: str) -> str:
    """Why the drawing ``rows``, covered but for one placement of a piece it lacks, is a doubt (""
    when it is not so covered).

    ``squares``: the squares as read at their middles; a square reads plainly empty when read
    empty and neither faint nor grey (not settled by the shapes or the roll, nor taken for glare).
    Seed 139 scene 72: the grey piece's cubes on A1-A4 read as glare and as maybe-discs; seed 163
    scene 57: the brown domino read as two discs (wood or brown), the two discs it stands beside
    hidden by leaning pieces and read empty.
    """
    empty = _mask(rows, EMPTY)
    placed = {symbol for row in rows for symbol in row} - {EMPTY, BLOCKER}
    for piece in sorted(set(COLOURS) - placed):
        if empty not in placements(piece):
            continue
        names = _names(empty, edition)
        if not all(_plain(squares[r][c]) for r, c in cells_of(empty)):
            return (f"square {names[0]}: every square covered but {' '.join(names)}, the place of piece {piece} "
                    f"({COLOURS[piece]}), and not all of them read plainly empty: that piece in glare or shade?")
        maybe = mask_of((r, c) for r, c in cells_of(_mask(rows, BLOCKER)) if piece in squares[r][c].options)
        other = next((mask for mask in placements(piece) if mask & maybe == mask), 0)
        if other:
            return (f"square {names[0]}: every square covered but {' '.join(names)}, the place of piece {piece} "
                    f"({COLOURS[piece]}), and blockers {' '.join(_names(other, edition))} may be that piece: "
                    "its cubes taken for discs, and the discs hidden under leaning pieces?")
        if piece == GREY_PIECE:
            no_dim_grey_piece(squares, edition)  # the grey rows' own reason first, when they have one
        return (f"square {names[0]}: every square covered but {' '.join(names)}, the place of piece {piece} "
                f"({COLOURS[piece]}), the one piece not seen, though they read plainly empty: that piece in "
                "the board's own colour?")
    return ""


def _mask(rows: list[str], symbol: str) -> int:
    """The board mask of the squares the drawing gives ``symbol``."""
    return mask_of((r, c) for r, row in enumerate(rows) for c, s in enumerate(row) if s == symbol)


def _names(mask: int, edition: str) -> list[str]:
    return [model.name(cell, edition) for cell in cells_of(mask)]


def _plain(square) -> bool:
    return square.symbol == EMPTY and not (square.faint or square.grey)
