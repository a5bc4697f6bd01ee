"""Digits read against templates: each digit 0-9 drawn by visolve in many fonts and weights.

A digit seen in a picture is cut to a :func:`glyph` (its ink scaled to :data:`GLYPH`), and
scored against :func:`digit_bank` (a :class:`visolve.vision.match.TemplateBank` of the digits
drawn in OpenCV's Hershey faces at several thicknesses and its scalable faces at several
weights, each also blurred); :func:`style_scores` gives a glyph's best score for each digit in
each style, :func:`verdict` the best digit of a row of scores and its margin.  Used by
:mod:`visolve.vision.tabs` (the number tabs of booklet pages).
"""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from visolve.vision.match import TemplateBank

#: glyphs are matched GLYPH (w, h) px, the digit's ink padded by GLYPH_PAD of its height
GLYPH, GLYPH_PAD = (24, 32), 0.08
#: template digits: OpenCV's Hershey faces at thicknesses (share of the height) and the
#: variable "sans" / "uni" faces at weights, each also blurred by TEMPLATE_BLURS of its height
HERSHEY = ((cv2.FONT_HERSHEY_SIMPLEX, (0.06, 0.12, 0.18)), (cv2.FONT_HERSHEY_DUPLEX, (0.08, 0.14)),
           (cv2.FONT_HERSHEY_COMPLEX, (0.06, 0.12)), (cv2.FONT_HERSHEY_TRIPLEX, (0.08, 0.14)))
FACES = (("sans", 400), ("sans", 700), ("sans", 900), ("uni", 400))
TEMPLATE_SIZE, TEMPLATE_BLURS = 64, (0.0, 0.03, 0.06)


def verdict(scores: np.ndarray) -> tuple[int, float, float]:
    """The best digit of ten scores, its score and its margin over the next digit."""
    order = np.argsort(-scores)
    return int(order[0]), float(scores[order[0]]), float(scores[order[0]] - scores[order[1]])


def style_scores(glyphs: np.ndarray) -> np.ndarray:
    """Each glyph's best score for each digit in each template style: ``(glyphs, styles, 10)``."""
    bank, styles, digits = digit_bank()
    scores = bank.scores(glyphs)
    out = np.full((len(glyphs), int(styles.max()) + 1, 10), -1.0, np.float32)
    np.maximum.at(out, (slice(None), styles, digits), scores)
    return out


def thinnest_column(whiteness: np.ndarray, box: tuple[int, int, int, int]) -> int:
    """The column where a part of two digits run together is thinnest (in its middle third)."""
    x, y, w, h = box
    ink = (whiteness[y:y + h, x:x + w] > 0.5).sum(axis=0)
    lo, hi = w // 3, max(w // 3 + 1, 2 * w // 3)
    return x + lo + int(np.argmin(ink[lo:hi]))


def glyph(whiteness: np.ndarray, box: tuple[int, int, int, int]) -> np.ndarray:
    """A digit's glyph: ``whiteness`` in ``box`` (x, y, w, h) padded by :data:`GLYPH_PAD` of its
    height, scaled to :data:`GLYPH`'s height (its width kept in proportion, centred)."""
    x, y, w, h = box
    pad = max(1, int(round(GLYPH_PAD * h)))
    padded = cv2.copyMakeBorder(whiteness.astype(np.float32), pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    # the other digits beside this one are kept out: only its own columns
    patch = padded[y: y + h + 2 * pad, x + pad: x + w + pad]
    patch = cv2.copyMakeBorder(patch, 0, 0, pad, pad, cv2.BORDER_CONSTANT, value=0)
    gw, gh = GLYPH
    new_w = max(1, min(gw, int(round(patch.shape[1] * gh / patch.shape[0]))))
    small = cv2.resize(patch, (new_w, gh), interpolation=cv2.INTER_AREA)
    out = np.zeros((gh, gw), np.float32)
    x0 = (gw - new_w) // 2
    out[:, x0:x0 + new_w] = small
    return out * 255.0  # grey levels: the bank counts a patch of less contrast than a few levels as flat


def _drawn_digits() -> list[tuple[str, int, np.ndarray]]:
    """Each digit drawn white on black in every template style (its index), :data:`TEMPLATE_SIZE` px high."""
    size = TEMPLATE_SIZE
    out = []
    for d in "0123456789":
        style = 0
        for font, weights in HERSHEY:
            scale = cv2.getFontScaleFromHeight(font, size)
            for t in weights:
                img = np.zeros((2 * size, 2 * size), np.uint8)
                cv2.putText(img, d, (size // 2, size * 3 // 2), font, scale, 255, max(1, int(round(t * size))),
                            cv2.LINE_AA)
                out.append((d, style, img))
                style += 1
        for face, weight in FACES:
            img = np.zeros((2 * size, 2 * size), np.uint8)
            cv2.putText(img, d, (size // 2, size * 3 // 2), 255, cv2.FontFace(face), size, weight)
            out.append((d, style, img))
            style += 1
    return out


@lru_cache(maxsize=1)
def digit_bank() -> tuple[TemplateBank, np.ndarray, np.ndarray]:
    """Glyphs of the digits 0-9 in the template styles and blurs, grouped by digit; each
    template's style and digit."""
    glyphs, labels, styles, digits = [], [], [], []
    for d, style, img in _drawn_digits():
        for blur in TEMPLATE_BLURS:
            ink = img.astype(np.float32) / 255.0
            if blur:
                ink = cv2.GaussianBlur(ink, (0, 0), blur * TEMPLATE_SIZE)
            ys, xs = np.nonzero(ink > 0.5 * ink.max())
            box = (int(xs.min()), int(ys.min()), int(xs.max() - xs.min() + 1), int(ys.max() - ys.min() + 1))
            glyphs.append(glyph(ink, box))
            labels.append(d)
            styles.append(style)
            digits.append(int(d))
    return TemplateBank(glyphs, labels), np.array(styles), np.array(digits)
