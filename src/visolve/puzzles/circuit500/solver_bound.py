"""Gap-reach lower bound for the circuit500 solver (see ``solver`` for the search).

The bound
---------
Take a state and any sequence of taps that finishes it.  Let ``V`` be the set
of cells the gap occupies at some moment (the current gap cell ``g``
included).  ``V`` is connected.  Until the gap first enters a cell, that cell
keeps its tile, so the *first entry* of the gap into a cell ``c != g`` slides
the tile that sits at ``c`` now: one action when that tile can rotate.  First
entries into distinct cells are distinct slides, hence

    paid first entries  >=  sum of w(c) over c in V \\ {g}  >=  max gd(c) over V =: m

where ``w(c)`` is 1 for a corner/junction/start/end at ``c`` now and 0 for an
empty/cross, and ``gd(c)`` the cheapest node-weighted path from ``g`` to ``c``.

Take the final start-to-end simple path.  Each of its cells is charged to the
tile that finally sits there (distinct cells, distinct tiles):

* an intermediate cell outside ``V`` still holds its present tile, which made
  at least ``rot(tile, arms the path needs)`` rotations;
* an intermediate cell inside ``V`` ("changed") is charged 0 (a cross costs
  nothing; if the level has no cross, the least rotations any corner/junction
  needs for those arms);
* the start tile, if it ends at its present cell: its rotations; if it ends
  at another cell ``p``: it made at least ``dist(s0, p)`` slides, of which at
  most one is a first entry (only the slide out of ``s0`` can be: every later
  slide of it leaves a cell the gap visited before), plus its rotations, and
  ``s0, p`` are in ``V``.  Same for the end tile.

Rotations, non-first-entry slides and first-entry slides are disjoint sets of
actions, so

    remaining actions  >=  (sum of the cell charges)  +  m,   m >= gd of every
                                                          changed / visited cell.

With ``m = 0`` the gap never leaves its free component FC (the cells with
``gd = 0``): every slide is free, no cross enters or leaves FC, so the path
cells inside FC (all of them changed or crosses already) use at most ``k0`` =
the crosses in FC.  The bound is the minimum of the right-hand side over
paths (relaxed to walks), ``m`` and the kept/changed choice per cell: a
Dijkstra over ``(cell, arrival side, layer)`` where layer 0 counts the FC
crosses used and layers ``1..`` record ``m`` (raising ``m`` costs what it
raises).  Rotations done so far are 0 in the slide-only search, so the value
bounds the remaining taps too (each action is a tap).

A stronger form, :func:`visolve.puzzles.circuit500.solver_counted.counted_bound`, counts the
crosses the path uses and the cells filled by a moved corner or junction.
"""

from __future__ import annotations

INF = 1 << 20


def gap_distances(arr: bytes, gap: int, paid: list[int], nb_cells) -> list[int]:
    """0-1 BFS: cheapest count of rotatable tiles entered from ``gap`` to each cell."""
    n = len(arr)
    gd = [INF] * n
    gd[gap] = 0
    front = [gap]
    back: list[int] = []
    d = 0
    while front or back:
        if not front:
            front, back = back, []
            d += 1
            continue
        c = front.pop()
        if gd[c] != d:
            continue
        for nb in nb_cells[c]:
            nd = d + paid[arr[nb]]
            if nd < gd[nb]:
                gd[nb] = nd
                if nd == d:
                    front.append(nb)
                else:
                    back.append(nb)
    return gd


class Tables:
    """Per-level constants: the tile multiset never changes during a search."""

    def __init__(self, arr: bytes, rot, paid, nbx, nb_cells, dist, cross_code, rotatable_tile):
        self.rot = rot
        self.paid = paid
        self.nbx = nbx
        self.nb_cells = nb_cells
        self.dist = dist
        n_cross = sum(1 for c in arr if c == cross_code)
        others = [c for c in set(arr) if rotatable_tile(c)]
        chg = []
        for need in range(16):
            if n_cross:
                chg.append(0)
            else:
                chg.append(min([rot[c][need] for c in others] + [INF]))
        #: charge of a changed intermediate cell per needed arm mask
        self.chg = chg
        #: rotations of a corner/junction brought onto a path cell, per
        #: needed arm mask (the fewest any of the level's tiles needs)
        self.fill = [min([rot[c][need] for c in others] + [INF]) for need in range(16)]
        self.n_cross = n_cross
        self.cross_code = cross_code


