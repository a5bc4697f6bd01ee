"""The challenge number on the tab above an IQ XOXO board.

The tab is a coloured block centred above the board with the number in
white.  Above an upright board view the region :data:`TAB_REGION` (board
units) is sampled; the tab is the largest block of pixels far from the page
colour, its holes filled (a bold digit's body).  Its *whiteness* (0 on the tab colour, 1 on the page's) is cut into
digits: each white part as tall as a digit is one digit, or several run
together when it is wider than a digit (cut along seams near thin columns
where the cut digits match best, :mod:`visolve.puzzles.iq_xoxo.page.tab_cut`).
Each digit is matched, as seen and kept to its ink, against digits drawn by
OpenCV's fonts at several weights and blurs (a
:class:`visolve.vision.match.TemplateBank`); a tab not read so is looked at
again, its digits' whiteness scaled to their own peak and matched against a
wider bank that also holds Pillow's typeface (:func:`_second_look`).  A digit
matched without a clear margin is doubt; a digit cut from a run needs a clearer one, or its run drawn
whole must match its reading better than every other reading.  A number
not laid out as one is doubt too: a white smudge lower than a digit, parts
standing closer than digits, digits of unequal height, off the tab's middle, or too many.  A tab
read at neither look gives the page the second look's doubt (its best reading and scores) when only
that look came as far as its digits.
"""

from __future__ import annotations

import cv2
import numpy as np

from visolve.errors import ReadError
from visolve.puzzles.iq_xoxo.board import COLS
from visolve.puzzles.iq_xoxo.page.tab_cut import best_cut, run_margin
from visolve.puzzles.iq_xoxo.page.tab_glyphs import DIGIT_LIGHT, glyph, waist
from visolve.puzzles.iq_xoxo.page.tab_glyphs import scores as glyph_scores
from visolve.vision.digit_shape import confirms, vote
from visolve.vision.digits import verdict

#: board region (u0, v0, u1, v1) searched for the tab
TAB_REGION = (COLS / 2 - 2.6, -2.0, COLS / 2 + 2.6, -0.02)
#: pixels per board unit of the tab's view
TAB_PITCH = 48
#: the light is evened over this many board units (as the board view)
LIGHT_SIZE = 1.5
#: tab pixels: this far from the page colour (share of the page's brightness); the second when
#: the first shows no tab (one washed out by glare)
TAB_DISTANCES = (0.3, 0.2)
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
#: digit parts are at least DIGIT_HEIGHT of the tab's height (their whiteness above DIGIT_LIGHT)
DIGIT_HEIGHT = 0.35
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
#: a digit's best match at least MATCH_MIN, MATCH_MARGIN above any other digit (single digits
#: were never matched wrong on 500 drawn pages; in other typefaces -- the randomized scenes, seed 0
#: page 25 -- a thin 3 was matched as an 8 at 0.79 by 0.08, and 36 read 88: the digits of 60
#: photographed drawn pages and of the real booklet photo all match at 0.86 or more, by 0.09 or more)
MATCH_MIN, MATCH_MARGIN = 0.85, 0.08
#: a board of fewer than SMALL_PITCH picture px a square has digits about half that high, blurred
#: into each other's shapes (a 3 matched as a 1 by 0.15 at 0.75, by 0.06 at 0.88): they need
#: MATCH_MIN_SMALL and MATCH_MARGIN_SMALL
SMALL_PITCH, MATCH_MIN_SMALL, MATCH_MARGIN_SMALL = 30.0, 0.85, 0.09
#: a digit cut from a run of digits needs MATCH_MIN_CUT and MATCH_MARGIN_CUT (a cut in the wrong
#: place matched wrong digits at up to 0.83, by up to 0.14), or MATCH_MIN_RUN and MATCH_MARGIN_RUN
#: when its run drawn whole matches its reading RUN_MARGIN better than any other reading (wrong
#: cuts: -0.02 at most, on 500 drawn pages; a cut 3 of another typeface matched as an 8 at 0.77
#: passed the run's test: MATCH_MIN_RUN is MATCH_MIN).  Cut along seams (:mod:`.tab_cut`), the
#: scenes' bold typefaces (seeds 0, 1) gave wrong cut digits at 0.92 by 0.096 (a 3 as an 8: just
#: short of MATCH_MARGIN_CUT), at 0.86 - 0.91 by 0.03 - 0.07 with their runs' margins up to
#: 0.016, at 0.854 by 0.091 with 0.022, and at 0.906 by 0.02 with 0.052 (a 3 as an 8: the run
#: drawn whole agreed); seed 4, page 1: a 6 as an 8 at 0.90 by 0.08 with 0.0227 (64 read 84)
MATCH_MIN_CUT, MATCH_MARGIN_CUT = 0.9, 0.1
MATCH_MIN_RUN, MATCH_MARGIN_RUN, RUN_MARGIN = 0.86, 0.04, 0.025
#: a digit matched below MATCH_SURE needs MARGIN_SLOPE times the shortfall more margin to be clear
#: on its own: the less it looks like any digit drawn, the less a margin says (scenes of seed 4,
#: page 1: a 6 whose top curls nearly shut matched an 8 at 0.892 by 0.085, the 6 itself at 0.75;
#: seed 3, page 1: a blurred small 9 matched a 0 at 0.855 by 0.091; digits on their own read right
#: below 0.95, over the scenes of seeds 0, 2-4 and the painter's photos: 0.926 by 0.098 on a small
#: board, else by 0.13 or more)
MATCH_SURE, MARGIN_SLOPE = 0.95, 0.2


