"""The numbers a tab in doubt may show: each digit's candidates among its ten scores.

A tab whose digits are in doubt still narrows its number: a digit matched best
as 8 by a little over 0 may be either, never a 3 matched far below.  The rules
that settle a page's tabs from its numbers
(:mod:`~visolve.puzzles.iq_xoxo.page.tab_run`,
:mod:`~visolve.puzzles.iq_xoxo.page.tab_layout`,
:mod:`~visolve.puzzles.iq_xoxo.page.tab_anchored`) give a tab only a number it
may show.
"""

from __future__ import annotations

import numpy as np

#: a digit's candidates score at least CANDIDATE_FLOOR and at most CANDIDATE_WITHIN below its best
#: (a bold 9 matched as 0 at 0.86, as 9 at 0.73-0.75: open booklet [0, 1012], six tabs 97-107 in
#: doubt; 0.12 left the 9s out; on the 37 pages of seeds 0-1 and the open booklets whose run was
#: asked, 0.15-0.2 settled that one more, none wrong); a tab has at most MAX_CANDIDATES numbers
CANDIDATE_FLOOR, CANDIDATE_WITHIN, MAX_CANDIDATES = 0.6, 0.15, 64

#: a page's run (or its layout) may also number up to BLANK_MOST tabs in doubt that lay out no
#: digits at all (a white smudge, a part run into the tab's edge: no scores to weigh), on a page
#: whose tabs read keep the reading order: the run, the order and the other tabs' candidates must
#: still leave exactly one way, the blank tab taking the number left over.  Scenes seeds 0, 2 and
#: 17: it settled one page each, all right (seed 0 page 1, its 32 a smudge; seed 2 page 35, 112;
#: seed 17 page 24, 41); the painter's pages and the open booklets never asked it.  More blank tabs
#: would leave a page's numbers to its run and order alone (seed 2 page 63: 2 and 3 blank beside 4
#: and 5): not taken
BLANK_MOST = 1


def digit_candidates(scores: tuple) -> list[set[int]]:
    """Each digit's candidates (``scores``: each digit's ten scores, left to right): the digits
    within :data:`CANDIDATE_WITHIN` of its best and at least :data:`CANDIDATE_FLOOR`, never a
    leading 0."""
    out = []
    for k, digit in enumerate(scores):
        digit = np.asarray(digit, np.float64)
        out.append({d for d in range(10) if digit[d] >= max(CANDIDATE_FLOOR, digit.max() - CANDIDATE_WITHIN)
                    and (d or k)})
    return out


def tab_candidates(scores: tuple) -> set[int]:
    """The numbers a tab in doubt may show: every digit one of its candidates
    (:func:`digit_candidates`); empty when more than :data:`MAX_CANDIDATES`."""
    numbers = [0]
    for ok in digit_candidates(scores):
        numbers = [10 * n + d for n in numbers for d in sorted(ok)]
        if len(numbers) > MAX_CANDIDATES:
            return set()
    return set(numbers) if scores else set()


def shows(scores: tuple, number: int) -> bool:
    """Whether a tab in doubt (each digit's ten ``scores``) may show ``number``: as many digits,
    each one of its digit's candidates (:func:`digit_candidates`)."""
    text = str(number)
    return len(text) == len(scores) and all(int(t) in ok for t, ok in zip(text, digit_candidates(scores)))
