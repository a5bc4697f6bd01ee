"""The challenge number on the tab above an IQ XOXO board.

The tab is a coloured block centred above the board with the number in
white.  Above an upright board view the region :data:`TAB_REGION` (board
units) is sampled; the tab is the largest block of pixels far from the page
colour, the digits its white parts, each matched against digits drawn by
OpenCV's fonts (bold and plain, every font alike: the booklet's own font is
not copied).  A digit matched without a clear margin is doubt.
"""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from visolve.errors import ReadError
from visolve.puzzles.iq_xoxo.board import COLS

#: board region (u0, v0, u1, v1) searched for the tab
TAB_REGION = (COLS / 2 - 2.6, -2.0, COLS / 2 + 2.6, -0.02)
#: pixels per board unit of the tab's view
TAB_PITCH = 48
#: the light is evened over this many board units (as the board view)
LIGHT_SIZE = 1.5
#: tab pixels: this far from the page colour (share of the page's brightness)
TAB_DISTANCE = 0.3
#: a tab covers at least this many board units squared, and is wider than high
TAB_MIN_AREA = 0.5
#: digits: lighter than the tab by this share of (page - tab) lightness, at least
#: DIGIT_HEIGHT of the tab's height
DIGIT_LIGHT, DIGIT_HEIGHT = 0.5, 0.35
#: two digits run together are cut at their thinnest column within CUT_SPAN of the part's
#: width, when at most CUT_MAX of its height is white there
CUT_SPAN, CUT_MAX = (0.3, 0.7), 0.35
#: digit glyph size for matching (width, height)
GLYPH = (20, 28)
#: a digit's best match at least MATCH_MIN, MATCH_MARGIN above any other digit
#: (the real booklet's bold 1 matches by 0.05 - 0.075 only)
MATCH_MIN, MATCH_MARGIN = 0.45, 0.045
#: a board of fewer than SMALL_PITCH picture px a square has digits about half that high,
#: blurred into each other's shapes (a 3 thinned to a 1, matched at 0.68): they need MATCH_MIN_SMALL and
#: MATCH_MARGIN_SMALL
SMALL_PITCH, MATCH_MIN_SMALL, MATCH_MARGIN_SMALL = 30.0, 0.7, 0.2
#: stroke widths (px at font scale 2) the template digits are drawn with
DIGIT_WEIGHTS = (3, 6)
FONTS = (cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_TRIPLEX)


def _glyph(mask: np.ndarray) -> np.ndarray:
    """A digit mask cropped to its ink, scaled to :data:`GLYPH` height, centred, zero-mean."""
    ys, xs = np.nonzero(mask)
    crop = mask[ys.min(): ys.max() + 1, xs.min(): xs.max() + 1].astype(np.float32)
    gw, gh = GLYPH
    h, w = crop.shape
    new_w = max(1, min(gw, int(round(w * gh / h))))
    crop = cv2.resize(crop, (new_w, gh), interpolation=cv2.INTER_AREA)
    out = np.zeros((gh, gw), np.float32)
    x0 = (gw - new_w) // 2
    out[:, x0: x0 + new_w] = crop
    out = cv2.GaussianBlur(out, (0, 0), 1.0)
    return out - out.mean()


@lru_cache(maxsize=1)
def _digit_templates() -> list[tuple[str, np.ndarray]]:
    """Every digit drawn in each font at each of :data:`DIGIT_WEIGHTS`."""
    out = []
    for font in FONTS:
        for thick in DIGIT_WEIGHTS:
            for d in "0123456789":
                img = np.zeros((80, 80), np.uint8)
                cv2.putText(img, d, (10, 65), font, 2.0, 255, thick, cv2.LINE_AA)
                out.append((d, _glyph(img > 127)))
    return out


def _match(glyph: np.ndarray) -> tuple[str, float, float]:
    """Best digit, its correlation and its margin over the best other digit."""
    best: dict[str, float] = {}
    g = glyph / max(float(np.linalg.norm(glyph)), 1e-6)
    for d, t in _digit_templates():
        score = float((g * t).sum() / max(float(np.linalg.norm(t)), 1e-6))
        best[d] = max(best.get(d, -1.0), score)
    ranked = sorted(best.items(), key=lambda kv: -kv[1])
    return ranked[0][0], ranked[0][1], ranked[0][1] - ranked[1][1]


