"""The challenge number on the tab above an IQ XOXO board.

The tab is a coloured block centred above the board with the number in
white.  Above an upright board view the region :data:`TAB_REGION` (board
units) is sampled; the tab is the largest block of pixels far from the page
colour, its holes filled (a bold digit's body).  Its *whiteness* (0 on the tab colour, 1 on the page's) is cut into
digits: each white part as tall as a digit is one digit, or several run
together when it is wider than a digit (cut along seams near thin columns
where the cut digits match best, :mod:`visolve.puzzles.iq_xoxo.page.tab_cut`; into one digit more
than its width says when that matches clearly better, :func:`cut_run`).
Each digit is matched, as seen and kept to its ink, against digits drawn by
OpenCV's fonts at several weights and blurs (a
:class:`visolve.vision.match.TemplateBank`); a tab not read so is looked at
again, its digits' whiteness scaled to their own peak and matched against a
wider bank that also holds Pillow's typeface (:func:`_second_look`; a digit on its own is also
read there by the one style the tab's digits match best, :func:`~.tab_clear.clear_again`).  Whether
each digit is clear, and the number read or the doubt, is
:mod:`visolve.puzzles.iq_xoxo.page.tab_clear`'s to say; a number read as seen but
not firm, with an 8 matched weakly or off the tab's middle, must agree with the second look.  A number
not laid out as one is doubt too: a white smudge lower than a digit, parts
standing closer than digits, digits of unequal height, off the tab's middle, or too many.  A tab
read at neither look gives the page the second look's doubt (its best reading and scores) when only
that look came as far as its digits, each digit's better score of the two when both did.
"""

from __future__ import annotations

import cv2
import numpy as np

from visolve.errors import ReadError
from visolve.puzzles.iq_xoxo.board import COLS
from visolve.puzzles.iq_xoxo.page.tab_cut import best_cut, run_margin
from visolve.puzzles.iq_xoxo.page.tab_clear import (SMALL_PITCH, TabDoubt, TabNumber, best_of, both_looks, both_scores,
                                                    read_digits, second_opinion)
from visolve.puzzles.iq_xoxo.page.tab_glyphs import DIGIT_LIGHT, glyph
from visolve.puzzles.iq_xoxo.page.tab_glyphs import scores as glyph_scores

