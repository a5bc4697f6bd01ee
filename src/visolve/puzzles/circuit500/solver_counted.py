"""circuit500 solver: the counted form of the gap-reach lower bound.

A stronger form (:func:`counted_bound`)
---------------------------------------
The bound above lets every changed cell take a cross for free whenever the
level has one cross.  :func:`counted_bound` adds two counts along the walk:

* ``u``, the crosses the path uses: a kept cross, or a changed cell filled
  by a cross.  The final tiles of distinct path cells are distinct tiles, so
  ``u`` never exceeds the level's cross count.  (While ``m = 0`` only the
  crosses of FC are counted, as above; with ``UCAP`` crosses or more, crosses
  outside FC are not counted at all.  Counting fewer is a relaxation.)
* ``a``, the changed cells filled by a corner or junction instead: that tile
  moved, so it made at least one slide, a paid one; distinct cells, distinct
  tiles, distinct slides.  Its first slide is a first entry of the gap into
  a cell holding a rotatable tile, so ``m >= 1`` too.

The slides counted by ``a`` are slides of tiles other than start and end,
so they are disjoint from the rotations and from the start/end slides
charged by distance; with the first entries they are all paid slides, so
``max(m, s, a)`` (not the sum: they may overlap) is still a lower bound on
the paid slides not charged elsewhere.  The filling tile also needs its
rotations for the arms the path uses: at least the fewest any corner or
junction of the level needs.  Every finish thus maps to a walk whose
counted cost is at most its actions, and the minimum over walks bounds them.
It is never below :func:`~visolve.puzzles.circuit500.solver_bound.reach_bound` (the same walks, more charges) and,
measured, costs 1.3-2.5x as much per call, so the solver asks it only when
the first bound does not prune.
"""

from __future__ import annotations

from visolve.puzzles.circuit500.solver_bound import INF, Tables, dominated, finish_cost, relaxer, walk_start

#: levels with this many crosses or more do not count crosses outside FC
#: in :func:`counted_bound`
UCAP = 4


def counted_bound(
    arr: bytes, t: Tables, s0: int, e0: int, gap: int, limit: int, max_m: int = 31
) -> int:
    """:func:`~visolve.puzzles.circuit500.solver_bound.reach_bound` with two more counts (see the
    module docstring); never below it, about 1.3-2.5x its cost per call.

    Dijkstra over states ``node | m << 9 | s << 14 | a << 19 | u << 24``:
    ``node`` = cell*16 + arrival side, ``m`` = largest gd of a changed or
    visited cell so far, ``s`` = rotatable tiles now on changed cells (they
    move), ``a`` = changed cells filled by a corner/junction (it moved there),
    ``u`` = crosses the path uses (kept or brought in; while ``m = 0`` only
    the crosses of FC count).  The cost of a state includes ``max(m, s, a)``.
    ``max_m`` as in :func:`~visolve.puzzles.circuit500.solver_bound.reach_bound`."""
    rot = t.rot
    nbx = t.nbx
    fill = t.fill
    ncross = t.n_cross
    # with many crosses the count rarely binds and only multiplies the
    # states: then crosses are not counted outside FC (a relaxation)
    track = 1 if ncross < UCAP else 0
    ncell = len(arr)
    cross = t.cross_code
    gd, k0, w, limit, top, dcost, buckets = walk_start(arr, t, s0, e0, gap, limit, max_m)
    best = limit
    push = relaxer(dcost, buckets, limit)
    finish = finish_cost(arr, t, e0, gd, w, top)
    # dominance: a state popped earlier (cost <= now) that differs only by
    # using no more crosses has every continuation this one has
    labels: list = [None] * (ncell * 16)
    for cur in range(limit):
        if cur >= best:
            break
        bucket = buckets[cur]
        while bucket:
            st = bucket.pop()
            if dcost[st] != cur:
                continue
            u = st >> 24
            node = st & 511
            m = (st >> 9) & 31
            s = (st >> 14) & 31
            a = (st >> 19) & 31
            x = m if m > s else s
            if a > x:
                x = a
            # a label popped before at this node with no more rotations
            # spent and no larger m, s, a, u has every completion of this
            # one at no higher cost
            if dominated(labels, node, (cur - x, m, s, a, u)):
                continue
            cell = node >> 4
            back = node & 15
            e = finish(cur, x, m, s, a, cell, back)
            if e < best:
                best = e
                if cur >= best:
                    break
            g = gd[cell]
            code = arr[cell]
            if m == 0 and g == 0:
                # inside FC while no rotatable tile moves: a cross of FC ends here
                for bit, nn in nbx[cell]:
                    if bit == back:
                        continue
                    if u < k0:
                        push(nn | ((u + 1) << 24), cur)
                    if top >= 1:
                        # or a rotatable tile moves after all (x >= 1): a
                        # cross, or a corner/junction brought here
                        nc = cur + 1
                        if u < ncross and nc < best:
                            push(nn | (1 << 9) | ((u + track) << 24), nc)
                        nc += fill[back | bit]
                        if nc < best and (track or u >= ncross):
                            push(nn | (1 << 9) | (1 << 19) | (u << 24), nc)
                continue
            # kept: the tile here now stays (a cross counts as used, except
            # while m = 0 where only FC crosses are counted)
            keep_head = st & ~511
            tab = None
            if code == cross:
                if m and track:
                    if u < ncross:
                        keep_head += 1 << 24
                    else:
                        keep_head = -1
            else:
                tab = rot[code]
            # changed: m' = max(m, g), s' = s + w; filled by a cross (u + 1)
            # or by a corner/junction (a + 1, and m' >= 1: it moved)
            m2 = m if m > g else g
            s2 = s + w[cell]
            x2 = m2 if m2 > s2 else s2
            if a > x2:
                x2 = a
            dx = x2 - x if (x2 <= top and u < ncross) else INF
            cross_head = (m2 << 9) | (s2 << 14) | (a << 19) | ((u + track) << 24)
            m3 = m2 if m2 else 1
            a3 = a + 1
            x3 = m3 if m3 > s2 else s2
            if a3 > x3:
                x3 = a3
            # (a free cross beats a corner/junction when crosses are not counted)
            dr = x3 - x if x3 <= top and (track or u >= ncross) else INF
            rot_head = (m3 << 9) | (s2 << 14) | (a3 << 19) | (u << 24)
            for bit, nn in nbx[cell]:
                if bit == back:
                    continue
                need = back | bit
                if keep_head >= 0:
                    nc = cur if tab is None else cur + tab[need]
                    if nc < best:
                        push(nn | keep_head, nc)
                nc = cur + dx
                if nc < best:
                    push(nn | cross_head, nc)
                nc = cur + dr + fill[need]
                if nc < best:
                    push(nn | rot_head, nc)
    return best
