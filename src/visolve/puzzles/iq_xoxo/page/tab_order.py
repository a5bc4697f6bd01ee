"""The reading order of a page's boards, and whether their numbers keep it.

A booklet (and the scenes drawn like one) numbers a page's challenges in
reading order: rows of boards top to bottom, each left to right, the left
page before the right.  :func:`reading_pairs` tells which board of two comes
first where the layout says so; :func:`ordered` whether the tabs read keep
that order, :func:`keeps_order` whether a number given to one board does.
"""

from __future__ import annotations

import numpy as np

from visolve.puzzles.iq_xoxo.page.reading import BoardReading
from visolve.puzzles.iq_xoxo.page.run_gap import places


def reading_pairs(readings: list[BoardReading]) -> set[tuple[int, int]]:
    """The pairs ``(i, j)`` of boards (indices into ``readings``) that a booklet numbers ``i``
    first: ``j`` in a row of boards below ``i``'s or in ``i``'s, and in a column of boards right
    of ``i``'s or in ``i``'s, as the boards stand upright
    (:func:`~visolve.puzzles.iq_xoxo.page.run_gap.places`).  That holds on a page and on a spread
    (the left page's boards come first, and stand left); nothing is said of a board below and left
    of another (a spread's left page's second row and its right page's first)."""
    corners = [upright_corners(r) for r in readings]
    if any(c is None for c in corners):
        return set()
    spots = places(corners)
    return {(i, j) for i, (ri, ci) in enumerate(spots) for j, (rj, cj) in enumerate(spots)
            if i != j and ri <= rj and ci <= cj}


def upright_corners(reading: BoardReading) -> np.ndarray | None:
    """A board's corners as it stands upright (its view's: a board seen upside down turned), else
    the corners read, else None."""
    if reading.view is not None:
        return np.asarray(reading.view.corners(), np.float64)
    return None if reading.quad is None else np.asarray(reading.quad, np.float64)


def keeps_order(numbers: dict[int, int], pairs: set[tuple[int, int]], board: int) -> bool:
    """Whether the boards' ``numbers`` (board index: number) grow along every pair of ``pairs``
    (:func:`reading_pairs`) between ``board`` and another board numbered."""
    return all(numbers[i] < numbers[j] for i, j in pairs if board in (i, j) and i in numbers and j in numbers)


def ordered(read: dict[int, int], pairs: set[tuple[int, int]]) -> bool:
    """Whether the tabs ``read`` (board index: number) show their page numbered in reading order:
    some pair of :func:`reading_pairs` between them, every such pair's numbers growing."""
    between = [(i, j) for i, j in pairs if i in read and j in read]
    return bool(between) and all(read[i] < read[j] for i, j in between)
