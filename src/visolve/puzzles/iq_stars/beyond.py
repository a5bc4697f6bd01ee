"""A coloured star on the board a row or a star beyond the star lattice read: the lattice is off.

A board printed with wide margins leaves room on it for a row of stars beyond the lattice's first
or last row.  Where the star outlines are faint, a lattice a row off (turned half round, so that
its first row lies on the margin and the board's last row falls outside it) can match them about
as well as the board's own: seed 22 scene 92, a photographed diagram with wizard stars, was read so,
its orange and green stars swapped and its blue star, a row outside the lattice, left out.

No star is drawn on a board's margin: a star read clearly coloured (:func:`.symbols.symbol_of`),
strongly and with its black outline (:data:`OUTLINE_LEAST`, :data:`STRENGTH_LEAST`), where the row
beyond the lattice's would stand, or a star before a row's first or after its last, wholly on the
board, says the lattice is off (:func:`star_beyond`).  Only boards whose margins hold such a row or
star are looked at again.
"""

from __future__ import annotations

from collections.abc import Callable

from visolve.errors import ReadError
from visolve.puzzles.iq_stars import layout
from visolve.puzzles.iq_stars.board import CELLS, EMPTY
from visolve.puzzles.iq_stars.outlines import shifted
from visolve.puzzles.iq_stars.symbols import symbol_of

#: the lattice moved a row up or down (board units, its own frame; half a star along keeps its rows'
#: lengths alternating), and which of its rows is then the row beyond the lattice read
ROW_SHIFTS = ((-0.5, -layout.ROW_STEP, 0), (0.5, -layout.ROW_STEP, 0),
              (-0.5, layout.ROW_STEP, 3), (0.5, layout.ROW_STEP, 3))

#: least contrast of a star's black outline there (``Star.outline``: a share of the board's median
#: star's) and least colour strength (``Star.strength``) for a star drawn: 22/92's blue star beyond
#: the lattice 0.82 and 2.23.  Seen beyond lattices read right: a number tab or a heading's colour in
#: the margin, read as violet stars, 0.14-0.36 and 0.41-0.59 (seed 22 scene 82, seed 20 scene 11,
#: seed 21 scene 98); a photo's navy margin read against the darker navy between star outlines as
#: blue stars, 0.51-0.67 and 0.83-1.04 (seed 21 scene 89)
OUTLINE_LEAST, STRENGTH_LEAST = 0.75, 1.5

Edge = tuple[float, float, float, float]


#: ... or moved a star along its rows, each row's first (-1) or last (+1) star then beyond the lattice
#: read: seed 49 scene 64, a small photographed page whose board's margin holds a star's width beside
#: the stars, read a star along and turned half round, its red star (0.94, 2.38) beyond a row's first
COLUMN_SHIFTS = ((-1.0, 0.0, 0), (1.0, 0.0, -1))


def star_beyond(stars_at: Callable, homography, edge: Edge) -> str:
    """Why the lattice ``homography`` (board units -> picture) with the board's edge ``edge`` (board
    units) is a row or a star off ("" when not): a star beyond its first or last row, or before the
    first or after the last star of a row, wholly on the board, reads clearly coloured.
    ``stars_at(homography, edge)`` measures the stars of a lattice
    (:func:`visolve.puzzles.iq_stars.reader.measure` on its view)."""
    for dx, dy, cells, where in _beyond_cells():
        moved_edge = (edge[0] - dx, edge[1] - dy, edge[2] - dx, edge[3] - dy)
        cells = [cell for cell in cells if _on_board(layout.CENTRES[cell], moved_edge)]
        if not cells:
            continue
        stars = stars_at(shifted(homography, dx, dy), moved_edge)
        for cell in cells:
            try:
                letter = symbol_of(cell, stars[cell])
            except ReadError:  # not clearly a star of one colour: says nothing
                continue
            star = stars[cell]
            if letter != EMPTY and star.outline >= OUTLINE_LEAST and star.strength >= STRENGTH_LEAST:
                return (f"a star read {letter} stands on the board {where}, where no star is drawn: "
                        "the star lattice found is a row or a star off?")
    return ""


def _beyond_cells() -> list[tuple[float, float, list, str]]:
    """Per move of the lattice (:data:`ROW_SHIFTS`, :data:`COLUMN_SHIFTS`): its shift, the cells
    that then stand beyond the lattice read, and where that is."""
    out = []
    for dx, dy, row in ROW_SHIFTS:
        where = "a row before the lattice's first row" if dy < 0 else "a row after the lattice's last row"
        out.append((dx, dy, [cell for cell in CELLS if cell[0] == row], where))
    rows = sorted({cell[0] for cell in CELLS})
    for dx, dy, end in COLUMN_SHIFTS:
        ends = [sorted(cell for cell in CELLS if cell[0] == r)[end] for r in rows]
        out.append((dx, dy, ends, "before the first star of a row" if dx < 0 else "after the last star of a row"))
    return out


def _on_board(centre, edge: Edge) -> bool:
    """Whether a star centred at ``centre`` lies wholly inside ``edge`` (board units)."""
    x, y = centre
    r = layout.STAR_R
    return edge[0] + r <= x <= edge[2] - r and edge[1] + r <= y <= edge[3] - r
