"""The reading order of a page's boards, and whether their numbers keep it.

A booklet (and the scenes drawn like one) numbers a page's challenges in
reading order: rows of boards top to bottom, each left to right, the left
page before the right.  :func:`reading_pairs` tells which board of two comes
first where the layout says so; :func:`ordered` whether the tabs read keep
that order, :func:`keeps_order` whether a number given to one board does.
The boards' rows and columns are found on the page seen flat (:func:`flat`): a
page seen at a slant leans its rows of boards in the picture.
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
    corners = flat(readings, [upright_corners(r) for r in readings])
    if corners is None:
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


def flat(readings: list[BoardReading], shapes: list) -> list[np.ndarray] | None:
    """``shapes`` (points in the picture, one set a board of ``readings``) seen flat: in the board
    units of the view of the board nearest their middle, the page being flat (one homography maps
    it all); as they are when no board has a view, None when a shape is None.

    A page seen at a slant leans its rows of boards in the picture (the boards' "down" not across
    their rows there): scenes seed 0 page 16, two rows of three boards, was taken as five rows as
    seen, its reading order wrong; seed 2 pages 49, 63 and 89 (spreads of one row of four) as two
    to four rows, and page 85 (two rows of six) put boards two to a place and six pairs out of
    order.  Seen flat, the boards of the 19 pages of seeds 0 and 2 refused on a tab all stood in
    their own rows and columns.
    """
    if any(s is None for s in shapes):
        return None
    shapes = [np.asarray(s, np.float64).reshape(-1, 2) for s in shapes]
    viewed = [k for k, r in enumerate(readings) if r.view is not None]
    if not viewed:
        return shapes
    middle = np.mean([s.mean(axis=0) for s in shapes], axis=0)
    near = min(viewed, key=lambda k: float(np.linalg.norm(shapes[k].mean(axis=0) - middle)))
    return [readings[near].view.from_picture(s) for s in shapes]


def keeps_order(numbers: dict[int, int], pairs: set[tuple[int, int]], board: int) -> bool:
    """Whether the boards' ``numbers`` (board index: number) grow along every pair of ``pairs``
    (:func:`reading_pairs`) between ``board`` and another board numbered."""
    return all(numbers[i] < numbers[j] for i, j in pairs if board in (i, j) and i in numbers and j in numbers)


def ordered(read: dict[int, int], pairs: set[tuple[int, int]]) -> bool:
    """Whether the tabs ``read`` (board index: number) show their page numbered in reading order:
    some pair of :func:`reading_pairs` between them, every such pair's numbers growing."""
    between = [(i, j) for i, j in pairs if i in read and j in read]
    return bool(between) and all(read[i] < read[j] for i, j in between)
