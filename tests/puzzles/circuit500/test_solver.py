"""circuit500 solver: exactness against an independent brute force, bound
admissibility, real levels against the seed's reference, timeout, all solutions.

Tests of whole solves run on both engines (``engine``): the Python search and
the compiled one (``_fastsolve``, skipped when it is not built)."""

from __future__ import annotations

import heapq
import json
import random

import pytest

from tests.conftest import shared_path
from visolve.puzzles.base import SolveOptions
from visolve.puzzles.circuit500 import solver
from visolve.puzzles.circuit500.model import (
    Level,
    Tile,
    is_solved,
    make_grid,
    parse_token,
    replay,
)

# ------------------------------------------------ independent brute force
# Own encoding and own rules (tuples of (kind, arms)), Dijkstra over whole
# boards on the lexicographic cost (actions, taps).

ROTATING = {"corner", "junction", "start", "end"}
STEPS = ((1, -1, 0, 4), (2, 0, 1, 8), (4, 1, 0, 1), (8, 0, -1, 2))


def _turn(arms):
    return ((arms << 1) | (arms >> 3)) & 15


def _bf_tap(board, i):
    kind, arms = board[i]
    if kind == "gap":
        return None
    r, c = divmod(i, 4)
    for _bit, dr, dc, _opp in STEPS:
        rr, cc = r + dr, c + dc
        if 0 <= rr < 6 and 0 <= cc < 4 and board[rr * 4 + cc][0] == "gap":
            b = list(board)
            b[rr * 4 + cc], b[i] = board[i], ("gap", 0)
            return tuple(b), (1 if kind in ROTATING else 0)
    if kind in ROTATING:
        b = list(board)
        b[i] = (kind, _turn(arms))
        return tuple(b), 1
    return None


def _bf_solved(board):
    s = next(i for i, t in enumerate(board) if t[0] == "start")
    seen, todo = {s}, [s]
    while todo:
        i = todo.pop()
        if board[i][0] == "end":
            return True
        r, c = divmod(i, 4)
        for bit, dr, dc, opp in STEPS:
            rr, cc = r + dr, c + dc
            j = rr * 4 + cc
            if (
                0 <= rr < 6
                and 0 <= cc < 4
                and board[i][1] & bit
                and board[j][1] & opp
                and j not in seen
            ):
                seen.add(j)
                todo.append(j)
    return False


def brute_force(grid, max_states=30000):
    """(actions, taps) of the optimum, or None when too many states."""
    board = tuple((t.kind, t.arms) for row in grid for t in row)
    best = {board: (0, 0)}
    heap = [(0, 0, board)]
    while heap:
        a, t, b = heapq.heappop(heap)
        if best[b] < (a, t):
            continue
        if _bf_solved(b):
            return a, t
        if len(best) > max_states:
            return None
        for i in range(24):
            step = _bf_tap(b, i)
            if step is None:
                continue
            nb, cost = step
            nc = (a + cost, t + 1)
            if nc < best.get(nb, (1 << 30, 0)):
                best[nb] = nc
                heapq.heappush(heap, (nc[0], nc[1], nb))
    return "impossible"


# ------------------------------------------------------------- level making

SAMPLE = """\
corner-dl   empty      cross-urdl   corner-ur
junction-url start-u   corner-ur    empty
empty       cross-urdl junction-rdl corner-ul
corner-rd   end-d      gap          empty
cross-urdl  empty      corner-ur    junction-udl
empty       corner-ul  empty        cross-urdl
"""


def grid_from(text):
    return make_grid([[parse_token(t) for t in line.split()] for line in text.strip().splitlines()])