def _tab_box(img: np.ndarray, page: np.ndarray) -> tuple[tuple[int, int, int, int], np.ndarray] | None:
    """Bounding box (x, y, w, h) of the tab in the tab view and its inside within the box (rim
    left out), or None: pixels the first of :data:`TAB_DISTANCES` far from the page colour that
    show a solid block (:data:`TAB_SOLID`), else the most solid block shown."""
    d = img - page
    dist2 = (d[..., 0] ** 2 + d[..., 1] ** 2 + d[..., 2] ** 2) / max(float(np.max(page)), 1e-6) ** 2
    found = None
    for far in TAB_DISTANCES:
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


def _runs(white: np.ndarray, inside: np.ndarray) -> list[tuple[np.ndarray, tuple[int, int, int, int]]]:
    """The white parts of the tab's box as tall as a digit (mask, (x, y, w, h)), left to right;
    ``inside``: the tab's inside (rim left out).  Parts that touch the box's edge are the page
    around the tab.

    Raises
    ------
    ReadError
        The page reaches far inside the tab (a digit run into the tab's outline, or glare).
    """
    th, tw = white.shape
    n, lab, stats, _c = cv2.connectedComponentsWithStats(white.astype(np.uint8), connectivity=8)
    out = []
    for i in range(1, n):
        x, y, w, h = (int(v) for v in stats[i, :4])
        if x == 0 or y == 0 or x + w >= tw or y + h >= th:
            if np.count_nonzero(inside[y: y + h, x: x + w] & (lab[y: y + h, x: x + w] == i)) >= RUN_INTO * th * th:
                raise ReadError("a white part runs into the tab from its edge")
        elif h >= DIGIT_HEIGHT * th:
            out.append((lab == i, (x, y, w, h)))
        elif h >= SMUDGE * th:
            raise ReadError("a white smudge on the tab, lower than a digit (part of one?)")
    return sorted(out, key=lambda part: part[1][0])


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
    runs = _runs(whiteness > DIGIT_LIGHT, inside)
    if not runs:
        raise ReadError("the tab above the board shows no number that can be read")
    heights = [box[3] for _m, box in runs]
    if min(heights) < DIGIT_EVEN * max(heights):
        raise ReadError("the white parts on the tab are of unequal heights")
    left, right = runs[0][1][0], max(x + w for _m, (x, _y, w, _h) in runs)
    if abs((left + right) / 2 - tw / 2) > OFF_MIDDLE * tw:
        raise ReadError("the white parts on the tab lie off its middle")
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
            scores, glyphs, inks = best_cut(own, mask, (x, y, w, h), k, wide)
            whole = run_margin(own, (x, y, w, h), scores, wide)
            out.extend((row, whole, g, ink) for row, g, ink in zip(scores, glyphs, inks))
    return out


def needed_margin(score: float, small: bool) -> float:
    """The margin over the next digit a digit matched at ``score`` needs to be clear on its own
    (:data:`MATCH_MARGIN`, or :data:`MATCH_MARGIN_SMALL` for a ``small`` board's digit, widened
    below :data:`MATCH_SURE`)."""
    return (MATCH_MARGIN_SMALL if small else MATCH_MARGIN) + MARGIN_SLOPE * max(0.0, MATCH_SURE - score)


def _shortfall(digit: int, score: float, margin: float, whole: float | None, small: bool) -> str:
    """What a digit's best match (``digit`` at ``score``, ``margin`` over the next; ``whole``: its
    run's margin when it was cut from one, see :func:`_clear`) lacks to be clear."""
    least = MATCH_MIN_SMALL if small else MATCH_MIN
    if score < least:
        return f"best {digit} at only {score:.2f}: a digit matches {least:.2f} or better"
    if margin < needed_margin(score, small):
        return (f"best {digit}: {score:.2f}, only {margin:.3f} above the next digit, "
                f"{needed_margin(score, small):.3f} needed")
    return (f"best {digit}: {score:.2f}, {margin:.3f} above the next digit, but cut from digits run together: "
            f"a cut digit needs {MATCH_MIN_CUT:.2f} and {MATCH_MARGIN_CUT:.2f} above the next, or its run drawn "
            f"whole {RUN_MARGIN:.3f} above the next reading (it has {whole:.3f})")


