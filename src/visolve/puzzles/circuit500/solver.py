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
1. Fewest actions (:func:`min_actions`): free slides are undone by a free
   slide, so all states joined by free slides (a *class*) need the same
   number of further actions.  Classes are taken in order of actions spent;
   one lower bound per class (:func:`solver_bound.reach_bound`, backed by
   the stronger :func:`solver_bound.counted_bound` where the first does not
   prune at a small limit) prunes it,
   otherwise its members are listed without computing bounds and finished by
   rotations.  This removes the plateaus of zero-cost states that a plain A*
   on ``(actions, taps)`` expands one bound at a time.  Bounds are cached by
   :func:`class_key`, which every member of a class shares and on which the
   bound alone depends; before that, by :func:`coarse_key` (empties outside
   the free region read as crosses: a weaker bound that many class keys
   share, so one computation often prunes them all).
2. Fewest taps with that action count ``A`` (:func:`search`): A* on taps,
   ``f = gt + (A - ga)`` (optionally ``+ free slides still needed``,
   :func:`solver_bound.free_bound`, off by default: it costs more than the
   states it saves), dropping states whose action bound exceeds ``A`` or
   that phase 1 reached with fewer actions; bounds are computed only when a
   state is popped (lazy A*, keys inherited from the parent until then).

Compiled
--------
``_fastsolve.c`` (with ``_csrc/``) is this search in C: the same phases,
bounds (:func:`solver_bound.reach_bound`, :func:`solver_bound.counted_bound`)
and class-key cache (without the coarse step, which only saves bound
computations), about 25 times faster.  :func:`search` uses it when it was
built at install (``USE_COMPILED``) and finds the final rotations here; this
module stays the reference, and ``tests/.../test_fastsolve.py`` checks that
the compiled bounds, rotation finish and class key equal these and that
whole searches agree.

