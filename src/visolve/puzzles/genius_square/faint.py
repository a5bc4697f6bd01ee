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
"""

from __future__ import annotations

import numpy as np

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


def faint_piece(centre: np.ndarray, corners: list[np.ndarray], protos: Palette) -> str:
    """The piece a square too faint for an object is, when that piece's own colour is as faint on
    this board (see the module docstring); ``""`` when none is."""
    (residual, name), (second, _other) = protos.ranked(centre)[:2]
    if name in (WOOD, GREY_PIECE) or residual > FAINT_RESIDUAL or second - residual < FAINT_LEAD:
        return ""
    size = float(np.abs(centre).max())
    proto = float(np.abs(protos.shades[name]).max())
    if proto >= FAINT_PROTO or size < FAINT_SHARE * proto:
        return ""
    if float(centre.max() - centre.min()) < FAINT_SPREAD_SHARE * size:
        return ""
    return name if all(float(np.abs(k).max()) >= FAINT_CORNER_SHARE * size for k in corners) else ""
