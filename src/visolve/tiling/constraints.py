"""What one question adds to a puzzle: blocked cells, given pieces, rules.

:func:`compile_start` turns :class:`Constraints` into the search's start
state (:class:`Start`): cells already covered, pieces already used, and per
piece the cells it may not cover (``forbid``), the cells it must cover
(``need``) and the pieces it may not touch (``conflicts``).  The search
keeps ``forbid`` up to date as pieces that may not touch are laid.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Mapping

from visolve.tiling.placements import Table

CellRef = "tuple[int, int] | int"


class Hook:
    """Extra rules a family checks while the Python search lays pieces.

    Subclass and override what the puzzle needs; the default accepts all.
    States are whatever the family likes (immutable, e.g. ints or tuples).
    """

    def allow(self, index: int) -> bool:
        """May placement ``index`` be used at all in this question?"""
        return True

    def start(self, placed: list[int]):
        """State after the given placements, or None if they break a rule."""
        return ()

    def place(self, state, index: int):
        """State after also laying placement ``index``, or None to refuse it."""
        return state

    def finish(self, state, stack: list[int]) -> bool:
        """Is a full board (all placements in ``stack``) a solution?"""
        return True

    def prune(self, state, covered: int, used: int) -> bool:
        """True when no completion can exist from here (checked at every node)."""
        return False


@dataclass(frozen=True)
class RuleData:
    """Per-placement rule data of a puzzle (lists indexed by placement, or None).

    ``on``/``off``: edges (any numbering, up to 64) a placement says its
    line crosses / does not cross; two placements disagree when one's
    ``on`` meets the other's ``off``.  ``bars``/``sets``: tokens (up to 32)
    a placement may not meet / sets once laid.
    """

    on: list[int] | None = None
    off: list[int] | None = None
    bars: list[int] | None = None
    sets: list[int] | None = None


class Rules(Hook):
    """A hook made of data, which the compiled core also runs.

    Parameters
    ----------
    data : RuleData
        The puzzle's per-placement data (built once per puzzle).
    on, off, tokens : int
        Edges crossed / not crossed and tokens set at the start, the given
        placements' included (the caller's to add).
    demand_cells, demand_pieces : int
        Each free cell of ``demand_cells`` needs its own unused piece of
        ``demand_pieces`` (a cell mask and a piece mask).
    allowed : bytes or None
        Per placement, 1 if the question allows it.
    final : callable or None
        ``final(stack)`` -> bool: is this full board (placement indices) a
        solution?
    """

    def __init__(
        self, data: RuleData, on: int = 0, off: int = 0, tokens: int = 0, demand_cells: int = 0,
        demand_pieces: int = 0, allowed: bytes | None = None, final=None,
    ) -> None:
        self.data, self.on, self.off, self.tokens = data, on, off, tokens
        self.demand_cells, self.demand_pieces = demand_cells, demand_pieces
        self.allowed, self.final = allowed, final
        zeros = None if data.on is None and data.bars is None else [0] * len(data.on or data.bars)
        self._on, self._off = data.on or zeros, data.off or zeros
        self._bars, self._sets = data.bars or zeros, data.sets or zeros

    def args(self) -> tuple:
        """The question's part for the compiled core."""
        return (self.on, self.off, self.tokens, self.demand_cells, self.demand_pieces, self.allowed, self.final)

    def allow(self, index: int) -> bool:
        return self.allowed is None or bool(self.allowed[index])

    def start(self, placed: list[int]):
        return (self.on, self.off, self.tokens)

    def place(self, state, index: int):
        on, off, tokens = state
        if self._on is None:
            return state
        o_on, o_off = self._on[index], self._off[index]
        if o_on & off or o_off & on or self._bars[index] & tokens:
            return None
        return (on | o_on, off | o_off, tokens | self._sets[index])

    def prune(self, state, covered: int, used: int) -> bool:
        left = self.demand_cells & ~covered
        return bool(left) and left.bit_count() > (self.demand_pieces & ~used).bit_count()

    def finish(self, state, stack: list[int]) -> bool:
        return self.final is None or bool(self.final(tuple(stack)))


