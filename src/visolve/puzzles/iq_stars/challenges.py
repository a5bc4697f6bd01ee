"""Random IQ Stars challenges with exactly one solution, made like the booklet's.

A random filling of the board (one of the 381) is shown a little at a time
until the engine proves only that filling fits: whole pieces placed
(Starter to Master) or single wizard stars (Wizard).
"""

from __future__ import annotations

import random

from visolve.puzzles.iq_stars.board import CELLS, EMPTY, LETTERS, Level
from visolve.puzzles.iq_stars.solver import random_filling, unique_count

KINDS = ("pieces", "wizard")


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
