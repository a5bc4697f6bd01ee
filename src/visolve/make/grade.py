"""A challenge's difficulty, measured by the search that proves it.

The grade is how much *guessing* a solver needs once every forced placement
is made.  The search is an exact cover over the tiling engine's placement
table (:mod:`visolve.tiling.placements`): the columns are the free cells and
the pieces not yet laid; at each node it takes the column with the fewest
live placements.  A column with one placement is a forced move (no guess);
a column with ``k >= 2`` is a guess among ``k``.  The search runs to the end
(it proves the count as it grades), and the grade is the number of
placements tried at guessing nodes beyond the first of each: the wrong
turns a perfect "fewest options first" player could still take.

A challenge with no guess at all grades 0; the booklet's hardest IQ Stars
challenges grade a few dozen (see ``docs/make.md``).
"""

from __future__ import annotations

from dataclasses import dataclass

from visolve.tiling.constraints import Constraints, compile_start
from visolve.tiling.placements import Table


@dataclass(frozen=True)
class Grade:
    """What the grading search saw.

    Attributes
    ----------
    solutions : int
        Solutions found (the search stops at ``limit``).
    guesses : int
        Placements tried beyond the first at nodes with a choice: the grade.
    branches : int
        Nodes with a choice.
    nodes : int
        Every node visited.
    complete : bool
        The search ran to its end (the count is proven).
    """

    solutions: int
    guesses: int
    branches: int
    nodes: int
    complete: bool

    @property
    def value(self) -> int:
        """The grade written in level files."""
        return self.guesses


def live_placements(table: Table, cons: Constraints) -> tuple[int, int, list[int], str]:
    """``(covered, used, live placement indices, reason)`` of a question's start.

    ``reason`` is not empty when the question has no solution before any search.
    """
    start = compile_start(table, cons)
    if start.reason:
        return start.covered, start.used, [], start.reason
    live = []
    for i, (mask, pid) in enumerate(zip(table.masks, table.owners)):
        if start.used >> pid & 1 or mask & start.covered or mask & start.forbid[pid]:
            continue
        need = start.need[pid]
        if need and mask & need != need:
            continue
        live.append(i)
    return start.covered, start.used, live, ""


class _Search:
    """The grading exact cover (one per question)."""

    def __init__(self, table: Table, limit: int) -> None:
        self.table = table
        self.limit = limit
        self.full = table.board.full
        self.all_pieces = (1 << len(table.pieces)) - 1
        self.solutions = self.guesses = self.branches = self.nodes = 0

    def best_column(self, live: list[int], covered: int, used: int) -> list[int]:
        """The live placements of the column (free cell or unused piece) with the fewest."""
        masks, owners = self.table.masks, self.table.owners
        by_cell: dict[int, list[int]] = {}
        by_piece: dict[int, list[int]] = {}
        for i in live:
            by_piece.setdefault(owners[i], []).append(i)
            m = masks[i]
            while m:
                low = m & -m
                by_cell.setdefault(low, []).append(i)
                m ^= low
        best: list[int] | None = None
        free = self.full & ~covered
        while free:
            low = free & -free
            free ^= low
            options = by_cell.get(low, [])
            if best is None or len(options) < len(best):
                best = options
                if not best:
                    return best
        pieces = self.all_pieces & ~used
        for pid in range(len(self.table.pieces)):
            if pieces >> pid & 1:
                options = by_piece.get(pid, [])
                if best is None or len(options) < len(best):
                    best = options
        return best or []

    def dfs(self, live: list[int], covered: int, used: int) -> None:
        """Visit every completion below this node (stop at ``limit`` solutions)."""
        self.nodes += 1
        if covered == self.full and used == self.all_pieces:
            self.solutions += 1
            return
        options = self.best_column(live, covered, used)
        if len(options) > 1:
            self.branches += 1
        masks, owners = self.table.masks, self.table.owners
        for n, i in enumerate(options):
            if self.limit and self.solutions >= self.limit:
                return
            if n:
                self.guesses += 1
            m, bit = masks[i], 1 << owners[i]
            rest = [j for j in live if not masks[j] & m and owners[j] != owners[i]]
            self.dfs(rest, covered | m, used | bit)


def grade(table: Table, cons: Constraints, limit: int = 0) -> Grade:
    """Grade a question: guesses the search needs, and its solution count.

    Parameters
    ----------
    table : Table
        The family's placement table (``engine.table``).
    cons : Constraints
        The challenge.  Family hooks are not run: use it for families whose
        rules are all in cells and pieces (IQ Stars).
    limit : int
        Stop after this many solutions (0: search to the end).
    """
    covered, used, live, reason = live_placements(table, cons)
    search = _Search(table, limit)
    if not reason:
        search.dfs(live, covered, used)
    complete = not (limit and search.solutions >= limit)
    return Grade(search.solutions, search.guesses, search.branches, search.nodes, complete)


def proven_grade(engine, cons: Constraints) -> Grade | None:
    """The grade of a question with exactly one solution, proven twice, else None.

    The engine counts first (compiled, stopping at 2); the grading search then
    runs to its end and must count one solution too.
    """
    if engine.unique(cons).count != 1:
        return None
    measured = grade(engine.table, cons)
    return measured if measured.solutions == 1 and measured.complete else None


def ranks(values) -> "np.ndarray":
    """Ranks 0..n-1 of ``values``, ties sharing their mean rank."""
    import numpy as np

    a = np.asarray(values, dtype=float)
    order = np.argsort(a, kind="stable")
    out = np.empty(len(a))
    out[order] = np.arange(len(a))
    for v in np.unique(a):
        same = a == v
        out[same] = out[same].mean()
    return out


def spearman(x, y) -> float:
    """Spearman's rank correlation of two equally long sequences (Pearson's on tied-mean ranks)."""
    import numpy as np

    rx, ry = ranks(x), ranks(y)
    rx, ry = rx - rx.mean(), ry - ry.mean()
    denom = float(np.sqrt((rx * rx).sum() * (ry * ry).sum()))
    return float((rx * ry).sum() / denom) if denom else 0.0
