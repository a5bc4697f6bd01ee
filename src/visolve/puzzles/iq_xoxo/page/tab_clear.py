"""Whether a digit matched on an IQ XOXO number tab is clear, and the tab's number or doubt.

:mod:`visolve.puzzles.iq_xoxo.page.tab_number` cuts a tab into digits and
matches each against templates (ten scores).  Here a digit's best match is
weighed: :func:`clear` by its score and margin over the next digit (a digit
cut from a run of digits needs more, or its run drawn whole to agree; a number's first digit, matched
surely, over the digits that may lead one: :func:`leading`), else a
0 told from an 8 by its hole (:func:`plain_zero`) or a digit confirmed by the
shape of its ink (:func:`by_shape`); an 8 whose skeleton lies nearer another
digit's is doubt (:func:`eight_elsewhere`).  At the second look a digit on its
own is also clear when the one style its tab's digits all match best names it
clearly (:func:`clear_again`).  A number read without every digit clear on
its own is not firm (:class:`TabNumber`), and must agree with a second look
at the tab (:func:`second_opinion`).  A tab not read is a :class:`TabDoubt`,
its best reading and scores for the page to weigh.
"""

from __future__ import annotations

import numpy as np

from visolve.errors import ReadError
from visolve.puzzles.iq_xoxo.page.tab_glyphs import tab_style, waist
from visolve.vision.digit_shape import confirms, vote
from visolve.vision.digits import verdict

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


def needed_margin(score: float, small: bool) -> float:
    """The margin over the next digit a digit matched at ``score`` needs to be clear on its own
    (:data:`MATCH_MARGIN`, or :data:`MATCH_MARGIN_SMALL` for a ``small`` board's digit, widened
    below :data:`MATCH_SURE`)."""
    return (MATCH_MARGIN_SMALL if small else MATCH_MARGIN) + MARGIN_SLOPE * max(0.0, MATCH_SURE - score)


def shortfall(digit: int, score: float, margin: float, whole: float | None, small: bool) -> str:
    """What a digit's best match (``digit`` at ``score``, ``margin`` over the next; ``whole``: its
    run's margin when it was cut from one, see :func:`clear`) lacks to be clear."""
    least = MATCH_MIN_SMALL if small else MATCH_MIN
    if score < least:
        return f"best {digit} at only {score:.2f}: a digit matches {least:.2f} or better"
    if margin < needed_margin(score, small):
        return (f"best {digit}: {score:.2f}, only {margin:.3f} above the next digit, "
                f"{needed_margin(score, small):.3f} needed")
    return (f"best {digit}: {score:.2f}, {margin:.3f} above the next digit, but cut from digits run together: "
            f"a cut digit needs {MATCH_MIN_CUT:.2f} and {MATCH_MARGIN_CUT:.2f} above the next, or its run drawn "
            f"whole {RUN_MARGIN:.3f} above the next reading (it has {whole:.3f})")


def clear(score: float, margin: float, whole: float | None, small: bool) -> bool:
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


def plain_zero(scores: np.ndarray, one: np.ndarray, score: float, margin: float) -> bool:
    """Whether a digit whose best two matches are 0 then 8 (its ``scores``, its glyph ``one``, its
    best ``score`` by ``margin``) is a 0 by the hole in its middle (see :data:`WAIST_MARGIN`)."""
    top = np.argsort(scores)[::-1][:3]
    if top[0] != 0 or top[1] != 8 or score < MATCH_MIN or margin < WAIST_MARGIN:
        return False
    if scores[top[2]] > score - ZERO_THIRD:  # a third digit in contention: no 0 or 8 question
        return False
    seen, kept = waist(one)
    return seen <= ZERO_WAIST and kept <= ZERO_KEPT


#: a digit not clear by its match (:func:`clear`) is read when its best match is at least
#: SHAPE_MIN by SHAPE_MARGIN and the shape of its ink, free of its strokes' width, names the same
#: digit (:func:`visolve.vision.digit_shape.confirms`); a digit cut from a run also needs the run
#: drawn whole to match its reading no worse than any other.  Such a number is not firm.  On the
#: tabs of seeds 0, 1, 4 and the painter set, digits all three shape views named wrong matched
#: at up to 0.92, by up to 0.096: the shape's margins keep those out, these the faintest matches
SHAPE_MIN, SHAPE_MARGIN = 0.8, 0.03


def by_shape(digit: int, score: float, margin: float, whole: float | None, ink: np.ndarray) -> bool:
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


