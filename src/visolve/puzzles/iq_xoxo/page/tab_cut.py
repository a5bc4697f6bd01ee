"""Cutting a run of digits on an IQ XOXO number tab into its digits.

Digits printed bold or tightly spaced touch, and a kerned pair overlaps: the
top bar of a 7 reaches over the 3 before it, the bowl of a 9 under the 0.
A straight cut between them leaves part of one digit on the other's side.
:func:`cut_glyphs` cuts along *seams* instead: from the top of the run to its
bottom, each seam wanders at most one column per row within :data:`SEAM_REACH`
of the run's height from its thin column (:func:`cuts`), through the least ink
(:func:`seam`).  Each digit is the ink between two seams.  :func:`best_cut`
keeps the cut whose digits match best; :func:`run_margin` draws the run's
readings whole and tells how much better the best reading matches.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, product

import cv2
import numpy as np

from visolve.errors import ReadError
from visolve.puzzles.iq_xoxo.page.tab_glyphs import GLYPH_BLUR, GLYPH_PAD, TEMPLATE_BLURS, glyph, ink_box
from visolve.puzzles.iq_xoxo.page.tab_glyphs import scores as glyph_scores
from visolve.puzzles.iq_xoxo.page.tab_glyphs import styles, unit, written

#: a cut digit is DIGIT_SHARE[0] - DIGIT_SHARE[1] of its run's width per digit
DIGIT_SHARE = (0.7, 1.3)
#: a seam stays within SEAM_REACH of the run's height of its thin column; each column it
#: strays from it costs SEAM_STRAY (whiteness units: a column of ink costs about 1 a row)
SEAM_REACH, SEAM_STRAY = 0.15, 0.02
#: a run of digits is matched whole this many px high, against its digits' RUN_CHOICES best readings
#: each; at most RUN_CACHE runs drawn are kept
RUN_HEIGHT, RUN_CHOICES, RUN_CACHE = 28, 3, 256


def cuts(profile: np.ndarray, k: int) -> list[tuple[int, ...]]:
    """Ways to cut a run of ``k`` digits (its column profile): at its thin columns, each piece
    :data:`DIGIT_SHARE` of a k-th of its width."""
    w = len(profile)
    lo, hi = DIGIT_SHARE[0] * w / k, DIGIT_SHARE[1] * w / k
    thin = [c for c in range(1, w - 1) if profile[c] <= profile[c - 1] and profile[c] <= profile[c + 1]]
    out = []
    for cut in combinations(thin, k - 1):
        widths = np.diff([0, *cut, w])
        if widths.min() >= lo and widths.max() <= hi:
            out.append(cut)
    return out


def seam(ink: np.ndarray, column: int, reach: int) -> np.ndarray:
    """The column of a seam in each row of ``ink`` (whiteness, 0 off the digits): from top to
    bottom through the least ink, one column a row at most, within ``reach`` columns of
    ``column``."""
    h, w = ink.shape
    lo, hi = max(0, column - reach), min(w, column + reach + 1)
    cost = np.clip(ink[:, lo:hi], 0.0, None) + SEAM_STRAY * np.abs(np.arange(lo, hi) - column)
    total = cost.copy()
    step = np.zeros(cost.shape, np.int64)
    for r in range(1, h):
        prev = total[r - 1]
        options = np.stack([np.r_[np.inf, prev[:-1]], prev, np.r_[prev[1:], np.inf]])
        step[r] = np.argmin(options, axis=0) - 1
        total[r] += options.min(axis=0)
    path = np.empty(h, np.int64)
    path[-1] = int(np.argmin(total[-1]))
    for r in range(h - 1, 0, -1):
        path[r - 1] = path[r] + step[r, path[r]]
    return path + lo


def cut_glyphs(own: np.ndarray, mask: np.ndarray, box, cut: tuple[int, ...]) -> list[np.ndarray] | None:
    """Glyphs of a run of digits (its whiteness ``own`` and mask, tab-sized; its box (x, y, w, h))
    cut along seams near the columns ``cut`` (from the box's left); None when a piece shows no ink."""
    pieces = cut_pieces(own, mask, box, cut)
    return None if pieces is None else [g for g, _ink in pieces]


def cut_pieces(own: np.ndarray, mask: np.ndarray, box, cut: tuple[int, ...]) -> list[tuple[np.ndarray, np.ndarray]] | None:
    """As :func:`cut_glyphs`, each digit's glyph with its ink (boolean, cut to its box)."""
    x, y, w, h = box
    reach = max(1, int(round(SEAM_REACH * h)))
    rows = np.arange(own.shape[0])
    ink = np.where(mask, own, 0.0)
    bounds = [np.full(len(rows), x)]
    for c in cut:
        path = np.full(len(rows), x + c)
        path[y: y + h] = x + seam(ink[y: y + h, x: x + w], c, reach)
        bounds.append(path)
    bounds.append(np.full(len(rows), x + w))
    cols = np.arange(own.shape[1])[None, :]
    out = []
    for left, right in zip(bounds, bounds[1:]):
        between = (cols >= left[:, None]) & (cols < right[:, None])
        box_of = ink_box(mask & between)
        if box_of is None:
            return None
        out.append((glyph(np.where(between, own, 0.0), *box_of, mask & between), (mask & between)[box_of]))
    return out


def best_cut(own: np.ndarray, mask: np.ndarray, box, k: int,
             wide: bool = False) -> tuple[np.ndarray, np.ndarray, list[np.ndarray]]:
    """Scores ``(k, 10)`` of the best cut of a run of ``k`` digits (its whiteness ``own`` and mask,
    tab-sized; its box), the cut digits' glyphs and their inks (boolean, cut to their boxes);
    ``wide``: matched against the wide bank (:func:`~.tab_glyphs.styles`).

    Raises
    ------
    ReadError
        No cut gives ``k`` digits.
    """
    x, _y, w, _h = box
    best, best_low = None, -np.inf
    for cut in cuts(np.where(mask, own, 0.0)[:, x: x + w].sum(axis=0), k):
        pieces = cut_pieces(own, mask, box, cut)
        if pieces is None:
            continue
        glyphs = np.stack([g for g, _ink in pieces])
        scores = glyph_scores(glyphs, wide)
        low = float(scores.max(axis=1).min())
        if low > best_low:
            best, best_low = (scores, glyphs, [ink for _g, ink in pieces]), low
    if best is None:
        raise ReadError("digits on the tab run together")
    return best


@lru_cache(maxsize=RUN_CACHE)
def drawn_run(text: str, face: str, weight: int, grow: float) -> np.ndarray:
    """Digits ``text`` drawn white in a row in a template style (``grow`` unused: runs are drawn
    plain), cut to their ink padded by :data:`~.tab_glyphs.GLYPH_PAD` of its height (uint8)."""
    img = written(text, face, weight)
    rows, cols = ink_box(img > 127)
    pad = int(round(GLYPH_PAD * (rows.stop - rows.start)))
    img = cv2.copyMakeBorder(img, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    return img[rows.start: rows.stop + 2 * pad, cols.start: cols.stop + 2 * pad]


def run_margin(own: np.ndarray, box, scores: np.ndarray, wide: bool = False) -> float:
    """How much better a run of digits (its whiteness ``own``, tab-sized; its box) matches its digits'
    best reading drawn whole than any other reading of their :data:`RUN_CHOICES` best digits each
    (``wide``: drawn in the wide bank's styles too)."""
    x, y, w, h = box
    pad = int(round(GLYPH_PAD * h))
    seen = cv2.copyMakeBorder(own.astype(np.float32), pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    seen = seen[y: y + h + 2 * pad, x: x + w + 2 * pad]
    size = (int(round(RUN_HEIGHT * seen.shape[1] / seen.shape[0])), RUN_HEIGHT)
    g = unit(cv2.GaussianBlur(cv2.resize(seen, size, interpolation=cv2.INTER_AREA), (0, 0), GLYPH_BLUR))
    top = np.argsort(scores, axis=1)[:, ::-1][:, :RUN_CHOICES]
    match = {}
    for digits in product(*top):
        text = "".join(str(d) for d in digits)
        best = -1.0
        for style in styles(wide):
            small = cv2.resize(drawn_run(text, *style), size, interpolation=cv2.INTER_AREA).astype(np.float32)
            for sigma in TEMPLATE_BLURS:
                t = cv2.GaussianBlur(small, (0, 0), GLYPH_BLUR + sigma * RUN_HEIGHT)
                best = max(best, float(g @ unit(t)))
        match[text] = best
    read = "".join(str(d) for d in top[:, 0])
    return match[read] - max(v for t, v in match.items() if t != read)
