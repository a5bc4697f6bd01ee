"""New IQ Stars challenges in the booklet's five forms, proven unique and graded.

A challenge is drawn from one of the 381 fillings of the empty board: Starter
to Master show whole pieces of it (Starter 4-5, Junior 2-3, Expert 2,
Master 1), Wizard 2-4 lone stars of different colours.  The tiling engine
proves it has exactly one solution (counting stops at 2); the grading search
(:mod:`visolve.make.grade`) measures its difficulty and proves the count a
second way.  A draw is kept when both say one solution and the grade falls in
the level's range as measured on the booklet's 120 challenges.
"""

from __future__ import annotations

import random
from functools import lru_cache

from visolve.make.grade import Grade, proven_grade
from visolve.puzzles.iq_stars import model
from visolve.puzzles.iq_stars.board import constraints
from visolve.puzzles.iq_stars.model import EMPTY, LETTERS, Level

PUZZLE = "iq-stars"
LEVELS = ("starter", "junior", "expert", "master", "wizard")
#: whole pieces shown per level, (fewest, most), as RULES.md has them
PIECES_SHOWN = {"starter": (4, 5), "junior": (2, 3), "expert": (2, 2), "master": (1, 1)}
#: wizard stars shown, (fewest, most)
WIZARD_STARS = (2, 4)
#: grade range of each level, (lowest, highest), measured on the booklet's challenges of that level
#: (scripts/bench_make.py --booklet prints them again; tests/make checks them when ../shared is here)
GRADE_RANGES = {"starter": (0, 6), "junior": (1, 33), "expert": (5, 84), "master": (14, 114),
                "wizard": (8, 182)}
#: draws tried for one challenge before giving up
MAX_DRAWS = 20_000


@lru_cache(maxsize=1)
def fillings() -> tuple[tuple[str, ...], ...]:
    """The 381 fillings of the empty board, as rows of colour letters, sorted (same seed, same draws)."""
    res = model.engine().enumerate(limit=0)
    return tuple(sorted(tuple(model.solution_rows(s)) for s in res.solutions))


def shown_rows(filling: tuple[str, ...], pieces: set[str], stars: dict[tuple[int, int], str]) -> tuple[str, ...]:
    """The challenge: cells of ``pieces`` in lower case, ``stars`` (``(row, k) -> letter``) in upper case."""
    out = []
    for r, row in enumerate(filling):
        out.append("".join(ch if ch in pieces else stars[(r, k)].upper() if (r, k) in stars else EMPTY
                           for k, ch in enumerate(row)))
    return tuple(out)


def draw(level: str, rng: random.Random) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """One candidate of ``level``'s form: ``(challenge rows, the filling it came from)``."""
    filling = rng.choice(fillings())
    if level in PIECES_SHOWN:
        low, high = PIECES_SHOWN[level]
        return shown_rows(filling, set(rng.sample(LETTERS, rng.randint(low, high))), {}), filling
    stars = {}
    for letter in rng.sample(LETTERS, rng.randint(*WIZARD_STARS)):
        cells = [(r, k) for r, row in enumerate(filling) for k, ch in enumerate(row) if ch == letter]
        stars[rng.choice(cells)] = letter
    return shown_rows(filling, set(), stars), filling


def check(rows: tuple[str, ...]) -> Grade | None:
    """The grade of a challenge with exactly one solution (proven by the engine and the grading search), else None."""
    return proven_grade(model.engine(), constraints(rows))


def make_one(level: str, rng: random.Random, avoid: set = frozenset()) -> tuple[Level, tuple[str, ...]]:
    """A new challenge of ``level``: ``(Level with its grade, its solution rows)``.

    ``avoid`` holds challenges (rows) already made, not to be made again.
    Raises RuntimeError when :data:`MAX_DRAWS` draws give none.
    """
    low, high = GRADE_RANGES[level]
    for _ in range(MAX_DRAWS):
        rows, filling = draw(level, rng)
        if rows in avoid:
            continue
        measured = check(rows)
        if measured is not None and low <= measured.value <= high:
            return Level(level, rows, grade=measured.value), filling
    raise RuntimeError(f"no unique {level} challenge in {MAX_DRAWS} draws")