def random_level(rng, tiles, gap=True):
    """Shuffle and turn a bag of tiles (start, end, gap kept once each)."""
    pool = [t for t in tiles if t.kind not in ("start", "end", "gap")]
    rng.shuffle(pool)
    cells = [Tile("start", 1 << rng.randrange(4)), Tile("end", 1 << rng.randrange(4))]
    if gap:
        cells.append(Tile("gap"))
    cells += pool[: 24 - len(cells)]
    out = []
    for t in cells:
        if t.kind in ("corner", "junction"):
            for _ in range(rng.randrange(4)):
                t = t.rotated()
        out.append(t)
    rng.shuffle(out)
    return make_grid([out[r * 4 : r * 4 + 4] for r in range(6)])


def scrambled_solved(rng, tiles):
    """A solved board scrambled by a few random taps: small true optimum."""
    while True:
        grid = random_level(rng, tiles)
        res = solver.solve(Level(0, grid), SolveOptions(timeout=0.2))
        if res["solved"]:
            final, _, _ = replay(grid, res["taps"])
            break
    for _ in range(rng.randrange(2, 6)):
        while True:
            r, c = rng.randrange(6), rng.randrange(4)
            from visolve.puzzles.circuit500.model import tap

            step = tap(final, r, c)
            if step is not None:
                final = step[0]
                break
    return final


BAG = [t for row in grid_from(SAMPLE) for t in row]


def small_levels(n, seed, bag=BAG):
    rng = random.Random(seed)
    made = []
    while len(made) < n:
        grid = scrambled_solved(rng, bag) if len(made) % 2 else random_level(rng, bag)
        exact = brute_force(grid)
        if exact is None or exact == "impossible":
            continue
        if exact == (0, 0) and any(e == (0, 0) for _g, e in made):
            continue
        made.append((grid, exact))
    return made


LEVELS = small_levels(30, seed=20240611)


# ---------------------------------------------------------------------- tests


@pytest.fixture(
    params=[
        "python",
        pytest.param(
            "compiled",
            marks=pytest.mark.skipif(
                solver._fastsolve is None,
                reason="compiled search not built (no C compiler when installing)",
            ),
        ),
    ]
)
def engine(request, monkeypatch):
    """Run the test with the Python search, then with the compiled one."""
    monkeypatch.setattr(solver, "USE_COMPILED", request.param == "compiled")
    return request.param


@pytest.mark.parametrize("idx", range(len(LEVELS)))
def test_solver_matches_brute_force(idx, engine):
    grid, (actions, taps) = LEVELS[idx]
    res = solver.solve(Level(idx, grid), SolveOptions())
    assert res["solved"] and res["proven"] and not res["timed_out"]
    assert res["actions"] == actions
    assert len(res["taps"]) == taps
    final, cost, _ = replay(grid, res["taps"])
    assert is_solved(final) and cost == actions


def test_bound_is_admissible_on_random_levels():
    checked = 0
    for grid, (actions, _taps) in LEVELS:
        arr = bytes(solver.encode(t) for row in grid for t in row)
        assert solver.lower_bound(arr) <= actions
        checked += 1
        # and along an optimal solution: the bound never exceeds what is left
        res = solver.solve(Level(0, grid), SolveOptions())
        g = grid
        spent = 0
        for r, c in res["taps"]:
            from visolve.puzzles.circuit500.model import tap

            g, cost = tap(g, r, c)
            spent += cost
            arr = bytes(solver.encode(t) for row in g for t in row)
            assert solver.lower_bound(arr) <= actions - spent
    assert checked == len(LEVELS)


def test_bound_matches_brute_force_on_scrambles():
    rng = random.Random(7)
    for _ in range(12):
        grid = scrambled_solved(rng, BAG)
        exact = brute_force(grid)
        if not isinstance(exact, tuple):
            continue
        arr = bytes(solver.encode(t) for row in grid for t in row)
        assert solver.lower_bound(arr) <= exact[0]


def test_already_solved_level(engine):
    grid = grid_from(
        """
        start-r  corner-dl  empty  empty
        empty    corner-ur  end-l  empty
        empty    empty      gap    empty
        empty    empty      empty  empty
        empty    empty      empty  empty
        empty    empty      empty  empty
        """
    )
    res = solver.solve(Level(1, grid), SolveOptions())
    assert res == {**res, "solved": True, "proven": True, "actions": 0, "taps": []}


