"""From what was seen on each star to the level's symbols: one star's symbol, or a refusal naming it.

A star whose colour is close to two piece colours, whose strength lies between free and
coloured, or which reads free but faintly tinted in one piece colour (a :class:`ColourDoubt`,
settled by the pieces' shapes when only one choice fits, or when only one of those that fit has
exactly one solution, as a challenge has), a star whose points are not one colour,
or one whose middle is neither clearly white nor clearly its colour is refused with
:class:`~visolve.errors.ReadError` naming it; so is a lattice whose outer lines show no star
outlines (a star off).  :mod:`visolve.puzzles.iq_stars.reader` measures the stars.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np

from visolve.errors import ReadError
from visolve.plural import counted
from visolve.puzzles.iq_stars.board import CELLS, EMPTY, ROW_LENGTHS, cell_name, level_problems
from visolve.puzzles.iq_stars.colours import MIN_MARGIN, SOLID_BELOW, WHITE_ABOVE, Verdict, settled_by_board
from visolve.puzzles.iq_stars.solver import challenges_among

#: a star's colour strength |colour part of (points - navy)| / |navy - black
#: outline| (both as seen: glare and stray light scale them alike), as a share
#: of what its colour measures as drawn (colours.EXPECTED): free below
#: EMPTY_BELOW, coloured above FILLED_ABOVE, refused between (measured on
#: photos: free stars up to 0.15, coloured ones down to 0.45 where blur
#: mixes in the outline)
EMPTY_BELOW, FILLED_ABOVE = 0.25, 0.4

#: a star read free whose colour strength is at least this (free stars in photos measure up to
#: 0.15; washed-out violet and purple pieces' stars down to 0.20) and whose six points are one
#: colour might be a washed-out piece's star: free or that colour, as the shapes allow
FREE_DOUBT_ABOVE = 0.15

#: at most this many stars whose colour is a doubt (under :data:`MIN_MARGIN`) are settled by
#: the pieces' shapes; more are refused
MAX_DOUBTS = 8

#: a colour further than this (degrees) from every piece colour is refused
MAX_ANGLE = 25.0

#: a coloured star's six points are one colour: the second-weakest must reach this share of the
#: strongest (a lattice put between the stars finds some points coloured, the others navy: 0-0.05;
#: real stars in photos down to 0.29)
MIN_ARMS = 0.2

#: a star read free whose most coloured point stands out from the navy by more than this many
#: navy-to-black spans lies between coloured stars: the lattice is off (measured on the scenes
#: of seeds 0, 1 and 3: free stars of boards read right up to 1.7, a lattice half a star off
#: that read a whole board free 4-5.5)
FREE_PEAK = 3.0

#: the free stars of an outer line of the lattice (its top or bottom row, the
#: first or last stars of the rows) must show outlines standing out from the
#: navy by at least this share of the board's median star's, as their median: a
#: lattice put a star off lies on bare board there, about 0 (single stars vary
#: more: down to 0.12 under glare and blur; a line's median down to 0.32)
MIN_OUTLINE = 0.2


@dataclass(frozen=True)
class Star:
    """What was seen on one star."""

    strength: float  #: |colour part of (points - navy)| / |navy - black|, share of its colour's
    verdict: Verdict  #: colour of the points
    white: float  #: white share of the middle
    outline: float = 1.0  #: its outline's contrast with the navy, share of the board's median star's
    arms: float = 1.0  #: the second-weakest of its six points' colour, share of the strongest's
    peak: float = 0.0  #: its most coloured point's colour part, in navy-to-black spans
    green: float = 0.0  #: green / red of its points' difference from navy (orange against yellow)


class ColourDoubt(ReadError):
    """A star whose colour lies between two pieces' (see :data:`MIN_MARGIN`), or between free and
    coloured (see :data:`FILLED_ABOVE`); ``options`` holds the star's symbol under each choice."""

    def __init__(self, message: str, options: tuple[str, ...]) -> None:
        super().__init__(message)
        self.options = options


def _one_colour(star: Star) -> bool:
    """Whether a faint star's points look like one piece colour (near one, all six alike)."""
    return star.verdict.distance <= MAX_ANGLE and star.arms >= MIN_ARMS and not (
        SOLID_BELOW <= star.white <= WHITE_ABOVE)


def _free_or(star: Star) -> tuple[str, ...]:
    """A faint star's choices: free, or either of its two nearest colours (a placed piece's star
    with a white middle, a wizard star with a navy one)."""
    case = str.lower if star.white > WHITE_ABOVE else str.upper
    return (EMPTY, case(star.verdict.name), case(star.verdict.second))


