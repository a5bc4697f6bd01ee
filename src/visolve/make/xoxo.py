"""New IQ XOXO challenges: some pieces of a filling given, proven unique, graded.

The booklet's levels differ by how many pieces they give: early levels most
of them, the last ones a single piece (RULES.md; challenges 119 and 120 give
one piece).  A challenge shows whole pieces of one of the 68 fillings of the
empty board under the X/O rule.  The tiling engine proves it has exactly one
solution, the grading search (:mod:`visolve.make.grade`) grades it and counts
again.  The booklet's grades are not public (3 of its 120 challenges are), so
a level is its form only: every grade is accepted.
"""

from __future__ import annotations

import random
from functools import lru_cache

from visolve.make.grade import proven_grade
from visolve.puzzles.iq_xoxo import model
from visolve.puzzles.iq_xoxo.model import EMPTY, LETTERS, Level, challenge_constraints

PUZZLE = "iq-xoxo"
LEVELS = ("starter", "junior", "expert", "master", "wizard")
#: pieces given per level, (fewest, most): challenge 56 (Expert) gives 3, 119 and 120 (Wizard) 1
PIECES_SHOWN = {"starter": (5, 6), "junior": (4, 4), "expert": (3, 3), "master": (2, 2), "wizard": (1, 1)}
#: no booklet grades to measure: every grade is taken
GRADE_RANGES = {level: (0, None) for level in LEVELS}
#: draws tried for one challenge before giving up
MAX_DRAWS = 20_000


@lru_cache(maxsize=1)
def fillings() -> tuple[tuple[str, ...], ...]:
    """The 68 fillings of the empty board under the X/O rule, as rows of letters, sorted."""
    res = model.engine().enumerate(limit=0)
    return tuple(sorted(tuple(model.solution_grid(s)) for s in res.solutions))


def draw(level: str, rng: random.Random) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """One candidate of ``level``'s form: ``(challenge rows, the filling it came from)``."""
    filling = rng.choice(fillings())
    given = set(rng.sample(LETTERS, rng.randint(*PIECES_SHOWN[level])))
    rows = tuple("".join(ch if ch in given else EMPTY for ch in row) for row in filling)
    return rows, filling


def make_one(level: str, rng: random.Random, avoid: set = frozenset()) -> tuple[Level, tuple[str, ...]]:
    """A new challenge of ``level``: ``(Level with its grade, its solution rows)``.

    ``avoid`` holds challenges (rows) already made.  Raises RuntimeError when
    :data:`MAX_DRAWS` draws give none.
    """
    for _ in range(MAX_DRAWS):
        rows, filling = draw(level, rng)
        if rows in avoid:
            continue
        measured = proven_grade(model.engine(), challenge_constraints(rows))
        if measured is not None:
            return Level(level, rows, grade=measured.value), filling
    raise RuntimeError(f"no unique {level} challenge in {MAX_DRAWS} draws")