def test_impossible_level_is_proven(engine):
    # no gap, only empties between start and end: nothing can ever connect
    grid = grid_from(
        """
        start-r  empty  empty  empty
        empty    empty  empty  empty
        empty    empty  empty  empty
        empty    empty  empty  empty
        empty    empty  empty  empty
        empty    empty  empty  end-l
        """
    )
    res = solver.solve(Level(2, grid), SolveOptions())
    assert res["solved"] is False and res["proven"] is True and res["timed_out"] is False
    assert res["actions"] is None and res["taps"] == []


def _real_levels():
    path = shared_path("circuit500", "levels.jsonl")
    ref_path = shared_path("circuit500", "reference_t8.tsv")
    levels = {}
    for line in path.read_text().splitlines():
        d = json.loads(line)
        levels[d["level"]] = make_grid([[parse_token(t) for t in row] for row in d["grid"]])
    ref = {}
    for line in ref_path.read_text().splitlines():
        parts = line.split("\t")
        if parts[0].isdigit() and parts[1] != "---" and "%" not in parts[1]:
            ref[int(parts[0])] = (int(parts[1]), int(parts[2]))
    return levels, ref


@pytest.mark.parametrize("number", [1, 2, 10, 12, 18, 24, 28, 59])
def test_real_levels_not_worse_than_reference(number, engine):
    levels, ref = _real_levels()
    res = solver.solve(Level(number, levels[number]), SolveOptions())
    assert res["solved"] and res["proven"]
    assert res["actions"] <= ref[number][0]
    if res["actions"] == ref[number][0]:
        assert len(res["taps"]) <= ref[number][1]


def test_timeout_returns_not_optimal(engine):
    levels, _ref = _real_levels()
    # level 318 needs over a second even compiled (hundreds of thousands of states)
    res = solver.solve(Level(318, levels[318]), SolveOptions(timeout=0.05))
    assert res["timed_out"] is True
    assert res["proven"] is False
    if res["solved"]:
        final, cost, _ = replay(levels[318], res["taps"])
        assert is_solved(final) and cost == res["actions"]


def test_all_solutions_distinct_valid_equal_cost(engine):
    for grid, (actions, taps) in LEVELS[:8]:
        res = solver.solve(Level(0, grid), SolveOptions(all_solutions=True))
        sols = res["solutions"]
        assert sols and sols[0] == res["taps"]
        assert len({tuple(map(tuple, s)) for s in sols}) == len(sols)
        for s in sols:
            final, cost, _ = replay(grid, s)
            assert is_solved(final) and cost == actions and len(s) == taps


def _ends(arr):
    return (
        solver.find_tile(arr, solver.START_CODES),
        solver.find_tile(arr, solver.END_CODES),
        arr.find(solver.GAP_C),
    )


def test_free_slide_bound_is_admissible():
    """free_bound(budget = actions left) <= free slides left, along an optimal
    solution (taps - actions of the brute-force optimum at the start)."""
    from visolve.puzzles.circuit500.model import tap

    for grid, (actions, taps) in LEVELS:
        arr = bytes(solver.encode(t) for row in grid for t in row)
        board = solver.BoundBoard(arr)
        s0, e0, gap = _ends(arr)
        assert solver.free_bound(arr, board.tables, s0, e0, gap, actions, 99) <= taps - actions
        res = solver.solve(Level(0, grid), SolveOptions())
        g, spent_a, spent_t = grid, 0, 0
        for r, c in res["taps"]:
            g, cost = tap(g, r, c)
            spent_a += cost
            spent_t += 1
            a = bytes(solver.encode(t) for row in g for t in row)
            s0, e0, gap = _ends(a)
            left_a, left_free = actions - spent_a, (taps - spent_t) - (actions - spent_a)
            assert solver.free_bound(a, board.tables, s0, e0, gap, left_a, 99) <= left_free