The bounds and their admissibility proofs are in :mod:`solver_bound`;
``tests/puzzles/circuit500/test_solver.py`` checks them and the solver
against an independent brute force.  A deadline is checked every few hundred
states.
"""

from __future__ import annotations

import functools
import heapq
import os
import time
from itertools import count

from visolve.puzzles.base import SolveOptions
from visolve.puzzles.circuit500 import model
from visolve.puzzles.circuit500.model import COLS, KINDS, ROWS, Level
from visolve.puzzles.circuit500.solver_bound import (
    UCAP,
    Tables,
    counted_bound,
    free_bound,
    reach_bound,
)

try:
    from visolve.puzzles.circuit500 import _fastsolve
except ImportError:  # built without a C compiler: the Python search below
    _fastsolve = None

#: :func:`search` runs the compiled search (``_fastsolve.c``: the same two
#: phases and bounds in C) when it is built, unless ``VISOLVE_PURE_PYTHON``
#: is set; tests switch it to compare the two
USE_COMPILED = _fastsolve is not None and not os.environ.get("VISOLVE_PURE_PYTHON")

PUZZLE = "circuit500"
INF = 1 << 20
NCELL = ROWS * COLS
KIND_INDEX = {k: i for i, k in enumerate(KINDS)}
GAP_C, EMPTY_C, CROSS_C = 0, 1 << 4, (2 << 4) | 15
K_CORNER, K_JUNCTION, K_START, K_END = 3, 4, 5, 6
BITS = (1, 2, 4, 8)
OPP = {1: 4, 2: 8, 4: 1, 8: 2}
#: NB[cell] = ((bit, neighbour cell, opposite bit), ...)
NB: list[tuple[tuple[int, int, int], ...]] = []
for _cell in range(NCELL):
    _r, _c = divmod(_cell, COLS)
    NB.append(
        tuple((bit, (r2 * COLS + c2), opp) for bit, r2, c2, opp in model.neighbours(_r, _c))
    )
ADJ_MASK = [sum(1 << n for _b, n, _o in NB[c]) for c in range(NCELL)]
NB_CELLS = [tuple(n for _b, n, _o in NB[c]) for c in range(NCELL)]
DIST = [
    [abs(a // COLS - b // COLS) + abs(a % COLS - b % COLS) for b in range(NCELL)]
    for a in range(NCELL)
]


def encode(tile: model.Tile) -> int:
    return (KIND_INDEX[tile.kind] << 4) | tile.arms


def decode(code: int) -> model.Tile:
    return model.Tile(KINDS[code >> 4], code & 15)


def _rot_table(code: int, frozen: bool) -> list[int]:
    """For every needed arm mask: rotations this tile needs to show it (INF = never)."""
    kind, arms = code >> 4, code & 15
    out = []
    for need in range(16):
        best = INF
        if need == 0:
            best = 0
        elif kind >= K_CORNER or kind == 2:
            turns = (0,) if (frozen or kind == 2) else (0, 1, 2, 3)
            for t in turns:
                if model.rotate_cw(arms, t) & need == need:
                    best = t
                    break
        out.append(best)
    return out


ROT = [_rot_table(c, False) for c in range(128)]
ROT_FIXED = [_rot_table(c, True) for c in range(128)]
#: paid slide cost of a code
PAID = [1 if (c >> 4) >= K_CORNER else 0 for c in range(128)]
CORNER_NEEDS = frozenset((3, 6, 12, 9))


# ---------------------------------------------------------------- path costs


def _walk(cellcost, seeds, endcost, limit=INF):
    """Cheapest walk cost.  Nodes are ``cell*16 + back`` (back = arm towards the
    previous cell).  ``seeds``: [(cost, cell, back)]; ``cellcost(cell)`` returns
    the 16-entry need table for an intermediate cell; ``endcost(cell, back)``
    the cost of finishing there.  Returns (cost, pred dict, final node)."""
    buckets: dict[int, list] = {}
    dist: dict[int, int] = {}
    pred: dict[int, int] = {}
    for cost, cell, back in seeds:
        node = cell * 16 + back
        if cost < dist.get(node, INF):
            dist[node] = cost
            pred[node] = -1
            buckets.setdefault(cost, []).append(node)
    best, best_node = min(limit, INF), None
    tables = {}
    cur = 0
    maxc = max(buckets) if buckets else -1
    while cur <= maxc and cur < best:
        bucket = buckets.get(cur)
        if not bucket:
            cur += 1
            continue
        node = bucket.pop()
        if dist[node] != cur:
            continue
        cell, back = divmod(node, 16)
        ec = endcost(cell, back)
        e = cur + ec
        if ec < INF and e < best:
            best, best_node = e, node
        table = tables.get(cell)
        if table is None:
            table = tables[cell] = cellcost(cell)
        for bit, nb, opp in NB[cell]:
            if bit == back:
                continue
            step = table[back | bit]
            if step >= INF:
                continue
            nc = cur + step
            if nc >= best:
                continue
            nn = nb * 16 + opp
            if nc < dist.get(nn, INF):
                dist[nn] = nc
                pred[nn] = node
                buckets.setdefault(nc, []).append(nn)
                if nc > maxc:
                    maxc = nc
    return best, pred, best_node


START_CODES = tuple((K_START << 4) | bit for bit in BITS)
END_CODES = tuple((K_END << 4) | bit for bit in BITS)
#: NBX[cell] = ((bit, node of the neighbour entered from this side), ...)
NBX = [tuple((bit, nb * 16 + opp) for bit, nb, opp in NB[c]) for c in range(NCELL)]
HCAP = 127  #: plain walk values >= HCAP mean "no finish possible"
HB = 31  #: largest value the search asks of the bound


def _turn_costs(arr: bytes, frozen: int, cell: int) -> list[int]:
    """Turns needed per arm mask for the tile on ``cell`` (frozen tiles cannot turn)."""
    return (ROT_FIXED if frozen >> cell & 1 else ROT)[arr[cell]]


def _locate(arr: bytes, codes) -> int:
    for c in codes:
        i = arr.find(c)
        if i >= 0:
            return i
    raise ValueError("level without start or end tile")


class _Board:
    """Per-level constants of the bound (the tile multiset never changes)."""

    def __init__(self, arr: bytes):
        n_cross = sum(1 for c in arr if c == CROSS_C)
        has_junction = any(c >> 4 == K_JUNCTION for c in arr)
        has_corner = any(c >> 4 == K_CORNER for c in arr)
        inc = []
        for need in range(16):
            if n_cross:
                inc.append(0)
            elif has_junction or (has_corner and need in CORNER_NEEDS):
                inc.append(1)
            else:
                inc.append(HCAP)
        self.in_cost = inc
        self.no_paid_tile = not (has_junction or has_corner)
        #: per tile code and needed arms: min(own rotations, a new tile arriving)
        #: (the plain walk, used once per level to see whether any finish exists)
        self.tabs = _walk_tables(tuple(inc))
        #: start at cell p pointing along bit: distance from s0 + rotations
        self._start_seeds: dict[int, list] = {}
        self._end_cost: dict[int, list] = {}
        self.tables = Tables(
            arr, ROT, PAID, NBX, NB_CELLS, DIST, CROSS_C, lambda c: (c >> 4) in (K_CORNER, K_JUNCTION)
        )
        #: the plain walk is finite for every arrangement or for none (its
        #: arrival costs depend on the tile multiset only, the start and end
        #: may go anywhere), so one look decides whether any finish exists
        self.feasible = arr.find(GAP_C) < 0 or _plain_bound(arr, self) < INF

    def start_seeds(self, s_code: int, s0: int):
        key = s_code * 32 + s0
        seeds = self._start_seeds.get(key)
        if seeds is None:
            rot = ROT[s_code]
            best: dict[int, int] = {}
            for p in range(NCELL):
                for bit, node in NBX[p]:
                    c = DIST[s0][p] + rot[bit]
                    if c < best.get(node, HCAP):
                        best[node] = c
            seeds = self._start_seeds[key] = sorted((c, n) for n, c in best.items())
        return seeds

    def end_cost(self, e_code: int, e0: int):
        """end_cost[node] for node = cell*16 + back."""
        key = e_code * 32 + e0
        table = self._end_cost.get(key)
        if table is None:
            rot = ROT[e_code]
            table = [HCAP] * (NCELL * 16)
            for cell in range(NCELL):
                for back in BITS:
                    table[cell * 16 + back] = min(HCAP, DIST[e0][cell] + rot[back])
            self._end_cost[key] = table
        return table


@functools.lru_cache(maxsize=None)
def _walk_tables(inc: tuple[int, ...]) -> list[list[int]]:
    """Per tile code and needed arms: min(own rotations, a new tile arriving at cost ``inc``).

    ``inc`` takes one of a few values (it depends on which kinds the level has), so the
    128 x 16 table is built once per value, not once per level.
    """
    return [[min(a, b, HCAP) for a, b in zip(ROT[c], inc)] for c in range(128)]


def _plain_bound(arr: bytes, board: _Board) -> int:
    """The walk bound of the module docstring (``INF``: no finish possible)."""
    s0 = _locate(arr, START_CODES)
    e0 = _locate(arr, END_CODES)
    tabs = board.tabs
    endc = board.end_cost(arr[e0], e0)
    dist = [HCAP] * (NCELL * 16)
    buckets: list[list[int]] = [[] for _ in range(HCAP + 1)]
    seeds = board.start_seeds(arr[s0], s0)
    si, ns = 0, len(seeds)
    best = HCAP
    nbx = NBX
    for cur in range(HCAP):
        if cur >= best:
            break
        bucket = buckets[cur]
        while si < ns and seeds[si][0] == cur:
            node = seeds[si][1]
            si += 1
            if cur < dist[node]:
                dist[node] = cur
                bucket.append(node)
        while bucket:
            node = bucket.pop()
            if dist[node] != cur:
                continue
            e = cur + endc[node]
            if e < best:
                best = e
                if cur >= best:
                    break
            cell = node >> 4
            back = node & 15
            tab = tabs[arr[cell]]
            for bit, nn in nbx[cell]:
                if bit == back:
                    continue
                nc = cur + tab[back | bit]
                if nc < best and nc < dist[nn]:
                    dist[nn] = nc
                    buckets[nc].append(nn)
    return INF if best >= HCAP else best


def lower_bound(arr: bytes, board: _Board | None = None, limit: int = HB) -> int:
    """Admissible bound on the actions still needed from slide state ``arr``
    (``INF`` when no finish is possible at all); values >= ``limit`` come back
    as ``limit``.  See :mod:`solver_bound` for the bound and its proof."""
    if board is None:
        board = _Board(arr)
    if not board.feasible:
        return INF
    s0 = _locate(arr, START_CODES)
    e0 = _locate(arr, END_CODES)
    return reach_bound(arr, board.tables, s0, e0, arr.find(GAP_C), limit)


def rotation_finish(arr: bytes, frozen: int, limit: int = INF):
    """Exact cheapest finish by rotations only.

    Returns ``(cost, {cell: turns})`` or ``(INF, None)``."""
    s0, e0 = _locate(arr, START_CODES), _locate(arr, END_CODES)

    def table(cell):
        return _turn_costs(arr, frozen, cell)

    srot, erot = table(s0), table(e0)
    seeds = [(srot[bit], nb, opp) for bit, nb, opp in NB[s0] if srot[bit] < INF]

    def cellcost(cell):
        if cell == s0 or cell == e0:
            return [INF] * 16
        return table(cell)

    def endcost(cell, back):
        return erot[back] if cell == e0 else INF

    cost, pred, node = _walk(cellcost, seeds, endcost, limit)
    if node is None:
        return INF, None
    # rebuild the walk: list of (cell, need)
    cells = []
    nxt_bit = 0
    n = node
    while n != -1:
        cell, back = divmod(n, 16)
        cells.append((cell, back | nxt_bit))
        p = pred[n]
        if p != -1:
            pc = p // 16
            for bit, nb, _opp in NB[pc]:
                if nb == cell:
                    nxt_bit = bit
                    break
        else:
            pc = s0
            for bit, nb, _opp in NB[s0]:
                if nb == cell:
                    nxt_bit = bit
                    break
        n = p
    cells.append((s0, nxt_bit))
    seen = [c for c, _ in cells]
    if len(set(seen)) == len(seen):
        turns = {}
        for cell, need in cells:
            t = table(cell)[need]
            if t:
                turns[cell] = t
        assert sum(turns.values()) == cost
        return cost, turns
    # the cheapest walk revisits a cell: fall back to exact simple paths
    sols = simple_path_finishes(arr, frozen, INF, first_only=True)
    if not sols:
        return INF, None
    return sols[0]


def simple_path_finishes(arr: bytes, frozen: int, bound: int, first_only=False):
    """Every distinct rotation assignment reached through a simple path whose cost
    is minimal (and <= bound).  Returns a list of (cost, {cell: turns})."""
    s0, e0 = _locate(arr, START_CODES), _locate(arr, END_CODES)

    def table(cell):
        return _turn_costs(arr, frozen, cell)

    best = [bound]
    found: dict[tuple, int] = {}
    on = [False] * NCELL
    on[s0] = True
    turns: dict[int, int] = {}

    def dfs(cell, back, cost):
        if cost > best[0]:
            return
        if cell == e0:
            t = table(e0)[back]
            if t >= INF or cost + t > best[0]:
                return
            total = cost + t
            key = dict(turns)
            if t:
                key[e0] = t
            if total < best[0]:
                best[0] = total
                found.clear()
            found[tuple(sorted(key.items()))] = total
            return
        if on[cell] or cell == s0:
            return
        tab = table(cell)
        on[cell] = True
        for bit, nb, opp in NB[cell]:
            if bit == back:
                continue
            t = tab[back | bit]
            if t >= INF or cost + t > best[0]:
                continue
            if t:
                turns[cell] = t
            dfs(nb, opp, cost + t)
            if t:
                del turns[cell]
        on[cell] = False

    srot = table(s0)
    for bit, nb, opp in NB[s0]:
        t = srot[bit]
        if t >= INF:
            continue
        if t:
            turns[s0] = t
        dfs(nb, opp, t)
        turns.pop(s0, None)
    out = [(c, dict(k)) for k, c in found.items() if c == best[0]]
    out.sort(key=lambda x: sorted(x[1].items()))
    if first_only:
        return out[:1]
    return out


# ------------------------------------------------------------------ search


def _slide(arr: bytes, frozen: int, gap: int, cell: int):
    """Slide the tile at ``cell`` into ``gap``: new arrangement and frozen mask."""
    b = bytearray(arr)
    b[gap], b[cell] = b[cell], GAP_C
    if frozen:
        if frozen >> cell & 1:
            frozen = (frozen & ~(1 << cell)) | (1 << gap)
        frozen &= ADJ_MASK[cell]
    return bytes(b), frozen


def _taps_for(arr0: bytes, slides: list[int], turns: dict[int, int]) -> list[list[int]]:
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


def _verify(grid, taps, actions):
    final, cost, _ = model.replay(grid, taps)
    assert model.is_solved(final), "solver produced a non-solution"
    assert cost == actions, f"solver action count mismatch {cost} != {actions}"


class _Timeout(Exception):
    pass


def _path(parent: dict, key) -> list[int]:
    slides = []
    while parent[key] is not None:
        key, cell = parent[key]
        slides.append(cell)
    slides.reverse()
    return slides


#: free-region marker of :func:`class_key`
REGION = 255


def class_key(arr: bytes, gap: int) -> bytes:
    """What the action bounds of a slide state depend on.

    The *free region* is the set of cells the gap reaches by free slides (the
    gap's cell and the empties and crosses joined to it through empties and
    crosses).  Free slides only shuffle the tiles inside it, so every state a
    free slide leads to has the same key.  :func:`solver_bound.reach_bound`
    charges nothing for a region cell whichever of gap, empty or cross sits
    there (its gap distance is 0, a cross costs 0 kept or changed, and a cell
    of the region used before any paid slide is paid for by the count of
    region crosses, not by position; see the module docstring there), so the
    bound is a function of: the tiles outside the region, the region itself
    and the number of crosses in it.  That is the key: the arrangement with
    every region cell set to ``REGION``, plus the cross count.  States with
    one key share one bound computation, and a lower bound proven for one of
    them holds for all."""
    if gap < 0:
        return arr
    b = bytearray(arr)
    b[gap] = REGION
    todo = [gap]
    crosses = 0
    while todo:
        c = todo.pop()
        for n in NB_CELLS[c]:
            code = b[n]
            if code != REGION and not PAID[code]:
                if code == CROSS_C:
                    crosses += 1
                b[n] = REGION
                todo.append(n)
    b.append(crosses)
    return bytes(b)


#: tries of the coarse step per measuring window (see :class:`_CoarseSwitch`)
COARSE_WINDOW = 256
#: :func:`coarse_key`: every empty becomes a cross
_TO_CROSS = bytes.maketrans(bytes([EMPTY_C]), bytes([CROSS_C]))


def coarse_key(key: bytes) -> bytes:
    """A class key (of a level with a gap) with every empty outside the free
    region turned into a cross.

    Those cells lie outside the region, so the gap reaches them only through
    a rotatable tile.  For the bounds an empty and a cross there differ in one
    way only: a path may *keep* a cross (no rotation) but never an empty.
    Everything else the bounds charge for the cell is the same for both (gap
    distance, first-entry weight, the charge of changing it, and, in
    :func:`solver_bound.counted_bound`, the cross count of a changed cell).
    So every walk the bounds weigh for the true arrangement is weighed, at
    the same cost or less, for the coarse one, whose bound is therefore a
    lower bound for the true one (of both kinds, actions and rotation-only),
    and one coarse key stands for all the ways the cut-off pockets of free
    tiles can be filled.  ``tests`` check the inequality on many states."""
    return key[:NCELL].translate(_TO_CROSS) + key[NCELL:]


def coarse_arr(arr: bytes, ckey: bytes) -> bytes:
    """An arrangement with coarse key ``ckey``: ``arr`` outside the region
    replaced from the key."""
    return bytes(a if k == REGION else k for a, k in zip(arr, ckey[:NCELL]))


class _CoarseSwitch:
    """Whether the coarse step of ``_Bounds._two_step`` pays, measured.

    Over a window of ``COARSE_WINDOW`` tries it counts the coarse bounds
    computed and the prunes they gave (each prune saves a fine computation);
    it stays on while the prunes outnumber the computations.  Once off, it
    comes back for a trial window after a pause that doubles with each
    failed trial (4 windows, up to 64)."""

    __slots__ = ("on", "tries", "computed", "pruned", "pause")

    def __init__(self):
        self.on = True
        self.tries = self.computed = self.pruned = 0
        self.pause = 4

    def use(self) -> bool:
        """Whether to try the coarse step now (counts the skipped tries)."""
        if self.on:
            return True
        self.tries += 1
        if self.tries >= self.pause * COARSE_WINDOW:
            self.on, self.tries = True, 0  # a trial window
        return False

    def record(self, computed: bool, pruned: bool) -> None:
        self.tries += 1
        self.computed += computed
        self.pruned += pruned
        if self.tries >= COARSE_WINDOW:
            self.on = self.pruned > self.computed
            self.pause = 4 if self.on else min(64, 2 * self.pause)
            self.tries = self.computed = self.pruned = 0


class _Bounds:
    """Action bounds of one level, cached by :func:`class_key`.

    ``h`` and ``r0`` hold ``key -> (value, limit)`` (exact when value <
    limit, else "at least limit"); ``rest[key]`` is a lower bound on the
    further actions of every state with that key, proven by a dropped class
    (see :func:`min_actions`)."""

    def __init__(self, board: _Board):
        self.board = board
        self.h: dict[bytes, tuple[int, int]] = {}
        self.r0: dict[bytes, tuple[int, int]] = {}
        self.rest: dict[bytes, int] = {}
        #: the same for coarse keys
        self.hc: dict[bytes, tuple[int, int]] = {}
        self.r0c: dict[bytes, tuple[int, int]] = {}
        #: whether the coarse step pays, per kind of bound and limit
        self.switches: dict[tuple[bool, int], _CoarseSwitch] = {}
        self.calls = 0
        self.counted_lim = COUNTED_LIM

    @staticmethod
    def _hit(cache, key, lim):
        """The cached value of ``key`` if it answers a question at ``lim``
        (exact, or "at least" a limit >= ``lim``), else None."""
        v = cache.get(key)
        if v is not None and (v[0] < v[1] or v[1] >= lim):
            return v[0]
        return None

    def _compute(self, cache, arr, key, lim, bound):
        """``bound(arr, s0, e0, gap, lim)``, stored in ``cache``."""
        if not self.board.feasible:
            val = INF
        else:
            s0, e0 = _locate(arr, START_CODES), _locate(arr, END_CODES)
            val = bound(arr, s0, e0, arr.find(GAP_C), lim)
        cache[key] = (val, lim)
        return val

    def _action_bound(self, arr, s0, e0, gap, lim):
        """:func:`reach_bound`; when it does not reach ``lim``, the stronger
        and dearer :func:`counted_bound` if ``lim`` is at most
        ``self.counted_lim`` and the level has fewer than ``UCAP`` crosses
        (with more, it does not count crosses and gains little)."""
        tables = self.board.tables
        self.calls += 1
        val = reach_bound(arr, tables, s0, e0, gap, lim)
        if val < lim <= self.counted_lim and tables.n_cross < UCAP:
            self.calls += 1
            val = counted_bound(arr, tables, s0, e0, gap, lim)
        return val

    def _rotation_bound(self, arr, s0, e0, gap, lim):
        self.calls += 1
        return reach_bound(arr, self.board.tables, s0, e0, gap, lim, 0)

    def _two_step(self, fine, coarse, arr, key, lim, bound):
        """The bound of ``key``, trying first the bound of its coarse key (see
        :func:`coarse_key`), which many class keys share; the bound of
        ``key`` itself is computed only when the coarse one does not reach
        ``lim``.  Whether the coarse step pays differs by level and limit,
        so a :class:`_CoarseSwitch` per kind of bound and limit decides."""
        v = self._hit(fine, key, lim)
        if v is not None:
            return v
        sk = (coarse is self.hc, lim if lim < 5 else 5)
        sw = self.switches.get(sk)
        if sw is None:
            sw = self.switches[sk] = _CoarseSwitch()
        # (a level without a gap has no region: its class key is the arrangement)
        if sw.use() and len(key) > NCELL:
            ck = coarse_key(key)
            if ck != key:
                v = self._hit(coarse, ck, lim)
                computed = v is None
                if computed:
                    v = self._compute(coarse, coarse_arr(arr, ck), ck, lim, bound)
                sw.record(computed, v >= lim)
                if v >= lim:
                    return v
        return self._compute(fine, arr, key, lim, bound)

    def actions(self, arr: bytes, key: bytes, lim: int) -> int:
        """Lower bound on the further actions (values >= lim come back as lim)."""
        r = self.rest.get(key, 0)
        if r >= lim:
            return r
        v = self._two_step(self.h, self.hc, arr, key, min(lim, HB), self._action_bound)
        return v if v > r else r

    def rotations(self, arr: bytes, key: bytes, lim: int) -> int:
        """Lower bound on the rotation-only finish of every state joined to
        this one by free slides (values >= lim come back as lim)."""
        return self._two_step(self.r0, self.r0c, arr, key, min(lim, HB), self._rotation_bound)

    def drop(self, key: bytes, lb: int) -> None:
        if self.rest.get(key, 0) < lb:
            self.rest[key] = lb


def min_actions(arr0: bytes, bounds: _Bounds, deadline: float | None, check_every: int = 512):
    """Phase 1: the fewest actions, proven, by a search over *free classes*.

    Free slides (empty/cross) cost no action and can be undone by a free
    slide, so the states joined by free slides (a class) all need the same
    number of further actions.  Classes are taken in order of the actions
    ``g`` spent to reach them (0-1 breadth first: paid slides lead to the next
    level); a class is dropped when ``g + h`` of the state that led to it
    reaches the best finish found (``h`` bounds every member, as they share
    the remaining cost); otherwise all its members are listed (no bound
    computed for them) and each gets its rotation-only finish.  When no class
    with ``g < best`` is left, ``best`` is the optimum.

    A dropped class records its lower bound under its :func:`class_key` in
    ``bounds.rest``: the bound is a function of the key, so it holds for
    every state with that key, and later roots with the key are dropped
    without a bound computation.

    Returns (best actions or INF, (state, turns, slides) or None, nodes,
    proven, level) where ``level[state]`` is the least action count known
    to reach the state."""
    gap0 = arr0.find(GAP_C)
    frozen0 = ADJ_MASK[gap0] if gap0 >= 0 else 0
    start = (arr0, frozen0)
    level: dict[tuple, int] = {start: 0}  # least actions known to reach a state
    parent: dict[tuple, tuple | None] = {start: None}
    done: set = set()  # states listed as members of a class
    best = INF
    best_at = None
    nodes = 0
    buckets: list[list] = [[start]]
    g = 0
    try:
        while g < len(buckets) and g < best:
            for root in buckets[g]:
                if root in done or level[root] != g:
                    continue
                arr = root[0]
                key = class_key(arr, arr.find(GAP_C))
                lim = INF if best >= INF else best - g
                hv = bounds.actions(arr, key, lim)
                if g + hv >= best:
                    bounds.drop(key, hv)
                    continue
                # rotation-only finishes of the whole class, relaxed
                r0 = bounds.rotations(arr, key, best - g)
                if g + r0 >= best and g + 1 >= best:
                    # no member finishes better, and a paid slide does not pay
                    bounds.drop(key, best - g)
                    continue
                # list the class: every state joined to root by free slides
                # breadth first, so the free stretches of the recorded
                # solution are short (a good start for phase 2)
                done.add(root)
                todo = [root]
                qi = 0
                while qi < len(todo):
                    state = todo[qi]
                    qi += 1
                    nodes += 1
                    if deadline is not None and nodes % check_every == 0:
                        if time.monotonic() > deadline:
                            raise _Timeout
                    arr, frozen = state
                    if g + r0 < best:
                        r, turns = rotation_finish(arr, frozen, best - g)
                        if g + r < best:
                            best = g + r
                            best_at = (state, turns)
                    if gap0 < 0:
                        continue
                    gap = arr.find(GAP_C)
                    for _bit, cell, _opp in NB[gap]:
                        if PAID[arr[cell]]:
                            if g + 1 >= best:
                                continue  # would not beat the best finish
                            child = _slide(arr, frozen, gap, cell)
                            old = level.get(child)
                            if old is None or old > g + 1:
                                level[child] = g + 1
                                parent[child] = (state, cell)
                                while len(buckets) <= g + 1:
                                    buckets.append([])
                                buckets[g + 1].append(child)
                            continue
                        child = _slide(arr, frozen, gap, cell)
                        if child not in done:
                            done.add(child)
                            level[child] = g
                            parent[child] = (state, cell)
                            todo.append(child)
            buckets[g] = []
            g += 1
    except _Timeout:
        info = None if best_at is None else (best_at[0], best_at[1], _path(parent, best_at[0]))
        return best, info, nodes, False, level
    info = None if best_at is None else (best_at[0], best_at[1], _path(parent, best_at[0]))
    return best, info, nodes, True, level


#: phase 2 computes the free-slide bound (False: plain Dijkstra on taps
#: pruned by the action bound only; kept switchable for the benchmark)
USE_FREE_BOUND = False
#: phase 1 also tries :func:`solver_bound.counted_bound` when
#: :func:`solver_bound.reach_bound` does not prune and the limit is at most
#: this (levels with fewer than ``UCAP`` crosses; 0 = never).  Measured on
#: the slowest levels: it pays at limits up to 3 (level 183: 10.4 s -> 7.1 s,
#: 204: 4.9 -> 4.4); larger limits, and any use in phase 2, cost more than
#: the states they save.
COUNTED_LIM = 3


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
    board = _Board(arr0)
    out = {"best": (INF, INF), "info": None, "slides": [], "nodes": 0, "proven": True, "bounds": 0}
    if not board.feasible:
        return out
    if USE_COMPILED:
        return _compiled_search(arr0, deadline, out, list_paths)
    bounds = _Bounds(board)
    target, info, nodes1, proven, level = min_actions(arr0, bounds, deadline)
    bounds.counted_lim = 0  # phase 2: see COUNTED_LIM
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
        val = free_bound(arr, board.tables, _locate(arr, START_CODES), _locate(arr, END_CODES),
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
            child = _slide(arr, frozen, gap, cell)
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
        out.update(best=(target, best_t), info=best_key, slides=_path(parent, best_key[0]))
    return out


def _after_slides(arr0: bytes, slides, final: bytes, frozen: int) -> int:
    """Replay ``slides`` from the level: check that they end at the slide state
    ``(final, frozen)`` the compiled search names, and return the actions
    they cost."""
    arr, fro, paid = arr0, ADJ_MASK[arr0.find(GAP_C)] if GAP_C in arr0 else 0, 0
    for cell in slides:
        paid += PAID[arr[cell]]
        arr, fro = _slide(arr, fro, arr.find(GAP_C), cell)
    assert (arr, fro) == (final, frozen), "compiled search: slides do not end at the state"
    return paid


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
    rest = res["actions"] - _after_slides(arr0, res["slides"], arr, frozen)
    cost, turns = rotation_finish(arr, frozen, rest + 1)
    assert cost == rest, f"compiled search: finish costs {cost}, expected {rest}"
    out.update(best=(res["actions"], res["taps"]), info=((arr, frozen), turns), slides=res["slides"])
    return out


#: most solutions listed with ``--all-solutions``
MAX_SOLUTIONS = 10000


def _solutions_from_paths(arr0: bytes, paths, actions: int, limit: int = MAX_SOLUTIONS):
    """Tap lists of the compiled search's best slide paths: each path with
    every cheapest rotation finish of its final state (simple paths,
    :func:`simple_path_finishes`), rotations in their last windows."""
    out: list[list[list[int]]] = []
    finishes: dict[tuple, list] = {}
    for final, frozen, slides in paths:
        rest = actions - _after_slides(arr0, slides, final, frozen)
        fin = finishes.get((final, frozen))
        if fin is None:
            fin = finishes[(final, frozen)] = simple_path_finishes(final, frozen, rest)
        for cost, turns in fin:
            if cost == rest:
                out.append(_taps_for(arr0, slides, turns))
                if len(out) >= limit:
                    return out
    return out


def enumerate_solutions(arr0: bytes, actions: int, taps: int, limit: int = MAX_SOLUTIONS):
    """Every canonical solution with exactly (actions, taps): list of tap lists
    (the Python search's way: a depth-first search over slides)."""
    board = _Board(arr0)
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
                    seq = _taps_for(arr0, slides, turns)
                    k = tuple(map(tuple, seq))
                    if k not in seen:
                        seen.add(k)
                        results.append(seq)
        if gap0 < 0 or gt >= taps:
            return
        gap = arr.index(GAP_C)
        for _bit, cell, _opp in NB[gap]:
            code = arr[cell]
            child, cfro = _slide(arr, frozen, gap, cell)
            slides.append(cell)
            dfs(child, cfro, ga + PAID[code], gt + 1)
            slides.pop()

    dfs(arr0, frozen0, 0, 0)
    return results


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
        taps = _taps_for(arr0, res["slides"], turns)
        _verify(grid, taps, actions)
        assert len(taps) == ntaps
        out.update(solved=True, actions=actions, taps=taps)
        if options.all_solutions:
            complete = bool(res["proven"])
            if not res["proven"]:
                sols = []
            elif "paths" in res:
                complete = res["paths"] is not None
                sols = _solutions_from_paths(arr0, res["paths"] or [], actions)
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
