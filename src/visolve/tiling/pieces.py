"""Pieces and their orientations.

A piece is a set of cells, optionally with a mark on each, plus what it may
do: turn (always, in this engine's puzzles, but it can be switched off),
be turned over or not, and whether turning it over swaps its marks (IQ XOXO:
the back of an X square is an O).  :func:`orientations` lists every distinct
way the piece can lie, each once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable

from visolve.tiling.geometry import Cell, Lattice, normalise


@dataclass(frozen=True)
class Piece:
    """One piece of a puzzle.

    Attributes
    ----------
    name : str
        How the puzzle names it (a number, a letter, a colour).
    cells : tuple of Cell
        Its cells in one orientation.
    marks : tuple or None
        A mark per cell (same order as ``cells``), or None.
    turn : bool
        It may be turned in the plane.
    flip : bool
        It may be turned over (mirrored).
    flip_swaps : tuple or None
        ``(a, b)``: turning it over shows mark ``b`` where ``a`` was and
        ``a`` where ``b`` was.
    """

    name: str
    cells: tuple[Cell, ...]
    marks: tuple | None = None
    turn: bool = True
    flip: bool = True
    flip_swaps: tuple[Hashable, Hashable] | None = None

    @property
    def size(self) -> int:
        """Number of cells."""
        return len(self.cells)


@dataclass(frozen=True)
class Orientation:
    """One distinct way a piece lies: cells from the origin, marks aligned."""

    cells: tuple[Cell, ...]
    marks: tuple | None


def _swap(marks: tuple | None, pair) -> tuple | None:
    if marks is None or pair is None:
        return marks
    a, b = pair
    return tuple(b if m == a else a if m == b else m for m in marks)


def _canonical(cells, marks) -> Orientation:
    """Sorted from the origin, marks carried along."""
    if marks is None:
        return Orientation(normalise(tuple(cells)), None)
    pairs = sorted(zip(cells, marks))
    shape = normalise(tuple(c for c, _m in pairs))
    return Orientation(shape, tuple(m for _c, m in pairs))


def orientations(piece: Piece, lattice: Lattice) -> list[Orientation]:
    """Every distinct orientation of ``piece`` on ``lattice``, in a fixed order.

    Parameters
    ----------
    piece : Piece
        The piece and what it may do.
    lattice : Lattice
        Square or hex.

    Returns
    -------
    list of Orientation
        Each shape (with its marks) once: the given one first, then its
        turns, then (when allowed) the turned-over ones.
    """
    sides = [(piece.cells, piece.marks)]
    if piece.flip:
        sides.append(
            (tuple(lattice.mirror(c) for c in piece.cells), _swap(piece.marks, piece.flip_swaps))
        )
    seen: dict[Orientation, None] = {}
    for cells, marks in sides:
        for _ in range(lattice.turns if piece.turn else 1):
            seen.setdefault(_canonical(cells, marks), None)
            cells = tuple(lattice.turn(c) for c in cells)
    return list(seen)
