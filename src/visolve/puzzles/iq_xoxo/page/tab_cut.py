"""Cutting a run of digits on an IQ XOXO number tab into its digits.

Digits printed bold or tightly spaced touch, and a kerned pair overlaps: the
top bar of a 7 reaches over the 3 before it, the bowl of a 9 under the 0.
A straight cut between them leaves part of one digit on the other's side.
:func:`cut_glyphs` cuts along *seams* instead: from the top of the run to its
bottom, each seam wanders at most one column per row within :data:`SEAM_REACH`
of the run's height from its thin column (:func:`cuts`), through the least ink
(:func:`seam`).  Each digit is the ink between two seams.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np

from visolve.puzzles.iq_xoxo.page.tab_glyphs import glyph, ink_box

#: a cut digit is DIGIT_SHARE[0] - DIGIT_SHARE[1] of its run's width per digit
DIGIT_SHARE = (0.7, 1.3)
#: a seam stays within SEAM_REACH of the run's height of its thin column; each column it
#: strays from it costs SEAM_STRAY (whiteness units: a column of ink costs about 1 a row)
SEAM_REACH, SEAM_STRAY = 0.15, 0.02


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
