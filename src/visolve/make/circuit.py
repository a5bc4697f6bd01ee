"""New IQ Circuit challenges in the booklet's three forms, proven unique, graded.

A challenge comes from a random full board (``solver.random_board``): Expert
shows the whole track, Master 1-4 of the pieces that carry a dot plus the
other dots, Wizard the dots only (``solver.random_challenge``).  The
family's solver counts its solutions to the end (as seen on the board: the
blank twin bars are one look); a challenge is kept when the count is one.
The track rules are a search hook, so the grade here is the size of that
proof: the engine's search nodes, with its forced moves and pruning
(Spearman 0.83 with the booklet's order on its 72 published challenges).
"""

from __future__ import annotations

import random

from visolve.puzzles.base import SolveOptions
from visolve.puzzles.iq_circuit import solver
from visolve.puzzles.iq_circuit.model import Level

PUZZLE = "iq-circuit"
#: the booklet's data has the last three groups (the first 48 challenges are not published)
LEVELS = ("expert", "master", "wizard")
#: grade (search nodes) range of each level, measured on the booklet's 72 challenges
#: (tests/make checks them again when ../shared is here)
GRADE_RANGES = {"expert": (15, 92), "master": (9, 1285), "wizard": (106, 8134)}
#: seconds one count may take: a draw with very many solutions is dropped, not counted out
COUNT_TIMEOUT = 2.0
#: draws tried for one challenge before giving up
MAX_DRAWS = 2_000


def check(level: Level) -> tuple[int, tuple[str, ...]] | None:
    """``(grade, solved board's symbols)`` of a challenge with exactly one solution, else None."""
    out = solver.solve(level, SolveOptions(timeout=COUNT_TIMEOUT))
    if not out["proven"] or out["count"] != 1:
        return None
    return out["nodes"], tuple(out["symbols"])


def make_one(level: str, rng: random.Random, avoid: set = frozenset()) -> tuple[Level, tuple[str, ...]]:
    """A new challenge of ``level``: ``(Level with its grade, its solved board's symbols)``.

    ``avoid`` holds challenges (grids) already made.  Raises RuntimeError when
    :data:`MAX_DRAWS` draws give none.
    """
    low, high = GRADE_RANGES[level]
    for _ in range(MAX_DRAWS):
        drawn = solver.random_challenge(rng, level, level=level)
        if drawn.grid in avoid:
            continue
        checked = check(drawn)
        if checked is not None and low <= checked[0] <= high:
            return Level(level, level, drawn.grid, drawn.pieces, grade=checked[0]), checked[1]
    raise RuntimeError(f"no unique {level} challenge in {MAX_DRAWS} draws")