def _clear(score: float, margin: float, whole: float | None, small: bool) -> bool:
    """Whether a digit's best match (``score``, ``margin`` over the next digit; a weak match needs a
    wider margin, :data:`MATCH_SURE`) is clear; ``whole``: its run's margin when it was cut from
    one; ``small``: a small board's digit."""
    least = MATCH_MIN_SMALL if small else MATCH_MIN
    alone = score >= least and margin >= needed_margin(score, small)
    if whole is None:
        return alone
    return (alone and score >= MATCH_MIN_CUT and margin >= MATCH_MARGIN_CUT) or (
        score >= MATCH_MIN_RUN and margin >= MATCH_MARGIN_RUN and whole >= RUN_MARGIN)


#: a 0 whose template nearly agrees with an 8's (the 0 at least MATCH_MIN, by at least
#: WAIST_MARGIN, every other digit ZERO_THIRD below it) is a 0 when its middle is its hole
#: (:func:`~.tab_glyphs.waist` at most ZERO_WAIST as seen and ZERO_KEPT kept to its ink; open
#: booklets 0-7 and 20: plain 0s at -0.17 - -0.02 as seen, -0.11 - 0.13 kept; 8s at 0.16 - 0.51
#: and 0.29 - 0.74, drawn 8s blurred by an eighth of their height 0.04 or more).  Not the other
#: way round: a slashed 0 (OpenCV's and the scenes' Hershey faces) has a lit middle like an 8's.
#: ZERO_THIRD: a blurred bold 6 cut from 106 (scenes seed 1, page 41) matched 0 at 0.86, 8 at 0.84
#: and 6 at 0.79, its middle dark: read 0 with ZERO_THIRD 0.05
WAIST_MARGIN, ZERO_WAIST, ZERO_KEPT, ZERO_THIRD = 0.01, -0.05, 0.15, 0.08


def _plain_zero(scores: np.ndarray, one: np.ndarray, score: float, margin: float) -> bool:
    """Whether a digit whose best two matches are 0 then 8 (its ``scores``, its glyph ``one``, its
    best ``score`` by ``margin``) is a 0 by the hole in its middle (see :data:`WAIST_MARGIN`)."""
    top = np.argsort(scores)[::-1][:3]
    if top[0] != 0 or top[1] != 8 or score < MATCH_MIN or margin < WAIST_MARGIN:
        return False
    if scores[top[2]] > score - ZERO_THIRD:  # a third digit in contention: no 0 or 8 question
        return False
    seen, kept = waist(one)
    return seen <= ZERO_WAIST and kept <= ZERO_KEPT


#: a digit not clear by its match (:func:`_clear`) is read when its best match is at least
#: SHAPE_MIN by SHAPE_MARGIN and the shape of its ink, free of its strokes' width, names the same
#: digit (:func:`visolve.vision.digit_shape.confirms`); a digit cut from a run also needs the run
#: drawn whole to match its reading no worse than any other.  Such a number is not firm.  On the
#: tabs of seeds 0, 1, 4 and the painter set, digits all three shape views named wrong matched
#: at up to 0.92, by up to 0.096: the shape's margins keep those out, these the faintest matches
SHAPE_MIN, SHAPE_MARGIN = 0.8, 0.03


def _by_shape(digit: int, score: float, margin: float, whole: float | None, ink: np.ndarray) -> bool:
    """Whether a digit matched best as ``digit`` (at ``score``, by ``margin``; ``whole``: its run's
    margin when it was cut from one) is read by the shape of its ``ink`` (see :data:`SHAPE_MIN`)."""
    if score < SHAPE_MIN or margin < SHAPE_MARGIN or (whole is not None and whole < 0.0):
        return False
    return confirms(ink, digit)


#: an 8 matched clearly but below EIGHT_SURE is doubt when its skeleton lies nearer another digit's
#: (the chamfer view of :func:`visolve.vision.digit_shape.vote`): a 3, 6, 9 or 0 printed bold and
#: blurred matches an 8 (scenes seed 8, page 48: a 6 whose top curls shut read 8 at 0.905 by
#: 0.095, its skeleton nearest a 6's); no 8 read right on the tabs of seeds 0, 1, 4, 8 and the
#: painter set is held back by it
EIGHT_SURE = 0.93


def _eight_elsewhere(digit: int, score: float, ink: np.ndarray) -> bool:
    """Whether a digit read as an 8 at ``score`` (below :data:`EIGHT_SURE`) has a skeleton (its
    ``ink``) nearer another digit's."""
    return digit == 8 and score < EIGHT_SURE and bool(np.any(ink)) and vote(ink).chamfer[0] != 8