def _tab_box(img: np.ndarray, page: np.ndarray) -> tuple[int, int, int, int] | None:
    """Bounding box (x, y, w, h) of the tab in the tab view, or None."""
    dist = np.linalg.norm(img.astype(np.float32) - page, axis=2) / max(float(np.max(page)), 1e-6)
    mask = (dist > TAB_DISTANCE).astype(np.uint8)
    k = max(3, TAB_PITCH // 3) | 1
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))
    n, _lab, stats, _c = cv2.connectedComponentsWithStats(mask, connectivity=8)
    if n < 2:
        return None
    i = 1 + int(np.argmax(stats[1:, 4]))
    x, y, w, h, area = (int(v) for v in stats[i])
    if area < TAB_MIN_AREA * TAB_PITCH**2 or w <= h:
        return None
    return x, y, w, h


def _digit_like(stat, w: int, h: int) -> bool:
    """A white part of the tab that can be a digit: tall enough, narrower than high, off the tab's edge."""
    x, y, cw, ch = (int(v) for v in stat[:4])
    inside = x > 0 and y > 0 and x + cw < w and y + ch < h
    return inside and ch >= DIGIT_HEIGHT * h and cw <= ch


def _run_together(stat, w: int, h: int) -> bool:
    """A white part inside the tab as tall as a digit but wider than high: digits run together."""
    x, y, cw, ch = (int(v) for v in stat[:4])
    inside = x > 0 and y > 0 and x + cw < w and y + ch < h
    return inside and ch >= DIGIT_HEIGHT * h and cw > ch


def _cut(white: np.ndarray, part: np.ndarray, stat) -> None:
    """Clear the column of ``part`` (a white part of two digits) where it is thinnest, within
    :data:`CUT_SPAN` of its width around the middle, when at most :data:`CUT_MAX` of its height is white there."""
    x, _y, cw, ch = (int(v) for v in stat[:4])
    counts = part[:, x: x + cw].sum(axis=0)
    lo, hi = int(CUT_SPAN[0] * cw), max(int(CUT_SPAN[1] * cw), int(CUT_SPAN[0] * cw) + 1)
    col = lo + int(np.argmin(counts[lo:hi]))
    if counts[col] <= CUT_MAX * ch:
        white[:, x + col] = 0


def read_number(view, page, pitch: float | None = None) -> int | None:
    """The number on the tab above the upright board ``view`` (None when there is no tab);
    ``pitch``: the board's squares' pitch in the picture (px), when known.

    Raises
    ------
    ReadError
        A tab whose digits are not read with confidence.
    """
    tab_view = view.resampled(extent=TAB_REGION, pitch=TAB_PITCH).flat_fielded(size=LIGHT_SIZE)
    img = tab_view.image.astype(np.float32)
    page = np.asarray(page, np.float32)
    box = _tab_box(img, page)
    if box is None:
        return None
    x, y, w, h = box
    inner = img[y: y + h, x: x + w]
    grey = inner.mean(axis=2)
    tab_level = float(np.median(grey))
    white = (grey > tab_level + DIGIT_LIGHT * (float(page.mean()) - tab_level)).astype(np.uint8)
    n, lab, stats, _c = cv2.connectedComponentsWithStats(white, connectivity=8)
    joined = [i for i in range(1, n) if _run_together(stats[i], w, h)]
    for i in joined:  # two digits touching: cut at the narrowest column of their middle
        _cut(white, lab == i, stats[i])
    if joined:
        n, lab, stats, _c = cv2.connectedComponentsWithStats(white, connectivity=8)
        if any(_run_together(stats[i], w, h) for i in range(1, n)):
            raise ReadError("digits on the tab run together")
    digits = sorted((int(stats[i, 0]), i) for i in range(1, n) if _digit_like(stats[i], w, h))
    if not digits:
        raise ReadError("the tab above the board shows no number that can be read")
    text = ""
    least, apart = (MATCH_MIN_SMALL, MATCH_MARGIN_SMALL) if pitch is not None and pitch < SMALL_PITCH else (
        MATCH_MIN, MATCH_MARGIN)
    for _x, i in digits:
        d, score, margin = _match(_glyph(lab == i))
        if score < least or margin < apart:
            raise ReadError(f"digit {len(text) + 1} on the tab is unclear (best {d}: {score:.2f}, margin {margin:.2f})")
        text += d
    if text.startswith("0"):
        raise ReadError(f"the tab reads {text!r}, not a challenge number")
    return int(text)
