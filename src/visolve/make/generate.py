"""The makers of new challenges, one per family, and the seeded stream of challenges.

Challenge ``k`` of a run (level ``L``, seed ``S``) is drawn from its own
random generator, seeded with ``"FAMILY/L/S/k"``, and must differ from
challenges ``1..k-1``: the same seed gives the same challenges, and the
first ``k`` do not depend on how many are asked for.  Genius Square's
``--hardest`` / ``--easiest`` instead rank a seeded sample of rolls by their
exact solution count (:func:`visolve.make.genius.ranked`).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import MutableMapping
from dataclasses import dataclass, replace
from typing import Callable, Iterator


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
        Level -> (lowest, highest) grade it accepts (None: no bound).
    ranked : callable or None
        ``ranked(level, count, seed, hardest)``: challenges ranked by solution count.
    """

    family: str
    levels: tuple[str, ...]
    make_one: Callable
    grade_ranges: dict
    ranked: Callable | None = None


#: the module of :mod:`visolve.make` that makes each family's challenges (its ``PUZZLE``,
#: ``LEVELS``, ``make_one``, ``GRADE_RANGES`` and, when it ranks, ``ranked``)
MAKER_MODULES = {"iq-stars": "stars", "iq-xoxo": "xoxo", "iq-circuit": "circuit", "genius-square": "genius"}


class Makers(MutableMapping):
    """Family -> :class:`Maker`, each family's module imported when it is first asked for (making
    IQ Stars challenges does not load the IQ Circuit solver: a tenth of a second of a run's start);
    a maker set here (a test's) stands instead."""

    def __init__(self) -> None:
        self.loaded: dict[str, Maker] = {}

    def __getitem__(self, family: str) -> Maker:
        if family not in self.loaded:
            if family not in MAKER_MODULES:
                raise KeyError(family)
            module = importlib.import_module(f"visolve.make.{MAKER_MODULES[family]}")
            self.loaded[family] = Maker(module.PUZZLE, module.LEVELS, module.make_one, module.GRADE_RANGES,
                                        getattr(module, "ranked", None))
        return self.loaded[family]

    def __setitem__(self, family: str, maker: Maker) -> None:
        self.loaded[family] = maker

    def __delitem__(self, family: str) -> None:
        del self.loaded[family]

    def __iter__(self) -> Iterator[str]:
        return iter(dict.fromkeys([*MAKER_MODULES, *self.loaded]))

    def __len__(self) -> int:
        return len(dict.fromkeys([*MAKER_MODULES, *self.loaded]))


MAKERS = Makers()


@dataclass(frozen=True)
class Made:
    """One challenge made.

    Attributes
    ----------
    k : int
        Its number in the run, 1..N.
    level : object
        The family's level (named, with its grade and source).
    solution : tuple
        Its solution (Genius Square: ``(exact count, first solution rows)``).
    """

    k: int
    level: object
    solution: tuple


def level_name(level: str, seed: int, k: int) -> str:
    """The level name of challenge ``k`` (``wizard-7-3``); its file is ``level_wizard-7-3.txt``."""
    return f"{level}-{seed}-{k}"


def source_line(family: str, level: str, seed: int, rank: str = "") -> str:
    """The level file's ``source``: the command that made it."""
    return f"visolve make {family} --level {level} --seed {seed}" + (f" --{rank}" if rank else "")


def board_of(level) -> tuple:
    """What a challenge shows (two challenges that show the same are one)."""
    for attribute in ("rows", "grid", "blockers"):
        if hasattr(level, attribute):
            return getattr(level, attribute)
    raise TypeError(f"no board in {type(level).__name__}")


def challenges(family: str, level: str, count: int, seed: int, rank: str = "") -> Iterator[Made]:
    """Challenges 1..``count`` of ``family`` at ``level`` for ``seed``, one at a time.

    ``rank`` is ``"hardest"`` or ``"easiest"`` for a family that ranks by solution count.
    """
    maker = MAKERS[family]
    if rank:
        if maker.ranked is None:
            raise ValueError(f"{family} challenges have one solution each: --{rank} is for genius-square")
        name = f"{level}-{rank}"
        for k, (made, solution) in enumerate(maker.ranked(level, count, seed, rank == "hardest"), start=1):
            named = replace(made, level=level_name(name, seed, k), source=source_line(family, level, seed, rank))
            yield Made(k, named, solution)
        return
    seen: set = set()
    for k in range(1, count + 1):
        rng = random.Random(f"{family}/{level}/{seed}/{k}")
        made, solution = maker.make_one(level, rng, seen)
        seen.add(board_of(made))
        named = replace(made, level=level_name(level, seed, k), source=source_line(family, level, seed))
        yield Made(k, named, solution)