def symbol_of(cell, star: Star) -> str:
    """The level symbol of one star, or ReadError naming it when it cannot be called
    (:class:`ColourDoubt` when only its colour is between two pieces')."""
    v = star.verdict
    weak = f"{cell_name(cell)}: free or {v.name}? (colour strength {star.strength:.2f})"
    if star.strength < EMPTY_BELOW:
        if star.peak > FREE_PEAK:
            raise ReadError(f"{cell_name(cell)}: reads free, yet one of its points is coloured ({star.peak:.1f} "
                            f"outline contrasts): is the lattice between the stars?")
        if star.strength >= FREE_DOUBT_ABOVE and _one_colour(star):
            raise ColourDoubt(weak, _free_or(star))
        return EMPTY
    if v.distance > MAX_ANGLE:
        raise ReadError(f"{cell_name(cell)}: colour {v.distance:.0f} degrees from every piece colour (nearest {v.name})")
    if star.arms < MIN_ARMS:
        raise ReadError(f"{cell_name(cell)}: its six points are not all one colour (the second-weakest "
                        f"{star.arms:.2f} of the strongest): is the lattice between the stars?")
    if SOLID_BELOW <= star.white <= WHITE_ABOVE:
        raise ReadError(f"{cell_name(cell)}: placed piece or wizard star? (white middle {star.white:.2f})")
    case = str.lower if star.white > WHITE_ABOVE else str.upper
    if star.strength < FILLED_ABOVE:
        if star.white <= WHITE_ABOVE:  # a navy middle: free, tinted by a neighbour's blur, or a wizard star
            raise ColourDoubt(weak, _free_or(star))
        # a white middle: a placed piece's star, of either of its two nearest colours as the shapes allow
        raise ColourDoubt(weak, (case(v.name), case(v.second)))
    if v.margin < MIN_MARGIN:
        raise ColourDoubt(f"{cell_name(cell)}: {v.name} or {v.second}? (colour margin {v.margin:.1f} degrees)",
                          (case(v.name), case(v.second)))
    return case(v.name)


def settled_by_shapes(grid: list[list[str]], doubts: list) -> tuple[str, ...]:
    """The rows with every doubtful star's colour settled by the pieces' shapes.

    Each of ``doubts`` (cell, :class:`ColourDoubt`) may be either of its two
    colours; the reading stands only when exactly one choice of them all
    makes a possible challenge (the rules decide, nothing is guessed): its
    pieces form their shapes and, when several choices do, it has exactly one
    solution, as every challenge has (``../shared/iq-stars/RULES.md``; the
    solver counts, it does not guess).  Else the first doubt is raised, saying
    what the shapes and the solutions allowed.
    """
    first = doubts[0][1]
    if len(doubts) > MAX_DOUBTS:
        raise first
    fits = []
    for choice in itertools.product(*(d.options for _c, d in doubts)):
        for ((r, k), _d), symbol in zip(doubts, choice):
            grid[r][k] = symbol
        rows = tuple("".join(row) for row in grid)
        if not level_problems(rows):
            fits.append(rows)
    if len(fits) == 1:
        return fits[0]
    if not fits:
        raise ReadError(f"{first}; {counted(len(doubts), 'star')} in doubt, no choice of them makes a challenge")
    challenges = challenges_among(fits)
    if len(challenges) == 1:
        return challenges[0]
    raise ReadError(f"{first}; {counted(len(doubts), 'star')} in doubt, the pieces' shapes allow "
                    f"{len(fits)} readings, {len(challenges)} of them with exactly one solution")


#: the lattice's outer lines: name and cells
OUTER_LINES = (
    ("the top row", [c for c in CELLS if c[0] == 0]),
    ("the bottom row", [c for c in CELLS if c[0] == len(ROW_LENGTHS) - 1]),
    ("the first stars of the rows", [(r, 0) for r in range(len(ROW_LENGTHS))]),
    ("the last stars of the rows", [(r, n - 1) for r, n in enumerate(ROW_LENGTHS)]),
)


def check_outer_lines(stars: dict) -> None:
    """ReadError when an outer line of the lattice shows no star outlines where its free stars
    should be (see :data:`MIN_OUTLINE`): the lattice would lie a star off, on bare board."""
    for name, cells in OUTER_LINES:
        free = [stars[c].outline for c in cells if stars[c].strength < EMPTY_BELOW]
        if len(free) >= 2 and float(np.median(free)) < MIN_OUTLINE:
            raise ReadError(f"no star outlines where the lattice puts the free stars of {name} (they stand "
                            f"out {float(np.median(free)):.2f} as much as the board's stars): a star off?")


def rows_of(stars: dict) -> tuple[str, ...]:
    """The 4 rows read (ReadError on the first star that cannot be called; stars whose colour
    is between two pieces' are settled by the shapes when only one choice fits)."""
    check_outer_lines(stars)
    grid = [[EMPTY] * n for n in ROW_LENGTHS]
    doubts = []
    for cell in CELLS:
        r, k = cell
        try:
            grid[r][k] = symbol_of(cell, stars[cell])
        except ColourDoubt as doubt:
            doubts.append((cell, doubt))
    if doubts:
        try:
            return settled_by_shapes(grid, doubts)
        except ReadError:
            rest = settled_by_board(stars, grid, doubts)
            if rest is None:
                raise
            if not rest:
                return tuple("".join(row) for row in grid)
            return settled_by_shapes(grid, rest)
    return tuple("".join(row) for row in grid)
