"""The shapes of IQ Stars pieces on the tray's lattice of tops.

Axial lattice coordinates as in :mod:`.tray_tops`.  On the true lattice the
tops of one piece, all of its colour, are neighbours and form the piece's
shape; a lattice sheared along a row holds the same tops but breaks the
shapes, or turns one into another piece's (:func:`whole_pieces`).
"""

from __future__ import annotations

from itertools import combinations

import numpy as np

from visolve.puzzles.iq_stars.model import PIECE_DATA

#: a piece has at least this many stars, all joined
PIECE_MIN = 3
#: axial steps to a cell's six neighbours
STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


def _turn(axial: np.ndarray) -> np.ndarray:
    """Axial points turned a sixth of a turn."""
    return np.stack([-axial[:, 1], axial[:, 0] + axial[:, 1]], axis=1)


def _shape(axial) -> tuple:
    """Axial points moved to their lowest corner, as a sorted tuple (a shape's key)."""
    a = np.asarray(axial, np.int64).reshape(-1, 2)
    return tuple(sorted(map(tuple, (a - a.min(axis=0)).tolist())))


def _turns(cells) -> frozenset:
    """A piece's shape (its ``cells``, as :data:`~visolve.puzzles.iq_stars.model.PIECE_DATA` gives
    them) turned every sixth of a turn (single-sided: never mirrored), as :func:`_shape` keys."""
    out = set()
    a = np.array([((x - row) // 2, row) for x, row in cells], np.int64)
    for _ in range(6):
        out.add(_shape(a))
        a = _turn(a)
    return frozenset(out)


#: each piece's shape in axial points, every turn (:func:`_shape` keys), by its letter
PIECE_SHAPES = {letter: _turns(cells) for letter, (_colour, cells) in PIECE_DATA.items()}
#: the pieces' shapes in axial points, every turn
SHAPES = frozenset().union(*PIECE_SHAPES.values())


def colour_groups(colour: dict) -> list[list]:
    """The axial points of ``colour`` (axial point -> its colour) in groups of neighbours of
    one colour (a piece's stars are always in one)."""
    left, out = set(colour), []
    while left:
        todo = [left.pop()]
        group = list(todo)
        while todo:
            i, j = todo.pop()
            for di, dj in STEPS:
                b = (i + di, j + dj)
                if b in left and colour[b] == colour[(i, j)]:
                    left.remove(b)
                    group.append(b)
                    todo.append(b)
        out.append(group)
    return out


def whole_pieces(members: dict, letters, may: list[tuple[str, ...]] | None = None) -> int:
    """How many of the tops ``members`` (index -> axial) are in groups of neighbouring tops of
    one colour (``letters``, one a top) whose shape is the piece's of a colour its tops may be
    (``may``: each top's colours, nearest first; by default its letter alone), or two pieces'.

    A lattice sheared along a row turns a piece's shape into another piece's: seed 4 scene 57, a
    lime green chain of four (no triangle of mutual neighbours) grown sheared held yellow's
    hook, counted whole as any piece's; the violet three beside it joined the sheared lattice as
    exactly, and no placement of the board held the tops as they stand."""
    may = [(letter,) for letter in letters] if may is None else may
    at = {a: i for i, a in members.items()}
    groups = colour_groups({a: letters[i] for i, a in members.items()})
    return sum(len(g) for g in groups if _own_shape(g, {c for a in g for c in may[at[a]]}) or _two_pieces(g))


def _own_shape(group: list, colours: set) -> bool:
    """Is the shape of the axial points ``group`` the piece's of one of ``colours``?"""
    shape = _shape(group)
    return any(shape in PIECE_SHAPES.get(c, ()) for c in colours)


def _two_pieces(group: list) -> bool:
    """Do the axial points ``group`` (6-8 of them) split into two pieces' shapes?  Two
    neighbouring pieces of near colours (yellow and lime green) read as one colour make one
    group."""
    if not 2 * PIECE_MIN <= len(group) <= 8:
        return False
    first, rest = group[0], group[1:]
    for size in (PIECE_MIN - 1, PIECE_MIN):  # the first piece: the first point and 2 or 3 more
        for others in combinations(rest, size):
            piece = [first, *others]
            left = [g for g in rest if g not in others]
            if _shape(piece) in SHAPES and _shape(left) in SHAPES:
                return True
    return False


__all__ = ["PIECE_MIN", "PIECE_SHAPES", "SHAPES", "STEPS", "colour_groups", "whole_pieces"]
