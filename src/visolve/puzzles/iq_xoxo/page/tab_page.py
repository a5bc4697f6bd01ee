"""Tabs in doubt read against the tabs read on their page.

The tabs of one page are printed in one typeface, at one size, and blurred
alike, where the template digits drawn by fonts are only near: a digit of a
tab read on the page is the closest template there is for the same digit on
another of its tabs.  A tab in doubt is read (:func:`read_by_page`) when each
of its digits is settled at either look on its own
(:func:`~visolve.puzzles.iq_xoxo.page.tab_clear.unsettled`) or by the page
(:func:`page_digit`): its glyph matches the glyphs of one digit of the tabs
read clearly better than any other digit's, and the template bank names the
same digit.  The page's numbers check it: the numbers read so are new on the
page, one run of as many numbers as the page has boards holds them with the
tabs read, and they keep the page's reading order when the tabs read keep it.
"""

from __future__ import annotations

import weakref
from dataclasses import replace

import numpy as np

from visolve.puzzles.iq_xoxo.model import Level
from visolve.puzzles.iq_xoxo.page.reading import BoardReading, page_colour
from visolve.puzzles.iq_xoxo.page.tab_clear import SMALL_PITCH, looked_again, unsettled
from visolve.puzzles.iq_xoxo.page.tab_number import tab_looks
from visolve.puzzles.iq_xoxo.page.tab_order import keeps_order, ordered, reading_pairs

#: a digit is settled by its page when its glyph matches the glyphs of one digit of the page's tabs
#: read at least PAGE_MIN, PAGE_MARGIN better than any other digit's there, and the template bank
#: matches it best as the same digit.  H93's census of the tabs in doubt on pages with tabs read
#: (scenes seed 0, 239 digits at both looks): with the bank agreeing, digits matched wrong by the
#: page reached 0.931 by 0.163 (a cut 0 of 10 as the page's 4; its own digit not on the page) and
#: 0.923 by 0.07; right ones matched 0.94 - 0.99.  Numbers read with a digit at 0.9 by 0.05
#: were wrong twice in 9, both outside the page's run
PAGE_MIN, PAGE_MARGIN = 0.94, 0.1


#: each board view's tab digits at both looks while the view lives (by its id): a page is asked to
#: settle its tabs up to three times a picture (twice while its boards are outlined, then by the
#: reader), its tabs the same; at most LOOKS_KEPT views
_LOOKED: dict[int, tuple[weakref.ref, tuple | None]] = {}
LOOKS_KEPT = 256


def looks_of(view) -> tuple | None:
    """:func:`~.tab_number.tab_looks` of the tab above the upright board ``view``, on its page's colour
    (:func:`~.reading.page_colour`); once a view."""
    kept = _LOOKED.get(id(view))
    if kept is not None and kept[0]() is view:
        return kept[1]
    if len(_LOOKED) >= LOOKS_KEPT:
        for key in [k for k, (ref, _l) in _LOOKED.items() if ref() is None]:
            del _LOOKED[key]
        if len(_LOOKED) >= LOOKS_KEPT:
            _LOOKED.clear()
    looks = tab_looks(view, page_colour(view))
    _LOOKED[id(view)] = (weakref.ref(view), looks)
    return looks


def page_glyphs(readings: list[BoardReading]) -> tuple[list, list]:
    """The glyphs of the digits of the page's tabs read, at each look (as seen, looked at again):
    ``[(digit, glyph)]`` from every tab cut there into as many digits as its number has."""
    out: tuple[list, list] = ([], [])
    for r in readings:
        if r.level is None or not isinstance(r.level.level, int) or r.view is None:
            continue
        looks = looks_of(r.view)
        text = str(r.level.level)
        for look, digits in zip(out, looks or ()):
            if digits is not None and len(digits) == len(text):
                look.extend((int(t), d[2]) for t, d in zip(text, digits))
    return out


def page_digit(digit: tuple, glyphs: list) -> int | None:
    """The digit the page's ``glyphs`` (``[(digit, glyph)]`` at one look) name for a tab's
    ``digit`` (its scores, run margin, glyph and ink at the same look), see :data:`PAGE_MIN`;
    None when they name none clearly."""
    scores, _whole, one, _ink = digit
    n = len(one) // 2
    best: dict[int, float] = {}
    for d, g in glyphs:
        best[d] = max(best.get(d, -1.0), float(one[:n] @ g[:n] + one[n:] @ g[n:]) / 2)
    ranked = sorted(best.values(), reverse=True) + [0.0]
    named = max(best, key=best.get)
    if ranked[0] < PAGE_MIN or ranked[0] - ranked[1] < PAGE_MARGIN or int(np.argmax(scores)) != named:
        return None
    return named


def tab_by_page(looks: tuple, glyphs: tuple[list, list], small: bool) -> int | None:
    """The number of a tab in doubt (its digits at both ``looks``, as :func:`~.tab_number.tab_looks`
    gives them) when each digit is settled at either look or by the page's ``glyphs``
    (:func:`page_glyphs`), at least one by the page; ``small``: a small board's tab.  None
    otherwise, or when the looks cut it otherwise or settle a digit as two."""
    seen, again = looks
    cut = [d for d in (seen, again) if d is not None]
    if not cut or len({len(d) for d in cut}) != 1:
        return None
    styles = looked_again(again) if again is not None else None
    text, by_page = "", False
    for k in range(len(cut[0])):
        own = {int(np.argmax(seen[k][0]))} if seen is not None and not unsettled(*seen[k], small) else set()
        if again is not None and not unsettled(*again[k], small, styles[k]):
            own.add(int(np.argmax(again[k][0])))
        if len(own) > 1:
            return None
        if not own:
            look = next(((d, g) for d, g in ((again, glyphs[1]), (seen, glyphs[0])) if d is not None and g), None)
            named = None if look is None else page_digit(look[0][k], look[1])
            if named is None:
                return None
            own, by_page = {named}, True
        text += str(own.pop())
    return int(text) if by_page and not text.startswith("0") else None


def read_by_page(readings: list[BoardReading]) -> list[BoardReading]:
    """The page's readings with its tabs in doubt read by the tabs read (:func:`tab_by_page`) when
    the page's numbers agree (see the module docstring); the readings as they were otherwise."""
    doubt = [k for k, r in enumerate(readings) if r.level is None and r.tab_doubt and r.rows is not None
             and r.view is not None]
    read = {k: r.level.level for k, r in enumerate(readings) if r.level is not None and isinstance(r.level.level, int)}
    if not doubt or not read:
        return readings
    glyphs = page_glyphs(readings)
    found = {}
    for k in doubt:
        looks = looks_of(readings[k].view)
        number = None if looks is None else tab_by_page(looks, glyphs, readings[k].view.cell_size() < SMALL_PITCH)
        if number is not None:
            found[k] = number
    numbers = {**read, **found}
    if not found or len(set(numbers.values())) != len(numbers) \
            or max(numbers.values()) - min(numbers.values()) >= len(readings):
        return readings
    pairs = reading_pairs(readings)
    if ordered(read, pairs) and not all(keeps_order(numbers, pairs, k) for k in found):
        return readings
    return [replace(r, level=Level(level=found[k], rows=r.rows), error="", tab_doubt=False) if k in found else r
            for k, r in enumerate(readings)]