#: the sample bag with a single cross: the counted bound's cross count binds
ONE_CROSS_BAG = [Tile("empty") if t.kind == "cross" else t for t in BAG]
ONE_CROSS_BAG[BAG.index(Tile("cross", 15))] = Tile("cross", 15)


def test_counted_bound_between_reach_bound_and_the_optimum():
    """counted_bound never undercuts reach_bound and never exceeds the actions
    an optimal solution still spends, at every step of it (levels with three
    crosses, with one, and scrambles of solved boards)."""
    levels = LEVELS + small_levels(12, seed=99, bag=ONE_CROSS_BAG)
    assert sum(1 for t in ONE_CROSS_BAG if t.kind == "cross") == 1
    stronger = 0
    for grid, (actions, _taps) in levels:
        arr = bytes(solver.encode(t) for row in grid for t in row)
        board = solver.BoundBoard(arr)
        res = solver.solve(Level(0, grid), SolveOptions())
        g, spent = grid, 0
        for step in [None] + res["taps"]:
            if step is not None:
                from visolve.puzzles.circuit500.model import tap

                g, cost = tap(g, *step)
                spent += cost
            a = bytes(solver.encode(t) for row in g for t in row)
            s0, e0, gap = _ends(a)
            if gap < 0:
                break
            for max_m in (31, 0):
                h = solver.reach_bound(a, board.tables, s0, e0, gap, 31, max_m)
                hc = solver.counted_bound(a, board.tables, s0, e0, gap, 31, max_m)
                assert h <= hc
                stronger += hc > h
            hc = solver.counted_bound(a, board.tables, s0, e0, gap, 31)
            assert hc <= actions - spent
    # the test would be empty if the counts never mattered on these levels
    assert stronger > 0


def test_class_rotation_bound_below_rotation_finish():
    """reach_bound with max_m=0 bounds the rotation-only finish of the state
    (and of every state joined to it by free slides)."""
    rng = random.Random(3)
    for grid, _exact in LEVELS:
        arr = bytes(solver.encode(t) for row in grid for t in row)
        board = solver.BoundBoard(arr)
        a = bytearray(arr)
        for _ in range(20):
            s0, e0, gap = _ends(bytes(a))
            if gap < 0:
                break
            r0 = solver.reach_bound(bytes(a), board.tables, s0, e0, gap, 31, 0)
            fin, _turns = solver.rotation_finish(bytes(a), 0)
            assert r0 <= fin
            # a free slide keeps the class: the bound still holds
            free = [nb for _b, nb, _o in solver.NB[gap] if solver.PAID[a[nb]] == 0]
            if not free:
                break
            nb = rng.choice(free)
            a[gap], a[nb] = a[nb], a[gap]
            fin2, _ = solver.rotation_finish(bytes(a), 0)
            assert r0 <= fin2


def _levels_with_a_gap():
    """(arrangement, board) of the small levels that have a gap and a finish."""
    for grid, _exact in LEVELS:
        arr = bytes(solver.encode(t) for row in grid for t in row)
        board = solver.BoundBoard(arr)
        if board.feasible and arr.find(solver.GAP_C) >= 0:
            yield arr, board


def _region_shuffles(arr, rng, n):
    """Arrangements with the same class key: the gap, empties and crosses of
    the free region put back in random order (reachable by free slides or not)."""
    key = solver.class_key(arr, arr.find(solver.GAP_C))
    cells = [i for i in range(len(arr)) if key[i] == solver.REGION]
    out = []
    for _ in range(n):
        codes = [arr[i] for i in cells]
        rng.shuffle(codes)
        b = bytearray(arr)
        for i, code in zip(cells, codes):
            b[i] = code
        out.append(bytes(b))
    return key, out


def _wander(arr, rng, steps):
    """A random walk of the gap (paid or free slides): after each step, the
    arrangement and the gap's new cell."""
    a = bytearray(arr)
    for _ in range(steps):
        gap = a.find(solver.GAP_C)
        nb = rng.choice([n for _b, n, _o in solver.NB[gap]])
        a[gap], a[nb] = a[nb], a[gap]
        yield bytes(a), nb


