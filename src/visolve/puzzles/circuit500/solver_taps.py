"""circuit500 solutions as taps: the slides found and each tile's rotations, in order.

The searches of :mod:`visolve.puzzles.circuit500.solver` end at a slide
path and the rotation counts of the final state; :func:`taps_for` turns them
into a tap list (each rotation in its tile's last window).  With
``--all-solutions`` every optimal solution is listed: from the compiled
search's best paths (:func:`solutions_from_paths`) or by the Python search's
depth-first walk over slides (:func:`enumerate_solutions`).
"""

from __future__ import annotations

from visolve.puzzles.circuit500.model import COLS
from visolve.puzzles.circuit500.solver_paths import (
    ADJ_MASK,
    GAP_C,
    NB,
    NCELL,
    PAID,
    BoundBoard,
    lower_bound,
    simple_path_finishes,
    slide_tile,
)


def taps_for(arr0: bytes, slides: list[int], turns: dict[int, int]) -> list[list[int]]:
    """Tap list: slides in order, each tile's rotations in its last window."""
    ids = list(range(NCELL))  # ids[cell] = tile id sitting there
    gap = arr0.index(GAP_C) if GAP_C in arr0 else -1
    history = []  # (time, gap, ids snapshot) before each slide and at the end
    for cell in slides:
        history.append((gap, ids[:]))
        ids[gap], ids[cell] = ids[cell], ids[gap]
        gap = cell
    history.append((gap, ids[:]))
    final_ids = history[-1][1]
    pending: dict[int, list[int]] = {}
    for cell, k in turns.items():
        tid = final_ids[cell]
        for time_i in range(len(history) - 1, -1, -1):
            g, snap = history[time_i]
            pos = snap.index(tid)
            if g < 0 or not (ADJ_MASK[g] >> pos & 1):
                pending.setdefault(time_i, []).extend([pos] * k)
                break
        else:  # pragma: no cover - excluded by the frozen bookkeeping
            raise AssertionError("rotation of a tile that always touches the gap")
    taps = []
    for time_i in range(len(history)):
        for pos in sorted(pending.get(time_i, [])):
            taps.append(list(divmod(pos, COLS)))
        if time_i < len(slides):
            taps.append(list(divmod(slides[time_i], COLS)))
    return taps


def after_slides(arr0: bytes, slides, final: bytes, frozen: int) -> int:
    """Replay ``slides`` from the level: check that they end at the slide state
    ``(final, frozen)`` the compiled search names, and return the actions
    they cost."""
    arr, fro, paid = arr0, ADJ_MASK[arr0.find(GAP_C)] if GAP_C in arr0 else 0, 0
    for cell in slides:
        paid += PAID[arr[cell]]
        arr, fro = slide_tile(arr, fro, arr.find(GAP_C), cell)
    assert (arr, fro) == (final, frozen), "compiled search: slides do not end at the state"
    return paid


#: most solutions listed with ``--all-solutions``
MAX_SOLUTIONS = 10000


def solutions_from_paths(arr0: bytes, paths, actions: int, limit: int = MAX_SOLUTIONS):
    """Tap lists of the compiled search's best slide paths: each path with
    every cheapest rotation finish of its final state (simple paths,
    :func:`simple_path_finishes`), rotations in their last windows."""
    out: list[list[list[int]]] = []
    finishes: dict[tuple, list] = {}
    for final, frozen, slides in paths:
        rest = actions - after_slides(arr0, slides, final, frozen)
        fin = finishes.get((final, frozen))
        if fin is None:
            fin = finishes[(final, frozen)] = simple_path_finishes(final, frozen, rest)
        for cost, turns in fin:
            if cost == rest:
                out.append(taps_for(arr0, slides, turns))
                if len(out) >= limit:
                    return out
    return out


def enumerate_solutions(arr0: bytes, actions: int, taps: int, limit: int = MAX_SOLUTIONS):
    """Every canonical solution with exactly (actions, taps): list of tap lists
    (the Python search's way: a depth-first search over slides)."""
    board = BoundBoard(arr0)
    gap0 = arr0.index(GAP_C) if GAP_C in arr0 else -1
    frozen0 = ADJ_MASK[gap0] if gap0 >= 0 else 0
    h_cache: dict[bytes, int] = {}
    results: list[list[list[int]]] = []
    seen: set[tuple] = set()

    def h(arr):
        v = h_cache.get(arr)
        if v is None:
            v = h_cache[arr] = lower_bound(arr, board)
        return v

    slides: list[int] = []

    def dfs(arr, frozen, ga, gt):
        if len(results) >= limit:
            return
        hk = h(arr)
        if ga + hk > actions or gt + hk > taps:
            return
        rest = actions - ga
        if rest == taps - gt:
            for cost, turns in simple_path_finishes(arr, frozen, rest):
                if cost == rest:
                    seq = taps_for(arr0, slides, turns)
                    k = tuple(map(tuple, seq))
                    if k not in seen:
                        seen.add(k)
                        results.append(seq)
        if gap0 < 0 or gt >= taps:
            return
        gap = arr.index(GAP_C)
        for _bit, cell, _opp in NB[gap]:
            code = arr[cell]
            child, cfro = slide_tile(arr, frozen, gap, cell)
            slides.append(cell)
            dfs(child, cfro, ga + PAID[code], gt + 1)
            slides.pop()

    dfs(arr0, frozen0, 0, 0)
    return results
