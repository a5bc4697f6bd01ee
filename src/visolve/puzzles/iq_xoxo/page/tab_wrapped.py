"""Tabs all in doubt settled by their page's layout when its numbers pass a ten.

A page whose tabs are all in doubt has no tab read to anchor its run
(:mod:`~visolve.puzzles.iq_xoxo.page.tab_anchored` needs one).  Its round
digits (0, 6, 8 and a bold 9) match one another within a few hundredths, so
its tabs' digits alone may fit a wrong run as well as the right one: seed 89
page 25, 103 - 106 with each 0 matched as 8, would read 183 - 186, every tab
confusing the same digit the same way.  A run that passes a ten (85 - 96:
89, then 90) changes its tens digit at one place of the layout, so a wrong
run would need two digits each confused alike, and the units must pass from
9 to 0 at that very place.  :func:`by_wrapped_run` takes the one numbering of
the page's layout in which every tab shows its number within
:data:`~.tab_anchored.DEFICIT_MOST` of its best match, when the numbers pass
a ten with boards on both sides of it.

Held-out kind (open booklets, seeds 0 - 6): three spreads, every tab's leading
digit in doubt (85 - 96, 49 - 60, ...), each refused whole before.
"""

from __future__ import annotations

from visolve.puzzles.iq_xoxo.model import Level
from visolve.puzzles.iq_xoxo.page.reading import BoardReading
from visolve.puzzles.iq_xoxo.page.tab_anchored import DEFICIT_MOST, deficit
from visolve.puzzles.iq_xoxo.page.tab_layout import order_places
from visolve.puzzles.iq_xoxo.page.tab_shows import BLANK_MOST, shows, tab_candidates

#: a page of at least WRAPPED_LEAST boards found (a whole page of a booklet's layout, or a spread)
WRAPPED_LEAST = 6
#: the one numbering that fits must fit RIVAL_LEAD better than any other: no other within its worst
#: tab's deficit (:func:`~.tab_anchored.deficit`) plus RIVAL_LEAD.  Scenes seed 229 spread 95 (a new
#: unseen seed: an open booklet of 12 in a 2 MP photo, its tabs' digits a few px high): 54 - 65 read
#: as 84 - 95, every 5 and 6 confused with an 8 and a 9 alike; that numbering fit within 0.045, the
#: true one missed DEFICIT_MOST by an 8 matched 0.054 over a 5.  The open booklets it was made for
#: (held-out kind, seeds 0 - 6) fit within 0.000 - 0.010, their nearest rival 0.091 off or none
RIVAL_LEAD = DEFICIT_MOST


def _close(scores: tuple, number: int, most: float = DEFICIT_MOST) -> bool:
    """Whether a tab (its digits' ``scores``) shows ``number``, each digit within ``most`` of its
    best match."""
    return shows(scores, number) and deficit(scores, number) <= most


def _shows_closely(reading: BoardReading, number: int, most: float = DEFICIT_MOST) -> bool:
    """Whether a board may bear ``number``: its tab read as it, or in doubt and showing it closely
    (:func:`_close`, within ``most``), or blank (no digits laid out: any number), or a lost board's
    place."""
    if reading.level is not None:
        return reading.level.level == number
    return reading.lost or not reading.tab_scores or _close(reading.tab_scores, number, most)


def _with_digits(reading: BoardReading) -> bool:
    """Whether a board's tab shows digits: read, or in doubt with its digits' scores (not blank, not
    a lost board's place)."""
    return reading.level is not None or (not reading.lost and bool(reading.tab_scores))


def _shown(reading: BoardReading) -> set[int]:
    """The numbers a board's tab may show: the one read, else its candidates."""
    return {reading.level.level} if reading.level is not None else tab_candidates(reading.tab_scores)


def wrapped_numberings(readings: list[BoardReading], most: float = DEFICIT_MOST) -> set[tuple[int, ...]]:
    """The page's numberings, one number a board, in each reading order of its layout
    (:func:`~.tab_layout.order_places`) that every board may bear (:func:`_shows_closely`, within
    ``most``); empty when the boards' places are not known or two share one."""
    tabs = [k for k, r in enumerate(readings) if _with_digits(r)]
    if not tabs:
        return set()
    anchor = min(tabs, key=lambda k: len(_shown(readings[k])) or 10**6)
    out = set()
    for place in order_places(readings):
        for shown in _shown(readings[anchor]):
            first = shown - place[anchor]
            numbers = tuple(first + place[k] for k in range(len(readings)))
            if first >= 1 and all(_shows_closely(r, numbers[k], most) for k, r in enumerate(readings)):
                out.add(numbers)
    return out


def by_wrapped_run(readings: list[BoardReading]) -> list[Level] | None:
    """The levels of a page of at least :data:`WRAPPED_LEAST` boards whose squares all read, its
    tabs read or in doubt (up to :data:`~.tab_shows.BLANK_MOST` of them without digits), when
    exactly one numbering of :func:`wrapped_numberings` fits, by :data:`RIVAL_LEAD` over any other, and
    its numbers pass a ten with a tab showing digits on each side of it; None otherwise (the tabs'
    doubt stands)."""
    boards = [r for r in readings if not r.lost]
    failed = [r for r in boards if r.level is None]
    if len(boards) < WRAPPED_LEAST or not failed or any(not r.tab_doubt or r.rows is None for r in failed):
        return None
    if not all(isinstance(r.level.level, int) for r in boards if r.level is not None):
        return None
    if sum(not r.tab_scores for r in failed) > BLANK_MOST:
        return None
    fits = wrapped_numberings(readings)
    if len(fits) != 1:
        return None
    numbers = fits.pop()
    if len(wrapped_numberings(readings, _worst(readings, numbers) + RIVAL_LEAD)) > 1:
        return None  # another numbering fits nearly as well
    shown = [n for n, r in zip(numbers, readings) if _with_digits(r)]
    if min(shown) // 10 == max(shown) // 10:
        return None  # no ten passed: every tab may confuse one digit alike
    return [r.level if r.level is not None else Level(level=numbers[k], rows=r.rows) for k, r in enumerate(readings)]


def _worst(readings: list[BoardReading], numbers: tuple[int, ...]) -> float:
    """The largest deficit (:func:`~.tab_anchored.deficit`) of a tab in doubt showing digits, under the
    numbering ``numbers``."""
    return max((deficit(r.tab_scores, n) for r, n in zip(readings, numbers)
                if r.level is None and not r.lost and r.tab_scores), default=0.0)
