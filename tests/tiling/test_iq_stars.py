"""IQ Stars through the engine: fillings, challenges, no god challenge."""

from __future__ import annotations

from tests.tiling import data
from visolve.puzzles.iq_stars import model as stars
from visolve.tiling import Constraints
from visolve.tiling.verify import tiling_problems


def _pieces(rows) -> dict:
    out = {}
    for r, row in enumerate(rows):
        for k, ch in enumerate(row):
            out.setdefault(ch.lower(), []).append(stars.cell(r, k))
    return out


def test_every_filling_and_challenge_solution_is_a_legal_tiling():
    table = stars.engine().table
    boards = data.stars_fillings() + [c["solution"] for c in data.stars_challenges()]
    assert len(boards) == 381 + 120
    assert all(not tiling_problems(table, _pieces(b)) for b in boards)


def test_the_381_fillings_are_the_published_ones(compiled):
    res = stars.engine(False, compiled).enumerate()
    rows = {tuple(stars.solution_rows(s)) for s in res.solutions}
    assert res.count == 381 and rows == {tuple(f) for f in data.stars_fillings()}


def test_2976_fillings_with_flips(compiled):
    assert stars.engine(True, compiled).count().count == 2976


def test_every_challenge_has_its_published_solution_only(compiled):
    eng = stars.engine(False, compiled)
    for ch in data.stars_challenges():
        res = eng.enumerate(stars.challenge_constraints(ch["challenge"]), limit=2)
        assert res.unique, ch["number"]
        assert stars.solution_rows(res.solutions[0]) == ch["solution"], ch["number"]


def test_no_god_challenge(compiled):
    eng = stars.engine(False, compiled)
    counts = [
        eng.unique(Constraints(covers={cell: letter})).count
        for cell in stars.BOARD.cells
        for letter in stars.LETTERS
    ]
    assert 1 not in counts and counts.count(2) > 0
