"""IQ XOXO through the engine: fillings, challenges, with and without the X/O rule."""

from __future__ import annotations

import pytest

from tests.tiling import data
from visolve.puzzles.iq_xoxo import model as xoxo
from visolve.tiling.verify import tiling_problems


def test_every_published_filling_is_a_legal_tiling():
    table = xoxo.engine(True).table
    fillings = data.xoxo_fillings()
    assert len(fillings) == 68
    assert all(not tiling_problems(table, xoxo.parse_grid(f)) for f in fillings)


def test_the_68_fillings_are_the_published_ones(compiled):
    res = xoxo.engine(True, compiled).enumerate()
    grids = {tuple(xoxo.solution_grid(s)) for s in res.solutions}
    assert res.count == 68 and grids == {tuple(f) for f in data.xoxo_fillings()}


@pytest.mark.slow
def test_1848_fillings_without_the_rule_python():
    assert xoxo.engine(False, False).count().count == 1848


def test_1848_fillings_without_the_rule_compiled():
    from tests.tiling.conftest import need_compiled

    need_compiled()
    assert xoxo.engine(False, True).count().count == 1848
    assert xoxo.engine(False, True).enumerate().count == 1848


@pytest.mark.parametrize("number, without", [(119, 7), (120, 12), (56, None)])
def test_challenges(number, without, compiled):
    ch = data.xoxo_challenges()[number]
    eng = xoxo.engine(True, compiled)
    res = eng.enumerate(xoxo.challenge_constraints(ch["challenge"]))
    assert res.count == 1 and xoxo.solution_grid(res.solutions[0]) == ch["solution"]
    assert xoxo.solve_challenge(ch["challenge"]).unique
    if without is not None:
        loose = xoxo.engine(False, compiled).count(xoxo.challenge_constraints(ch["challenge"]))
        assert loose.count == without
