"""Every way each piece can lie on a board, as bitmasks.

A :class:`Table` is built once per board and piece set (and mark rule) and
then answers every question about that puzzle: the constraints of one
question only add masks to the search's start state (see ``constraints``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from visolve.tiling.board import Board
from visolve.tiling.geometry import Cell
from visolve.tiling.pieces import Orientation, Piece, orientations


@dataclass(frozen=True)
class Placement:
    """One piece in one orientation at one position.

    Attributes
    ----------
    piece : int
        Index of the piece in the table's piece list.
    orientation : int
        Index in ``orientations(piece)``.
    offset : Cell
        Where the orientation's origin lands.
    mask : int
        The board cells covered.
    labels : tuple or None
        The piece's marks on the covered cells, in cell-number order.
    """

    piece: int
    orientation: int
    offset: Cell
    mask: int
    labels: tuple | None = None


def _fits(board: Board, orient: Orientation, offset: Cell, use_marks: bool):
    """``(mask, labels)`` of ``orient`` moved by ``offset``; None if it leaves the board or a mark differs."""
    dr, dc = offset
    mask, labels = 0, []
    for k, (r, c) in enumerate(orient.cells):
        i = board.index.get((r + dr, c + dc))
        if i is None:
            return None
        if use_marks and orient.marks[k] != board.marks[i]:
            return None
        mask |= 1 << i
        labels.append((i, None if orient.marks is None else orient.marks[k]))
    return mask, None if orient.marks is None else tuple(m for _i, m in sorted(labels))


def _unmarked(piece: Piece) -> Piece:
    """The piece without marks."""
    sides = tuple((cells, None) for cells, _marks in piece.sides)
    return replace(piece, marks=None, flip_swaps=None, sides=sides)


class Table:
    """The placements of a piece set on a board.

    Parameters
    ----------
    board : Board
        Where the pieces go.
    pieces : sequence of Piece
        One of each (the engine places every piece at most once).
    use_marks : bool
        Only placements whose marks equal the board's (when the board has
        marks); False: marks are dropped, pieces are outlines.
    priority : callable or None
        Search order key of a :class:`Placement` (default: bigger pieces
        first, then piece order); ties keep the order placements were made.

    Attributes
    ----------
    placements : list of Placement
        Each distinct (piece, covered cells, marks on them) once.
    masks, owners, halos : list of int
        Per placement: cells, piece index, cells sharing an edge with it.
    cells_of : list of tuple of int
        Per placement: its cell numbers.
    order : list of int
        Placements in search order: bigger pieces first, then piece order,
        then the order they were made in.
    by_first : list of list of int
        Per cell, the placements whose lowest cell it is, in search order.
    """

    def __init__(
        self, board: Board, pieces: list[Piece], use_marks: bool = True, priority=None
    ) -> None:
        self.board = board
        if not use_marks:  # outlines only: looks that differ only in marks are one
            pieces = [_unmarked(p) for p in pieces]
        self.pieces = list(pieces)
        marks = use_marks and board.marks is not None
        self.orientations = [orientations(p, board.lattice) for p in self.pieces]
        self.placements: list[Placement] = []
        self.lookup: dict[tuple[int, int], int] = {}
        self._seen: set = set()
        for pid, orients in enumerate(self.orientations):
            for oid, orient in enumerate(orients):
                self._add_orientation(pid, oid, orient, marks and orient.marks is not None)
        self.masks = [p.mask for p in self.placements]
        self.owners = [p.piece for p in self.placements]
        self.halos = [board.halo(m) for m in self.masks]
        self.cells_of = [tuple(i for i in range(board.size) if m >> i & 1) for m in self.masks]
        key = priority or (lambda pl: (-self.pieces[pl.piece].size, pl.piece))
        self.order = sorted(range(len(self.masks)), key=lambda k: (key(self.placements[k]), k))
        self.by_first: list[list[int]] = [[] for _ in range(board.size)]
        for k in self.order:
            self.by_first[(self.masks[k] & -self.masks[k]).bit_length() - 1].append(k)
        self.names = {p.name: i for i, p in enumerate(self.pieces)}
        self.sizes = [p.size for p in self.pieces]

    def _add_orientation(self, pid: int, oid: int, orient: Orientation, marks: bool) -> None:
        r0, c0 = orient.cells[0]
        for br, bc in self.board.cells:
            offset = (br - r0, bc - c0)
            fit = _fits(self.board, orient, offset, marks)
            if fit is not None and (pid, *fit) not in self._seen:
                self._seen.add((pid, *fit))
                self.lookup.setdefault((pid, fit[0]), len(self.placements))
                self.placements.append(Placement(pid, oid, offset, *fit))

    def piece_index(self, piece: int | str) -> int:
        """Index of a piece given by index or name."""
        return self.names[piece] if isinstance(piece, str) else piece

    def count_per_piece(self) -> dict[str, int]:
        """Number of placements of each piece (on the empty board)."""
        out = {p.name: 0 for p in self.pieces}
        for o in self.owners:
            out[self.pieces[o].name] += 1
        return out