def test_class_key_fixes_the_action_bounds():
    """States with one class key (free slides keep it) get the same action
    bound and the same class rotation bound, which is what lets phase 1 and 2
    compute one bound per key and drop every state of a dropped key."""
    rng = random.Random(4)
    checked = 0
    for arr, board in _levels_with_a_gap():
        for cur, _gap in _wander(arr, rng, 6):
            # after each slide, compare shuffles of the region
            key, others = _region_shuffles(cur, rng, 3)
            s0, e0, gap = _ends(cur)
            h = solver.reach_bound(cur, board.tables, s0, e0, gap, 31)
            r0 = solver.reach_bound(cur, board.tables, s0, e0, gap, 31, 0)
            # the counted bound is used (and cached by key) only below UCAP crosses
            counted = board.tables.n_cross < solver.UCAP
            hc = solver.counted_bound(cur, board.tables, s0, e0, gap, 31) if counted else None
            for other in others:
                assert solver.class_key(other, other.find(solver.GAP_C)) == key
                o0, oe, og = _ends(other)
                assert solver.reach_bound(other, board.tables, o0, oe, og, 31) == h
                assert solver.reach_bound(other, board.tables, o0, oe, og, 31, 0) == r0
                if counted:
                    assert solver.counted_bound(other, board.tables, o0, oe, og, 31) == hc
                checked += 1
            free = [n for _b, n, _o in solver.NB[gap] if solver.PAID[cur[n]] == 0]
            if free:
                b = bytearray(cur)
                n = rng.choice(free)
                b[gap], b[n] = b[n], b[gap]
                assert solver.class_key(bytes(b), n) == key
    assert checked >= 100


def test_coarse_key_bounds_are_below_the_fine_ones():
    """The coarse key (empties outside the free region read as crosses) gives
    bounds of both kinds that never exceed those of the true arrangement, so
    pruning by it is sound; and it does merge keys (pockets cut off by paid
    slides)."""
    rng = random.Random(7)
    checked = differ = 0
    for arr, board in _levels_with_a_gap():
        for cur, nb in _wander(arr, rng, 12):
            key = solver.class_key(cur, nb)
            ck = solver.coarse_key(key)
            coarse = solver.coarse_arr(cur, ck)
            assert solver.class_key(coarse, nb) == ck
            s0, e0, gap = _ends(cur)
            t = board.tables
            for max_m in (31, 0):
                assert solver.reach_bound(coarse, t, s0, e0, gap, 31, max_m) <= (
                    solver.reach_bound(cur, t, s0, e0, gap, 31, max_m)
                )
            assert solver.counted_bound(coarse, t, s0, e0, gap, 31) <= (
                solver.counted_bound(cur, t, s0, e0, gap, 31)
            )
            checked += 1
            differ += ck != key
    assert checked >= 200 and differ >= 20


def test_dropped_keys_need_the_recorded_actions():
    """Phase 1 drops a class with a lower bound on its further actions and
    records it under the class key (``bounds.rest``): states with that key
    need at least that many actions (brute force)."""
    rng = random.Random(6)
    checked = 0
    for arr, board in _levels_with_a_gap():
        bounds = solver.ActionBounds(board)
        _best, _info, _nodes, _proven, level = solver.min_actions(arr, bounds, None)
        dropped = [
            (a, bounds.rest[k])
            for a, _frozen in level
            if (k := solver.class_key(a, a.find(solver.GAP_C))) in bounds.rest
        ]
        for a, lb in rng.sample(sorted(dropped), min(3, len(dropped))):
            g = make_grid([[solver.decode(a[r * 4 + c]) for c in range(4)] for r in range(6)])
            val = brute_force(g)
            if val is None:
                continue
            assert val[0] >= lb
            checked += 1
        if checked >= 8:
            break
    assert checked >= 3