def weak_eight(digit: int, score: float) -> bool:
    """Whether a digit read as an 8 matched it below :data:`EIGHT_SURE`: clear, its number is still
    checked by the second look (:class:`TabNumber`'s ``asked_again``; firm for the page: the
    painter's pages, numbered at random, have no run to confirm it).  A bold 6 or 3 blurred
    matches an 8 so with its skeleton an 8's too (held-out kind seed 1 booklet 7: 62 read 82, the 6
    matched 8 at 0.86 by 0.11 as seen and 6 at 0.97 looked at again, as were the page's ten other 6s;
    booklet 15: 13 read 18; seed 6 booklet 16: 6 read 8)."""
    return digit == 8 and score < EIGHT_SURE


def eight_elsewhere(digit: int, score: float, ink: np.ndarray) -> bool:
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
    """A tab's number; ``firm``: every digit clear on its own (:func:`clear` without its run's
    margin), not only matched by a cut run drawn whole, a 0 told by its hole or a digit confirmed
    by its shape (:func:`by_shape`): a number that
    is not firm must agree with the others of its page (a bold 79 cut and read 70, 0 by 0.06
    at 0.89, its run's margin 0.0195, within the right reads' 0.017-0.08)."""

    firm: bool
    #: the second look must agree (:func:`second_opinion`): a number not firm, or one with a weak 8
    #: (:func:`weak_eight`), which is firm for the page (its digits clear on their own)
    asked_again: bool

    def __new__(cls, value: int, firm: bool = True, asked_again: bool | None = None) -> "TabNumber":
        out = super().__new__(cls, value)
        out.firm = firm
        out.asked_again = not firm if asked_again is None else asked_again
        return out


#: at the second look (digits scaled to their peak, the wide bank) a digit standing on its own (not
#: cut from a run) matched at AGAIN_MIN or better is clear when the tab's own style (the one
#: template style and blur its digits all match best, :func:`~.tab_glyphs.tab_style`) names the
#: same digit, AGAIN_MARGIN above the next.  H88's census of the second look's digits on scenes
#: seeds 0 and 2 (977 digits): digits on their own matched wrong at 0.9 or more stood at most
#: 0.035 above the next in their tab's style (a 3 as an 8, seed 0 page 39), by the plain margin
#: up to 0.04 (an 8 as a 5 at 0.967, seed 2 page 99: 0.014 in its tab's style); 56 right digits of
#: tabs in doubt stood 0.06 or more above.  Cut digits matched wrong by up to 0.21 (a wrong cut):
#: not these
AGAIN_MIN, AGAIN_MARGIN = 0.9, 0.06


def clear_again(score: float, whole: float | None, digit: int, style: tuple[int, float]) -> bool:
    """Whether a digit matched best as ``digit`` at the second look (at ``score``; ``whole``: its
    run's margin, None when it stands on its own) is clear there: ``style``, the digit and margin
    its tab's style gives it (:data:`AGAIN_MIN`)."""
    return whole is None and score >= AGAIN_MIN and style[0] == digit and style[1] >= AGAIN_MARGIN


def unsettled(scores: np.ndarray, whole: float | None, one: np.ndarray, ink: np.ndarray, small: bool,
              style: tuple[int, float] | None = None) -> str:
    """What a tab's digit (its ten ``scores``, its run's margin ``whole`` when cut from one, its
    glyph ``one`` and ``ink``; ``small``: a small board's) lacks to be read as its best match: empty
    when it is clear (:func:`clear`; an 8 not nearer another digit by its skeleton,
    :func:`eight_elsewhere`; ``style``: at the second look, the digit and margin its tab's style
    gives it, also :func:`clear_again`), a 0 by its hole (:func:`plain_zero`) or confirmed by its
    shape (:func:`by_shape`; at the second look only when its tab's style names the same digit:
    scenes seed 89 page2 82, a blurred bold 3 filled into a blob whose skeleton is a 1's, matched
    1 at 0.85 by 0.033, read 13 as 11, its tab's style naming it a 3)."""
    d, score, margin = verdict(scores)
    if clear(score, margin, whole, small) or (style is not None and clear_again(score, whole, d, style)):
        if eight_elsewhere(d, score, ink):
            return (f"best 8 at {score:.2f}, below {EIGHT_SURE:.2f}, but its skeleton lies nearer "
                    "another digit's")
        return ""
    if plain_zero(scores, one, score, margin):
        return ""
    if by_shape(d, score, margin, whole, ink):
        if style is None or style[0] == d:
            return ""
        return (f"best {d} at {score:.2f}, by {margin:.3f}, confirmed only by the shape of its ink, "
                f"while the tab's own style names it a {style[0]}")
    return shortfall(d, score, margin, whole, small)


