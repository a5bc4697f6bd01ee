"""New Genius Square boards: rolls of the seven dice with their exact solution count.

The game has no booklet: a challenge is a roll (one face of each die, as
the dice fall) under a difficulty's rule (``model.DIFFICULTY``: on the
harder SmartGames levels some pieces may not share an edge).  Every roll is
counted to the end by the engine, so the level file's roll comes with its
exact count (shown as it is made, and by ``--solve``); a roll with no
solution under the rule is drawn again.  The grade is the size of that
count's search (engine nodes).

``--hardest`` / ``--easiest`` rank a seeded sample of rolls
(:data:`SAMPLE_PER_BOARD` per board asked, at least :data:`SAMPLE_MIN`) by
their count, fewest (hardest) or most solutions first: the hardest of the
sample, not of all 62,208 rolls (counting all takes about 20 minutes).
"""

from __future__ import annotations

import random
from typing import Iterator

from visolve.puzzles.genius_square import model
from visolve.puzzles.genius_square.board import Level, make_level

PUZZLE = "genius-square"
LEVELS = tuple(model.DIFFICULTY)
#: every grade is taken: the game has no published levels of difficulty to measure
GRADE_RANGES = {level: (0, None) for level in LEVELS}
#: rolls sampled per board asked for with --hardest / --easiest, and at least
SAMPLE_PER_BOARD = 20
SAMPLE_MIN = 200
#: draws tried for one board before giving up
MAX_DRAWS = 1_000
EDITION = "happy-puzzle"


def roll(rng: random.Random) -> tuple[str, ...]:
    """One roll: a face of each die (names as the Happy Puzzle board prints them)."""
    return tuple(sorted(rng.choice(die) for die in model.DICE))


def counted(blockers, difficulty: str) -> tuple[int, int, list[str]]:
    """``(exact count, search nodes, first solution as 6 rows)`` of a roll."""
    res = model.solve_blockers(blockers, difficulty, count=True)
    grid = model.solution_grid(res, blockers) if res.solutions else []
    return res.count, res.nodes, grid


def board(name: str, blockers, difficulty: str, nodes: int) -> Level:
    """The level of a roll."""
    return make_level(name, blockers, edition=EDITION, difficulty=difficulty, grade=nodes)


def make_one(level: str, rng: random.Random, avoid: set = frozenset()) -> tuple[Level, tuple]:
    """A roll of difficulty ``level`` with a solution: ``(Level, (count, first solution rows))``."""
    for _ in range(MAX_DRAWS):
        blockers = roll(rng)
        if blockers in avoid:
            continue
        count, nodes, grid = counted(blockers, level)
        if count:
            return board(level, blockers, level, nodes), (count, tuple(grid))
    raise RuntimeError(f"no {level} roll with a solution in {MAX_DRAWS} draws")


def ranked(difficulty: str, count: int, seed: int, hardest: bool) -> Iterator[tuple[Level, tuple]]:
    """The ``count`` rolls of a seeded sample with the fewest (``hardest``) or most solutions.

    Ties are broken by the roll's squares, so the same seed gives the same boards.
    """
    rng = random.Random(f"{PUZZLE}/{difficulty}/{'hardest' if hardest else 'easiest'}/{seed}")
    sample = sorted({roll(rng) for _ in range(max(SAMPLE_MIN, SAMPLE_PER_BOARD * count))})
    found = []
    for blockers in sample:
        n, nodes, grid = counted(blockers, difficulty)
        if n:
            found.append((n, blockers, nodes, grid))
    found.sort(key=lambda t: (t[0] if hardest else -t[0], t[1]))
    for n, blockers, nodes, grid in found[:count]:
        yield board(difficulty, blockers, difficulty, nodes), (n, tuple(grid))