@dataclass(frozen=True)
class Constraints:
    """One question's rules on top of the puzzle.

    Attributes
    ----------
    blocked : iterable of cell
        Cells no piece covers (coordinates or cell numbers).
    placed : mapping
        Piece (name or index) -> the cells it covers, given in advance.
    laid : sequence of int
        Placements (table indices) given in advance, for pieces whose
        marks matter beyond their cells.
    covers : mapping
        Cell -> piece that must cover it (e.g. an IQ Stars wizard star).
    apart : iterable of piece groups
        No two pieces of a group may share an edge (corners may touch).
    within : mapping
        Piece -> the only cells it may cover (e.g. a die's faces).
    hook : Hook or None
        Family rules; a question with a hook runs the Python search, unless
        it is a :class:`Rules` (which the compiled core runs too).
    """

    blocked: Iterable = ()
    placed: Mapping = field(default_factory=dict)
    laid: tuple = ()
    covers: Mapping = field(default_factory=dict)
    apart: Iterable = ()
    within: Mapping = field(default_factory=dict)
    hook: Hook | None = None


@dataclass
class Start:
    """The search's start state (masks over board cells and pieces)."""

    covered: int
    used: int
    forbid: list[int]
    need: list[int]
    conflicts: list[int]
    placed: list[int]
    reason: str = ""


def _conflicts(table: Table, groups) -> list[int]:
    out = [0] * len(table.pieces)
    for group in groups:
        ids = [table.piece_index(p) for p in group]
        for a in ids:
            for b in ids:
                if a != b:
                    out[a] |= 1 << b
    return out


def compile_start(table: Table, cons: Constraints) -> Start:
    """The start state of a question; ``reason`` says why it cannot be solved, if it cannot."""
    board = table.board
    n = len(table.pieces)
    start = Start(board.mask(cons.blocked), 0, [0] * n, [0] * n, _conflicts(table, cons.apart), [])
    for piece, cells in cons.within.items():
        start.forbid[table.piece_index(piece)] |= board.full & ~board.mask(cells)
    for cell, piece in cons.covers.items():
        pid, bit = table.piece_index(piece), board.mask([cell])
        start.need[pid] |= bit
        for other in range(n):
            if other != pid:
                start.forbid[other] |= bit
    for piece, cells in cons.placed.items():
        pid, mask = table.piece_index(piece), board.mask(cells)
        index = table.lookup.get((pid, mask))
        if index is None:
            start.reason = f"piece {table.pieces[pid].name} cannot lie on the given cells"
        elif start.used >> pid & 1 or mask & start.covered:
            start.reason = f"piece {table.pieces[pid].name} overlaps or is given twice"
        else:
            lay(table, start, index)
    for index in cons.laid:
        pid = table.owners[index]
        if start.used >> pid & 1 or table.masks[index] & start.covered:
            start.reason = f"piece {table.pieces[pid].name} overlaps or is given twice"
        else:
            lay(table, start, index)
    for pid in range(n):
        if start.need[pid] & (start.forbid[pid] | start.covered) or (start.used >> pid & 1 and start.need[pid]):
            start.reason = start.reason or f"piece {table.pieces[pid].name} cannot cover its cells"
    return start


def lay(table: Table, start: Start, index: int) -> None:
    """Add placement ``index`` to a start state (used when pieces are given)."""
    pid, mask = table.owners[index], table.masks[index]
    if mask & start.forbid[pid] or mask & start.need[pid] != start.need[pid]:
        start.reason = start.reason or f"piece {table.pieces[pid].name} breaks a rule where it is"
    start.covered |= mask
    start.used |= 1 << pid
    start.placed.append(index)
    start.need[pid] = 0
    for other in range(len(table.pieces)):
        if start.conflicts[pid] >> other & 1:
            start.forbid[other] |= table.halos[index]