#: board region (u0, v0, u1, v1) searched for the tab
TAB_REGION = (COLS / 2 - 2.6, -2.0, COLS / 2 + 2.6, -0.02)
#: pixels per board unit of the tab's view
TAB_PITCH = 48
#: the light is evened over this many board units (as the board view)
LIGHT_SIZE = 1.5
#: tab pixels: this far from the page colour (share of the page's brightness); the second when
#: the first shows no tab (one washed out by glare)
TAB_DISTANCES = (0.3, 0.2)
#: ... and this far when neither shows one, a tab then read only when its number is clear (a doubt
#: there is as no tab seen: the page's run of numbers, or the file name, names the board).  Scenes
#: seed 317 page 40: a single board's tab washed to a pale green 0.16-0.18 from the paper, not seen,
#: so the board took the file name's number (40 for the tab's 5, a misread); at 0.12 its 5 reads.
#: Tried as a third of TAB_DISTANCES first: page 45's board 1, whose tab the page settled, then
#: read a 2 in doubt and was refused
PALE_DISTANCE = 0.12
#: a tab is a rounded box: a block covering less than TAB_SOLID of its convex hull is looked for at
#: the next distance too, and the more solid block kept (a pale tab, its rim above a digit as light
#: as the page: the digit left outside the block, read as nothing at 0.00 -- scenes seed 2 page 70,
#: a made page's tab 4 -- or as 12 without its first 1: seed 2 page 28's 112; blocks of 0.53 - 0.79
#: that were 0.91 - 1.02 at the next distance; a plain tab covers 1.0 - 1.03 of its hull, the
#: pixels counted against the hull's area)
TAB_SOLID = 0.93
#: a tab covers at least this many board units squared, and is wider than high
TAB_MIN_AREA = 0.5
#: the tab's rim (px) left out of its digits (the page blurred in)
TAB_RIM = 3
#: digit parts are at least DIGIT_HEIGHT of the tab's height (their whiteness above DIGIT_LIGHT) ...
DIGIT_HEIGHT = 0.35
#: ... or, at the second look (the whiteness scaled to the digits' peak, which shows a blurred digit's
#: true height), SMALL_DIGIT of it when no part is as tall as DIGIT_HEIGHT: a print style with small
#: digits on a tall tab shows them 0.33 - 0.34 of it there (scenes seed 89 page 45's 111, seed 139
#: spread 62: refused as smudges).  Not at the first look, whose fixed threshold shows a blurred digit
#: shorter than it is (seed 0 spread 11: lone parts of 0.30 - 0.32 there were digits of 0.38 - 0.41 at
#: the second look; taken for digits, a tab was read at neither look); nor beside a part as tall as a
#: digit (a smudge)
SMALL_DIGIT = 0.3
#: the page reaching into the tab's inside over RUN_INTO of its height squared is doubt (a digit
#: run into the tab's outline covers about 0.13; glare at the tab's end a few px)
RUN_INTO = 0.03
#: a white part on the tab at least SMUDGE of its height but lower than a digit is doubt (a broken digit?)
SMUDGE = 0.15
#: a digit's whiteness is matched without the other digits grown by this many px
RUN_REACH = 2
#: a white part wider than ONE_DIGIT times its height holds several digits; a run of k digits is
#: about DIGIT_INK + (k - 1) DIGIT_ADVANCE heights wide
ONE_DIGIT, DIGIT_INK, DIGIT_ADVANCE = 1.15, 0.75, 0.9
#: digits on their own stand at least DIGIT_SPACING of their height apart (middle to middle: 0.8
#: on the booklet, 0.9 drawn; the halves of a broken 8 about 0.45)
DIGIT_SPACING = 0.65
#: at most this many digits on a tab
MAX_DIGITS = 3
#: every digit at least DIGIT_EVEN of the tallest's height; the digits' middle within
#: OFF_MIDDLE of the tab's width from the tab's middle
DIGIT_EVEN, OFF_MIDDLE = 0.8, 0.15
#: ... and within OFF_HEIGHTS of their height: a tab prints its number at its middle (the 143 tabs read
#: right in scenes seed 239: within 0.08 but one, a 19 whose narrow 1 leaves its ink 0.375 off), and a
#: number with a digit lost, too faint to be cut, stands about half a digit's advance off it: scenes
#: seed 239 page 40, a faint 94 whose 9 was lost read as a 1 (its 4 at 0.88), 0.67 of its height off.
#: Asked as seen only: the second look's runs may stand further off (scenes seed 239 page 91: a 27 read
#: right 0.95 of its height off its tab's middle at the second look)
OFF_HEIGHTS = 0.5
#: a number read as seen whose ink stands more than OFF_ASK of its height off the tab's middle must
#: agree with the second look (:func:`~.tab_clear.second_opinion`): scenes seed 449 page 53, a
#: blurred 72 whose faint 7 was not cut, read 2 (0.85, by 0.17) 0.375 of its height off the middle
OFF_ASK = 0.25


def _tab_box(img: np.ndarray, page: np.ndarray,
             distances: tuple[float, ...] = TAB_DISTANCES) -> tuple[tuple[int, int, int, int], np.ndarray] | None:
    """Bounding box (x, y, w, h) of the tab in the tab view and its inside within the box (rim
    left out), or None: pixels the first of ``distances`` far from the page colour that
    show a solid block (:data:`TAB_SOLID`), else the most solid block shown."""
    d = img - page
    dist2 = (d[..., 0] ** 2 + d[..., 1] ** 2 + d[..., 2] ** 2) / max(float(np.max(page)), 1e-6) ** 2
    found = None
    for far in distances:
        block = _far_block(dist2 > far * far)
        if block is not None and (found is None or block[2] > found[2]):
            found = block
        if found is not None and found[2] >= TAB_SOLID:
            break
    return None if found is None else found[:2]


#: a block reaching the view's side is the tab joined to a line along the board's top (digits lower
#: than DIGIT_HEIGHT of it: "smudges"): the tab is the block within the box shown without lines < LINE_CUT px
LINE_CUT = 9


