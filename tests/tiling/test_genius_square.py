"""The Genius Square through the engine: the cases in its RULES.md, difficulty levels."""

from __future__ import annotations

import pytest

from tests.tiling import data
from visolve.puzzles.genius_square import model as gs
from visolve.tiling import Constraints

CASES = {
    "A3 A5 B4 C6 E2 E6 F1": 11,
    "B3 B4 F1 F2 F3 F4 F6": 22317,
    "A4 B3 B5 C1 C2 C4 C6": 1,
    "A2 B1 F5 E6 C3 C4 D2": 0,
}


@pytest.mark.parametrize("blockers", CASES)
def test_rules_cases(blockers, compiled):
    cons = Constraints(blocked=[gs.square(b) for b in blockers.split()])
    res = gs.engine(compiled).count(cons)
    assert res.proven and res.count == CASES[blockers]


def test_solve_blockers_gives_a_checked_solution():
    blockers = "A4 B3 B5 C1 C2 C4 C6".split()
    res = gs.solve_blockers(blockers)
    grid = gs.solution_grid(res, blockers)
    assert "." not in "".join(grid)
    assert sorted("".join(grid).replace("#", "")) == sorted("".join(p.name * p.size for p in gs.PIECES))
    assert not gs.solve_blockers("A2 B1 F5 E6 C3 C4 D2".split()).solved


def _marked_apart(solution, marked) -> bool:
    lays = [pl for pl in solution if gs.PIECES[pl.piece].name in marked]
    return all(not gs.BOARD.halo(a.mask) & b.mask for a in lays for b in lays if a is not b)


@pytest.mark.parametrize("level", ["junior", "master", "wizard"])
def test_difficulty_levels_keep_marked_pieces_apart(level, compiled):
    blockers = "B3 B4 F1 F2 F3 F4 F6".split()
    eng = gs.engine(compiled)
    cons = Constraints(blocked=[gs.square(b) for b in blockers], apart=gs.apart_groups(level))
    every = eng.enumerate(cons)
    assert 0 < every.count < CASES["B3 B4 F1 F2 F3 F4 F6"]
    assert all(_marked_apart(s, gs.DIFFICULTY[level]) for s in every.solutions)
    assert eng.count(cons).count == every.count
    assert gs.solve_blockers(blockers, level, count=True).count == every.count


def test_roll_counts_equal_rolls_tsv_on_a_sample(compiled):
    published = data.rolls()
    assert len(published) == 62208 and sorted(published) == gs.all_rolls()
    sample = sorted(published)[:: 62208 // (40 if compiled else 8)]
    eng = gs.engine(compiled)
    counts, _firsts, late = eng.batch([gs.blocker_mask(r) for r in sample])
    assert not late and counts == [published[r] for r in sample]


def test_batch_first_solutions_tile_the_board(compiled):
    from visolve.tiling.verify import indices_tile

    rolls = gs.all_rolls()[:: 62208 // 50]
    eng = gs.engine(compiled)
    masks = [gs.blocker_mask(r) for r in rolls]
    counts, firsts, _late = eng.batch(masks, limit=1, keep_first=True)
    assert counts == [1] * len(rolls)
    assert all(indices_tile(eng.table, f, m) for f, m in zip(firsts, masks))


def test_a_piece_kept_within_cells(compiled):
    """``within``: the monomino only on the top row = the solutions that put it there."""
    blocked = [gs.square(b) for b in "B3 B4 F1 F2 F3 F4 F6".split()]
    eng = gs.engine(compiled)
    top = [(0, c) for c in range(6)]
    kept = eng.count(Constraints(blocked=blocked, within={"1": top})).count
    every = eng.enumerate(Constraints(blocked=blocked)).solutions
    assert 0 < kept == sum(1 for s in every for pl in s if pl.piece == 0 and pl.mask < 1 << 6)


@pytest.mark.parametrize("blockers", CASES)
def test_counts_do_not_depend_on_the_edition(blockers, compiled):
    """RULES.md: a transpose maps the pieces onto themselves, so a set of names counts the same on
    either edition's board (letters naming rows or columns); the cells differ."""
    names = blockers.split()
    counts = {}
    for edition in ("happy-puzzle", "smartgames"):
        cells = [gs.square(b, edition) for b in names]
        counts[edition] = gs.engine(compiled).count(Constraints(blocked=cells)).count
        assert [gs.name(c, edition) for c in cells] == names
    assert counts["happy-puzzle"] == counts["smartgames"] == CASES[blockers]
    assert gs.square("A5", "smartgames") == (4, 0) and gs.square("A5", "happy-puzzle") == (0, 4)
