"""visolve make genius-square: rolls of the dice, exact counts checked against published ones."""

from __future__ import annotations

from functools import lru_cache

import pytest

from tests.conftest import shared_path
from visolve.make import genius
from visolve.make.generate import challenges
from visolve.puzzles.genius_square import model


@lru_cache(maxsize=1)
def published_counts() -> dict[tuple[str, ...], int]:
    """CatchemAL/genius-square's solution count of every legal roll (counted by another program)."""
    lines = shared_path("genius-square", "rolls.tsv").read_text().splitlines()
    out = {}
    for line in lines:
        if line.startswith("#") or line.startswith("blockers"):
            continue
        squares, count = line.split("\t")
        out[tuple(sorted(squares.split()))] = int(count)
    return out


def is_roll(blockers) -> bool:
    """One face of each die (the dice matched to the squares by a brute force over orders)."""
    from itertools import permutations

    return any(all(b in die for b, die in zip(order, model.DICE)) for order in permutations(blockers))


def test_starter_rolls_are_rolls_with_the_published_count():
    for made in challenges("genius-square", "starter", 4, seed=3):
        blockers = made.level.blockers
        assert is_roll(blockers) and made.level.difficulty == "starter"
        assert made.solution[0] == published_counts()[tuple(sorted(blockers))]


def test_hardest_and_easiest_are_the_extremes_of_their_sample():
    hardest = list(challenges("genius-square", "starter", 3, seed=2, rank="hardest"))
    easiest = list(challenges("genius-square", "starter", 3, seed=2, rank="easiest"))
    counts = published_counts()
    hard = [counts[tuple(sorted(m.level.blockers))] for m in hardest]
    easy = [counts[tuple(sorted(m.level.blockers))] for m in easiest]
    assert hard == sorted(hard) and easy == sorted(easy, reverse=True)
    assert max(hard) < min(easy)
    assert [m.solution[0] for m in hardest] == hard
    assert hardest[0].level.level == "starter-hardest-2-1"


@pytest.mark.parametrize("level", ["junior", "wizard"])
def test_rolls_of_harder_levels_keep_the_marked_pieces_apart(level):
    for made in challenges("genius-square", level, 2, seed=1):
        count, grid = made.solution
        assert count >= 1 and made.level.difficulty == level
        marked = model.DIFFICULTY[level]
        cells = {(r, c): ch for r, row in enumerate(grid) for c, ch in enumerate(row)}
        for (r, c), ch in cells.items():
            if ch in marked:
                for nb in ((r + 1, c), (r, c + 1)):
                    other = cells.get(nb)
                    assert not (other in marked and other != ch)


def test_same_seed_same_rolls():
    a = [m.level for m in challenges("genius-square", "expert", 3, seed=9)]
    assert a == [m.level for m in challenges("genius-square", "expert", 3, seed=9)]
