"""Random IQ Stars challenges with exactly one solution, made like the booklet's.

A random filling of the board (one of the 381) is shown until the engine
proves only that filling fits: whole pieces placed (Starter to Master), a
piece at a time, or single wizard stars (Wizard): first a few random stars
(the booklet's Wizard challenges show 2-4), then, when no few stars make it
unique, a star at a time.
"""

from __future__ import annotations

import random

from visolve.puzzles.iq_stars.board import CELLS, EMPTY, LETTERS

from visolve.puzzles.iq_stars.model import Level
from visolve.puzzles.iq_stars.solver import random_filling, unique_count

KINDS = ("pieces", "wizard")
#: wizard challenges: random sets of this many stars tried ...
FEW_STARS = range(2, 6)
#: ... this many times each
FEW_TRIES = 40


def _with(rows: list[str], cells, upper: bool, filling: list[str]) -> list[str]:
    grid = [list(r) for r in rows]
    for r, k in cells:
        ch = filling[r][k]
        grid[r][k] = ch.upper() if upper else ch
    return ["".join(r) for r in grid]


def random_challenge(rng: random.Random, kind: str = "pieces", level: int | str = 1) -> Level:
    """A challenge of ``kind`` (:data:`KINDS`) with exactly one solution.

    ``pieces`` shows whole pieces of a random filling, in random order, until
    the challenge is unique; ``wizard`` shows single stars the same way.
    """
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {', '.join(KINDS)}, got {kind!r}")
    filling = random_filling(rng)
    rows = [EMPTY * len(r) for r in filling]
    if kind == "wizard":
        few = _few_stars(rng, filling)
        if few is not None:
            return Level(level, few)
    if kind == "pieces":
        steps = [[c for c in CELLS if filling[c[0]][c[1]] == letter] for letter in LETTERS]
    else:
        steps = [[c] for c in CELLS]
    rng.shuffle(steps)
    for cells in steps:
        rows = _with(rows, cells, kind == "wizard", filling)
        if unique_count(rows) == 1:
            break
    return Level(level, tuple(rows))


def _few_stars(rng: random.Random, filling: list[str]) -> tuple[str, ...] | None:
    """A few wizard stars of ``filling`` that leave one solution, or None."""
    empty = [EMPTY * len(r) for r in filling]
    for k in FEW_STARS:
        for _ in range(FEW_TRIES):
            rows = _with(empty, rng.sample(CELLS, k), True, filling)
            if unique_count(rows) == 1:
                return tuple(rows)
    return None
