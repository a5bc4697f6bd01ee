"""A bright square that may be a cube's top in glare rather than a disc between leaning pieces, and
the grey piece that may be glare on the board.

Glare mixes a colour towards white; a cube's top keeps its own colour in its
corners (it fills its square), a hidden disc shows the pieces leaning over it.
On a black board, glare is as grey as the grey piece, and spreads past any
four squares (:func:`glare_beside_grey`).  Glare that greys a row of squares lights the board on
either side of it too, which a cube does not (:func:`glare_along_grey`).
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
#: the grey piece read with this many squares beside it read empty, each grey like it (flagged so, or
#: nearest its colour within GREY_LIKE), may be glare spread over the board.  Seed 113 scene 78: an
#: empty Happy Puzzle board under a glare spot, four of its squares read as the grey piece and 3
#: squares beside them grey too, one of the four read as it at its middle (the others through a lean);
#: of the 198 boards read with the grey piece on the photo scenes of 8 seeds, none read right has more
#: than 1 (the painter's roll 9 of seed 0 has 3, each of the grey piece's squares read surely)
GREY_BESIDE = 2
GREY_LIKE = 0.15
#: the grey piece read with the empty squares along two opposite sides of it, at least ALONG_LEAST
#: a side, each lighter than the board's other empty squares (median mean ``n``) by ALONG_LIFT or
#: more, is glare lighting a strip of the board: a cube does not light the board beside it, and a
#: tall piece's side leans over the squares on one side only.  Seed 211 scene 2: an empty SmartGames
#: board under a narrow streak of glare, E3-E6 read as the grey piece (``n`` 0.33-0.53), the squares
#: on its two sides 0.06-0.14 over the others; of the 200 readings with the grey piece on the
#: photo scenes of seeds 0, 1, 2, 17 and 211 and the held-out seeds 0 and 1, none read right has
#: two such sides lifted more than 0.004 (one refused, 1/65, its glare 0.04-0.24 over the others)
ALONG_LEAST = 2
ALONG_LIFT = 0.04


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


def glare_beside_grey(squares, rows: list[str], grey: str = "5") -> list[tuple[int, int]]:
    """The squares a drawing ``rows`` leaves empty beside the grey piece (``grey`` in it) that read
    grey like it at their middles (``squares``: flagged grey, or nearest its colour within
    :data:`GREY_LIKE`), when there are :data:`GREY_BESIDE` or more and the piece is not read surely
    on each of its own squares; else none.  A grey piece read surely is seen, whatever glare lies
    around it (the painter's roll 9 of seed 0: glare over a Happy Puzzle board's top left corner)."""
    piece = {(r, c) for r, row in enumerate(rows) for c, symbol in enumerate(row) if symbol == grey}
    if all(squares[r][c].symbol == grey for r, c in piece):
        return []
    beside = {(r + dr, c + dc) for r, c in piece for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))}
    found = sorted((r, c) for r, c in beside if 0 <= r < len(rows) and 0 <= c < len(rows[r])
                   and rows[r][c] == "." and _grey_like(squares[r][c], grey))
    return found if len(found) >= GREY_BESIDE else []


def _grey_like(square, grey: str) -> bool:
    """A square flagged grey, or nearest the grey piece's colour within :data:`GREY_LIKE`."""
    nearest = square.ranks[0] if square.ranks else ("", float("inf"))
    return square.grey or (nearest[0] == grey and nearest[1] <= GREY_LIKE)


def glare_along_grey(squares, rows: list[str], grey: str = "5") -> list[tuple[int, int]]:
    """The empty squares along two opposite sides of the grey piece (``grey`` in the drawing ``rows``)
    when each is lighter than the board's other empty squares by :data:`ALONG_LIFT` or more, at least
    :data:`ALONG_LEAST` a side (``squares``: their middles' colours); else none."""
    piece = {(r, c) for r, row in enumerate(rows) for c, symbol in enumerate(row) if symbol == grey}
    empty = {(r, c) for r, row in enumerate(rows) for c, symbol in enumerate(row) if symbol == "."}
    sides = {way: sorted({(r + way[0], c + way[1]) for r, c in piece} & empty)
             for way in ((0, 1), (1, 0), (0, -1), (-1, 0))}
    lifts = {cell: float(np.mean(squares[cell[0]][cell[1]].colour)) for cell in empty}
    others = [lifts[cell] for cell in empty - {cell for cells in sides.values() for cell in cells}]
    if not others:
        return []
    floor = float(np.median(others)) + ALONG_LIFT
    lit = {way for way, cells in sides.items()
           if len(cells) >= ALONG_LEAST and all(lifts[cell] >= floor for cell in cells)}
    both = next(((dr, dc) for dr, dc in lit if (-dr, -dc) in lit), None)
    return [] if both is None else sorted(sides[both] + sides[(-both[0], -both[1])])
