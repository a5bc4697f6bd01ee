"""Ink left over on a page of boards: parts like the boards read, whole or in pieces.

A board whose number tab was not found is still seen on a page as ink like the boards
that were read (:func:`board_like`: as large, shaped as they are).  Glare across a board
pales its middle, and the ink left of it falls in pieces, none of them like a board
alone: :func:`split_boards` joins pieces lying close together (each at least
:data:`PIECE` of a board, a line of text is far less) and gives those that together
look like a board.  Which parts may be a lost board (outside every board read, on the
page's grid) is the caller's to say (:mod:`visolve.vision.pages`).
"""

from __future__ import annotations

from typing import Callable

import numpy as np

#: a part of ink within LIKE_BOARD times the boards' median area and box sides, its box's width
#: over height within LIKE_SHAPE times theirs, looks like a board (a round blot on the desk does not)
LIKE_BOARD, LIKE_SHAPE = 1.6, 1.3
#: a piece of a board split by glare covers at least PIECE of a board's area (a line of text on a
#: page, 0.05 of an IQ Stars board, or a star on it, is none); it is no larger than a board
PIECE = 0.25
#: a board's ink whose box's long side is less than SHORT of the page's longest board's was cut
#: short (glare paled the rest of it: 0.6 on a photo of an IQ Stars page; a page's boards are
#: printed alike, and the long sides of boards read whole differ by 0.86 - 1 on photos in
#: perspective, their short sides by down to 0.67: the long side is the one compared)
SHORT = 0.75
#: pieces whose boxes come within JOIN of a board's width of each other are one board's (the
#: pale band glare leaves across a board: 0.08 of its width on a photo of an IQ Stars page)
JOIN = 0.15


def board_like(boards: list[tuple[int, int, int]]) -> Callable[[np.ndarray], bool]:
    """Whether a part of ink (its ``cv2.connectedComponentsWithStats`` row: x, y, w, h, area)
    looks like the boards read (``boards``: their boxes' widths, heights and areas, at least one):
    within :data:`LIKE_BOARD` of their median area and box sides, shaped within :data:`LIKE_SHAPE`."""
    w, h, a = (float(np.median([b[k] for b in boards])) for k in range(3))

    def like(stat: np.ndarray) -> bool:
        return bool(a / LIKE_BOARD <= stat[4] <= a * LIKE_BOARD
                    and w / LIKE_BOARD <= stat[2] <= w * LIKE_BOARD and h / LIKE_BOARD <= stat[3] <= h * LIKE_BOARD
                    and abs(np.log(stat[2] * h / (stat[3] * w))) <= np.log(LIKE_SHAPE))

    return like


def cut_short(boards: list[tuple[int, int, int]]) -> list[bool]:
    """Which of a page's boards (``boards``: the boxes' widths, heights and areas of their ink;
    ``(0, 0, 0)`` where none was found, never cut short) have ink boxes whose long side is less
    than :data:`SHORT` of the longest one's: a board partly paled by glare, its ink's box cut short."""
    longest = max((max(b[0], b[1]) for b in boards), default=0)
    return [bool(b[2]) and max(b[0], b[1]) < SHORT * longest for b in boards]


def split_boards(stats: np.ndarray, boards: list[tuple[int, int, int]], free: list[int]) -> list[np.ndarray]:
    """Boards in pieces: groups of two or more parts of ink, each at least :data:`PIECE` of a
    board and no larger than one, their boxes within :data:`JOIN` of a board's width of each other,
    that together look like a board (:func:`board_like`: their joint box, their areas summed).

    Parameters
    ----------
    stats : numpy.ndarray
        ``cv2.connectedComponentsWithStats`` stats of the page's ink.
    boards : list of tuple of int
        The boards read: their boxes' widths, heights and areas on the same ink (at least one).
    free : list of int
        The labels that may be pieces of a lost board (outside every board read, off the rim).

    Returns
    -------
    list of numpy.ndarray
        Each group's joint stats row (x, y, w, h, area), largest first.
    """
    like = board_like(boards)
    w, h, a = (float(np.median([b[k] for b in boards])) for k in range(3))
    pieces = [i for i in free if PIECE * a <= stats[i, 4] <= a * LIKE_BOARD
              and stats[i, 2] <= w * LIKE_BOARD and stats[i, 3] <= h * LIKE_BOARD]
    reach = JOIN * w
    group = {i: i for i in pieces}

    def root(i: int) -> int:
        while group[i] != i:
            i = group[i]
        return i

    for k, i in enumerate(pieces):
        for j in pieces[k + 1:]:
            if _near(stats[i], stats[j], reach):
                group[root(j)] = root(i)
    out = []
    for r in {root(i) for i in pieces}:
        members = [i for i in pieces if root(i) == r]
        if len(members) < 2:
            continue
        x0, y0 = (int(min(stats[i, k] for i in members)) for k in (0, 1))
        x1, y1 = (int(max(stats[i, k] + stats[i, k + 2] for i in members)) for k in (0, 1))
        joint = np.array([x0, y0, x1 - x0, y1 - y0, int(sum(stats[i, 4] for i in members))])
        if like(joint):
            out.append(joint)
    return sorted(out, key=lambda s: -s[4])


def _near(one: np.ndarray, other: np.ndarray, reach: float) -> bool:
    """Whether two parts' boxes come within ``reach`` px of each other."""
    return bool(other[0] <= one[0] + one[2] + reach and one[0] <= other[0] + other[2] + reach
                and other[1] <= one[1] + one[3] + reach and one[1] <= other[1] + other[3] + reach)


def touches_rim(stat: np.ndarray, shape: tuple[int, int]) -> bool:
    """Whether a part's box (its stats row) reaches the picture's rim (a desk, a shadow: no board
    of the page)."""
    x, y, w, h = stat[:4]
    return bool(x == 0 or y == 0 or x + w >= shape[1] or y + h >= shape[0])
