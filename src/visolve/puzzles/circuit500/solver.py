"""circuit500 solver: exact minimum actions (then minimum taps).

Search space: slides only
-------------------------
A rotation of a tile commutes with every tap that neither moves that tile nor
puts the gap next to it.  Take any solution and push each rotation as late as
it can go: a rotation of tile *t* may always be moved to the end of the
*window* it is in (the maximal stretch of time during which *t* neither moves
nor touches the gap).  All rotations of *t* may then be moved into *t*'s
**last** window (the orientation of a tile matters only at the very end), and
four of them cancel.  This changes neither the action count nor the tap count
(or lowers both).  So some optimal solution is

    a sequence of slides + for every tile a rotation count k in 0..3,
    performed in that tile's last window,

and such a rotation is possible for tile *t* unless *t* has touched the gap at
every moment so far ("frozen": only tiles next to the starting gap can be).

The solver therefore searches only over *slide states* ``(arrangement, frozen
cells)``: sliding an empty or cross costs (0 actions, 1 tap), any other tile
(1, 1).  At every state the exact cost of finishing with rotations only is
``R`` = the cheapest start-to-end path where each path cell pays the rotations
its tile needs to show the two arms the path uses (frozen tiles: 0 or
impossible).  The answer is the minimum of ``(g + R)`` over all slide states.

Two phases
----------
1. Fewest actions (:func:`solver_classes.min_actions`): free slides are
   undone by a free slide, so all states joined by free slides (a *class*)
   need the same number of further actions; classes are taken in order of
   actions spent, and one lower bound per class, cached by class key,
   prunes it or its members are finished by rotations.  Details in
   :mod:`solver_classes`.
2. Fewest taps with that action count ``A`` (:func:`search`): A* on taps,
   ``f = gt + (A - ga)`` (optionally ``+ free slides still needed``,
   :func:`solver_bound.free_bound`, off by default: it costs more than the
   states it saves), dropping states whose action bound exceeds ``A`` or
   that phase 1 reached with fewer actions; bounds are computed only when a
   state is popped (lazy A*, keys inherited from the parent until then).

Compiled
--------
``_fastsolve.c`` (with ``_csrc/``) is this search in C: the same phases,
bounds (:func:`solver_bound.reach_bound`, :func:`solver_counted.counted_bound`)
and class-key cache (without the coarse step, which only saves bound
computations), about 25 times faster.  :func:`search` uses it when it was
built at install (``USE_COMPILED``) and finds the final rotations here; the
Python modules stay the reference, and ``tests/.../test_fastsolve.py`` checks that
the compiled bounds, rotation finish and class key equal these and that
whole searches agree.

The bounds and their admissibility proofs are in :mod:`solver_bound`;
``tests/puzzles/circuit500/test_solver.py`` checks them and the solver
against an independent brute force.  A deadline is checked every few hundred
states.

Modules
-------
:mod:`solver_paths` (the board encoding and tables, slides, the finish by
rotations ``R``), :mod:`solver_classes` (class keys, phase 1),
:mod:`solver_bound` (the bounds), :mod:`solver_taps` (tap lists, the
solution listing) and this one (phase 2, the compiled search, :func:`solve`).  The names that tests and scripts use as
``solver.X`` are imported here.
"""

from __future__ import annotations

import heapq
import os
import time
from itertools import count

from visolve.puzzles.base import SolveOptions
from visolve.puzzles.circuit500 import model
from visolve.puzzles.circuit500.model import Level
from visolve.puzzles.circuit500.solver_bound import free_bound
from visolve.puzzles.circuit500.solver_classes import (COUNTED_LIM, ActionBounds, class_key,  # noqa: F401
                                                       min_actions, slides_to)