class TabDoubt(ReadError):
    """A tab whose digits are not all clear; ``best``: every digit's best match, as a number;
    ``scores``: each digit's ten scores (left to right), for the page to weigh."""

    def __init__(self, message: str, best: int | None, scores: tuple = ()):
        super().__init__(message)
        self.best = best
        self.scores = scores


class TabNumber(int):
    """A tab's number; ``firm``: every digit clear on its own (:func:`_clear` without its run's
    margin), not only matched by a cut run drawn whole, a 0 told by its hole or a digit confirmed
    by its shape (:func:`_by_shape`): a number that
    is not firm must agree with the others of its page (a bold 79 cut and read 70, 0 by 0.06
    at 0.89, its run's margin 0.0195, within the right reads' 0.017-0.08)."""

    firm: bool

    def __new__(cls, value: int, firm: bool = True) -> "TabNumber":
        out = super().__new__(cls, value)
        out.firm = firm
        return out


def read_tab(img: np.ndarray, page, pitch: float | None = None) -> int | None:
    """The number on a tab view ``img`` (float BGR, light evened; None when it shows no tab): read as
    seen, else at a second look (:func:`_second_look`).

    Raises
    ------
    ReadError
        A tab whose digits are not read with confidence at either look (:func:`_doubt`).
    """
    page = np.asarray(page, np.float32)
    box = _tab_box(img, page)
    if box is None:
        return None
    (x, y, w, h), inside = box
    whiteness = _whiteness(img[y: y + h, x: x + w], page)
    small = pitch is not None and pitch < SMALL_PITCH
    try:
        return _read_digits(_digit_scores(whiteness, inside), small)
    except ReadError as first:
        again = _second_look(whiteness, inside)
        try:
            return _read_digits(_digit_scores(again, inside, wide=True), small)
        except ReadError as second:
            raise _doubt(first, second) from None


def _doubt(first: ReadError, second: ReadError) -> ReadError:
    """The doubt of a tab read at neither look: the first look's, unless it stopped before its digits
    (a smudge, no number: nothing for the page to weigh) and the second look came as far as them (a
    :class:`TabDoubt`, its best reading and scores).  Not the second look's always: its scores,
    matched against the wide bank, leave a tab more candidates, and a page's run of numbers then
    fits two ways (scenes seed 0 page 98: tabs 33 and 36 in doubt, settled by the first look's)."""
    return second if isinstance(second, TabDoubt) and not isinstance(first, TabDoubt) else first


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


def _read_digits(digits: list, small: bool) -> TabNumber:
    """The number of a tab's digits (as :func:`_digit_scores` gives them) when every digit is clear;
    ``small``: a small board's tab.

    Raises
    ------
    TabDoubt
        A digit is not clear, or the number starts with a 0.
    """
    verdicts = [verdict(scores) for scores, _whole, _g, _ink in digits]
    best = "".join(str(d) for d, _s, _m in verdicts)
    every = tuple(np.asarray(scores, np.float64) for scores, _whole, _g, _ink in digits)
    text, firm = "", True
    for (scores, whole, one, ink), (d, score, margin) in zip(digits, verdicts):
        firm = firm and _clear(score, margin, None if whole is None else -np.inf, small)
        if _clear(score, margin, whole, small) and _eight_elsewhere(d, score, ink):
            raise TabDoubt(f"digit {len(text) + 1} on the tab is unclear (best 8 at {score:.2f}, below "
                           f"{EIGHT_SURE:.2f}, but its skeleton lies nearer another digit's)",
                           int(best) if best and not best.startswith("0") else None, every)
        if not _clear(score, margin, whole, small) and not _plain_zero(scores, one, score, margin) \
                and not _by_shape(d, score, margin, whole, ink):
            lacks = _shortfall(d, score, margin, whole, small)
            raise TabDoubt(f"digit {len(text) + 1} on the tab is unclear ({lacks})",
                           int(best) if best and not best.startswith("0") else None, every)
        text += str(d)
    if text.startswith("0"):
        raise TabDoubt(f"the tab reads {text!r}, not a challenge number", None, every)
    return TabNumber(int(text), firm)


def read_number(view, page, pitch: float | None = None) -> int | None:
    """The number on the tab above the upright board ``view`` (None when there is no tab);
    ``pitch``: the board's squares' pitch in the picture (px), when known.

    Raises
    ------
    ReadError
        A tab whose digits are not read with confidence.
    """
    tab_view = view.resampled(extent=TAB_REGION, pitch=TAB_PITCH).flat_fielded(size=LIGHT_SIZE)
    return read_tab(tab_view.image, page, pitch)
