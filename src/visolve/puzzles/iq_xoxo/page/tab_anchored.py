"""Tabs in doubt settled by a tab read and the page's layout, each tab close to its number.

:func:`~visolve.puzzles.iq_xoxo.page.tab_layout.by_layout` numbers a page by
its layout from two tabs read, and gives a tab in doubt any number whose digits
are among its candidates (within 0.15 of their best match).  A page of boards
whose tabs are all in doubt but one (a spread of 97 - 104, only 97 and 99
read; a page 38 - 41, only 41 read) is left.  :func:`by_anchored_run` numbers
it from one tab read when each tab in doubt matches the number the layout gives
it nearly as well as it matches anything: each digit within
:data:`DEFICIT_MOST` of that digit's best match.  The layout and the tab read
fix the numbers; the tabs in doubt must not contradict them.

Census (scenes seeds 0, 1, 2, 17, 59, 89, 101, 103, 137 and 139: the pages whose
squares all read, with tabs in doubt the other rules left): on 15 pages of at
least :data:`ANCHORED_LEAST` boards with a tab read, the one numbering so found
was the truth every time.  The two-board page seed 59 page 47 was not (two of
four boards found one above the other, 113 read, 111 read best as 112: one tab
read and two boards cannot tell the boards found are all the page's).  Without
a tab read the run is not taken, however well the tabs' digits agree on it:
seed 89 page 25, 103 - 106 with each 0 matched as 8, would read 183 - 186.
"""

from __future__ import annotations

import numpy as np

from visolve.puzzles.iq_xoxo.model import Level
from visolve.puzzles.iq_xoxo.page.reading import BoardReading
from visolve.puzzles.iq_xoxo.page.tab_layout import layout_numbers
from visolve.puzzles.iq_xoxo.page.tab_shows import shows

#: a page of at least ANCHORED_LEAST boards (see the module docstring: seed 59 page 47)
ANCHORED_LEAST = 3
#: each digit of a tab in doubt matches its number's digit within DEFICIT_MOST of its best match
#: (census: right numberings 0 - 0.047)
DEFICIT_MOST = 0.05


def deficit(scores: tuple, number: int) -> float:
    """How far below its best match a digit of ``number`` falls on a tab (each digit's ten
    ``scores``, as many as ``number`` has digits), at most over its digits."""
    return max(float(np.max(s) - np.asarray(s, np.float64)[int(t)]) for t, s in zip(str(number), scores))


def anchored_numberings(readings: list[BoardReading]) -> set[tuple[int, ...]]:
    """The page's numberings by its layout and the tabs read
    (:func:`~visolve.puzzles.iq_xoxo.page.tab_layout.layout_numbers`) in which each tab in doubt
    shows its number (:func:`~visolve.puzzles.iq_xoxo.page.tab_shows.shows`) within
    :data:`DEFICIT_MOST` (:func:`deficit`)."""
    doubt = [k for k, r in enumerate(readings) if r.level is None and not r.lost]

    def close(numbers: tuple[int, ...]) -> bool:
        return all(shows(readings[k].tab_scores, numbers[k])
                   and deficit(readings[k].tab_scores, numbers[k]) <= DEFICIT_MOST for k in doubt)

    return {numbers for numbers in layout_numbers(readings) if close(numbers)}


def by_anchored_run(readings: list[BoardReading]) -> list[Level] | None:
    """The levels of a page of at least :data:`ANCHORED_LEAST` boards whose squares all read, at
    least one tab read and the tabs in doubt all with digits, when exactly one numbering of
    :func:`anchored_numberings` fits (a lost board's place, :func:`~.tab_run.settled_around_lost`,
    taking its number in the layout); None otherwise (the tabs' doubt stands)."""
    boards = [r for r in readings if not r.lost]  # a lost board's place takes any number
    failed = [r for r in boards if r.level is None]
    if len(boards) < ANCHORED_LEAST or not failed or len(failed) == len(boards):
        return None
    if any(not r.tab_doubt or r.rows is None or not r.tab_scores for r in failed):
        return None
    if not all(isinstance(r.level.level, int) for r in readings if r.level is not None):
        return None
    fits = anchored_numberings(readings)
    if len(fits) != 1:
        return None
    numbers = fits.pop()
    return [r.level if r.level is not None else Level(level=numbers[k], rows=r.rows) for k, r in enumerate(readings)]
