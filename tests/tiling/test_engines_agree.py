"""The compiled core gives the Python search's answers: same solutions in the same order."""

from __future__ import annotations

import pytest

from tests.tiling import data
from tests.tiling.conftest import need_compiled
from visolve.puzzles.genius_square import model as gs
from visolve.puzzles.iq_stars import model as stars
from visolve.puzzles.iq_xoxo import model as xoxo
from visolve.tiling import Constraints

QUESTIONS = {
    "gs roll": (lambda c: gs.engine(c), Constraints(blocked=[gs.square(b) for b in "A3 A5 B4 C6 E2 E6 F1".split()])),
    "gs wizard": (
        lambda c: gs.engine(c),
        Constraints(blocked=[gs.square(b) for b in "A1 A2 A4 A5 A6 B4 D5".split()], apart=gs.apart_groups("wizard")),
    ),
    "xoxo 120 loose": (lambda c: xoxo.engine(False, c), None),
    "stars empty": (lambda c: stars.engine(False, c), Constraints()),
    "stars wizard stars": (lambda c: stars.engine(False, c), Constraints(covers={(0, 4): "y", (0, 8): "o"})),
}


def _question(name):
    make, cons = QUESTIONS[name]
    if cons is None:
        cons = xoxo.challenge_constraints(data.xoxo_challenges()[120]["challenge"])
    return make, cons


@pytest.mark.parametrize("name", QUESTIONS)
def test_same_solutions_same_order_same_nodes(name):
    need_compiled()
    make, cons = _question(name)
    py, c = make(False), make(True)
    for ask in (lambda e: e.enumerate(cons), lambda e: e.solve(cons), lambda e: e.unique(cons)):
        a, b = ask(py), ask(c)
        assert (a.count, a.nodes, a.solutions, a.proven) == (b.count, b.nodes, b.solutions, b.proven)
    a, b = py.ask(cons, tally=True), c.ask(cons, tally=True)
    assert a.tally == b.tally
    assert py.count(cons).count == c.count(cons).count == a.count


def test_batch_agrees_with_single_questions():
    need_compiled()
    rolls = gs.all_rolls()[::7001]
    masks = [gs.blocker_mask(r) for r in rolls]
    for apart in ((), gs.apart_groups("master")):
        py, c = gs.engine(False).batch(masks, apart), gs.engine(True).batch(masks, apart)
        assert py == c
        single = [gs.engine(True).count(Constraints(blocked=[gs.square(b) for b in r], apart=apart)).count for r in rolls]
        assert list(c[0]) == single


def test_a_timeout_says_not_proven(compiled):
    res = xoxo.engine(False, compiled).count(timeout=1e-4)
    assert res.timed_out and not res.proven and res.unique is None


def test_an_impossible_start_is_refused_before_searching(compiled):
    eng = stars.engine(False, compiled)
    res = eng.solve(Constraints(covers={(0, 0): "r", (0, 2): "v", (0, 4): "r"}))
    assert res.proven and res.count == 0
    res = gs.engine(compiled).solve(Constraints(placed={"6": [(0, 0), (0, 1), (0, 2), (0, 3)]}))
    assert res.reason and not res.solved


def test_both_rules_find_the_same_solutions(compiled):
    from visolve.tiling import Engine
    from visolve.tiling.search import FEWEST, SCAN

    cons = xoxo.challenge_constraints(data.xoxo_challenges()[120]["challenge"])
    found = []
    for rule in (FEWEST, SCAN):
        eng = Engine(xoxo.BOARD, [xoxo.piece(p, False) for p in xoxo.LETTERS], False, compiled, rule)
        found.append(sorted(sorted((p.piece, p.mask) for p in s) for s in eng.enumerate(cons).solutions))
    assert found[0] == found[1] and len(found[0]) == 12


def test_rules_hooks_run_the_same_compiled():
    """IQ Circuit's track rules are data (constraints.Rules): both engines answer alike."""
    need_compiled()
    from visolve.puzzles.iq_circuit import solver
    from visolve.puzzles.iq_circuit.levelfile import from_booklet_data
    from visolve.tiling import Engine
    from visolve.tiling.search import SCAN

    levels = [from_booklet_data(e) for e in data.circuit_levels()[::6]]
    py = Engine(solver.BOARD, solver.ENGINE.table.pieces, rule=SCAN, priority=solver._priority, compiled=False)
    for level in levels:
        cons, reason = solver._prepare(level)
        assert not reason
        a, b = py.enumerate(cons), solver.ENGINE.enumerate(cons)
        assert (a.count, a.nodes, a.solutions) == (b.count, b.nodes, b.solutions) and a.count == 1