def walk_start(arr: bytes, t: Tables, s0: int, e0: int, gap: int, limit: int, max_m: int):
    """What :func:`reach_bound` and ``counted_bound`` share: the walk's start.

    Parameters
    ----------
    arr : bytes
        The arrangement; ``s0``, ``e0`` and ``gap`` the start's, the end's and the gap's cells.
    t : Tables
        The level's tables.
    limit, max_m : int
        As in :func:`reach_bound`.

    Returns
    -------
    tuple
        ``(gd, k0, w, limit, top, dcost, buckets)``: gap distances, FC crosses,
        first-entry weights, the capped ``limit`` and ``top``, and the start seeds
        (the start tile kept, or moved to a cell ``p``: ``m`` and ``s`` set, the
        other counts 0) in ``dcost`` and ``buckets``.
    """
    rot = t.rot
    nbx = t.nbx
    dist = t.dist
    paid = t.paid
    ncell = len(arr)
    if gap >= 0:
        gd = gap_distances(arr, gap, paid, t.nb_cells)
    else:
        gd = [INF] * ncell
    cross = t.cross_code
    k0 = 0
    for c in range(ncell):
        if gd[c] == 0 and arr[c] == cross:
            k0 += 1
    # w of a changed cell: its first entry is paid; s0/e0 are counted with the
    # start/end tile instead
    w = [paid[c] for c in arr]
    w[s0] = 0
    w[e0] = 0
    if limit > 31:
        limit = 31  # the counts are 5-bit fields
    top = limit - 1  # counts above this cannot give a value below limit
    if top > max_m:
        top = max_m
    best = limit
    dcost: dict[int, int] = {}
    buckets: list[list[int]] = [[] for _ in range(limit + 1)]
    srot = rot[arr[s0]]
    for bit, nn in nbx[s0]:
        r = srot[bit]
        if r < best and r < dcost.get(nn, limit):
            dcost[nn] = r
            buckets[r].append(nn)
    gs = gd[s0]
    if gs <= top:
        ds = dist[s0]
        for p in range(ncell):
            if p == s0 or ds[p] > top:
                continue  # (its cost is at least ds[p] - 1 + 1)
            m = gd[p]
            if m < gs:
                m = gs
            s = 1 + w[p]
            x = m if m > s else s
            if x > top:
                continue
            c0 = ds[p] - 1 + x
            head = (m << 9) | (s << 14)
            for bit, nn in nbx[p]:
                c = c0 + srot[bit]
                if c < best:
                    st = nn | head
                    if c < dcost.get(st, limit):
                        dcost[st] = c
                        buckets[c].append(st)
    return gd, k0, w, limit, top, dcost, buckets


def dominated(labels: list, node: int, label: tuple) -> bool:
    """Whether a label popped before at ``node`` is no larger than ``label`` in
    every count (so it has every completion of this one at no higher cost);
    when none is, ``label`` is recorded at ``node``."""
    seen = labels[node]
    if seen is None:
        labels[node] = [label]
        return False
    for old in seen:
        for a, b in zip(old, label):
            if a > b:
                break
        else:
            return True
    seen.append(label)
    return False


