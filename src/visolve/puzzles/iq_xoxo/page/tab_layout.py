"""Tabs in doubt settled by the page's layout: a page or a spread numbered row by row.

A booklet numbers a page's challenges one after another in reading order: row
by row, each left to right, and on a spread the left page's boards before
the right page's.  :func:`~visolve.puzzles.iq_xoxo.page.tab_order.reading_pairs`
orders only the pairs of boards every such layout orders alike, so two tabs
read on a page of two rows, the first row's last and the second row's first,
say nothing of the order there (scenes seed 0 page 16: 96 and 97 read, 94,
95, 98 and 99 in doubt).  :func:`by_layout` orders all the boards each way a
page or a spread may (:func:`reading_orders`) and keeps the ways the tabs
read take: each read tab's number is the run's first number plus its place
in that order.  The tabs in doubt must show the numbers given (each digit one
of its candidates, :func:`~visolve.puzzles.iq_xoxo.page.tab_run.shows`), and
all the ways kept must number the page alike.  A single tab read settles
nothing: it cannot tell whether the boards found are all the page's (seed 59
page 47: two boards of four found, one above the other, 113 read and 111's tab
read best as 112, the number the layout of the two gave it).
"""

from __future__ import annotations

from visolve.puzzles.iq_xoxo.model import Level
from visolve.puzzles.iq_xoxo.page.reading import BoardReading
from visolve.puzzles.iq_xoxo.page.run_gap import places
from visolve.puzzles.iq_xoxo.page.tab_order import flat, upright_corners

#: a page's layout settles its tabs in doubt when at least LAYOUT_READ of its tabs are read (each
#: read tab's place in the order is checked against the others': one tab read checks nothing, and
#: the painter's pages, numbered at random, would take the reading order from it)
LAYOUT_READ = 2
#: and at most DOUBT_PER_READ tabs in doubt for each tab read.  A page whose layout at least
#: WIDE_READ tabs read check (a spread of many boards) may have WIDE_DOUBT_PER_READ for each and
#: WIDE_BLANK of them blank, when the numbers the layout alone gives (blank tabs, lost boards'
#: places) are at most a WIDE_CHECKS-th of the tabs read or showing their number (held-out kind
#: seed 0 booklet 14: 110, 112 and 114 read, 6 tabs in doubt showing theirs, 2 with digits
#: broken apart and a board lost: 9 checks for 3)
DOUBT_PER_READ, WIDE_READ, WIDE_DOUBT_PER_READ, WIDE_BLANK, WIDE_CHECKS = 2, 3, 3, 2, 3


def reading_orders(spots: list[tuple[int, int]]) -> list[list[int]]:
    """The orders (board indices, first to last) a booklet may number boards standing at ``spots``
    (each board's row and column of boards) in: row by row over them all (one page), or a spread
    split between two columns, the left page's boards row by row before the right page's."""
    if not spots:
        return []
    out: list[list[int]] = []
    for split in range(max(c for _r, c in spots) + 1):  # 0: one page
        order = sorted(range(len(spots)), key=lambda k: (bool(split) and spots[k][1] >= split, spots[k]))
        if order not in out:
            out.append(order)
    return out


def order_places(readings: list[BoardReading]) -> list[dict[int, int]]:
    """Each order of :func:`reading_orders` the page's boards may be numbered in, as each board's
    place in it (board index: 0, 1, ...); empty when the boards' places are not known, or two
    boards share one."""
    corners = flat(readings, [upright_corners(r) for r in readings])
    if corners is None:
        return []
    spots = places(corners)
    if len(set(spots)) != len(spots):
        return []
    return [{k: p for p, k in enumerate(order)} for order in reading_orders(spots)]


def layout_numbers(readings: list[BoardReading]) -> set[tuple[int, ...]]:
    """The page's numbers (one a board) by each order of :func:`reading_orders` that the tabs read
    keep, each read tab the run's first number plus its place in the order; empty when the boards'
    places are not known, or two boards share one (:func:`order_places`)."""
    read = {k: r.level.level for k, r in enumerate(readings) if r.level is not None}
    out = set()
    for place in order_places(readings):
        firsts = {n - place[k] for k, n in read.items()}
        if len(firsts) == 1 and min(firsts) >= 1:
            out.add(tuple(min(firsts) + place[k] for k in range(len(readings))))
    return out


def by_layout(readings: list[BoardReading], shows, blank_most: int) -> list[Level] | None:
    """The levels of a page whose squares all read, at least :data:`LAYOUT_READ` tabs read and at
    most :data:`DOUBT_PER_READ` in doubt for each (:data:`WIDE_DOUBT_PER_READ` on a wide page), when
    exactly one numbering of :func:`layout_numbers` gives each tab in doubt a number it ``shows``
    (its digits' scores, a number: whether each digit is one of its candidates) -- up to
    ``blank_most`` tabs without digits (:data:`WIDE_BLANK` on a wide page) any number, and a lost
    board's place (:func:`~.tab_run.settled_around_lost`) any number too.  None otherwise."""
    failed = [k for k, r in enumerate(readings) if r.level is None]
    if not failed or any(not readings[k].tab_doubt or readings[k].rows is None for k in failed):
        return None
    doubt = [k for k in failed if not readings[k].lost]  # a lost board's place takes any number
    read = [r.level.level for r in readings if r.level is not None]
    blank = [k for k in doubt if not readings[k].tab_scores]
    unchecked = len(blank) + len(failed) - len(doubt)  # numbers the layout alone gives
    if len(read) >= WIDE_READ and WIDE_CHECKS * unchecked <= len(read) + len(doubt) - len(blank):
        per_read, blank_most = WIDE_DOUBT_PER_READ, max(blank_most, WIDE_BLANK)
    else:
        per_read = DOUBT_PER_READ
    if len(read) < LAYOUT_READ or per_read * len(read) < len(doubt) or not all(isinstance(n, int) for n in read):
        return None
    if len(blank) > blank_most:
        return None
    fits = [numbers for numbers in layout_numbers(readings)
            if all(not readings[k].tab_scores or shows(readings[k].tab_scores, numbers[k]) for k in doubt)]
    if len(fits) != 1:
        return None
    return [r.level if r.level is not None else Level(level=fits[0][k], rows=r.rows) for k, r in enumerate(readings)]
