"""The compiled circuit500 search (``_fastsolve``) against the Python one.

The Python search and bounds are the reference (their own tests check them
against a brute force); here every compiled piece must give exactly the same
values, and whole searches the same action and tap counts."""

from __future__ import annotations

import random
import signal
import time

import numpy as np
import pytest

from visolve.puzzles.base import SolveOptions
from visolve.puzzles.circuit500 import model, solver
from visolve.puzzles.circuit500.solver_bound import reach_bound
from visolve.puzzles.circuit500.solver_counted import counted_bound

fast = solver._fastsolve
pytestmark = pytest.mark.skipif(
    fast is None, reason="compiled search not built (no C compiler when installing)"
)


def _arr(grid) -> bytes:
    return bytes(solver.encode(t) for row in grid for t in row)


def _random_levels(n: int, seed: int) -> list[bytes]:
    rng = np.random.default_rng(seed)
    return [_arr(model.random_level(rng).grid) for _ in range(n)]


def _walk(arr: bytes, rng: random.Random, steps: int):
    """The arrangement after each of ``steps`` random slides."""
    a = bytearray(arr)
    for _ in range(steps):
        gap = a.find(solver.GAP_C)
        nb = rng.choice([n for _b, n, _o in solver.NB[gap]])
        a[gap], a[nb] = a[nb], a[gap]
        yield bytes(a)


def _ends(arr: bytes):
    return (
        solver.find_tile(arr, solver.START_CODES),
        solver.find_tile(arr, solver.END_CODES),
        arr.find(solver.GAP_C),
    )


def test_bounds_equal_the_python_ones():
    rng = random.Random(11)
    compared = differ_by_limit = 0
    for arr0 in _random_levels(30, seed=5):
        tables = solver.BoundBoard(arr0).tables
        for arr in [arr0, *_walk(arr0, rng, 25)]:
            s0, e0, gap = _ends(arr)
            for limit in (1, 2, 3, 5, 31):
                for max_m in (31, 0):
                    want = reach_bound(arr, tables, s0, e0, gap, limit, max_m)
                    assert fast.reach_bound(arr, arr0, s0, e0, gap, limit, max_m) == want
                    want_c = counted_bound(arr, tables, s0, e0, gap, limit, max_m)
                    assert fast.counted_bound(arr, arr0, s0, e0, gap, limit, max_m) == want_c
                    differ_by_limit += want == limit
                    compared += 2
    # both capped and exact values were compared
    assert compared > 5000 and 0 < differ_by_limit < compared // 2


def test_bounds_without_a_gap():
    rng = np.random.default_rng(2)
    for _ in range(20):
        grid = model.random_level(rng).grid
        arr = _arr([[model.EMPTY if t.kind == "gap" else t for t in row] for row in grid])
        tables = solver.BoundBoard(arr).tables
        s0, e0, gap = _ends(arr)
        assert gap == -1
        for max_m in (31, 0):
            assert fast.reach_bound(arr, arr, s0, e0, gap, 31, max_m) == reach_bound(
                arr, tables, s0, e0, gap, 31, max_m
            )
            assert fast.counted_bound(arr, arr, s0, e0, gap, 31, max_m) == counted_bound(
                arr, tables, s0, e0, gap, 31, max_m
            )


def test_rotation_finish_and_class_key_equal_the_python_ones():
    rng = random.Random(12)
    finished = 0
    for arr0 in _random_levels(30, seed=6):
        for arr in [arr0, *_walk(arr0, rng, 15)]:
            gap = arr.find(solver.GAP_C)
            frozen = solver.ADJ_MASK[gap] if rng.random() < 0.5 else 0
            for limit in (3, 8, solver.INF):
                cost, _turns = solver.rotation_finish(arr, frozen, limit)
                got = fast.rotation_finish(arr, frozen, limit)
                assert got == (cost if cost < limit else solver.INF)
                finished += cost < limit
            assert fast.class_key(arr) == solver.class_key(arr, gap)
    assert finished > 50


