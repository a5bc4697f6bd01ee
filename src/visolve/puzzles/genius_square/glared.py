"""A bright square that may be a cube's top in glare rather than a disc between leaning pieces.

Glare mixes a colour towards white; a cube's top keeps its own colour in its
corners (it fills its square), a hidden disc shows the pieces leaning over it.
"""

from __future__ import annotations

import numpy as np

from visolve.vision.palette import Palette

#: least light left by glare (share of the board-to-white span) a ratio is divided by
MIN_UNGLARED = 0.1
#: a square read as wood only because tall pieces may lean over a disc's corners (they show those
#: pieces' colours), brighter than LEANING_BRIGHT (mean of ``n``) with OWN_CORNERS corners of its
#: centre's colour (up to a gain within OWN_GAIN, relative residual OWN_RESIDUAL) is a cube in glare,
#: whose colour may be any piece's (front 14 of seed 16: a brown cube glared to wood's colour; the
#: hidden disc of front 13 of seed 1, as bright, shows purple in three corners)
LEANING_BRIGHT = 0.95
OWN_CORNERS = 3
OWN_GAIN = (0.5, 1.33)
OWN_RESIDUAL = 0.3
#: ... its colour may then be any piece's that glare's white added to it, ``a p + b`` (``a`` at least
#: UNDER_GLARE_LEAST, ``b`` at least 0), gives within a relative residual UNDER_GLARE_FIT (the glared
#: brown cube: brown 0.045, wood 0.014; glared yellow: yellow 0.052, brown 0.15)
UNDER_GLARE_LEAST = 0.3
UNDER_GLARE_FIT = 0.06
#: a square lighter than the board, its centre darker than its edges by this much (edge contrast, units
#: of the light left by glare) or more, may be the SmartGames board in glare: its light grid lines stay
#: lighter than the square between them (seeds 0-1 scenes: empty squares in a coloured glare -0.15 to
#: -0.34, read as no colour or the grey piece's; every cube lighter than the board 0.18 and more, discs
#: among tall pieces -0.11 and more, which read as wood before this is asked)
GLARED_EDGE_MAX = -0.14


def own_cube(centre: np.ndarray, corners: list[np.ndarray]) -> bool:
    """Whether a bright centre (:data:`LEANING_BRIGHT`) has :data:`OWN_CORNERS` corners of its own
    colour up to a gain: the top of a cube filling its square, not a disc between leaning pieces."""
    if float(centre.mean()) <= LEANING_BRIGHT:
        return False
    norm = float(centre @ centre)
    own = 0
    for k in corners:
        g = float(np.clip(float(k @ centre) / norm, *OWN_GAIN))
        own += float(np.linalg.norm(k - g * centre)) <= OWN_RESIDUAL * g * np.sqrt(norm)
    return own >= OWN_CORNERS


def under_glare(centre: np.ndarray, protos: Palette) -> list[str]:
    """The pieces whose colour plus glare's white gives ``centre`` (see :data:`UNDER_GLARE_FIT`)."""
    out = []
    for name, shades in protos.shades.items():
        for p in shades:
            (a, b), *_ = np.linalg.lstsq(np.stack([p, np.ones(3)], axis=1), centre, rcond=None)
            fit = float(np.linalg.norm(centre - a * p - b)) / max(float(np.linalg.norm(centre)), MIN_UNGLARED)
            if a >= UNDER_GLARE_LEAST and b >= 0.0 and fit <= UNDER_GLARE_FIT and name not in out:
                out.append(name)
    return out


def board_in_glare(centre: np.ndarray, contrast: float, matched: bool) -> bool:
    """Whether a glare-like colour ``centre`` (``n``) not read as empty may be the board in glare: lighter
    than the board, darker than its edges (``contrast``, :data:`GLARED_EDGE_MAX`), and no colour of
    the game's ``matched`` to it closely (a cube's top in glare keeps its piece's colour)."""
    return float(centre.mean()) > 0.0 and contrast < GLARED_EDGE_MAX and not matched
