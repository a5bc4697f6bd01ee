"""Digit glyphs on an IQ XOXO number tab and the digits they match.

A digit's glyph is its whiteness (0 on the tab's colour, 1 on the page's) in
its ink box, both as seen and kept to its ink, scaled to :data:`GLYPH`;
:func:`scores` correlates glyphs with digits drawn by OpenCV's fonts at
several weights and blurs (a :class:`visolve.vision.match.TemplateBank`), or,
``wide``, also by Pillow's own typeface (:data:`WIDE_STYLES`).
:func:`waist` tells a 0 from an 8 where their templates nearly agree: the 0's
middle is its hole, the 8's middle the stroke across its waist.
:mod:`visolve.puzzles.iq_xoxo.page.tab_number` cuts the tab into digits and
decides.
"""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from visolve.vision.match import TemplateBank

#: a digit's ink: whiteness above DIGIT_LIGHT
DIGIT_LIGHT = 0.5
#: digit glyph size for matching (width, height) and the blur both are smoothed by (px)
GLYPH, GLYPH_BLUR = (20, 28), 1.0
#: a digit is matched with this share of its height around its ink
GLYPH_PAD = 0.1
#: template digits: OpenCV's variable "sans" face at weights regular to black, (face, weight,
#: growth), drawn FONT_SIZE px high, blurred by TEMPLATE_BLURS (shares of the size: a small
#: board's digits are blurred more)
FONT_STYLES = (("sans", 500, 0.0), ("sans", 700, 0.0), ("sans", 900, 0.0))
FONT_SIZE = 60
#: sans draws a 1 with a foot, many fonts (the booklet's) without: the 1 is also drawn in OpenCV's
#: "uni" face (no foot), grown bold by a share of the size; other digits only in FONT_STYLES
FOOTLESS, FOOTLESS_STYLES = "1", (("uni", 400, 0.0), ("uni", 400, 0.05), ("uni", 400, 0.1))
TEMPLATE_BLURS = (0.0, 0.04, 0.08, 0.12)
#: the wide bank's further styles: Pillow's own typeface (face "pillow", a humanist sans: a 3
#: with a round top, a 9 and a 6 whose tails curl in, where OpenCV's sans has a flat-topped 3 and
#: open tails), its weight the stroke Pillow draws around its letters, in thousandths of the size
WIDE_STYLES = (("pillow", 0, 0.0), ("pillow", 30, 0.0), ("pillow", 60, 0.0))


