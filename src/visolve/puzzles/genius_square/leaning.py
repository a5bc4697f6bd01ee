"""A board refused as read at its squares' middles, read again where tall pieces' tops show.

Seen 30-50 degrees off the top, a cube of the Genius Square stands its top off its square by half
a square or more, away from the camera (:func:`visolve.vision.lean.lean`): read at the squares'
middles, a cube's colour shows on the square beyond it and a square's own middle shows the cube's
shaded side; the pieces' shapes then fail (a brown piece "seen in 2 places", the green one over 6
squares) and the board is refused.  Where the camera was is known only up to its principal point:
:func:`visolve.puzzles.genius_square.tops.top_shifts` reads off the middles only when the two
principal points tried agree closely, which a steep view seldom gives.

Such a board is read again with the squares' colours taken where the tops stand
(:func:`lean_fields`: the cameras the two principal points give, the tops of a piece at each height
of :data:`HEIGHTS`, each shift cut to :data:`MAX_LEAN`), and each reading goes through every check the
first one went through (the shapes, the whole cover, the roll of the dice).  A reading is kept only
when every lean field that gives a board at all gives the same one (:func:`leaning_level`): a lean
that makes the squares fit one board and another lean another board is a doubt, and the first
refusal stands.  A view tilted less than
:data:`~visolve.puzzles.genius_square.tops.MIN_TILT` (artwork, a print, a photo from above) has no
lean to try.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from visolve.errors import ReadError
from visolve.puzzles.genius_square.tops import SIZE, cut, shifts_at
from visolve.vision.view import BoardView

#: heights (squares) of the point whose lean a square's colour is read at: a cube's top is 0.75-1.0
#: squares up; read at 0.45 a cube's top and an empty square's far part both show, read at 0.7 a
#: steeper view's tops (seed 0: scenes 17, 26, 35, 71, 80 and 99 read at 0.45, 17, 26, 35, 40, 80 and
#: 99 at 0.7)
HEIGHTS = (0.45, 0.7)
#: the most a square is read off its middle (squares): half a square, the patch read (0.4 square)
#: still on the square's half away from the camera
MAX_LEAN = 0.5
#: a field within this of one tried already (every square's shift, squares) is not read again: the
#: patches read overlap by nine tenths (steep views cut to MAX_LEAN give the same field at each height)
SAME_FIELD = 0.04


def lean_fields(view: BoardView) -> list[np.ndarray]:
    """The shifts ``(6, 6, 2)`` (board units) to read the squares at: one per height of :data:`HEIGHTS`,
    the mean of the two principal points' (the board's middle, the picture's: on seed 0 each alone
    gains the same scenes, and each field read costs 20-30 ms), cut to :data:`MAX_LEAN`, but one
    within :data:`SAME_FIELD` of the one before; none when the view's picture is unknown or no camera
    found is tilted enough to lean."""
    if view.picture is None:
        return []
    fields: list[np.ndarray] = []
    for height in HEIGHTS:
        found = [shifts for shifts in shifts_at(view, height) if shifts is not None and np.any(shifts)]
        if not found:
            continue
        shifts = cut(sum(found) / len(found), MAX_LEAN)
        if all(float(np.abs(shifts - other).max()) > SAME_FIELD for other in fields):
            fields.append(shifts)
    return fields


def leaning_level(refused: ReadError, fields: list[np.ndarray], read_with: Callable[[np.ndarray], object]):
    """The level every lean field of ``fields`` that gives one agrees on (``read_with``: the level the
    squares read at a field's shifts give, or a :class:`ReadError`).

    Raises
    ------
    ReadError
        ``refused`` (the reading at the middles' reason) when no field gives a level, and a doubt
        naming the first square two fields' levels differ on when they do not agree.
    """
    levels = []
    for shifts in fields:
        try:
            levels.append(read_with(shifts))
        except ReadError:
            continue
    if not levels:
        raise refused
    first = levels[0]
    for other in levels[1:]:
        if (other.blockers, other.pieces) != (first.blockers, first.pieces):
            raise ReadError(f"square {_first_difference(first, other)}: read where tall pieces' tops would "
                            "show, two leans of the camera's give two boards") from refused
    return first


def _first_difference(one, other) -> str:
    """A square two levels differ on (a blocker of one's not the other's, or a piece's square)."""
    for blocker in sorted(set(one.blockers) ^ set(other.blockers)):
        return blocker
    mine, theirs = dict(one.pieces), dict(other.pieces)
    for piece in sorted(set(mine) | set(theirs)):
        moved = set(mine.get(piece, ())) ^ set(theirs.get(piece, ()))
        if moved:
            return sorted(moved)[0]
    return "?"