#: a number's first digit is never a 0: one matched best as another digit at LEAD_SURE or better is
#: weighed against the digits that may lead (:func:`leading`).  Bold, blurred 8s and 9s match a 0
#: next best (scenes seed 0 page 20: 82 and 81, the 8s at 0.971 and 0.956, 0.076 and 0.052 above
#: the 0, 0.138 and 0.128 above any other digit).  On the tab views of H93's dumps (scenes seeds 0
#: and 2), of 74 first digits (both looks) whose next best is a 0, the 9 matched best wrong were
#: at 0.969 by 0.022 over the other digits (a 3 alone as an 8) and else below 0.94 (a 6 as an 8 at
#: 0.905, 0.145 above the others): MATCH_SURE.  Those tab views read 143 right (141 before), none wrong
#: more (seed 2's unchanged)
LEAD_SURE = MATCH_SURE


def leading(scores: np.ndarray) -> np.ndarray:
    """A first digit's ten ``scores`` with the 0's left out (set to -1) when its best match is
    another digit at :data:`LEAD_SURE` or better, else as they are."""
    scores = np.asarray(scores, np.float64)
    best = int(np.argmax(scores))
    if best == 0 or scores[best] < LEAD_SURE:
        return scores
    out = scores.copy()
    out[0] = -1.0
    return out


def read_digits(digits: list, small: bool, again: bool = False) -> TabNumber:
    """The number of a tab's digits (as :func:`~.tab_number.read_tab` gives them) when every digit is clear;
    ``small``: a small board's tab; ``again``: its digits at the second look (:func:`clear_again`).

    Raises
    ------
    TabDoubt
        A digit is not clear, or the number starts with a 0.
    """
    every = tuple(np.asarray(scores, np.float64) for scores, _whole, _g, _ink in digits)
    digits = [(leading(scores) if k == 0 else scores, *rest) for k, (scores, *rest) in enumerate(digits)]
    verdicts = [verdict(scores) for scores, _whole, _g, _ink in digits]
    best = "".join(str(d) for d, _s, _m in verdicts)
    styles = looked_again(digits) if again else [None] * len(digits)
    text, firm, weak = "", True, False
    for (scores, whole, one, ink), (d, score, margin), style in zip(digits, verdicts, styles):
        firm = firm and clear(score, margin, None if whole is None else -np.inf, small)
        weak = weak or weak_eight(d, score)
        lacks = unsettled(scores, whole, one, ink, small, style)
        if lacks:
            raise TabDoubt(f"digit {len(text) + 1} on the tab is unclear ({lacks})",
                           int(best) if best and not best.startswith("0") else None, every)
        text += str(d)
    if text.startswith("0"):
        raise TabDoubt(f"the tab reads {text!r}, not a challenge number", None, every)
    return TabNumber(int(text), firm, not firm or weak)


def looked_again(digits: list) -> list[tuple[int, float]]:
    """The digit and margin the tab's style gives each of its digits at the second look (``digits``
    as :func:`~.tab_number.read_tab` gives them, matched against the wide bank), see
    :func:`~.tab_glyphs.tab_style`."""
    named, margins = tab_style(np.stack([one for _s, _w, one, _i in digits]), wide=True)
    return [(int(d), float(m)) for d, m in zip(named, margins)]


def second_opinion(number: TabNumber, seen: list, again: list | None) -> None:
    """Nothing when a tab's ``number``, read as seen but not firm, agrees with the second look at
    the tab (``seen``, ``again``: its digits at each look as :func:`~.tab_number.read_tab` gives
    them; ``again`` None: no number laid out there): the second look cut as many digits and
    matches each best as the digit read, or cut fewer (nothing said).  A second look that cuts more
    digits is doubt (a digit too faint to be cut as seen: scenes seed 449 page 53, a blurred 72 read
    2, cut 7 and 2 looked at again; its best reading the second look's).  A digit read by its run
    drawn whole or by the hole of a 0 can be another digit the wide bank knows (scenes seed 2 page
    38: a bold 9 whose bowl nearly fills, read 0 by its hole at 0.95, 9 at 0.97 looked at again;
    seed 0 page 50: 109 read 100 by its run drawn whole).  On the tabs of H79's dumps (scenes
    seeds 0, 2, 4, open booklets) 71 numbers read so were right and 1 wrong: the wrong one is
    doubt by this.  A 0 read by its hole is not doubted for an 8 looked at again (the hole told
    them apart, :func:`plain_zero`): open booklet 17's 120 and scenes seed 2 page 70's 30 matched
    8 only 0.01 better at the second look.  A second look that lays out no number at all is
    doubt too: on a made page of four photographed (squares 14.9 px) a blurred 3 was read as a 1
    at 0.90 by 0.08, its thin ink confirming a 1's shape, and looked at again a white part ran
    into the tab from its edge.

    Raises
    ------
    TabDoubt
        No number laid out at the second look (its best reading left open), more digits there, or a digit matched
        best as another digit there: each digit's scores the better of the two looks' (both looks'
        candidates for the page), its best reading by those (:func:`best_of`).
    """
    if again is None:
        every = tuple(np.asarray(a[0], np.float64) for a in seen)
        raise TabDoubt(f"the tab reads {int(number)} without a clear margin, and looked at again its white "
                       "parts are not laid out as a number", None, every)
    if len(again) > len(seen):
        scores = tuple(np.asarray(a[0], np.float64) for a in again)
        raise TabDoubt(f"the tab reads {int(number)}, but looked at again it shows {len(again)} digits: one too "
                       "faint to be seen at first?", best_of(scores), scores)
    if len(again) != len(seen):
        return
    text = str(int(number))
    for k, ((first, *_), (other, *_)) in enumerate(zip(seen, again)):
        read, best = int(text[k]), int(np.argmax(other))
        if best != read and (read, best) != (0, 8):  # a 0 against an 8: its hole told them apart (plain_zero)
            both = tuple(np.maximum(np.asarray(a[0], np.float64), np.asarray(b[0], np.float64))
                         for a, b in zip(seen, again))
            raise TabDoubt(f"digit {k + 1} on the tab is unclear (read {read} without a clear margin, but "
                           f"matched best as {best} when looked at again: {other[best]:.2f} against "
                           f"{other[read]:.2f} for {read})", best_of(both), both)


