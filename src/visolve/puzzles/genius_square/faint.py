"""A piece whose colour is faint on the board it lies on: brown on a maroon board.

A square is read as an object only when its colour ``n`` (a difference from the board's, in units
of the board-to-white span: :mod:`visolve.puzzles.genius_square.colours`) reaches
:data:`~visolve.puzzles.genius_square.colours.OBJECT_MIN` in some channel.  On the maroon SmartGames
board the brown piece's own colour does not: its prototype is (-0.17, 0.16, 0.10) on seed 17's
scene 9 (a flat drawing), and both its squares there, at (-0.14, 0.2, 0.14), were "too faint for a
piece or a blocker" though nearest brown at a relative residual of 0.08, every other colour 0.71 and
further.  Such a square is that piece when its colour is that piece's closely, well clear of every
other, coloured (not grey: glare and shade on the board are), and its corners are of it too (a
cube fills its square; an empty square's corners show the board).

Fainter still, such a piece reads as an empty square: seed 89's scene 57, a brown domino on a maroon
board in a dim light, its squares at (-0.06, 0.11, 0.13), under
:data:`~visolve.puzzles.genius_square.colours.EMPTY_MAX` (0.14), the level read without it (a
misread).  Their colour is still brown's, at a relative residual of 0.32-0.34, where an empty
square's is 0.56 or more.  :func:`faint_top` names that piece for such a square: the pieces' shapes
settle it (empty when that piece is seen elsewhere, else a doubt), whatever its grid lines show
(the piece's outer edges showed the board's lines there).

A square too faint for an object and of no faint piece's colour is a doubt; when every other
reading is refused, the reader leaves such squares open to anything for the pieces' shapes and the
roll to settle (:func:`faint_opened`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import numpy as np

from visolve.puzzles.genius_square.board import EMPTY
from visolve.vision.palette import Palette

#: the wooden blockers' and the grey piece's symbols: never read this way (wood is read by its
#: corners; the grey piece on a board as grey as it has rules of its own)
WOOD, GREY_PIECE = "#", "5"
#: a piece is faint on a board when its prototype's largest channel of ``n`` is below this: in a
#: light a quarter dimmer (the palette's least gain, 0.75) it falls under
#: :data:`visolve.puzzles.genius_square.colours.OBJECT_MIN` (0.2).  Brown on the nominal maroon board
#: 0.27 (0.2 on scene 9's jittered one); every other piece on every board 0.37 and more, but the
#: grey piece on the grey board (0.25, left out)
FAINT_PROTO = 0.3
#: most relative residual to that piece (measured 0.08 on seed 17's scene 9; the next colour 0.71), and
#: least lead over the next colour
FAINT_RESIDUAL = 0.15
FAINT_LEAD = 0.3
#: least size of the square's colour as a share of the piece's (a light gain as the palette allows)
FAINT_SHARE = 0.75
#: channels of ``n`` this far apart at least (share of the size): coloured, not glare or shade on the board
FAINT_SPREAD_SHARE = 0.5
#: every corner's largest channel of ``n`` at least this share of the centre's: the cube fills its square
FAINT_CORNER_SHARE = 0.5


#: most relative residual to a faint piece of a square read as empty for it to be that piece, maybe:
#: the brown domino of seed 89's scene 57, 0.32-0.34, and of seed 467's scene 64 (its top in dim light
#: on a maroon board, read empty at 0.49 when this was 0.45: a misread); the empty squares of the
#: maroon boards in the scenes of seeds 0, 1, 17, 79, 89 and 97 that are nearest brown, 0.56 and more
#: (seed 1 scene 14), and on the SmartGames boards read right of seeds 0-2, 349-433 and 461 (146),
#: 0.564 (the same square) and then 0.65 and more
FAINT_TOP_RESIDUAL = 0.52


#: why a square too faint for an object and of no faint piece's colour is in doubt
#: (:func:`visolve.puzzles.genius_square.colours.classify`)
FAINT_DOUBT = "too faint for a piece or a blocker, too bright for an empty square"


def faint_opened(squares, pieces: tuple[str, ...]):
    """The squares with each one in doubt as too faint (:data:`FAINT_DOUBT`) left open to anything
    (empty, the wood or any of ``pieces``) for the shapes and the roll to settle; None when none is.

    Such a square is empty in glare or shade, a blocker or a piece in a cast light: of the 18 on the
    scenes of seeds 1, 2, 17, 19, 181 and 191, 8 empty, 5 blockers and 5 pieces.  Opened at once they
    make a board read at the squares' middles that a slanted view reads right only where the tall
    pieces' tops stand (seed 191 scenes 54 and 86): the reader opens them last
    (:func:`visolve.puzzles.genius_square.reader.read`)."""
    if not any(sq.doubt.startswith(FAINT_DOUBT) for row in squares for sq in row):
        return None
    return [[replace(sq, doubt="", options=(EMPTY, WOOD, *pieces)) if sq.doubt.startswith(FAINT_DOUBT) else sq
             for sq in row] for row in squares]


def faint_top(centre: np.ndarray, protos: Palette, painted: Palette | None = None) -> tuple[str, ...]:
    """The piece faint on this board (see :data:`FAINT_PROTO`) a square read as empty may be, when
    its colour ``centre`` is nearest that piece's within :data:`FAINT_TOP_RESIDUAL`; else none.
    ``painted``: the pieces' colours at several brightnesses of their paint
    (:data:`~visolve.puzzles.genius_square.colours.PAINTS`), matched instead of ``protos``' own."""
    residual, name = (protos if painted is None else painted).ranked(centre)[0]
    return (name,) if residual <= FAINT_TOP_RESIDUAL and faint_on_board(name, protos) else ()