from visolve.puzzles.circuit500.solver_taps import (  # noqa: F401 - enumerate_solutions is solver's name
    MAX_SOLUTIONS,
    after_slides,
    enumerate_solutions,
    solutions_from_paths,
    taps_for,
)
from visolve.puzzles.circuit500.solver_paths import (
    ADJ_MASK,
    END_CODES,
    GAP_C,
    INF,
    NB,
    PAID,
    START_CODES,
    BoundBoard,
    encode,
    find_tile,
    lower_bound,  # noqa: F401 - solver.lower_bound in tests
    rotation_finish,
    slide_tile,
)

# re-exported: tests and scripts use them as ``solver.X``
from visolve.puzzles.circuit500.solver_bound import reach_bound  # noqa: F401
from visolve.puzzles.circuit500.solver_counted import UCAP, counted_bound  # noqa: F401
from visolve.puzzles.circuit500.solver_classes import REGION, coarse_arr, coarse_key  # noqa: F401
from visolve.puzzles.circuit500.solver_paths import EMPTY_C, decode  # noqa: F401

try:
    from visolve.puzzles.circuit500 import _fastsolve
except ImportError:  # built without a C compiler: the Python search below
    _fastsolve = None

#: :func:`search` runs the compiled search (``_fastsolve.c``: the same two
#: phases and bounds in C) when it is built, unless ``VISOLVE_PURE_PYTHON``
#: is set; tests switch it to compare the two
USE_COMPILED = _fastsolve is not None and not os.environ.get("VISOLVE_PURE_PYTHON")

PUZZLE = "circuit500"


# ------------------------------------------------------------------ search


def _verify(grid, taps, actions):
    final, cost, _ = model.replay(grid, taps)
    assert model.is_solved(final), "solver produced a non-solution"
    assert cost == actions, f"solver action count mismatch {cost} != {actions}"


#: phase 2 computes the free-slide bound (False: plain Dijkstra on taps
#: pruned by the action bound only; kept switchable for the benchmark)
USE_FREE_BOUND = False


