"""The reference search, in Python: exact cover of the free cells.

Each node keeps the list of placements still possible ("live": on free
cells, of unused pieces, off their piece's forbidden cells, covering the
cells their piece must cover).  It counts, per free cell, the live
placements covering it and branches on the cell with the fewest (the lowest
such cell on a tie), trying its live placements in table order; when the
unused pieces' cells exactly fill the free ones (so every unused piece must
be laid) an unused piece with fewer live placements still is branched on
instead.  A free cell or such a piece with no live placement ends the
branch, and so does a walled-off region of free cells whose size no set of
unused pieces adds up to.
Laying a piece removes from the live list everything overlapping it, the
rest of its piece, and what the pieces it may not touch had next to it.  A
board is solved when every cell is covered.

The scan-line rule (``SCAN``, de Bruijn's) instead fills the lowest free
cell with each fitting placement whose lowest cell it is (no live list: the
pieces' forbidden cells are kept up to date), skipping a lay that leaves
more walled-in free cells (no free neighbour) than unused one-cell pieces.
It does far less per node, the other visits fewer nodes; which is faster
depends on the puzzle.  A family hook (``constraints.Hook``) vetoes
placements, lays them on its own state, prunes nodes and checks full
boards, under either rule.

The compiled core (``_core.c``) runs the same steps in the same order: the
same solutions in the same order, the same node counts (its counting mode
adds a memo, so only its counts and not its node counts match there).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from visolve.tiling.constraints import Hook, Start
from visolve.tiling.placements import Table

#: check the deadline every this many nodes (a power of two, minus one)
CLOCK_EVERY = 1023
#: branching rules: the most constrained cell (or piece), or the lowest free cell
FEWEST, SCAN = "fewest", "scan"


class _Stop(Exception):
    pass


@dataclass
class Outcome:
    """What a search found (raw placement indices)."""

    count: int = 0
    solutions: list[tuple[int, ...]] = field(default_factory=list)
    timed_out: bool = False
    nodes: int = 0
    tally: list[int] | None = None


def root_live(table: Table, start: Start, hook: Hook | None = None) -> list[int]:
    """Placements possible at the start, in search order."""
    out = []
    for k in table.order:
        mask, pid = table.masks[k], table.owners[k]
        if mask & start.covered or start.used >> pid & 1 or mask & start.forbid[pid]:
            continue
        if mask & start.need[pid] != start.need[pid]:
            continue
        if hook is None or hook.allow(k):
            out.append(k)
    return out


def choose(table: Table, live: list[int], free: int, exact: bool, used: int) -> tuple[int, int]:
    """What to branch on: ``(cell bit, -1)`` or ``(0, piece)``; ``(0, -1)`` for a dead end.

    The free cell with the fewest live placements (the lowest on a tie), or
    an unused piece with fewer still when ``exact`` (the unused pieces
    exactly fill the free cells, so each must be laid).
    """
    counts = [0] * table.board.size
    per_piece = [0] * len(table.pieces)
    cells_of, owners = table.cells_of, table.owners
    for k in live:
        per_piece[owners[k]] += 1
        for c in cells_of[k]:
            counts[c] += 1
    best, fewest = 0, len(live) + 1
    rest = free
    while rest:
        low = rest & -rest
        rest ^= low
        n = counts[low.bit_length() - 1]
        if n < fewest:
            best, fewest = low, n
            if not n:
                return 0, -1
    piece = -1
    if exact:
        for p, n in enumerate(per_piece):
            if not used >> p & 1 and n < fewest:
                if not n:
                    return 0, -1
                piece, fewest = p, n
    return (0, piece) if piece >= 0 else (best, -1)


def regions_fit(nbrs, sizes, free: int, used: int) -> bool:
    """Does every walled-off region of free cells have a size the unused pieces can make?"""
    reach = 1  # bit s: some unused pieces have s cells in all
    for p, size in enumerate(sizes):
        if not used >> p & 1:
            reach |= reach << size
    while free:
        region = edge = free & -free
        while edge:
            grow = 0
            while edge:
                low = edge & -edge
                edge ^= low
                grow |= nbrs[low.bit_length() - 1]
            edge = grow & free & ~region
            region |= edge
        if not reach >> region.bit_count() & 1:
            return False
        free &= ~region
    return True


def walled(shifts, singles: int, free: int, used: int) -> bool:
    """More walled-in free cells (no free neighbour) than unused one-cell pieces?"""
    near = 0
    for offset, cells in shifts:
        part = free & cells
        near |= part << offset if offset > 0 else part >> -offset
    alone = free & ~near
    return bool(alone) and alone.bit_count() > (singles & ~used).bit_count()


def scan_lists(table: Table, start: Start, hook: Hook | None) -> list[list[tuple[int, int, int]]]:
    """Per cell, ``(index, mask, piece bit)`` of the placements the scan rule may try there.

    What the start state rules out for good (cells covered, pieces used,
    cells a piece may never cover or must cover, the hook's veto) is
    dropped here once instead of at every node.
    """
    out = []
    for lst in table.by_first:
        keep = []
        for k in lst:
            mask, pid = table.masks[k], table.owners[k]
            if mask & start.covered or start.used >> pid & 1 or mask & start.forbid[pid]:
                continue
            if mask & start.need[pid] != start.need[pid] or (hook is not None and not hook.allow(k)):
                continue
            keep.append((k, mask, 1 << pid))
        out.append(keep)
    return out


def run(
    table: Table,
    start: Start,
    limit: int = 0,
    keep: int = 0,
    tally: bool = False,
    deadline: float | None = None,
    hook: Hook | None = None,
    rule: str = FEWEST,
) -> Outcome:
    """Search from ``start``.

    Parameters
    ----------
    table, start : Table, Start
        The puzzle and the question's start state.
    limit : int
        Stop after this many solutions (0: all).
    keep : int
        Keep the first ``keep`` solutions (-1: all).
    tally : bool
        Count per placement the solutions that use it.
    deadline : float or None
        ``time.perf_counter()`` value after which to give up.
    hook : Hook or None
        Family rules (see ``constraints.Hook``).
    rule : str
        ``FEWEST`` (branch on the most constrained cell or piece) or
        ``SCAN`` (fill the lowest free cell).
    """
    out = Outcome(tally=[0] * len(table.masks) if tally else None)
    full = table.board.full
    masks, owners, halos, sizes = table.masks, table.owners, table.halos, table.sizes
    conflicts, nbrs, shifts = start.conflicts, table.board.neighbours, table.board.shifts
    forbid = list(start.forbid)
    singles = sum(1 << p for p, size in enumerate(sizes) if size == 1)
    dynamic = any(conflicts)  # forbidden cells change while laying
    place = None if hook is None else hook.place
    prune = None if hook is None else hook.prune
    stack: list[int] = list(start.placed)

    def leaf(state) -> None:
        if hook is not None and not hook.finish(state, stack):
            return
        out.count += 1
        if keep < 0 or len(out.solutions) < keep:
            out.solutions.append(tuple(stack))
        if out.tally is not None:
            for k in stack:
                out.tally[k] += 1
        if limit and out.count >= limit:
            raise _Stop

    def dfs(live: list[int], covered: int, used: int, area: int, state) -> None:
        out.nodes += 1
        if deadline is not None and not out.nodes & CLOCK_EVERY and time.perf_counter() > deadline:
            out.timed_out = True
            raise _Stop
        free = full & ~covered
        if not free:
            leaf(state)
            return
        if hook is not None and hook.prune(state, covered, used):
            return
        if not regions_fit(nbrs, sizes, free, used):
            return
        cell, branch = choose(table, live, free, area == free.bit_count(), used)
        for k in live:
            mask, pid = masks[k], owners[k]
            if pid != branch if branch >= 0 else not mask & cell:
                continue
            nstate = state
            if hook is not None:
                nstate = hook.place(state, k)
                if nstate is None:
                    continue
            conf, halo = conflicts[pid], halos[k]
            child = [
                j
                for j in live
                if not masks[j] & mask
                and owners[j] != pid
                and not (conf >> owners[j] & 1 and masks[j] & halo)
            ]
            stack.append(k)
            dfs(child, covered | mask, used | 1 << pid, area - sizes[pid], nstate)
            stack.pop()

    def scan(covered: int, used: int, state) -> None:
        out.nodes += 1
        if deadline is not None and not out.nodes & CLOCK_EVERY and time.perf_counter() > deadline:
            out.timed_out = True
            raise _Stop
        free = full & ~covered
        if not free:
            leaf(state)
            return
        if prune is not None and prune(state, covered, used):
            return
        for k, mask, pbit in by_first[(free & -free).bit_length() - 1]:
            if mask & covered or used & pbit:
                continue
            pid = owners[k]
            if dynamic and mask & forbid[pid]:
                continue
            nstate = state
            if place is not None:
                nstate = place(state, k)
                if nstate is None:
                    continue
            nused = used | pbit
            if walled(shifts, singles, free & ~mask, nused):
                continue
            saved = None
            if conflicts[pid]:
                saved = [(q, forbid[q]) for q in range(len(forbid)) if conflicts[pid] >> q & 1]
                for q, old in saved:
                    forbid[q] = old | halos[k]
            stack.append(k)
            scan(covered | mask, nused, nstate)
            stack.pop()
            for q, old in saved or ():
                forbid[q] = old

    if rule == SCAN:
        by_first = scan_lists(table, start, hook)
    state0 = None if hook is None else hook.start(list(start.placed))
    if hook is not None and state0 is None:
        return out
    area = sum(s for p, s in enumerate(sizes) if not start.used >> p & 1)
    try:
        if rule == SCAN:
            scan(start.covered, start.used, state0)
        else:
            dfs(root_live(table, start, hook), start.covered, start.used, area, state0)
    except _Stop:
        pass
    return out