def faint_on_board(name: str, protos: Palette) -> bool:
    """Whether piece ``name`` (not the wood, not the grey piece) is faint on this board: its
    prototype's largest channel of ``n`` under :data:`FAINT_PROTO`."""
    return name not in (WOOD, GREY_PIECE) and float(np.abs(protos.shades[name]).max()) < FAINT_PROTO


def with_faint_tops(squares, centres: np.ndarray, protos: Palette,
                    painted: Callable[[], Palette] | None = None):
    """The squares (rows of :class:`visolve.puzzles.genius_square.colours.Square`), those read as
    empty that may be a piece faint on this board (:func:`faint_top`; ``painted()`` gives the palette
    it takes, asked for only on a board some piece is faint on; ``centres`` ``(6, 6, 3)`` their
    colours in units of ``n``) with it among their ``sides``."""
    if not any(faint_on_board(name, protos) for name in protos.shades):
        return squares
    shades = None if painted is None else painted()
    out = [list(row) for row in squares]
    for r, row in enumerate(squares):
        for c, sq in enumerate(row):
            if sq.symbol != EMPTY:
                continue
            extra = tuple(name for name in faint_top(centres[r, c], protos, shades) if name not in sq.sides)
            if extra:
                out[r][c] = replace(sq, sides=sq.sides + extra)
    return out


def faint_piece(centre: np.ndarray, corners: list[np.ndarray], protos: Palette) -> str:
    """The piece a square too faint for an object is, when that piece's own colour is as faint on
    this board (see the module docstring); ``""`` when none is."""
    (residual, name), (second, _other) = protos.ranked(centre)[:2]
    if residual > FAINT_RESIDUAL or second - residual < FAINT_LEAD or not faint_on_board(name, protos):
        return ""
    size = float(np.abs(centre).max())
    if size < FAINT_SHARE * float(np.abs(protos.shades[name]).max()):
        return ""
    if float(centre.max() - centre.min()) < FAINT_SPREAD_SHARE * size:
        return ""
    return name if all(float(np.abs(k).max()) >= FAINT_CORNER_SHARE * size for k in corners) else ""
