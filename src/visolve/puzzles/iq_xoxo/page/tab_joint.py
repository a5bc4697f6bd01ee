"""Tabs in doubt read together: a page whose tabs share a digit that none shows clearly alone.

A far or blurred page prints its tabs' digits a few pixels high.  Each tab's
second digit may still read, while the first, the same on every tab of the page
(54, 55, ... 59), matches two digits nearly alike on each (a 5 like an 8 or a 6):
no tab is clear, so no tab anchors the page's run
(:mod:`visolve.puzzles.iq_xoxo.page.tab_run`), and the page was refused.  Read
together, the tabs weigh the same choice several times over.  :func:`by_joint_run`
scores every numbering of the page a booklet may print -- one run of consecutive
numbers in one of the reading orders of its layout
(:func:`~visolve.puzzles.iq_xoxo.page.tab_layout.order_places`) -- by the sum of
its digits' scores over the tabs in doubt, and takes the best only when:

* it leads every other numbering by :data:`JOINT_LEAD`, and by :data:`PER_TAB`
  for each tab in doubt (tabs alike in their doubt weigh the same evidence
  again: a lead made of many small ones is no lead);
* each tab in doubt may show its number (:func:`~.tab_shows.shows`) and its number
  scores within :data:`OWN_WITHIN` of the tab's own best reading: the run
  settles a digit in doubt, it does not overrule a digit read.

The painter's pages number their boards at random; a run in reading order then
asks numbers its tabs do not show (painter's photos, seed 0, page 103: 13, 18
and 36, in doubt, fit only 15, 14 and 13, the 36 0.095 below its own reading).
"""

from __future__ import annotations

from visolve.puzzles.iq_xoxo.model import Level
from visolve.puzzles.iq_xoxo.page.reading import BoardReading
from visolve.puzzles.iq_xoxo.page.tab_layout import order_places
from visolve.puzzles.iq_xoxo.page.tab_shows import shows

#: least boards on the page: two boards found of a page of four, one above the other, are no run
#: (scenes seed 59, page 47: 111 and 113)
JOINT_LEAST = 3
#: least lead of the best numbering over the next (sum of digit scores), and least lead for each
#: tab in doubt.  Measured on 30 pages of 3-12 boards with every tab in doubt (scene seeds 0, 1, 2,
#: 17, 59, 89, 101, 103, 137, 139, the held-out kind and the painter's set; docs/iq-xoxo.md): the 4
#: wrong best numberings led by 0.006-0.068 (seed 89 page 25: 103-106 with every 0 matched as an 8
#: too, 0.017 a tab), the 12 right ones taken by 0.122-0.702, 14 right ones by too little
JOINT_LEAD, PER_TAB = 0.1, 0.03
#: most a tab's number in the run may score below the tab's own best reading (each digit's best),
#: summed over its digits; the right numberings measured: at most 0.039; the painter's random page
#: above: 0.095.  Stricter than :func:`~.tab_anchored.deficit` (the most of any one digit), which a
#: run anchored by a tab read may ask: here no tab anchors the run
OWN_WITHIN = 0.05


def by_joint_run(readings: list[BoardReading]) -> list[Level] | None:
    """The levels of a page of at least :data:`JOINT_LEAST` boards whose squares all read and whose
    tabs are all in doubt, each with digits, when the page's run settles them together (module
    docstring); None otherwise."""
    if len(readings) < JOINT_LEAST or any(r.level is not None or not r.tab_doubt or r.rows is None or r.lost
                                          or not r.tab_scores for r in readings):
        return None
    ranked = sorted(_numberings(readings), reverse=True)
    if len(ranked) < 2:
        return None
    (best, numbers), (second, _other) = ranked[:2]
    if best - second < max(JOINT_LEAD, PER_TAB * len(readings)):
        return None
    for r, number in zip(readings, numbers):
        if not shows(r.tab_scores, number) or _own_best(r.tab_scores) - _score(r.tab_scores, number) > OWN_WITHIN:
            return None
    return [Level(level=number, rows=r.rows) for r, number in zip(readings, numbers)]


def _numberings(readings: list[BoardReading]):
    """Each distinct numbering of the boards (a run in one reading order) that gives every tab a
    number of its digits' count, with the sum of those digits' scores."""
    seen = set()
    for place in order_places(readings):
        for first in _firsts(readings, place):
            numbers = tuple(first + place[k] for k in range(len(readings)))
            if numbers not in seen:
                seen.add(numbers)
                yield sum(_score(r.tab_scores, n) for r, n in zip(readings, numbers)), numbers


def _firsts(readings: list[BoardReading], place: dict[int, int]) -> range:
    """The run's first numbers (1 or more) that give every board, at its ``place`` in the run, a
    number of as many digits as its tab shows."""
    low = max(1, *(10 ** (len(r.tab_scores) - 1) - place[k] for k, r in enumerate(readings)))
    high = min(10 ** len(r.tab_scores) - 1 - place[k] for k, r in enumerate(readings))
    return range(low, high + 1)


def _score(scores: tuple, number: int) -> float | None:
    """The sum of the scores of ``number``'s digits on a tab (each digit's ten ``scores``), None when
    the tab shows another count of digits."""
    text = str(number)
    if len(text) != len(scores):
        return None
    return float(sum(digit[int(t)] for digit, t in zip(scores, text)))


def _own_best(scores: tuple) -> float:
    """The sum of each digit's best score: the tab's own best reading, whatever number it makes."""
    return float(sum(max(digit) for digit in scores))
