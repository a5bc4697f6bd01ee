"""Wood that a coloured board makes look grey: a disc on a maroon board.

Colours are read as ``n``, a square's colour less the board's over the board-to-white span
(:mod:`visolve.puzzles.genius_square.colours`).  On the maroon SmartGames board the red channel's
span is short (the board is red already), so wood a little darker than the nominal shade loses most
of its red lead and comes out with its channels close together, as glare does: seed 17's scene 48
shows its discs at ``n`` (0.47, 0.62, 0.58) to (0.53, 0.69, 0.70), nearest the wood at relative
residuals 0.07-0.09 but "grey".  Glare over that board is also nearest the wood (tinted as the scenes
tint it, 0.115 and more; an empty square of seed 3's scene 75 at 0.176), so such a square is never wood
by its colour alone: it is wood or empty, and the dice's count settles it
(:mod:`visolve.puzzles.genius_square.resolve` keeps the readings with a blocker on each die).
"""

from __future__ import annotations

import numpy as np

from visolve.vision.palette import Palette

#: the wooden blockers' and the grey piece's symbols
WOOD, GREY_PIECE = "#", "5"
#: a board that pulls the grey piece's channels this far apart (units of ``n``) makes a grey centre no
#: grey piece: the maroon boards of seeds 0, 1 and 17, 0.17-0.52 (0.23 and more for 95 % of them); the black and
#: grey boards leave it grey (0-0.14), the navy one 0.16 (where a grey centre is nearest the grey
#: piece, never the wood); elsewhere a grey centre nearest the wood may be the grey piece in glare
GREY_PIECE_APART = 0.2
#: the most relative residual to the wood for a grey centre to be wood or empty: greyed discs on maroon
#: boards 0.07-0.108 (seed 17 scenes 48 and 55, seed 2 scene 69), 0.17-0.18 (seed 17 scene 61, washed
#: out); glare 0.115 and more (the rule gives options, never a sure read: this only bounds the doubt)
GREY_WOOD_RESIDUAL = 0.2


def grey_wood(centre: np.ndarray, protos: Palette) -> bool:
    """Whether a grey centre ``n`` may be wood a coloured board greys: on a board that pulls the grey
    piece's channels apart (:data:`GREY_PIECE_APART`), lighter than the board in every channel, and
    nearest the wood of all the game's colours, within :data:`GREY_WOOD_RESIDUAL`."""
    grey = protos.shades[GREY_PIECE][0]
    if float(grey.max() - grey.min()) < GREY_PIECE_APART or float(centre.min()) <= 0.0:
        return False
    residual, name = protos.ranked(centre)[0]
    return name == WOOD and residual <= GREY_WOOD_RESIDUAL
