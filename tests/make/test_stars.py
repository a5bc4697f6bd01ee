"""visolve make iq-stars: the forms of the levels, uniqueness re-checked by a brute force, seeds, grades."""

from __future__ import annotations

import json
import random
from functools import lru_cache

import pytest

from tests.conftest import shared_path
from tests.make import brute
from visolve.make import stars
from visolve.make.generate import challenges
from visolve.make.grade import grade, spearman
from visolve.puzzles.iq_stars import model
from visolve.puzzles.iq_stars.board import constraints


@lru_cache(maxsize=1)
def all_fillings():
    return brute.fillings()


def test_the_brute_force_finds_the_381_fillings():
    found = all_fillings()
    assert len(found) == len(set(found)) == 381
    assert set(found) == set(stars.fillings())


@pytest.mark.parametrize("level", stars.LEVELS)
def test_made_challenges_have_one_solution_by_brute_force_and_their_level_form(level):
    made = list(challenges("iq-stars", level, 4, seed=3))
    assert len({m.level.rows for m in made}) == 4
    for m in made:
        rows = m.level.rows
        solutions = [f for f in all_fillings() if brute.matches(rows, f)]
        assert solutions == [m.solution]
        shown = {ch for row in rows for ch in row if ch != "."}
        if level == "wizard":
            stars_shown = [ch for row in rows for ch in row if ch != "."]
            assert all(ch.isupper() for ch in stars_shown)
            assert 2 <= len(stars_shown) <= 4 and len(set(stars_shown)) == len(stars_shown)
        else:
            low, high = stars.PIECES_SHOWN[level]
            assert all(ch.islower() for ch in shown) and low <= len(shown) <= high
            for letter in shown:  # a shown piece is shown whole
                cells = [(r, k) for r, row in enumerate(m.solution) for k, ch in enumerate(row) if ch == letter]
                assert all(rows[r][k] == letter for r, k in cells)
        low, high = stars.GRADE_RANGES[level]
        assert low <= m.level.grade <= high
        assert m.level.level.startswith(f"{level}-3-")


def test_same_seed_same_challenges_and_the_first_ones_do_not_depend_on_the_count():
    a = [m.level for m in challenges("iq-stars", "master", 5, seed=11)]
    b = [m.level for m in challenges("iq-stars", "master", 3, seed=11)]
    c = [m.level for m in challenges("iq-stars", "master", 3, seed=12)]
    assert a[:3] == b
    assert [x.rows for x in b] != [x.rows for x in c]


def test_grade_counts_as_the_brute_force_and_a_full_board_needs_no_guess():
    table = model.engine().table
    empty = grade(table, constraints(("." * 7, "." * 6, "." * 7, "." * 6)))
    assert empty.solutions == 381 and empty.complete and empty.guesses > 0
    full = grade(table, constraints(all_fillings()[0]))
    assert (full.solutions, full.guesses, full.branches) == (1, 0, 0)
    rng = random.Random(5)
    for _ in range(30):  # random wizard stars: counts agree with the brute force, 0 or many too
        filling = rng.choice(all_fillings())
        cells = rng.sample([(r, k) for r, n in enumerate(brute.ROWS) for k in range(n)], 2)
        rows = tuple("".join(filling[r][k].upper() if (r, k) in cells else "." for k in range(n))
                     for r, n in enumerate(brute.ROWS))
        assert grade(table, constraints(rows)).solutions == sum(brute.matches(rows, f) for f in all_fillings())


def test_spearman_on_small_cases():
    assert spearman([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1.0)
    assert spearman([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1.0)
    # ties share their mean rank: ranks (0, 1.5, 1.5, 3) against (0, 1, 2, 3)
    assert spearman([1, 2, 3, 4], [5, 6, 6, 7]) == pytest.approx(0.9486832980505138)


def booklet():
    data = json.loads(shared_path("iq-stars", "challenges.json").read_text())
    return data["challenges"]


def test_grade_ranges_are_the_booklets_and_grade_follows_its_order():
    table = model.engine().table
    measured = {}
    numbers, grades = [], []
    for c in booklet():
        g = grade(table, constraints(c["challenge"]))
        assert g.solutions == 1 and g.complete
        low, high = measured.get(c["level"], (g.value, g.value))
        measured[c["level"]] = (min(low, g.value), max(high, g.value))
        numbers.append(c["number"])
        grades.append(g.value)
    assert measured == stars.GRADE_RANGES
    # measured 0.846: the grade sees what the booklet's authors ordered by, not exactly
    assert spearman(numbers, grades) > 0.8