def search(arr0: bytes, deadline: float | None, check_every: int = 256, list_paths: int = 0):
    """Phase 1 (:func:`min_actions`) then phase 2: the fewest taps among the
    solutions with that many actions ``A``.

    Phase 2 is A* over slide states on taps.  A completion from a state with
    ``ga`` actions and ``gt`` taps spent needs ``A - ga`` more actions (fewer
    is impossible, ``A`` being the optimum), hence at least ``A - ga`` more
    taps plus the free slides :func:`solver_bound.free_bound` proves needed
    within that budget: ``f = gt + A - ga + free``; states with ``ga + h > A``
    cannot lead to such a solution and are dropped (``h`` per class key, see
    :func:`class_key`: a free slide keeps the key, so only states entered by
    a paid slide look it up).

    Both bounds are evaluated lazily: a child is pushed with the bound it
    inherits from its parent and checked only when popped (children whose
    inherited key already reaches the best finish never cost a bound).  The
    inherited key is admissible: with ``F(x)`` the fewest free slides a
    finish of ``x`` needs within its action budget, a parent can slide to the
    child and then finish like the child (its budget is the child's plus the
    slide's action), so ``F(child) >= F(parent) - free(slide) >=
    free_bound(parent) - free(slide)``.  A popped lazy entry whose own bound
    raises its key is pushed again, so the pop order stays an A* order with
    admissible keys and the first key >= the best finish proves it.  Returns
    dict with best, info, slides, nodes, proven, bounds (bound computations).

    ``list_paths`` > 0 (compiled search only) adds ``paths``: up to that many
    ``(final arrangement, frozen, slides)`` of the solutions with the best
    actions and taps, or None when the timeout cut the listing short (see
    :func:`_solutions_from_paths`)."""
    board = BoundBoard(arr0)
    out = {"best": (INF, INF), "info": None, "slides": [], "nodes": 0, "proven": True, "bounds": 0}
    if not board.feasible:
        return out
    if USE_COMPILED:
        return _compiled_search(arr0, deadline, out, list_paths)
    bounds = ActionBounds(board)
    target, info, nodes1, proven, level = min_actions(arr0, bounds, deadline)
    bounds.counted_lim = 0  # phase 2: see solver_classes.COUNTED_LIM
    out["nodes"] = nodes1
    out["bounds"] = bounds.calls
    if info is None:
        out["proven"] = proven
        return out
    key0, turns0, slides0 = info
    ntaps = len(slides0) + sum(turns0.values())
    out.update(best=(target, ntaps), info=(key0, turns0), slides=slides0)
    if not proven:
        out["proven"] = False
        return out

    gap0 = arr0.find(GAP_C)
    frozen0 = ADJ_MASK[gap0] if gap0 >= 0 else 0
    start = (arr0, frozen0)
    g_of: dict[tuple, tuple[int, int]] = {start: (0, 0)}
    parent: dict[tuple, tuple | None] = {start: None}
    f_cache: dict[tuple, tuple[int, int]] = {}
    use_fb = USE_FREE_BOUND

    def fb(arr, rest, lim):
        """Free slides still needed with ``rest`` actions left (exact below lim)."""
        if lim <= 0 or not use_fb:
            return 0
        k = (arr, rest)
        v = f_cache.get(k)
        if v is not None and (v[0] < v[1] or v[1] >= lim):
            return v[0]
        val = free_bound(arr, board.tables, find_tile(arr, START_CODES), find_tile(arr, END_CODES),
                         arr.find(GAP_C), rest, lim)
        f_cache[k] = (val, lim)
        return val

    best_t = ntaps
    best_key = None
    tie = count()
    f0 = fb(arr0, target, best_t - target)
    # heap entries (f, tie, state, ga, gt, fr, ckey): ``fr`` >= 0 is the
    # state's own free-slide bound; fr < 0 marks a *lazy* entry whose f is
    # only the bound inherited from its parent (see the docstring of search)
    # and whose checks run when it is popped; ``ckey``: the class key, None
    # for a state entered by a paid slide until it is popped
    heap = [(target + f0, next(tie), start, 0, 0, f0, class_key(arr0, gap0))]
    nodes = 0
    while heap:
        ft, _, state, ga, gt, fr, ckey = heapq.heappop(heap)
        if ft >= best_t:
            break
        if g_of[state] != (ga, gt):
            continue  # stale entry
        arr, frozen = state
        rest = target - ga
        if ckey is None:
            # entered by a paid slide: one action bound per class key
            ckey = class_key(arr, arr.find(GAP_C))
            if bounds.actions(arr, ckey, rest + 1) > rest:
                continue
        if fr < 0:
            # lazy entry: the free-slide bound deferred from the push
            base = gt + rest
            fr = fb(arr, rest, best_t - base)
            f = base + fr
            if f >= best_t:
                continue
            if f > ft:
                heapq.heappush(heap, (f, next(tie), state, ga, gt, fr, ckey))
                continue
        nodes += 1
        if deadline is not None and nodes % check_every == 0 and time.monotonic() > deadline:
            out["proven"] = False
            break
        if gt + rest < best_t and bounds.rotations(arr, ckey, rest + 1) <= rest:
            r, turns = rotation_finish(arr, frozen, rest + 1)
            if r == rest:
                best_t = gt + r
                best_key = (state, turns)
        if gap0 < 0:
            continue
        gap = arr.find(GAP_C)
        for _bit, cell, _opp in NB[gap]:
            code = arr[cell]
            pc = PAID[code]
            ca, ct = ga + pc, gt + 1
            base = ct + target - ca
            # inherited bound: the child's free slides left >= the parent's
            # minus the free slide just made
            inh = fr - (1 - pc)
            f = base + (inh if inh > 0 else 0)
            if f >= best_t:
                continue
            child = slide_tile(arr, frozen, gap, cell)
            old = g_of.get(child)
            if old is not None and old <= (ca, ct):
                # fewer actions to get here: (ca, ct) lies on no solution
                # with A actions; as many: no more taps
                continue
            if level.get(child, ca) < ca:
                continue  # phase 1 reached it with fewer actions: same reason
            g_of[child] = (ca, ct)
            parent[child] = (state, cell)
            # a free slide keeps the class key, hence the action bound: the
            # parent's check stands for the child
            heapq.heappush(heap, (f, next(tie), child, ca, ct, -1, None if pc else ckey))
    out["nodes"] = nodes1 + nodes
    out["bounds"] = bounds.calls
    if best_key is not None:
        out.update(best=(target, best_t), info=best_key, slides=slides_to(parent, best_key[0]))
    return out


