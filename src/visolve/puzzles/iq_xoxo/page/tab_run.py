"""Tabs in doubt settled by their page: a booklet numbers a page's challenges one after another.

A booklet (and the scenes drawn like one) numbers a page's challenges in
reading order: rows of boards top to bottom, each left to right, the left
page before the right.  A page whose squares all read but some tabs are in
doubt reads them first against its tabs read
(:mod:`visolve.puzzles.iq_xoxo.page.tab_page`), then takes the others'
numbers from the page when the page leaves them no choice:
the best readings of a few tabs in doubt make the page's numbers a run
(:func:`by_sequence`), or exactly one run of numbers takes every tab read and
gives each tab in doubt one of its candidates
(:func:`~.tab_shows.tab_candidates`), in exactly one way (:func:`by_page_run`) -- one way that keeps the reading order
(:func:`~visolve.puzzles.iq_xoxo.page.tab_order.reading_pairs`) when the tabs
read keep it.  The painter's pages number their boards at random: their tabs
read break the order, and only a run that fits one way settles them.
"""

from __future__ import annotations

from visolve.puzzles.iq_xoxo.model import Level
from visolve.puzzles.iq_xoxo.page.reading import BoardReading
from visolve.puzzles.iq_xoxo.page.run_gap import empty_places, lost_places, places
from visolve.puzzles.iq_xoxo.page.tab_anchored import by_anchored_run
from visolve.puzzles.iq_xoxo.page.tab_joint import by_joint_run
from visolve.puzzles.iq_xoxo.page.tab_layout import by_layout
from visolve.puzzles.iq_xoxo.page.tab_order import flat, keeps_order, ordered, reading_pairs, upright_corners
from visolve.puzzles.iq_xoxo.page.tab_page import read_by_page
from visolve.puzzles.iq_xoxo.page.tab_shows import BLANK_MOST, shows, tab_candidates
from visolve.puzzles.iq_xoxo.page.tab_wrapped import by_wrapped_run

#: tabs in doubt are settled by their page when it shows at least SEQUENCE_LEAST boards, at
#: most SEQUENCE_DOUBTS of them in doubt
SEQUENCE_LEAST, SEQUENCE_DOUBTS = 4, 2


