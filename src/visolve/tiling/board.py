"""Boards: cells with their neighbours, and optionally a mark per cell.

Cell ``i`` of a board is bit ``1 << i`` of every mask the engine uses.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Sequence

from visolve.tiling.geometry import HEX, SQUARE, Cell, Lattice


@dataclass(frozen=True)
class Board:
    """The cells a puzzle is played on.

    Attributes
    ----------
    cells : tuple of Cell
        Coordinates of each cell, in bit order.
    lattice : Lattice
        How the cells sit (square or hex).
    marks : tuple or None
        One mark per cell (any hashable, e.g. ``"X"``/``"O"``), or None.
    index : dict
        Coordinate -> cell number.
    neighbours : tuple of int
        Per cell, the mask of the cells sharing an edge with it.
    shifts : tuple of (int, int)
        ``(offset, cells)``: every cell of ``cells`` has a neighbour at its
        number + ``offset``; together they give :meth:`spread` in a few
        shifts.
    """

    cells: tuple[Cell, ...]
    lattice: Lattice
    marks: tuple | None = None
    index: dict = field(init=False, repr=False, compare=False)
    neighbours: tuple[int, ...] = field(init=False, repr=False, compare=False)
    shifts: tuple[tuple[int, int], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        index = {cell: i for i, cell in enumerate(self.cells)}
        object.__setattr__(self, "index", index)
        nbrs = []
        for r, c in self.cells:
            mask = 0
            for dr, dc in self.lattice.steps:
                j = index.get((r + dr, c + dc))
                if j is not None:
                    mask |= 1 << j
            nbrs.append(mask)
        object.__setattr__(self, "neighbours", tuple(nbrs))
        sources: dict[int, int] = {}
        for i, mask in enumerate(nbrs):
            for j in range(len(nbrs)):
                if mask >> j & 1:
                    sources[j - i] = sources.get(j - i, 0) | 1 << i
        object.__setattr__(self, "shifts", tuple(sorted(sources.items())))

    @property
    def size(self) -> int:
        """Number of cells."""
        return len(self.cells)

    @property
    def full(self) -> int:
        """Mask of every cell."""
        return (1 << len(self.cells)) - 1

    def mask(self, cells: Iterable[Cell | int]) -> int:
        """Mask of cells given by coordinates or cell numbers."""
        out = 0
        for cell in cells:
            out |= 1 << (cell if isinstance(cell, int) else self.index[cell])
        return out

    def cells_of(self, mask: int) -> list[Cell]:
        """Coordinates of the cells in ``mask``, in bit order."""
        return [self.cells[i] for i in range(len(self.cells)) if mask >> i & 1]

    def spread(self, mask: int) -> int:
        """Cells sharing an edge with some cell of ``mask`` (it included where two touch)."""
        out = 0
        for offset, cells in self.shifts:
            part = mask & cells
            out |= part << offset if offset > 0 else part >> -offset
        return out

    def halo(self, mask: int) -> int:
        """Cells outside ``mask`` that share an edge with a cell of it."""
        out = 0
        for i in range(len(self.cells)):
            if mask >> i & 1:
                out |= self.neighbours[i]
        return out & ~mask


def square_board(rows: int, cols: int, marks: Sequence[Sequence] | None = None) -> Board:
    """A ``rows`` x ``cols`` grid, row-major, optionally with ``marks[row][col]``."""
    cells = tuple((r, c) for r in range(rows) for c in range(cols))
    flat = None if marks is None else tuple(marks[r][c] for r, c in cells)
    return Board(cells, SQUARE, flat)


def checkerboard_marks(rows: int, cols: int, even, odd) -> list[list]:
    """``even`` where row + column is even, ``odd`` elsewhere."""
    return [[even if (r + c) % 2 == 0 else odd for c in range(cols)] for r in range(rows)]


def hex_board(row_lengths: Sequence[int]) -> Board:
    """Rows of hexagonal cells, odd rows shifted half a cell right (doubled x)."""
    cells = tuple(
        (r, 2 * k + r % 2) for r, length in enumerate(row_lengths) for k in range(length)
    )
    return Board(cells, HEX)
