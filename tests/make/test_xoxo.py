"""visolve make iq-xoxo: forms, uniqueness re-checked against the published 68 fillings, seeds."""

from __future__ import annotations

from functools import lru_cache

import pytest

from tests.conftest import shared_path
from visolve.make import xoxo
from visolve.make.generate import challenges


@lru_cache(maxsize=1)
def published_fillings() -> tuple[tuple[str, ...], ...]:
    """dkorolev/iq-xoxo's 68 fillings (found by another program than visolve's engine)."""
    text = shared_path("iq-xoxo", "fillings.txt").read_text()
    lines = [line for line in text.splitlines() if not line.startswith("#")]
    boards = [tuple(b.split()) for b in "\n".join(lines).split("\n\n")]
    return tuple(b for b in boards if b)


def test_the_engine_finds_the_published_fillings():
    published = published_fillings()
    assert len(published) == 68 and set(published) == set(xoxo.fillings())


def matches(rows, filling) -> bool:
    return all(ch == "." or ch == f for row, frow in zip(rows, filling) for ch, f in zip(row, frow))


@pytest.mark.parametrize("level", xoxo.LEVELS)
def test_made_challenges_have_one_solution_among_the_published_fillings(level):
    published = published_fillings()
    made = list(challenges("iq-xoxo", level, 3, seed=2))
    assert len({m.level.rows for m in made}) == 3
    for m in made:
        assert [f for f in published if matches(m.level.rows, f)] == [m.solution]
        given = {ch for row in m.level.rows for ch in row if ch != "."}
        low, high = xoxo.PIECES_SHOWN[level]
        assert low <= len(given) <= high and m.level.grade >= 0
        for letter in given:  # a given piece is given whole
            cells = [(r, c) for r, row in enumerate(m.solution) for c, ch in enumerate(row) if ch == letter]
            assert len(cells) == 5 and all(m.level.rows[r][c] == letter for r, c in cells)


def test_same_seed_same_challenges():
    a = [m.level for m in challenges("iq-xoxo", "master", 3, seed=5)]
    assert a == [m.level for m in challenges("iq-xoxo", "master", 3, seed=5)]
    assert a != [m.level for m in challenges("iq-xoxo", "master", 3, seed=6)]
