"""Lattices: how cell coordinates turn and mirror.

Cells are ``(row, column)`` pairs of integers.  A square grid uses plain
columns; the hexagonal (star) lattice of IQ Stars uses "doubled" columns:
``x = 2 * column + row % 2``, so every cell has ``row + x`` even and its six
neighbours are ``(row, x +- 2)`` and ``(row +- 1, x +- 1)``.

A :class:`Lattice` knows its quarter (or sixth) turn, its mirror and the
neighbour offsets; pieces use the first two to make their orientations,
boards the last to find which cells touch.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Callable

Cell = tuple[int, int]


def _square_turn(cell: Cell) -> Cell:
    row, col = cell
    return col, -row


def _square_mirror(cell: Cell) -> Cell:
    row, col = cell
    return row, -col


def _hex_turn(cell: Cell) -> Cell:
    """A sixth of a turn in doubled coordinates (axial ``(x - y) / 2, y`` turned)."""
    row, x = cell
    return (x + row) // 2, (x - 3 * row) // 2


def _hex_mirror(cell: Cell) -> Cell:
    row, x = cell
    return row, -x


@dataclass(frozen=True)
class Lattice:
    """A cell lattice: neighbour offsets, turn order, turn and mirror maps.

    Attributes
    ----------
    name : str
        ``"square"`` or ``"hex"``.
    steps : tuple of Cell
        Offsets from a cell to each neighbour.
    turns : int
        How many turns make a full circle (4 or 6).
    turn : callable
        One turn of a cell about the origin.
    mirror : callable
        The reflection of a cell (left to right).
    """

    name: str
    steps: tuple[Cell, ...]
    turns: int
    turn: Callable[[Cell], Cell]
    mirror: Callable[[Cell], Cell]

    def patch(self, start: Cell, cells: Collection[Cell]) -> set[Cell]:
        """``start`` and the cells of ``cells`` joined to it, neighbour to neighbour, through ``cells``.

        Parameters
        ----------
        start : Cell
            The cell to grow from (in the patch whether or not it is in ``cells``).
        cells : collection of Cell
            The cells the patch may grow through.

        Returns
        -------
        set of Cell
            The patch, ``start`` included.
        """
        patch, todo = {start}, [start]
        while todo:
            row, col = todo.pop()
            for dr, dc in self.steps:
                near = (row + dr, col + dc)
                if near in cells and near not in patch:
                    patch.add(near)
                    todo.append(near)
        return patch


SQUARE = Lattice("square", ((0, 1), (1, 0), (0, -1), (-1, 0)), 4, _square_turn, _square_mirror)
HEX = Lattice(
    "hex", ((0, 2), (1, 1), (1, -1), (0, -2), (-1, -1), (-1, 1)), 6, _hex_turn, _hex_mirror
)


def normalise(cells: tuple[Cell, ...]) -> tuple[Cell, ...]:
    """Cells sorted and moved so that the first one is the origin.

    Parameters
    ----------
    cells : tuple of Cell
        Any cells (with their order ignored).

    Returns
    -------
    tuple of Cell
        The same shape, sorted, first cell at ``(0, 0)``.
    """
    ordered = sorted(cells)
    r0, c0 = ordered[0]
    return tuple((r - r0, c - c0) for r, c in ordered)
