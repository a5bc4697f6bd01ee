"""Questions about one puzzle: solve, unique, count, enumerate (hints: ``hint``).

An :class:`Engine` is built once per board and piece set; each question
takes :class:`~visolve.tiling.constraints.Constraints` and a timeout and
returns a :class:`Result`.  The compiled core (``_core.c``) answers when it
is built and the question has no family hook (or one made of data, a
``constraints.Rules``), unless ``VISOLVE_PURE_PYTHON``
is set or the engine was made with ``compiled=False``; the Python search is
the reference and gives the same answers.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field

from visolve.tiling import search
from visolve.tiling.board import Board
from visolve.tiling.constraints import Constraints, Rules, Start, compile_start
from visolve.tiling.pieces import Piece
from visolve.tiling.placements import Placement, Table

try:
    from visolve.tiling import _core
except ImportError:  # not built (no C compiler): the Python search answers
    _core = None

#: the compiled core is used when built, unless VISOLVE_PURE_PYTHON is set
USE_COMPILED = _core is not None and not os.environ.get("VISOLVE_PURE_PYTHON")


@dataclass
class Result:
    """The answer to one question.

    Attributes
    ----------
    count : int
        Solutions found (all of them when ``proven``; the search stops early
        at the question's limit, e.g. 2 for "unique?").
    solutions : list of list of Placement
        The solutions kept, given pieces first, then in the order laid.
    proven : bool
        The search finished (no timeout and the start state was possible).
    timed_out : bool
        The deadline passed first.
    nodes : int
        Search nodes visited.
    seconds : float
        Wall time of the question.
    reason : str
        Why there is no solution before searching (empty otherwise).
    tally : list of int or None
        Per placement index, solutions using it (hints only).
    """

    count: int
    solutions: list[list[Placement]]
    proven: bool
    timed_out: bool
    nodes: int
    seconds: float
    reason: str = ""
    tally: list[int] | None = field(default=None, repr=False)

    @property
    def solved(self) -> bool:
        """At least one solution was found."""
        return self.count > 0

    @property
    def unique(self) -> bool | None:
        """Exactly one solution (None when the search could not tell)."""
        if self.count >= 2:
            return False
        return self.count == 1 if self.proven else None


class Engine:
    """A board and its pieces, ready for questions.

    Parameters
    ----------
    board : Board
        The board.
    pieces : list of Piece
        One of each.
    use_marks : bool
        Marks must match (when board and pieces carry them).
    compiled : bool or None
        Use the compiled core (None: when built and not switched off).
    rule : str
        ``search.FEWEST`` or ``search.SCAN`` (see ``search``).
    priority : callable or None
        Search order key of a placement (see ``Table``).
    """

    def __init__(
        self,
        board: Board,
        pieces: list[Piece],
        use_marks: bool = True,
        compiled: bool | None = None,
        rule: str = search.FEWEST,
        priority=None,
    ) -> None:
        self.table = Table(board, pieces, use_marks, priority)
        self.rule = rule
        want = USE_COMPILED if compiled is None else compiled and _core is not None
        self.core = self._make_core() if want else None
        self._rule_data = None  #: the RuleData the compiled core holds

    def _make_core(self):
        t = self.table
        return _core.Core(
            t.board.neighbours, t.board.shifts, t.masks, t.halos, t.owners, t.order, t.sizes,
            self.rule == search.SCAN,
        )

    @property
    def compiled(self) -> bool:
        """Questions without a hook run compiled."""
        return self.core is not None

    # -- questions -----------------------------------------------------------
    def solve(self, cons: Constraints = Constraints(), timeout: float | None = None) -> Result:
        """One solution (or proof there is none)."""
        return self.ask(cons, limit=1, keep=1, timeout=timeout)

    def unique(self, cons: Constraints = Constraints(), timeout: float | None = None) -> Result:
        """Up to two solutions: ``Result.unique`` says whether there is exactly one."""
        return self.ask(cons, limit=2, keep=2, timeout=timeout)

    def count(self, cons: Constraints = Constraints(), timeout: float | None = None) -> Result:
        """The exact number of solutions (none kept)."""
        return self.ask(cons, limit=0, keep=0, timeout=timeout)

    def enumerate(
        self, cons: Constraints = Constraints(), limit: int = 0, timeout: float | None = None
    ) -> Result:
        """Every solution (or the first ``limit``)."""
        return self.ask(cons, limit=limit, keep=-1, timeout=timeout)

    def ask(
        self,
        cons: Constraints,
        limit: int = 0,
        keep: int = 0,
        tally: bool = False,
        timeout: float | None = None,
    ) -> Result:
        """Run one search (the questions above are this with set limits)."""
        t0 = time.perf_counter()
        start = compile_start(self.table, cons)
        if start.reason:
            return Result(0, [], True, False, 0, time.perf_counter() - t0, start.reason)
        raw = self._run(start, limit, keep, tally, timeout, t0, cons)
        return Result(
            raw.count,
            [[self.table.placements[k] for k in sol] for sol in raw.solutions],
            not raw.timed_out,
            raw.timed_out,
            raw.nodes,
            time.perf_counter() - t0,
            tally=raw.tally,
        )

    def _run(self, start: Start, limit, keep, tally, timeout, t0, cons) -> search.Outcome:
        hook = cons.hook
        if self.core is None or (hook is not None and not isinstance(hook, Rules)):
            deadline = None if timeout is None else t0 + timeout
            return search.run(self.table, start, limit, keep, tally, deadline, hook, self.rule)
        rules = None
        if hook is not None:
            if hook.data is not self._rule_data:
                d = hook.data
                self.core.set_rules(d.on, d.off, d.bars, d.sets)
                self._rule_data = d
            rules = hook.args()
        count, sols, timed_out, nodes, tallies = self.core.search(
            start.covered, start.used, start.placed, start.forbid, start.need, start.conflicts,
            limit, keep, tally, timeout or 0.0, rules,
        )
        return search.Outcome(count, sols, timed_out, nodes, tallies)

    def batch(
        self,
        covered: list[int],
        apart=(),
        limit: int = 0,
        keep_first: bool = False,
        timeout: float | None = None,
    ) -> tuple[list[int | None], list[tuple[int, ...] | None], bool]:
        """Many questions that differ only in blocked cells (masks), in one call.

        Returns per mask the count (None after a timeout) and, with
        ``keep_first``, the first solution's placement indices; and whether
        the deadline cut the batch short.  The masks are searched in numeric
        order: with the scan rule, masks that agree on their high cells
        share the states near the end of the search, which the counting
        memo then finds again (four times fewer nodes on the Genius Square).
        """
        start = compile_start(self.table, Constraints(apart=apart))
        # in mask order, neighbours share their last rows: the counting memo finds them again
        order = sorted(range(len(covered)), key=covered.__getitem__)
        masks = [covered[i] for i in order]
        if self.core is not None:
            counts, firsts, timed_out, _nodes = self.core.batch(
                masks, start.conflicts, limit, keep_first, timeout or 0.0
            )
        else:
            counts, firsts, timed_out = self._batch_python(masks, start, limit, keep_first, timeout)
        out_counts, out_firsts = [None] * len(covered), [None] * len(covered)
        for i, count, first in zip(order, counts, firsts):
            out_counts[i], out_firsts[i] = count, first
        return out_counts, out_firsts, timed_out

    def _batch_python(self, covered, start, limit, keep_first, timeout):
        deadline = None if timeout is None else time.perf_counter() + timeout
        counts, firsts = [], []
        for mask in covered:
            start.covered = mask
            raw = search.run(
                self.table, start, limit, 1 if keep_first else 0, False, deadline, rule=self.rule
            )
            if raw.timed_out:
                pad = len(covered) - len(counts)
                return counts + [None] * pad, firsts + [None] * pad, True
            counts.append(raw.count)
            firsts.append(raw.solutions[0] if raw.solutions else None)
        return counts, firsts, False

