"""Hints for a part-filled board: can it be finished, how many ways, what next.

The next step is the placement (not already on the board) found in the
most completions, the first in search order on a tie; when the count did
not finish in time it is the piece the first completion found lays on the
most constrained free cell (the one with the fewest possible placements),
or, with no completion found yet, that cell's first possible placement.
"""

from __future__ import annotations

from dataclasses import dataclass

from visolve.tiling.constraints import Constraints, compile_start
from visolve.tiling.engine import Engine, Result
from visolve.tiling.placements import Placement
from visolve.tiling.search import root_live

#: why a placement was suggested
IN_ALL = "in every completion"
IN_MOST = "in the most completions"
TIGHTEST = "on the most constrained cell"


@dataclass
class Hint:
    """What to tell a player.

    Attributes
    ----------
    solvable : bool or None
        The board can still be completed (None: not known in time).
    count : int
        Completions (all of them when ``proven``).
    proven : bool
        The count is exact.
    placement : Placement or None
        The suggested next placement.
    share : int
        Completions that use it (of those counted).
    why : str
        ``IN_ALL``, ``IN_MOST`` or ``TIGHTEST`` (empty without a placement).
    result : Result
        The search behind the hint.
    """

    solvable: bool | None
    count: int
    proven: bool
    placement: Placement | None
    share: int
    why: str
    result: Result


def hint(engine: Engine, cons: Constraints, timeout: float | None = None) -> Hint:
    """A hint for the board ``cons`` describes (pieces already laid in ``cons.placed``).

    Parameters
    ----------
    engine : Engine
        The puzzle.
    cons : Constraints
        The board so far and the question's rules.
    timeout : float or None
        Seconds for the whole hint.

    Returns
    -------
    Hint
    """
    res = engine.ask(cons, limit=0, keep=1, tally=True, timeout=timeout)
    solvable = True if res.count else (False if res.proven else None)
    if res.reason or solvable is False:
        return Hint(solvable, 0, res.proven, None, 0, "", res)
    table = engine.table
    start = compile_start(table, cons)
    given = set(start.placed)
    if res.proven:
        best = max(
            (k for k in table.order if k not in given), key=lambda k: res.tally[k], default=None
        )
        if best is not None and res.tally[best]:
            why = IN_ALL if res.tally[best] == res.count else IN_MOST
            return Hint(True, res.count, True, table.placements[best], res.tally[best], why, res)
    pick = _tightest(engine, cons, res)
    share = res.tally[table.lookup[(pick.piece, pick.mask)]] if pick and res.tally else 0
    return Hint(solvable, res.count, res.proven, pick, share, TIGHTEST if pick else "", res)


def _tightest(engine: Engine, cons: Constraints, res: Result) -> Placement | None:
    """The first completion's placement on the most constrained free cell (or its first option)."""
    table = engine.table
    start = compile_start(table, cons)
    live = root_live(table, start, cons.hook)
    counts = [0] * table.board.size
    for k in live:
        for c in table.cells_of[k]:
            counts[c] += 1
    free = [c for c in range(table.board.size) if not start.covered >> c & 1]
    if not free:
        return None
    cell = 1 << min(free, key=lambda c: counts[c])
    if res.solutions:
        return next((pl for pl in res.solutions[0] if pl.mask & cell), None)
    return next((table.placements[k] for k in live if table.masks[k] & cell), None)