def both_scores(first: tuple, second: tuple) -> tuple:
    """A tab's digits' scores at both looks (each digit's ten, left to right) as the page weighs them:
    each digit's better score of the two when both looks cut as many digits, else the first look's.
    A digit the page's run gives a tab in doubt must be one its looks match near their best
    (:func:`~.tab_shows.digit_candidates`); the first look alone, matched against OpenCV's sans only,
    can leave a tab's own digit out that the second look (digits scaled to their peak, the wide
    bank) matches near its best: scenes seed 0 page 18, a dim blurred 35 matched 3, 1 at first (the
    5 at 0.59), 3, 5 at the second look (the 5 at 0.90), its page's run 32 - 37 in reading order.
    Only more candidates: a run that fits a page two ways is not taken (seed 0 page 98's tabs 33 and
    36 in doubt, settled by the first look's scores alone before, are still settled)."""
    if not first or len(first) != len(second):
        return first
    return tuple(np.maximum(np.asarray(a, np.float64), np.asarray(b, np.float64)) for a, b in zip(first, second))


def best_of(scores: tuple) -> int | None:
    """A tab's best reading from its digits' ``scores`` (each digit's best match), None when it starts
    with a 0.  A tab read as seen but matched otherwise at the second look gives the page this of
    each digit's better score of the two looks (:func:`second_opinion`): scenes seed 0 page 34, a
    bold 109 read 100 as seen, its 9 at 0.99 looked at again, is settled by its neighbour 110."""
    text = "".join(str(int(np.argmax(digit))) for digit in scores)
    return int(text) if text and not text.startswith("0") else None


#: a tab read at neither look, cut into as many digits at both, is read digit by digit
#: (:func:`both_looks`): a digit the looks match best as one digit is read when it is settled at
#: either (:func:`unsettled`); a digit they match best as two is read as the second look's when
#: that matches it at least LOOKS_MIN, LOOKS_MARGIN above any other digit.  The second look's bank
#: holds Pillow's humanist face (a 9 and a 6 whose tails curl in, a round-topped 3), whose digits
#: OpenCV's sans matches best as a 0 or an 8.  On H79's dumps of the tabs of scenes seeds 0, 2, 4
#: and the open booklets, of 161 digits the looks matched best as two, the second look's was right
#: at 0.9 or more by 0.04 or more in all 67 (a 9 matched 0 at first, a 3 or a 6 matched 8), wrong
#: at up to 0.945 by 0.037 (an 8 as a 6, a 4 as a 6); 17 tabs read, none wrong
LOOKS_MIN, LOOKS_MARGIN = 0.9, 0.05


def both_looks(seen: list | None, again: list | None, small: bool) -> TabNumber | None:
    """The number of a tab read at neither look, digit by digit from both (``seen``, ``again``: its
    digits at each look as :func:`~.tab_number.read_tab` gives them, None when not laid out as a
    number; ``small``: a small board's), see :data:`LOOKS_MIN`; not firm.  None when the looks cut
    it otherwise, a digit is settled at neither, or the number starts with a 0."""
    if seen is None or again is None or len(seen) != len(again):
        return None
    text = ""
    for first, second, style in zip(seen, again, looked_again(again)):
        d, (e, score, margin) = verdict(first[0])[0], verdict(second[0])
        if d != e and (score < LOOKS_MIN or margin < LOOKS_MARGIN):
            return None
        if d == e and unsettled(*first, small) and unsettled(*second, small, style):
            return None
        text += str(e)
    return None if text.startswith("0") else TabNumber(int(text), False)