def finish_cost(arr: bytes, t: Tables, e0: int, gd: list, w: list, top: int):
    """The cost of finishing a walk at the state just popped: the end tile
    stays at ``e0`` (its rotations), or it ends on this cell (its slides from
    ``e0``, and the paid slides ``max(m, gd, s + 1 + w, a)`` now reach).

    Returns ``finish(cur, x, m, s, a, cell, back)``; ``x`` is the paid-slide
    charge already in ``cur``, ``a`` a further floor of it (0 for none)."""
    erot = t.rot[arr[e0]]
    ge = gd[e0]
    de = t.dist[e0]

    def finish(cur: int, x: int, m: int, s: int, a: int, cell: int, back: int) -> int:
        if cell == e0:
            return cur + erot[back]
        x2 = max(m, ge, gd[cell], s + 1 + w[cell], a)
        return cur + (x2 - x) + de[cell] - 1 + erot[back] if x2 <= top else INF

    return finish


def relaxer(dcost: dict, buckets: list, limit: int):
    """``push(state, cost)``: record ``state`` at ``cost`` in its bucket when
    that is cheaper than known (costs at or over ``limit`` are not kept)."""

    def push(st: int, c: int) -> None:
        if c < dcost.get(st, limit):
            dcost[st] = c
            buckets[c].append(st)

    return push


def reach_bound(
    arr: bytes, t: Tables, s0: int, e0: int, gap: int, limit: int, max_m: int = 31
) -> int:
    """The bound of the module docstring; any value >= ``limit`` is returned as
    ``limit`` (callers pass the smallest value that already prunes).

    Dijkstra over states ``node | m << 9 | s << 14 | u << 19``: ``node`` = cell*16
    + arrival side, ``m`` = largest gd of a changed/visited cell so far, ``s``
    = rotatable tiles on distinct changed cells (their first entries), ``u`` =
    crosses used on FC cells while ``m = 0``.  The cost of a state includes
    ``max(m, s)``.

    With ``max_m = 0`` only finishes without any paid slide are counted (the
    gap stays in FC): a lower bound on the cheapest rotation-only finish of
    every state joined to this one by free slides."""
    rot = t.rot
    nbx = t.nbx
    chg = t.chg
    ncell = len(arr)
    gd, k0, w, limit, top, dcost, buckets = walk_start(arr, t, s0, e0, gap, limit, max_m)
    best = limit
    push = relaxer(dcost, buckets, limit)
    finish = finish_cost(arr, t, e0, gd, w, top)
    # layer 0 dominance: a state popped earlier (cost <= now) at the same node
    # with no more FC crosses used has every continuation this one has
    low_u = [64] * (ncell * 16)
    labels: list = [None] * (ncell * 16)
    for cur in range(limit):
        if cur >= best:
            break
        bucket = buckets[cur]
        while bucket:
            st = bucket.pop()
            if dcost[st] != cur:
                continue
            node = st & 511
            m = (st >> 9) & 31
            s = (st >> 14) & 31
            u = st >> 19
            x = m if m > s else s
            if not st >> 9 & 1023:
                if low_u[node] <= u:
                    continue
                low_u[node] = u
            else:
                # a label popped before at this node with no more
                # rotations spent and no larger m, s has every completion
                # of this one at no higher cost
                if dominated(labels, node, (cur - x, m, s)):
                    continue
            cell = node >> 4
            back = node & 15
            e = finish(cur, x, m, s, 0, cell, back)
            if e < best:
                best = e
                if cur >= best:
                    break
            g = gd[cell]
            wc = w[cell]
            tab = rot[arr[cell]]
            if m == 0 and g == 0:
                # inside FC without any paid slide: a cross must be here
                for bit, nn in nbx[cell]:
                    if bit == back:
                        continue
                    if u < k0:
                        push(nn | ((u + 1) << 19), cur)
                    if top >= 1:
                        # or the gap leaves FC at some point: m >= 1
                        nc = cur + 1 + chg[back | bit]
                        if nc < best:
                            push(nn | (1 << 9), nc)
                continue
            # changed: m' = max(m, g), s' = s + wc
            m2 = m if m > g else g
            s2 = s + wc
            x2 = m2 if m2 > s2 else s2
            dx = x2 - x if x2 <= top else INF
            keep_head = st & ~511
            chg_head = (m2 << 9) | (s2 << 14)
            for bit, nn in nbx[cell]:
                if bit == back:
                    continue
                need = back | bit
                nc = cur + tab[need]
                if nc < best:
                    push(nn | keep_head, nc)
                nc = cur + dx + chg[need]
                if nc < best:
                    push(nn | chg_head, nc)
    return best