@pytest.mark.parametrize("seed", [1, 2])
def test_search_equals_the_python_search(monkeypatch, seed):
    """Same actions, taps and proof on random levels (tiles of random
    levels, so some have no finish)."""
    levels = _random_levels(12, seed=100 + seed)
    seen = set()
    for i, arr in enumerate(levels):
        grid = model.make_grid([[solver.decode(arr[r * 4 + c]) for c in range(4)] for r in range(6)])
        level = model.Level(i, grid)
        got = {}
        for compiled in (False, True):
            monkeypatch.setattr(solver, "USE_COMPILED", compiled)
            res = solver.solve(level, SolveOptions(timeout=60))
            got[compiled] = (res["solved"], res["actions"], len(res["taps"]), res["proven"])
            if res["solved"]:
                final, cost, _ = model.replay(grid, res["taps"])
                assert model.is_solved(final) and cost == res["actions"]
        assert got[True] == got[False]
        seen.add(got[True][0])
    assert True in seen


def test_timeout_keeps_the_best_so_far(monkeypatch):
    """A level the compiled search cannot prove in a millisecond."""
    monkeypatch.setattr(solver, "USE_COMPILED", True)
    rng = np.random.default_rng(9)
    for _ in range(50):
        level = model.random_level(rng)
        res = solver.solve(level, SolveOptions(timeout=1e-4))
        if res["timed_out"]:
            assert res["proven"] is False
            if res["solved"]:
                final, cost, _ = model.replay(level.grid, res["taps"])
                assert model.is_solved(final) and cost == res["actions"]
            return
    pytest.fail("no random level ran into a 0.1 ms timeout")


def test_bad_input_is_refused():
    with pytest.raises(ValueError):
        fast.search(b"\x00" * 23, 0.0)
    with pytest.raises(ValueError):
        fast.search(bytes([solver.EMPTY_C] * 24), 0.0)  # no start or end


def test_all_solutions_equal_the_python_listing(monkeypatch):
    """The compiled listing (best slide paths x cheapest rotation finishes)
    gives exactly the solutions of the Python depth-first listing."""
    from tests.puzzles.circuit500.test_solver import LEVELS

    monkeypatch.setattr(solver, "USE_COMPILED", True)
    several = 0
    for i, (grid, (actions, taps)) in enumerate(LEVELS):
        res = solver.solve(model.Level(i, grid), SolveOptions(all_solutions=True))
        assert res["solutions_complete"] is True
        got = {tuple(map(tuple, s)) for s in res["solutions"]}
        arr = _arr(grid)
        want = {tuple(map(tuple, s)) for s in solver.enumerate_solutions(arr, actions, taps)}
        assert got == want
        several += len(got) > 1
    assert several >= 3  # the listing is not just the one solution found


def _hard_level() -> bytes:
    """An invented level the compiled search needs over a second for (11
    actions, 18 taps): 7 empties, 3 crosses, corners and junctions, shuffled
    with a fixed seed."""
    rng = random.Random(291)
    tiles = [model.EMPTY] * 7 + [model.Tile("cross", 15)] * 3
    tiles += [model.Tile("corner", rng.choice((3, 6, 12, 9))) for _ in range(6)]
    tiles += [model.Tile("junction", rng.choice((7, 11, 13, 14))) for _ in range(5)]
    tiles += [model.Tile("start", rng.choice((1, 2, 4, 8))), model.Tile("end", rng.choice((1, 2, 4, 8)))]
    tiles.append(model.GAP)
    rng.shuffle(tiles)
    return bytes(solver.encode(t) for t in tiles)


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="needs POSIX interval timers")
def test_a_signal_stops_a_long_search():
    """Ctrl-C (here: a CPU-time alarm whose handler raises) ends a long compiled
    search at once instead of after it.

    No wall clock: the CPU time this process spent until the handler's
    exception arrived is compared with the CPU time of the whole search, both
    measured here (a busy machine slows both alike)."""

    class Stop(Exception):
        pass

    def handler(_signum, _frame):
        raise Stop

    arr = _hard_level()
    old = signal.signal(signal.SIGPROF, handler)
    try:
        signal.setitimer(signal.ITIMER_PROF, 0.05)
        t0 = time.process_time()
        with pytest.raises(Stop):
            fast.search(arr, 0.0)
        stopped_after = time.process_time() - t0
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, old)
    t0 = time.process_time()
    res = fast.search(arr, 0.0)  # and the next search runs normally
    whole = time.process_time() - t0
    # a search that ignored the signal would only raise once it was done
    assert stopped_after < whole / 2
    assert res["proven"] and res["actions"] == 11 and res["taps"] == 18