def by_sequence(readings: list[BoardReading]) -> list[Level] | None:
    """The levels of a page of at least :data:`SEQUENCE_LEAST` boards all read but for up to
    :data:`SEQUENCE_DOUBTS` tabs in doubt (each a third of the boards at most), when those tabs'
    best readings, all different, are the numbers that make the page's numbers a run (a
    booklet's pages are numbered one after another) -- in reading order when the tabs read keep it
    (:func:`ordered`): each tab and the page agree. None otherwise (the tabs' doubt stands)."""
    failed = [r for r in readings if r.level is None]
    if len(readings) < SEQUENCE_LEAST or not failed or len(failed) > min(SEQUENCE_DOUBTS, len(readings) // 3):
        return None
    if any(not r.tab_doubt or r.tab_best is None or r.rows is None for r in failed):
        return None
    numbers = {k: r.level.level if r.level is not None else r.tab_best for k, r in enumerate(readings)}
    if not all(isinstance(n, int) for n in numbers.values()):
        return None
    if sorted(numbers.values()) != list(range(min(numbers.values()), min(numbers.values()) + len(numbers))):
        return None
    pairs = reading_pairs(readings)
    read = {k: n for k, n in numbers.items() if readings[k].level is not None}
    if ordered(read, pairs) and not all(keeps_order(numbers, pairs, k) for k in numbers):
        return None  # a page numbered in reading order whose tabs in doubt would break it
    return [r.level if r.level is not None else Level(level=r.tab_best, rows=r.rows) for r in readings]


#: a page run settles the tabs of a page of at least RUN_LEAST boards
RUN_LEAST = 3


def by_page_run(readings: list[BoardReading]) -> list[Level] | None:
    """The levels of a page of at least :data:`RUN_LEAST` boards whose squares all read, some tabs
    in doubt (at most twice as many as the tabs read clearly: those anchor the run), when exactly
    one run of consecutive numbers (a booklet numbers a page's challenges one after another) takes
    every tab read and gives each tab in doubt a number it may show, in exactly one way. A page
    whose tabs read keep its reading order (:func:`ordered`) counts only the ways that keep it,
    and a tab may show a number whose every digit is a candidate (:func:`~.tab_shows.shows`); on
    another page the tab's number is one of at most :data:`~.tab_shows.MAX_CANDIDATES`
    (:func:`~.tab_shows.tab_candidates`); on a page in reading order, up to :data:`BLANK_MOST` tabs
    in doubt without digits may show any number, and so may a lost board's place
    (:func:`settled_around_lost`). None otherwise (the tabs' doubt stands)."""
    failed = [k for k, r in enumerate(readings) if r.level is None]
    if len(readings) < RUN_LEAST or any(not readings[k].tab_doubt or readings[k].rows is None for k in failed):
        return None
    lost = [k for k in failed if readings[k].lost]
    blank = [k for k in failed if not readings[k].tab_scores and k not in lost]
    read = {k: r.level.level for k, r in enumerate(readings) if r.level is not None}
    known = set(read.values())
    if not all(isinstance(n, int) for n in known) or len(known) != len(read) \
            or 2 * len(known) < len(failed) - len(lost):
        return None  # at least a third of the tabs read clearly (tabs all 9x seen as 8x would make a run too)
    pairs = reading_pairs(readings)
    in_order = ordered(read, pairs)
    if len(blank) > BLANK_MOST or ((blank or lost) and not in_order):
        return None  # a blank tab's number (a lost board's) is the run's only on a page numbered in reading order
    if in_order:
        may = {k: (lambda m, s=readings[k].tab_scores: not s or shows(s, m)) for k in failed}
    else:  # a page not numbered in reading order (the painter's): the run alone
        pairs, options = set(), {k: tab_candidates(readings[k].tab_scores) for k in failed}
        if not all(options.values()):
            return None
        may = {k: options[k].__contains__ for k in failed}
    n, found = len(readings), []
    for first in sorted({m - k for m in known for k in range(n) if m - k >= 1}):
        run = set(range(first, first + n))
        if known <= run:
            found += _numberings(failed, sorted(run - known), may, read, pairs, 2 - len(found))
        if len(found) > 1:
            return None
    if len(found) != 1:
        return None
    return [r.level if r.level is not None else Level(level=found[0][k], rows=r.rows) for k, r in enumerate(readings)]


def _numberings(failed: list[int], numbers: list[int], may, read: dict[int, int], pairs: set[tuple[int, int]],
                most: int) -> list[dict[int, int]]:
    """Up to ``most`` ways of giving each board ``failed`` its own one of ``numbers`` (all used) that
    it ``may`` show (board index: test), the page's numbers (``read`` with them) growing along every
    pair of ``pairs``."""
    out: list[dict[int, int]] = []
    if len(failed) != len(numbers):
        return out

    def place(k: int, left: list[int], given: dict[int, int]) -> None:
        if len(out) >= most:
            return
        if k == len(failed):
            out.append(dict(given))
            return
        board = failed[k]
        for m in left:
            given[board] = m
            if may[board](m) and keeps_order(given, pairs, board):
                place(k + 1, [v for v in left if v != m], given)
            del given[board]

    place(0, numbers, dict(read))
    return out


def by_neighbour(readings: list[BoardReading]) -> list[Level] | None:
    """The levels of a page of two boards side by side in one row, one tab read and the other in
    doubt, when the doubtful tab's best reading is the number next to the one read in reading
    order (one more right of it, one less left of it) and a number it may show
    (:func:`~.tab_shows.shows`): the tab and the page agree. None otherwise."""
    if len(readings) != 2 or sum(r.level is None for r in readings) != 1:
        return None
    doubt = next(k for k, r in enumerate(readings) if r.level is None)
    tab, other = readings[doubt], readings[1 - doubt].level.level
    if not tab.tab_doubt or tab.rows is None or tab.tab_best is None or not isinstance(other, int):
        return None
    corners = flat(readings, [upright_corners(r) for r in readings])
    if corners is None:
        return None
    (row, col), (row_other, col_other) = (places(corners)[k] for k in (doubt, 1 - doubt))
    want = other + 1 if col > col_other else other - 1
    if row != row_other or col == col_other or tab.tab_best != want or not shows(tab.tab_scores, want):
        return None
    return [r.level if r.level is not None else Level(level=want, rows=r.rows) for r in readings]


def by_page_layout(readings: list[BoardReading]) -> list[Level] | None:
    """:func:`~visolve.puzzles.iq_xoxo.page.tab_layout.by_layout`: the page's levels when the tabs read
    leave its layout one numbering, each tab in doubt showing its number
    (:func:`~.tab_shows.shows`; up to :data:`BLANK_MOST` blank); else None."""
    return by_layout(readings, shows, BLANK_MOST)


def settled_by_page(readings: list[BoardReading]) -> list[Level] | None:
    """The levels when the page settles its tabs in doubt: read against its tabs read
    (:func:`~visolve.puzzles.iq_xoxo.page.tab_page.read_by_page`), and the rest by its numbers
    (:func:`by_sequence`, else :func:`by_page_run`, else :func:`by_neighbour`, else
    :func:`by_page_layout`, else
    :func:`~visolve.puzzles.iq_xoxo.page.tab_anchored.by_anchored_run`, else
    :func:`~visolve.puzzles.iq_xoxo.page.tab_wrapped.by_wrapped_run`, else, every tab in doubt,
    :func:`~visolve.puzzles.iq_xoxo.page.tab_joint.by_joint_run`), else None: always
    None when the boards found leave an empty place among them
    (:func:`~visolve.puzzles.iq_xoxo.page.run_gap.empty_places`: a board not found, whose number the
    run would give a tab in doubt; :func:`settled_around_lost` counts it)."""
    quads = [r.quad for r in readings]  # as seen: seen flat, a spread's fold looks like room for a board
    if any(q is None for q in quads) or empty_places(quads):
        return None
    return _settled(readings)


def settled_around_lost(readings: list[BoardReading]) -> list[Level] | None:
    """The levels of the page's boards when its tabs in doubt are settled (as :func:`settled_by_page`
    settles them) with a board lost at each empty place of their grid
    (:func:`~visolve.puzzles.iq_xoxo.page.run_gap.lost_places`): each place takes its number in the
    page's run and reading order as a blank tab would, but it is no tab in doubt (it is not counted
    against the tabs read, nor among :data:`BLANK_MOST`), and only where the tabs read keep the
    reading order (:func:`by_page_run`, :func:`~.tab_layout.by_layout`,
    :func:`~.tab_anchored.by_anchored_run`).  The lost boards' own levels are left out: the caller
    says they were not found.  None otherwise.

    Open booklets of the held-out kind (seed 0): a board washed out by glare, its place in the
    middle of the spread, left its page's tabs in doubt unread (a pale tab, a round digit): 8 of 12
    challenges read before, 11 with the place counted."""
    quads = [r.quad for r in readings]
    if any(q is None for q in quads) or not any(r.level is None for r in readings):
        return None
    found = lost_places(quads)
    if not found:
        return None
    lost = [BoardReading(view=None, error="a board not found", quad=place, tab_doubt=True, rows=(), lost=True)
            for place in found]
    settled = _settled([*readings, *lost])
    return None if settled is None else settled[:len(readings)]


def _settled(readings: list[BoardReading]) -> list[Level] | None:
    """The levels :func:`settled_by_page` settles, whatever places the boards leave empty."""
    readings = read_by_page(readings)
    if all(r.level is not None for r in readings):
        return [r.level for r in readings]
    for settle in (by_sequence, by_page_run, by_neighbour, by_page_layout, by_anchored_run, by_wrapped_run,
                   by_joint_run):
        settled = settle(readings)
        if settled is not None:
            return settled
    return None