def _far_block(far: np.ndarray, cut: bool = False) -> tuple[tuple[int, int, int, int], np.ndarray, float] | None:
    """The largest block of pixels far from the page colour (``far``, closed over small gaps, its
    holes filled), as :func:`_tab_box` gives it, with its share of its convex hull, when it is
    large enough and wider than high; ``cut``: thin lines left out (:data:`LINE_CUT`)."""
    k = max(3, TAB_PITCH // 3) | 1
    mask = cv2.copyMakeBorder(far.astype(np.uint8), k, k, k, k, cv2.BORDER_CONSTANT, value=0)  # closed within the view
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))[k:-k, k:-k]
    n, lab, stats, _c = cv2.connectedComponentsWithStats(mask, connectivity=8)
    if n < 2:
        return None
    i = 1 + int(np.argmax(stats[1:, 4]))
    x, y, w, h, area = (int(v) for v in stats[i])
    if not cut and (x == 0 or x + w >= far.shape[1]):  # the tab's box found without the lines
        bare = _far_block(cv2.morphologyEx(far.astype(np.uint8), cv2.MORPH_OPEN, np.ones((LINE_CUT, 1))) > 0, True)
        if bare is None:
            return None
        (bx, by, bw, bh), kept = bare[0], np.zeros_like(far)
        kept[by: by + bh, bx: bx + bw] = far[by: by + bh, bx: bx + bw]
        return _far_block(kept, True)
    if area < TAB_MIN_AREA * TAB_PITCH**2 or w <= h:
        return None
    inside = (lab[y: y + h, x: x + w] == i).astype(np.uint8)
    # a bold digit wider than the closing left a hole in the block: its inside all the same (scenes
    # seed 0 page 74: a 2 matched at 0.34, cut to the part of its ink the hole left)
    outline, _h = cv2.findContours(inside, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    cv2.drawContours(inside, outline, -1, 1, thickness=cv2.FILLED)
    solid = np.count_nonzero(inside) / max(cv2.contourArea(cv2.convexHull(np.concatenate(outline))), 1.0)
    inside = cv2.erode(inside, np.ones((3, 3), np.uint8), iterations=TAB_RIM,
                       borderType=cv2.BORDER_CONSTANT, borderValue=0)
    return (x, y, w, h), inside > 0, float(solid)


def _whiteness(inner: np.ndarray, page: np.ndarray) -> np.ndarray:
    """0 on the tab's colour (its median), 1 on the page's lightness."""
    if inner.dtype.kind != "f":
        inner = inner.astype(np.float64)  # as mean() takes whole numbers
    grey = (inner[..., 0] + inner[..., 1] + inner[..., 2]) / np.float32(3)  # mean(axis=2), 10x faster
    tab_level = float(np.median(grey))
    return (grey - tab_level) / max(float(page.mean()) - tab_level, 1e-6)


def _runs(white: np.ndarray, inside: np.ndarray,
          small: bool = False) -> list[tuple[np.ndarray, tuple[int, int, int, int]]]:
    """The white parts of the tab's box as tall as a digit (mask, (x, y, w, h)), left to right;
    ``inside``: the tab's inside (rim left out); ``small``: parts of :data:`SMALL_DIGIT` are digits
    when none is taller (the second look).  Parts that touch the box's edge are the page
    around the tab.

    Raises
    ------
    ReadError
        The page reaches far inside the tab (a digit run into the tab's outline, or glare).
    """
    th, tw = white.shape
    n, lab, stats, _c = cv2.connectedComponentsWithStats(white.astype(np.uint8), connectivity=8)
    out = []
    x0, y0, x1, y1 = stats[:, 0], stats[:, 1], stats[:, 0] + stats[:, 2], stats[:, 1] + stats[:, 3]
    edge = (x0 == 0) | (y0 == 0) | (x1 >= tw) | (y1 >= th)  # the page around the tab
    tallest = int(stats[1:, 3][~edge[1:]].max(initial=0))
    digit = SMALL_DIGIT * th if small and tallest < DIGIT_HEIGHT * th else DIGIT_HEIGHT * th
    for i in range(1, n):
        x, y, w, h = (int(v) for v in stats[i, :4])
        if edge[i]:
            if np.count_nonzero(inside[y: y + h, x: x + w] & (lab[y: y + h, x: x + w] == i)) >= RUN_INTO * th * th:
                raise TabCut("a white part runs into the tab from its edge", below=bool(y1[i] >= th))
        elif h >= digit:
            out.append((lab == i, (x, y, w, h)))
        elif h >= SMUDGE * th:
            raise ReadError("a white smudge on the tab, lower than a digit (part of one?)")
    return sorted(out, key=lambda part: part[1][0])


class TabCut(ReadError):
    """The page (or a light part beside the tab) reaching far inside the tab from its box's edge;
    ``below``: from the box's lower edge (the board's side, where a region that cuts a tab close
    to its board cuts it)."""

    def __init__(self, message: str, below: bool = False):
        super().__init__(message)
        self.below = below


def _count(box) -> int:
    """How many digits a white part of the tab (its box) holds, from its width."""
    _x, _y, w, h = box
    return max(2, 1 + int(round((w / h - DIGIT_INK) / DIGIT_ADVANCE))) if w > ONE_DIGIT * h else 1


def _digit_scores(whiteness: np.ndarray, inside: np.ndarray,
                  wide: bool = False) -> list[tuple[np.ndarray, float | None, np.ndarray, np.ndarray]]:
    """Each digit's scores (10,), for a digit cut from a run of digits the run's margin
    (:func:`~.tab_cut.run_margin`; None for a digit on its own), its glyph and its ink (boolean, cut
    to its box), left to right (``inside``: the tab's inside, rim left out; ``wide``: matched against
    the wide bank, :func:`~.tab_glyphs.styles`).

    Raises
    ------
    ReadError
        The white parts are not laid out as a number.
    """
    th, tw = whiteness.shape
    runs = _runs(whiteness > DIGIT_LIGHT, inside, small=wide)
    if not runs:
        raise ReadError("the tab above the board shows no number that can be read")
    heights = [box[3] for _m, box in runs]
    if min(heights) < DIGIT_EVEN * max(heights):
        raise ReadError("the white parts on the tab are of unequal heights")
    off = _off_middle(runs, tw)
    if off * max(heights) > OFF_MIDDLE * tw:
        raise ReadError("the white parts on the tab lie off its middle")
    if not wide and off > OFF_HEIGHTS:
        raise ReadError(f"the white parts on the tab lie off its middle by more than {OFF_HEIGHTS} of a digit's "
                        "height: a digit too faint to be seen?")
    grown = [cv2.dilate(m.astype(np.uint8), np.ones((3, 3), np.uint8), iterations=RUN_REACH) > 0 for m, _b in runs]
    clean = np.clip(np.where(inside, whiteness, 0.0), 0.0, None)
    counts = [_count(box) for _m, box in runs]
    if sum(counts) > MAX_DIGITS:
        raise ReadError(f"the tab shows more than {MAX_DIGITS} digits")
    middles = [x + w / 2 for _m, (x, _y, w, _h) in runs]
    for j in range(1, len(runs)):
        if counts[j - 1] == counts[j] == 1 and middles[j] - middles[j - 1] < DIGIT_SPACING * max(heights):
            raise ReadError("two white parts on the tab stand closer than digits (one digit broken in two?)")
    out = []
    for j, (mask, (x, y, w, h)) in enumerate(runs):
        own = clean.copy()
        for other in grown[:j] + grown[j + 1:]:
            own[other] = 0.0
        k = counts[j]
        if k == 1:
            one = glyph(own, slice(y, y + h), slice(x, x + w), mask)
            out.append((glyph_scores(one[None], wide)[0], None, one, mask[y: y + h, x: x + w]))
        else:
            scores, glyphs, inks = cut_run(own, mask, (x, y, w, h), k, sum(counts) < MAX_DIGITS, wide)
            whole = run_margin(own, (x, y, w, h), scores, wide)
            out.extend((row, whole, g, ink) for row, g, ink in zip(scores, glyphs, inks))
    return out




#: a run of digits is cut into one digit more than its width says when the cut into as many as it
#: says leaves a digit matched below COUNT_LOW and the cut into one more matches every digit at
#: COUNT_LOW or better, its worst digit COUNT_GAIN better.  Bold runs 109 and 107 (a narrow 1 beside
#: two round digits, 1.97 - 2.09 of their height wide, counted 2) cut in two matched their worst
#: digit at 0.63 - 0.75, cut in three at 0.876 - 0.925 (0.13 - 0.29 better: scenes seed 0 pages 34
#: and 83, seed 2 page 45, both looks); runs counted right were cut into one more worse (0.70 against
#: 0.905 for 04 of 104, 0.79 against 0.905 for 01 of 101), in H93's tab dumps of seeds 0 and 2
COUNT_LOW, COUNT_GAIN = 0.85, 0.1


def cut_run(own: np.ndarray, mask: np.ndarray, box, k: int, room: bool, wide: bool):
    """The best cut of a run of digits (:func:`~.tab_cut.best_cut`) into the ``k`` digits its width
    says, or, when there is ``room`` for another digit on the tab, into one more when that matches
    clearly better (:data:`COUNT_LOW`): scores, glyphs and inks as :func:`~.tab_cut.best_cut` gives them.

    Raises
    ------
    ReadError
        No cut gives ``k`` digits.
    """
    cut = best_cut(own, mask, box, k, wide)
    low = float(cut[0].max(axis=1).min())
    if not room or low >= COUNT_LOW:
        return cut
    try:
        more = best_cut(own, mask, box, k + 1, wide)
    except ReadError:
        return cut
    more_low = float(more[0].max(axis=1).min())
    return more if more_low >= COUNT_LOW and more_low >= low + COUNT_GAIN else cut


def read_tab(img: np.ndarray, page, pitch: float | None = None) -> int | None:
    """The number on a tab view ``img`` (float BGR, light evened; None when it shows no tab): read as
    seen, else at a second look (:func:`_second_look`), else digit by digit from both looks
    (:func:`~.tab_clear.both_looks`, not firm).  A number read as seen but not firm (or with a weak 8,
    :func:`~.tab_clear.weak_eight`) must agree
    with the second look (:func:`~.tab_clear.second_opinion`).

    Raises
    ------
    ReadError
        A tab whose digits are not read with confidence at either look (:func:`_doubt`), or read
        as seen not firm and matched otherwise at the second look.
    """
    small = pitch is not None and pitch < SMALL_PITCH
    tab = _tab_whiteness(img, page)
    if tab is None:
        return _pale_tab(img, page, small)
    whiteness, inside = tab
    seen = again = None
    try:
        seen = _digit_scores(whiteness, inside)
        number = read_digits(seen, small)
    except ReadError as first:
        try:
            again = _digit_scores(_second_look(whiteness, inside), inside, wide=True)
            return read_digits(again, small, again=True)
        except ReadError as second:
            number = both_looks(seen, again, small)
            if number is None:
                raise _doubt(first, second) from None
            return number
    if number.asked_again or _off_middle(_runs(whiteness > DIGIT_LIGHT, inside), whiteness.shape[1]) > OFF_ASK:
        second_opinion(number, seen, _looked_again(whiteness, inside))
    return number


def _off_middle(runs: list, width: int) -> float:
    """How far the middle of a tab's white ``runs`` (as :func:`_runs` gives them) stands off the
    middle of the tab (``width`` px), in their tallest's heights."""
    left, right = runs[0][1][0], max(x + w for _m, (x, _y, w, _h) in runs)
    return abs((left + right) / 2 - width / 2) / max(h for _m, (_x, _y, _w, h) in runs)


def _pale_tab(img: np.ndarray, page, small: bool) -> int | None:
    """The number on a tab seen only at :data:`PALE_DISTANCE` from the page, when clear at the first
    look (``small``: as :func:`read_tab` reads it); None when there is none or it is in doubt."""
    tab = _tab_whiteness(img, page, (PALE_DISTANCE,))
    if tab is None:
        return None
    try:
        return read_digits(_digit_scores(*tab), small)
    except ReadError:
        return None


def _looked_again(whiteness: np.ndarray, inside: np.ndarray) -> list | None:
    """A tab's digits at the second look (as :func:`_digit_scores` gives them), or None when they
    are not laid out as a number there."""
    try:
        return _digit_scores(_second_look(whiteness, inside), inside, wide=True)
    except ReadError:
        return None


def _doubt(first: ReadError, second: ReadError) -> ReadError:
    """The doubt of a tab read at neither look: the first look's, unless it stopped before its digits
    (a smudge, no number: nothing for the page to weigh) and the second look came as far as them (a
    :class:`TabDoubt`, its best reading and scores).  When both looks cut as many digits, the page
    weighs each digit's better score of the two (:func:`both_scores`), and its best reading by those
    (:func:`~.tab_clear.best_of`): scenes seed 17 page 57, a 95 matched 05 as seen (the 0 at 0.88, its
    best reading none), 95 looked at again (the 9 at 0.935), beside a 96 read."""
    if not isinstance(first, TabDoubt):
        return second if isinstance(second, TabDoubt) else first
    scores = both_scores(first.scores, second.scores) if isinstance(second, TabDoubt) else first.scores
    return first if scores is first.scores else TabDoubt(str(first), best_of(scores), scores)


#: a tab not read at first is looked at again: its whiteness scaled to its digits' own peak (the
#: PEAK_SHARE quantile of its inside) when that is short of the page's lightness but at least
#: PEAK_LEAST of it (a blurred tab's white digits, lit 0.6 - 0.8, broke apart at DIGIT_LIGHT: a
#: "smudge"), and matched against the wide bank (:data:`~.tab_glyphs.WIDE_STYLES`; Pillow's
#: typeface, whose round-topped 3 matched OpenCV's sans 8 at 0.78).  Every test of the first look
#: holds.  Tab census (stored tab views right/doubt/wrong): painter unchanged, scenes seeds 0 - 4
#: and 8 read 11 - 16 more tabs each, none wrong
PEAK_SHARE, PEAK_LEAST = 99.5, 0.5


def _second_look(whiteness: np.ndarray, inside: np.ndarray) -> np.ndarray:
    """A tab's whiteness scaled to its digits' peak, when short of the page's (see :data:`PEAK_SHARE`)."""
    if not inside.any():
        return whiteness
    peak = float(np.percentile(whiteness[inside], PEAK_SHARE))
    return whiteness / peak if PEAK_LEAST <= peak < 1.0 else whiteness


def read_number(view, page, pitch: float | None = None) -> int | None:
    """The number on the tab above the upright board ``view`` (None when there is no tab);
    ``pitch``: the board's squares' pitch in the picture (px), when known.

    Raises
    ------
    ReadError
        A tab whose digits are not read with confidence.
    """
    return read_tab(_tab_view(view), page, pitch)


def _tab_view(view) -> np.ndarray:
    """The region above the upright board ``view`` where its tab lies (:data:`TAB_REGION`), at
    :data:`TAB_PITCH`, its light evened (float BGR)."""
    return view.resampled(extent=TAB_REGION, pitch=TAB_PITCH).flat_fielded(size=LIGHT_SIZE).image


def _tab_whiteness(img: np.ndarray, page, distances: tuple[float, ...] = TAB_DISTANCES,
                   ) -> tuple[np.ndarray, np.ndarray] | None:
    """The whiteness of the tab found on the tab view ``img`` against the ``page``'s colour, and its
    inside (rim left out); None when it shows no tab (``distances`` as :func:`_tab_box` takes them)."""
    page = np.asarray(page, np.float32)
    box = _tab_box(img, page, distances)
    if box is None:
        return None
    (x, y, w, h), inside = box
    return _whiteness(img[y: y + h, x: x + w], page), inside


def tab_looks(view, page) -> tuple[list | None, list | None] | None:
    """The digits of the tab above the upright board ``view`` at both looks (each as
    :func:`_digit_scores` gives them, None when not laid out as a number there; the second look's
    matched against the wide bank), or None when there is no tab."""
    tab = _tab_whiteness(_tab_view(view), page)
    if tab is None:
        return None
    whiteness, inside = tab
    try:
        seen = _digit_scores(whiteness, inside)
    except ReadError:
        seen = None
    return seen, _looked_again(whiteness, inside)
