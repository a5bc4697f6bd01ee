"""circuit500 solver: the board encoding, its tables and the finish by rotations.

A slide state (see :mod:`solver`) is an arrangement, one byte per cell in
row-major order (a tile code ``kind << 4 | arms``, :func:`encode` /
:func:`decode`; ``GAP_C`` for the gap), and a mask of frozen cells.  This
module holds what :mod:`solver` and :mod:`solver_classes` build on:

* the per-cell tables: neighbours ``NB`` (and ``NB_CELLS``, ``NBX``, ``ADJ_MASK``),
  distances ``DIST``, the rotations a tile needs to show an arm mask (``ROT``,
  ``ROT_FIXED`` for frozen tiles) and the paid slide cost ``PAID``;
* :func:`slide_tile`, the move from one slide state to the next;
* the cost ``R`` of finishing by rotations only (the cheapest start-to-end
  path, each path cell paying the rotations its tile needs):
  :func:`rotation_finish` (one cheapest finish, with its turns per cell) and
  :func:`simple_path_finishes` (every cheapest finish through a simple path);
* the per-level constants of the action bounds (:class:`BoundBoard`) and
  :func:`lower_bound`.  The walk bound of :func:`_plain_bound` lets every
  cell be reached by a new tile at an arrival cost that depends on the tile
  multiset only (the start and end may go anywhere), so it is finite for
  every arrangement of a level or for none: one look decides whether any
  finish exists.  The bounds themselves and their proofs are in
  :mod:`solver_bound`.
"""

from __future__ import annotations

import functools

from visolve.puzzles.circuit500 import model
from visolve.puzzles.circuit500.model import COLS, KINDS, ROWS
from visolve.puzzles.circuit500.solver_bound import Tables, reach_bound

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


def find_tile(arr: bytes, codes) -> int:
    """The cell of the first of ``codes`` on the board; ``ValueError`` when none is.

    Parameters
    ----------
    arr : bytes
        The arrangement, one tile code per cell.
    codes : iterable of int
        The codes looked for in turn (the start tile's, or the end tile's, in every rotation).
    """
    for c in codes:
        i = arr.find(c)
        if i >= 0:
            return i
    raise ValueError("level without start or end tile")


class BoundBoard:
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


def _plain_bound(arr: bytes, board: BoundBoard) -> int:
    """The walk bound of the module docstring (``INF``: no finish possible)."""
    s0 = find_tile(arr, START_CODES)
    e0 = find_tile(arr, END_CODES)
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


def lower_bound(arr: bytes, board: BoundBoard | None = None, limit: int = HB) -> int:
    """Admissible bound on the actions still needed from slide state ``arr``
    (``INF`` when no finish is possible at all); values >= ``limit`` come back
    as ``limit``.  See :mod:`solver_bound` for the bound and its proof."""
    if board is None:
        board = BoundBoard(arr)
    if not board.feasible:
        return INF
    s0 = find_tile(arr, START_CODES)
    e0 = find_tile(arr, END_CODES)
    return reach_bound(arr, board.tables, s0, e0, arr.find(GAP_C), limit)


def rotation_finish(arr: bytes, frozen: int, limit: int = INF):
    """Exact cheapest finish by rotations only.

    Returns ``(cost, {cell: turns})`` or ``(INF, None)``."""
    s0, e0 = find_tile(arr, START_CODES), find_tile(arr, END_CODES)

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
    s0, e0 = find_tile(arr, START_CODES), find_tile(arr, END_CODES)

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


# ------------------------------------------------------------------ slides


def slide_tile(arr: bytes, frozen: int, gap: int, cell: int):
    """Slide the tile at ``cell`` into ``gap``: the new arrangement and frozen mask.

    Parameters
    ----------
    arr : bytes
        The arrangement, one tile code per cell.
    frozen : int
        Bit mask of the cells whose tiles may no longer move (a frozen tile's bit moves with it).
    gap, cell : int
        The gap's cell and the cell of the tile slid into it.
    """
    b = bytearray(arr)
    b[gap], b[cell] = b[cell], GAP_C
    if frozen:
        if frozen >> cell & 1:
            frozen = (frozen & ~(1 << cell)) | (1 << gap)
        frozen &= ADJ_MASK[cell]
    return bytes(b), frozen