def free_bound(
    arr: bytes, t: Tables, s0: int, e0: int, gap: int, budget: int, limit: int
) -> int:
    """Fewest free slides (of empties/crosses) a finish needs when it may spend
    at most ``budget`` more actions (values >= ``limit`` come back as ``limit``).

    Charge the final simple path cell by cell.  A kept cell (same tile as now)
    costs its rotations (actions).  A changed cell ends with another tile:
    a cross from elsewhere, which made at least ``dist`` (to the nearest other
    cross now) free slides, or a corner/junction, which made at least one
    (paid) slide; and if an empty sits there now, that empty slid out (one
    free slide).  The start/end tile costs ``dist`` slides + rotations, and
    the cell it ends on loses its present tile (an empty: one free slide).
    The tiles charged are distinct (final tiles of distinct cells, empties of
    distinct cells); the nearest-cross relaxation only lowers the cross part.
    So the actions counted are at most ``budget`` and the free slides counted
    bound the real ones from below: the minimum over walks under the budget,
    by Dijkstra on the free count over ``(cell, arrival side, actions)``."""
    rot = t.rot
    nbx = t.nbx
    dist = t.dist
    ncell = len(arr)
    cross = t.cross_code
    A = budget + 1
    xs = [c for c in range(ncell) if arr[c] == cross]
    mc = []
    for c in range(ncell):
        dc = dist[c]
        mc.append(min([dc[x] for x in xs if x != c] + [INF]))
    # an empty here now slides out once
    out = [1 if (arr[c] >> 4) == 1 else 0 for c in range(ncell)]
    chg_x = [out[c] + mc[c] for c in range(ncell)]  # changed, filled by a cross
    chg_r = out  # changed, filled by a corner/junction (+1 action)
    buckets: list[list[int]] = [[] for _ in range(limit + 1)]
    dcost: dict[int, int] = {}
    srot = rot[arr[s0]]
    erot = rot[arr[e0]]
    ds = dist[s0]
    for p in range(ncell):
        if p == s0:
            a0, f0 = 0, 0
        else:
            a0, f0 = ds[p], out[p]
        if a0 > budget or f0 >= limit:
            continue
        for bit, nn in nbx[p]:
            a = a0 + srot[bit]
            if a <= budget:
                st = nn * A + a
                if f0 < dcost.get(st, limit):
                    dcost[st] = f0
                    buckets[f0].append(st)
    de = dist[e0]
    low_a = [A] * (ncell * 16)
    best = limit
    for cur in range(limit):
        if cur >= best:
            break
        bucket = buckets[cur]
        while bucket:
            st = bucket.pop()
            if dcost[st] != cur:
                continue
            node, a = divmod(st, A)
            if low_a[node] <= a:
                continue
            low_a[node] = a
            cell = node >> 4
            back = node & 15
            if cell == e0:
                if a + erot[back] <= budget:
                    best = cur
                    break
            elif a + de[cell] + erot[back] <= budget and cur + out[cell] < best:
                best = cur + out[cell]
                if cur >= best:
                    break
            tab = rot[arr[cell]]
            fx = cur + chg_x[cell]
            fr = cur + chg_r[cell]
            ar = a + 1
            for bit, nn in nbx[cell]:
                if bit == back:
                    continue
                a2 = a + tab[back | bit]
                if a2 <= budget:
                    nst = nn * A + a2
                    if cur < dcost.get(nst, limit):
                        dcost[nst] = cur
                        bucket.append(nst)
                if fx < best:
                    nst = nn * A + a
                    if fx < dcost.get(nst, limit):
                        dcost[nst] = fx
                        buckets[fx].append(nst)
                if ar <= budget and fr < best:
                    nst = nn * A + ar
                    if fr < dcost.get(nst, limit):
                        dcost[nst] = fr
                        buckets[fr].append(nst)
    return best