def glyph(whiteness: np.ndarray, rows: slice, cols: slice, mask: np.ndarray | None = None) -> np.ndarray:
    """A digit's glyph: its whiteness in its ink box (``rows``, ``cols``), both as seen (padded by
    :data:`GLYPH_PAD` of its height) and kept to its ``mask`` (the ink, when given: else whiteness
    above :data:`DIGIT_LIGHT`), each scaled to :data:`GLYPH` height, centred, smoothed, zero-mean
    and of unit norm; the two side by side (flat)."""
    if mask is None:
        mask = whiteness > DIGIT_LIGHT
    pad = int(round(GLYPH_PAD * (rows.stop - rows.start)))
    padded = cv2.copyMakeBorder(whiteness.astype(np.float32), pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    seen = padded[rows.start: rows.stop + 2 * pad, cols.start: cols.stop + 2 * pad]
    kept = np.where(mask[rows, cols], whiteness[rows, cols], 0.0).astype(np.float32)
    return np.concatenate([fit(seen), fit(kept)])


def fit(patch: np.ndarray) -> np.ndarray:
    """A patch scaled to :data:`GLYPH` height, centred, smoothed, zero-mean and of unit norm (flat)."""
    gw, gh = GLYPH
    h, w = patch.shape
    new_w = max(1, min(gw, int(round(w * gh / h))))
    small = cv2.resize(patch, (new_w, gh), interpolation=cv2.INTER_AREA)
    out = np.zeros((gh, gw), np.float32)
    x0 = (gw - new_w) // 2
    out[:, x0: x0 + new_w] = small
    return unit(cv2.GaussianBlur(out, (0, 0), GLYPH_BLUR))


def unit(img: np.ndarray) -> np.ndarray:
    """An image flattened, zero-mean, of unit norm."""
    v = img.ravel() - img.mean()
    return v / max(float(np.sqrt(v @ v)), 1e-6)


def ink_box(mask: np.ndarray) -> tuple[slice, slice] | None:
    """Rows and columns of a boolean mask's ink, or None when it has none."""
    ys, xs = np.flatnonzero(mask.any(axis=1)), np.flatnonzero(mask.any(axis=0))
    if ys.size == 0:
        return None
    return slice(ys[0], ys[-1] + 1), slice(xs[0], xs[-1] + 1)


def drawn(digit: str, face: str, weight: int, grow: float) -> np.ndarray:
    """A digit drawn white on black in an OpenCV font face or Pillow's own ("pillow"), :data:`FONT_SIZE`
    px high (whiteness)."""
    img = written(digit, face, weight)
    k = int(round(grow * FONT_SIZE))
    if k:
        img = cv2.dilate(img, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    return img.astype(np.float32) / 255.0


def written(text: str, face: str, weight: int) -> np.ndarray:
    """``text`` written white on black (uint8), :data:`FONT_SIZE` px high, half that around it: in an
    OpenCV font face at ``weight``, or in Pillow's own typeface (``face`` "pillow") with a stroke of
    ``weight`` thousandths of the size."""
    if face != "pillow":
        img = np.zeros((2 * FONT_SIZE, FONT_SIZE * (len(text) + 1)), np.uint8)
        cv2.putText(img, text, (FONT_SIZE // 2, FONT_SIZE * 3 // 2), 255, cv2.FontFace(face), FONT_SIZE, weight)
        return img
    font, stroke = ImageFont.load_default(FONT_SIZE), int(round(weight * FONT_SIZE / 1000))
    left, top, right, bottom = font.getbbox(text, stroke_width=stroke)
    page = Image.new("L", (right - left + FONT_SIZE, bottom - top + FONT_SIZE), 0)
    ImageDraw.Draw(page).text((FONT_SIZE // 2 - left, FONT_SIZE // 2 - top), text, fill=255, font=font,
                              stroke_width=stroke, stroke_fill=255)
    return np.asarray(page, np.uint8)


def styles(wide: bool = False) -> tuple[tuple[str, int, float], ...]:
    """The template styles (face, weight, growth) of every digit: :data:`FONT_STYLES`, and
    :data:`WIDE_STYLES` too when ``wide``."""
    return FONT_STYLES + WIDE_STYLES if wide else FONT_STYLES


@lru_cache(maxsize=2)
def _templates(wide: bool = False) -> tuple[np.ndarray, int]:
    """Template glyphs ``(10 * m, n)``: each digit drawn in every style (:func:`styles`) and blur
    (``m`` of them), digit-major, cut out as a tab's digits are."""
    rows, done = [], {}
    for d in "0123456789":
        extra = FOOTLESS_STYLES if d in FOOTLESS else FONT_STYLES[-1:] * len(FOOTLESS_STYLES)
        for style in styles(wide) + extra:
            if (d, style) not in done:  # the table's filler styles repeat the boldest: drawn once
                done[(d, style)] = _blurred_glyphs(drawn(d, *style))
            rows.extend(done[(d, style)])
    return np.stack(rows), (len(styles(wide)) + len(FOOTLESS_STYLES)) * len(TEMPLATE_BLURS)


def _blurred_glyphs(ink: np.ndarray) -> list[np.ndarray]:
    """A drawn digit's template glyphs, one for each of :data:`TEMPLATE_BLURS`."""
    out = []
    for sigma in TEMPLATE_BLURS:
        blurred = cv2.GaussianBlur(ink, (0, 0), sigma * FONT_SIZE) if sigma else ink
        out.append(glyph(blurred, *ink_box(blurred > DIGIT_LIGHT * blurred.max())))
    return out


@lru_cache(maxsize=2)
def _banks(wide: bool = False) -> tuple[TemplateBank, TemplateBank, int]:
    """The template glyphs' two views as banks labelled by digit, and the templates per digit."""
    table, per = _templates(wide)
    n = table.shape[1] // 2
    digits = [i // per for i in range(len(table))]
    return TemplateBank(list(table[:, :n]), digits), TemplateBank(list(table[:, n:]), digits), per


def scores(glyphs: np.ndarray, wide: bool = False) -> np.ndarray:
    """Each glyph's correlation with each digit, ``(n, 10)``: the mean over its two views of the best
    template's (a glyph view is zero-mean and of unit norm already: none is flat); ``wide``: against
    the wide bank (:func:`styles`)."""
    seen_bank, kept_bank, per = _banks(wide)
    n = glyphs.shape[1] // 2
    seen = seen_bank.scores(glyphs[:, :n], flat_std=0.0).reshape(len(glyphs), 10, per).max(axis=2)
    kept = kept_bank.scores(glyphs[:, n:], flat_std=0.0).reshape(len(glyphs), 10, per).max(axis=2)
    return (seen + kept) / 2


def tab_style(glyphs: np.ndarray, wide: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """The digits of one tab's glyphs read in one template style and blur -- the one whose best
    digits match best in all (a tab is printed in one typeface, blurred alike) -- and each digit's
    margin over the next digit in that template: ``(n,)`` digits and ``(n,)`` margins."""
    seen_bank, kept_bank, per = _banks(wide)
    n = glyphs.shape[1] // 2
    both = (seen_bank.scores(glyphs[:, :n], flat_std=0.0) + kept_bank.scores(glyphs[:, n:], flat_std=0.0)) / 2
    both = both.reshape(len(glyphs), 10, per)
    template = int(np.argmax(both.max(axis=1).sum(axis=0)))
    one = np.sort(both[:, :, template], axis=1)
    return np.argmax(both[:, :, template], axis=1), one[:, -1] - one[:, -2]


#: a glyph's waist: its middle rows WAIST_ROWS against the rows of an 8's two holes HOLE_ROWS
#: (of GLYPH's 28, the digit between rows 2 and 26), over the middle WAIST_COLS columns
WAIST_ROWS, HOLE_ROWS, WAIST_COLS = (12, 16), ((7, 10), (18, 21)), 2


def waist(glyph_vec: np.ndarray) -> tuple[float, float]:
    """How much lighter a digit glyph's middle is than where an 8's holes are, in each of its two
    views (as seen, kept to its ink; shares of the view's range): an 8's waist is a stroke (about
    0.15 - 0.5 as seen), a 0's middle is its hole, as dark as above and below it (-0.17 - -0.06)."""
    gw, gh = GLYPH
    n = glyph_vec.shape[-1] // 2
    c0 = gw // 2 - WAIST_COLS // 2
    out = []
    for view in (glyph_vec[:n], glyph_vec[n:]):
        img = view.reshape(gh, gw)[:, c0: c0 + WAIST_COLS]
        middle = img[WAIST_ROWS[0]: WAIST_ROWS[1]].mean()
        holes = np.mean([img[a:b].mean() for a, b in HOLE_ROWS])
        out.append(float((middle - holes) / max(float(view.max() - view.min()), 1e-6)))
    return out[0], out[1]