def _compiled_search(arr0: bytes, deadline: float | None, out: dict, list_paths: int = 0) -> dict:
    """:func:`search` by the compiled module; the rotations of the final
    state are found here (once) by :func:`rotation_finish`."""
    timeout = 0.0 if deadline is None else max(deadline - time.monotonic(), 1e-6)
    res = _fastsolve.search(arr0, timeout, list_paths)
    out.update(nodes=res["nodes"], proven=res["proven"], bounds=res["bounds"])
    if list_paths:
        out["paths"] = res["paths"]
    if res["actions"] is None:
        return out
    arr, frozen = res["final"], res["frozen"]
    rest = res["actions"] - after_slides(arr0, res["slides"], arr, frozen)
    cost, turns = rotation_finish(arr, frozen, rest + 1)
    assert cost == rest, f"compiled search: finish costs {cost}, expected {rest}"
    out.update(best=(res["actions"], res["taps"]), info=((arr, frozen), turns), slides=res["slides"])
    return out


def solve(level: Level, options: SolveOptions | None = None) -> dict:
    """Solve a level: minimum actions, then minimum taps (see module docstring).

    With ``options.all_solutions`` the ``solutions`` list holds every optimal
    solution in canonical form: a slide sequence plus, for each tile, its
    rotations done in its last possible window (in row-major order when several
    fall at the same moment).  Reorderings of commuting rotations are not listed
    separately.  The list is capped at 10000 entries."""
    options = options or SolveOptions()
    t0 = time.monotonic()
    deadline = None if options.timeout is None else t0 + options.timeout
    grid = level.grid
    arr0 = bytes(encode(t) for row in grid for t in row)
    out = {
        "puzzle": PUZZLE,
        "level": level.level,
        "solved": False,
        "proven": False,
        "actions": None,
        "taps": [],
        "nodes": 0,
        "seconds": 0.0,
        "timed_out": False,
    }
    res = search(arr0, deadline, list_paths=MAX_SOLUTIONS if options.all_solutions else 0)
    out["nodes"] = res["nodes"]
    if res["info"] is not None:
        actions, ntaps = res["best"]
        key, turns = res["info"]
        taps = taps_for(arr0, res["slides"], turns)
        _verify(grid, taps, actions)
        assert len(taps) == ntaps
        out.update(solved=True, actions=actions, taps=taps)
        if options.all_solutions:
            complete = bool(res["proven"])
            if not res["proven"]:
                sols = []
            elif "paths" in res:
                complete = res["paths"] is not None
                sols = solutions_from_paths(arr0, res["paths"] or [], actions)
            else:
                sols = enumerate_solutions(arr0, actions, ntaps)
            out["solutions_complete"] = complete and len(sols) < MAX_SOLUTIONS
            for s in sols:
                _verify(grid, s, actions)
                assert len(s) == ntaps
            if taps not in sols:
                sols.insert(0, taps)
            else:
                sols.remove(taps)
                sols.insert(0, taps)
            out["solutions"] = sols
    elif options.all_solutions:
        out["solutions"] = []
    out["proven"] = bool(res["proven"])
    out["timed_out"] = not res["proven"]
    out["seconds"] = round(time.monotonic() - t0, 6)
    return out
