"""Pieces and their orientations.

A piece is a set of cells, optionally with a mark on each, plus what it may
do: turn (always, in this engine's puzzles, but it can be switched off),
be turned over or not, and whether turning it over swaps its marks (IQ XOXO:
the back of an X square is an O); a piece may also have faces drawn
separately, and marks that turn with it (IQ Circuit's tracks).  :func:`orientations` lists every distinct
way the piece can lie, each once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Hashable

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
    sides : tuple
        More faces drawn separately, each ``(cells, marks)`` (a piece whose
        back is not its mirror image, e.g. an IQ Circuit piece's faces).
    turn_mark : callable or None
        How a mark changes when the piece turns once (e.g. a track's
        directions turn with it); None: marks do not change.
    """

    name: str
    cells: tuple[Cell, ...]
    marks: tuple | None = None
    turn: bool = True
    flip: bool = True
    flip_swaps: tuple[Hashable, Hashable] | None = None
    sides: tuple = ()
    turn_mark: Callable | None = None

    @property
    def size(self) -> int:
        """Number of cells."""
        return len(self.cells)


@dataclass(frozen=True)
class Orientation:
    """One distinct way a piece lies: cells from the origin, marks aligned.

    ``side`` (0: the piece as given, then ``sides``, then the mirror image)
    and ``turns`` say how it was first made; ``origin`` is where that side's
    ``(0, 0)`` cell went, relative to ``cells[0]``.
    """

    cells: tuple[Cell, ...]
    marks: tuple | None
    side: int = field(default=0, compare=False)
    turns: int = field(default=0, compare=False)
    origin: Cell = field(default=(0, 0), compare=False)


def _swap(marks: tuple | None, pair) -> tuple | None:
    if marks is None or pair is None:
        return marks
    a, b = pair
    return tuple(b if m == a else a if m == b else m for m in marks)


def _canonical(cells, marks, origin: Cell, side: int, turns: int) -> Orientation:
    """Sorted from the origin, marks carried along, provenance kept."""
    order = sorted(range(len(cells)), key=cells.__getitem__)
    shape = normalise(tuple(cells))
    r0, c0 = cells[order[0]]
    moved = (origin[0] - r0, origin[1] - c0)
    if marks is None:
        return Orientation(shape, None, side, turns, moved)
    return Orientation(shape, tuple(marks[i] for i in order), side, turns, moved)


def _sides(piece: Piece, lattice: Lattice) -> list[tuple]:
    """The faces to turn: as given, the drawn ``sides``, then (if allowed) the mirror image."""
    out = [(piece.cells, piece.marks)] + [tuple(side) for side in piece.sides]
    if piece.flip:
        mirrored = (tuple(lattice.mirror(c) for c in piece.cells), _swap(piece.marks, piece.flip_swaps))
        out.append(mirrored)
    return out


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
        Each shape (with its marks) once, first made first: each side (see
        :func:`_sides`) with its turns in order.
    """
    seen: dict[Orientation, None] = {}
    for side, (cells, marks) in enumerate(_sides(piece, lattice)):
        origin = (0, 0)
        for turns in range(lattice.turns if piece.turn else 1):
            seen.setdefault(_canonical(cells, marks, origin, side, turns), None)
            cells = tuple(lattice.turn(c) for c in cells)
            origin = lattice.turn(origin)
            if marks is not None and piece.turn_mark is not None:
                marks = tuple(piece.turn_mark(m) for m in marks)
    return list(seen)
