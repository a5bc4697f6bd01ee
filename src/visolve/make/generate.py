"""The makers of new challenges, one per family, and the seeded stream of challenges.

Challenge ``k`` of a run (level ``L``, seed ``S``) is drawn from its own
random generator, seeded with ``"FAMILY/L/S/k"``, and must differ from
challenges ``1..k-1``: the same seed gives the same challenges, and the
first ``k`` do not depend on how many are asked for.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Callable, Iterator

from visolve.make import circuit, stars, xoxo


@dataclass(frozen=True)
class Maker:
    """How one family makes challenges.

    Attributes
    ----------
    family : str
        The family's name (``iq-stars``).
    levels : tuple of str
        Its booklet's levels, easiest first.
    make_one : callable
        ``make_one(level, rng, avoid) -> (Level, solution)``.
    grade_ranges : dict
        Level -> (lowest, highest) grade it accepts.
    """

    family: str
    levels: tuple[str, ...]
    make_one: Callable
    grade_ranges: dict


MAKERS = {
    stars.PUZZLE: Maker(stars.PUZZLE, stars.LEVELS, stars.make_one, stars.GRADE_RANGES),
    xoxo.PUZZLE: Maker(xoxo.PUZZLE, xoxo.LEVELS, xoxo.make_one, xoxo.GRADE_RANGES),
    circuit.PUZZLE: Maker(circuit.PUZZLE, circuit.LEVELS, circuit.make_one, circuit.GRADE_RANGES),
}


@dataclass(frozen=True)
class Made:
    """One challenge made: its number in the run, the level (with its grade and name) and its solution."""

    k: int
    level: object
    solution: tuple


def level_name(level: str, seed: int, k: int) -> str:
    """The level name of challenge ``k`` (``wizard-7-3``); its file is ``level_wizard-7-3.txt``."""
    return f"{level}-{seed}-{k}"


def source_line(family: str, level: str, seed: int) -> str:
    """The level file's ``source``: the command that made it."""
    return f"visolve make {family} --level {level} --seed {seed}"


def board_of(level) -> tuple:
    """What a challenge shows (two challenges that show the same are one)."""
    return getattr(level, "rows", None) or level.grid


def challenges(family: str, level: str, count: int, seed: int) -> Iterator[Made]:
    """Challenges 1..``count`` of ``family`` at ``level`` for ``seed``, one at a time."""
    maker = MAKERS[family]
    seen: set = set()
    for k in range(1, count + 1):
        rng = random.Random(f"{family}/{level}/{seed}/{k}")
        made, solution = maker.make_one(level, rng, seen)
        seen.add(board_of(made))
        named = replace(made, level=level_name(level, seed, k), source=source_line(family, level, seed))
        yield Made(k, named, solution)
