"""Reading the squares of an upright IQ XOXO board view.

The view (:class:`visolve.vision.view.BoardView`, :data:`PITCH` px per
square, light evened out) is read square by square:

*body*
    the median colour of the square's middle: an empty square has the
    board's grey (the median of the clearly grey bodies), a piece is far
    from it in colour or much darker, measured in steps from the grey to
    the page (:func:`away_from_grey`);
*mark*
    a piece shows an X or an O in a lighter tint: the square's lightness
    above its body is matched (allowing a small shift) against an X and an
    O drawn like the booklet's; an empty square shows a light dot where it
    takes an X, or nothing;
*joins*
    two neighbouring piece squares belong to one piece when the gap between
    them has the piece's colour, to two when it shows the page.

Every measure has a band of doubt between its two answers; a square in it
is reported, never guessed.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from visolve.puzzles.iq_xoxo.draw import draw_mark

#: view pixels per square
PITCH = 40
#: share of the square whose median is its body colour
BODY_SIZE = 0.6
#: the board's grey: bodies white-balanced by the page with a saturation
#: (max - min) / max of at most GREY_SAT and at least GREY_LIGHT light, at least MIN_GREY of them
GREY_SAT, GREY_LIGHT, MIN_GREY = 0.1, 0.6, 4
#: an empty square's grey as a share of the page (the booklet's, and :mod:`.draw`'s)
SQUARE_GREY = 0.86
#: a square's body against the step from the board's grey to the page (1: a
#: page's lightness): *along* it (lighter or darker) and *across* it (colour;
#: both blind to a veil of light or a gain).  Empty squares are within
#: EMPTY_ACROSS across and EMPTY_ALONG along (photos: 0.48 and -0.51 .. 0.39 at
#: most), pieces at least PIECE_ACROSS across (photos: 0.71 and more) or darker
#: than PIECE_DARK along (the dark blue piece); between: doubt (a page-light
#: square is no square of the board)
EMPTY_ACROSS, EMPTY_ALONG, PIECE_ACROSS, PIECE_DARK = 0.45, (-0.7, 0.75), 0.7, -1.0
#: mark templates: the square's middle this share across, searched this share around
MARK_SIZE, MARK_SHIFT = 0.7, 0.08
#: marks are matched drawn at these sizes (the booklet's are a little larger than ours)
MARK_SCALES = (1.0, 1.2)
#: lightness is clipped at this percentile of the square's middle (a faint mark
#: weighs as much as a clear one)
MARK_CLIP = 97
#: X vs O: the better correlation at least MARK_MIN and MARK_MARGIN above the other
MARK_MIN, MARK_MARGIN = 0.2, 0.15
#: dot: its lightness above the square (share of page - square) over DOT_YES is a dot,
#: under DOT_NO none
DOT_YES, DOT_NO = 0.45, 0.25
#: a dot's radius and the ring around it, shares of the pitch
DOT_R, RING = 0.1, (0.24, 0.36)
#: joins: where the gap's colour lies between page (0) and body (1)
JOINED, APART = 0.6, 0.35


@dataclass(frozen=True)
class Square:
    """What one square shows: ``kind`` ``empty`` / ``piece`` / ``?``, its mark ``X`` / ``O`` / ``?``."""

    kind: str
    mark: str
    body: tuple[float, float, float]
    score: float  #: the deciding measure's distance from doubt (larger is surer)
    why: str = ""


def saturation(colour) -> float:
    """(max - min) / max of a BGR colour."""
    c = np.asarray(colour, np.float64)
    return float((c.max() - c.min()) / max(c.max(), 1e-6))


@lru_cache(maxsize=4)
def _templates(pitch: int) -> list[tuple[str, np.ndarray]]:
    """X and O drawn at each of :data:`MARK_SCALES`, blurred a little, zero-mean (float32)."""
    size = int(round(MARK_SIZE * pitch))
    out = []
    for scale in MARK_SCALES:
        for which in ("X", "O"):
            img = np.zeros((size, size, 3), np.uint8)
            draw_mark(img, size / 2, size / 2, pitch * scale, which, (255, 255, 255))
            t = cv2.GaussianBlur(img[:, :, 0].astype(np.float32), (0, 0), 0.04 * pitch)
            out.append((which, t - t.mean()))
    return out


def lightness(patch: np.ndarray, body, page) -> np.ndarray:
    """How far each pixel is from the body towards the page colour (0 body, 1 page), 2-D."""
    body = np.asarray(body, np.float32)
    span = np.asarray(page, np.float32) - body
    norm = float(span @ span)
    if norm < 1e-6:
        return np.zeros(patch.shape[:2], np.float32)
    return ((patch.astype(np.float32) - body) @ span) / norm


def _piece_mark(light: np.ndarray, pitch: int) -> tuple[str, float, str]:
    """X or O of a piece square's lightness map (its middle, :data:`MARK_SIZE` + 2 :data:`MARK_SHIFT` across)."""
    top = float(np.percentile(light, MARK_CLIP))
    light = np.clip(light, 0.0, max(top, 1e-3))
    scores = {"X": -1.0, "O": -1.0}
    for which, tmpl in _templates(pitch):
        res = cv2.matchTemplate(light, tmpl, cv2.TM_CCOEFF_NORMED)
        scores[which] = max(scores[which], float(res.max()))
    best = max(scores, key=scores.get)
    other = scores["O" if best == "X" else "X"]
    margin = scores[best] - other
    if scores[best] < MARK_MIN or margin < MARK_MARGIN:
        return "?", margin, f"X {scores['X']:.2f} / O {scores['O']:.2f}"
    return best, margin, ""


def _dot(light: np.ndarray, pitch: int) -> tuple[str, float, str]:
    """X (a dot) or O (none) of an empty square's lightness map (the whole square)."""
    smooth = cv2.GaussianBlur(light, (0, 0), DOT_R * pitch * 0.6)
    h, w = smooth.shape
    s = int(round(MARK_SHIFT * pitch))
    centre = smooth[h // 2 - s: h // 2 + s + 1, w // 2 - s: w // 2 + s + 1]
    y, x = np.unravel_index(int(np.argmax(centre)), centre.shape)
    cy, cx = y + h // 2 - s, x + w // 2 - s
    yy, xx = np.mgrid[0:h, 0:w]
    d = np.hypot(yy - cy, xx - cx) / pitch
    ring = light[(d >= RING[0]) & (d <= RING[1])]
    contrast = float(smooth[cy, cx] - np.median(ring))
    if contrast >= DOT_YES:
        return "X", contrast - DOT_YES, ""
    if contrast <= DOT_NO:
        return "O", DOT_NO - contrast, ""
    return "?", 0.0, f"dot contrast {contrast:.2f}"


def body_of(view, r: int, c: int) -> np.ndarray:
    """The median colour of a square's middle (its body, marks left out)."""
    return np.median(view.cell(r, c, size=BODY_SIZE).reshape(-1, 3), axis=0)


def grey_reference(bodies: dict, page) -> np.ndarray:
    """The colour of the board's empty squares: the median of the clearly grey bodies
    (with fewer than :data:`MIN_GREY` of them, the page's colour darkened as the booklet's grey)."""
    page = np.maximum(np.asarray(page, np.float64), 1e-6)
    grey = [b for b in bodies.values() if saturation(b / page) <= GREY_SAT and (b / page).max() >= GREY_LIGHT]
    return np.median(np.array(grey), axis=0) if len(grey) >= MIN_GREY else SQUARE_GREY * page


def read_square(view, r: int, c: int, body, page, grey) -> Square:
    """One square of the view (see the module docstring); ``grey`` is the empty squares' colour."""
    page = np.maximum(np.asarray(page, np.float64), 1e-6)
    along, across = away_from_grey(body, grey, page)
    if across >= PIECE_ACROSS or along <= PIECE_DARK:
        middle = view.cell(r, c, size=MARK_SIZE + 2 * MARK_SHIFT)
        mark, score, why = _piece_mark(lightness(middle, body, page), view.pitch)
        return Square("piece", mark, tuple(body), score, why)
    if across <= EMPTY_ACROSS and EMPTY_ALONG[0] <= along <= EMPTY_ALONG[1]:
        mark, score, why = _dot(lightness(view.cell(r, c, size=1.0), body, page), view.pitch)
        return Square("empty", mark, tuple(body), score, why)
    return Square("?", "?", tuple(body), 0.0, "neither an empty square's grey nor a piece colour "
                                                f"({along:.2f} lighter, {across:.2f} in colour)")


def away_from_grey(body, grey, page) -> tuple[float, float]:
    """How far ``body`` is from the board's grey along the step grey -> page and across it, in steps."""
    step = np.asarray(page, np.float64) - np.asarray(grey, np.float64)
    size = max(float(step @ step), 1e-6)
    d = np.asarray(body, np.float64) - np.asarray(grey, np.float64)
    along = float(d @ step) / size
    return along, float(np.linalg.norm(d - along * step)) / np.sqrt(size)


def gap_share(view, a: tuple[int, int], b: tuple[int, int], bodies, page) -> float:
    """Where the gap between squares ``a`` and ``b`` lies from page (0) to their bodies (1)."""
    (ra, ca), (rb, cb) = a, b
    u, v = (ca + cb) / 2 + 0.5, (ra + rb) / 2 + 0.5
    x, y = view.board_to_view([(u, v)])[0]
    half_long, half_short = 0.2 * view.pitch, 0.04 * view.pitch
    hw, hh = (half_short, half_long) if ra == rb else (half_long, half_short)
    img = view.image
    y0, y1 = int(round(y - hh)), int(round(y + hh)) + 1
    x0, x1 = int(round(x - hw)), int(round(x + hw)) + 1
    gap = np.median(img[max(y0, 0):y1, max(x0, 0):x1].reshape(-1, 3), axis=0)
    shares = []
    for body in bodies:
        shares.append(1.0 - float(np.clip(lightness(gap[None, None, :], body, page)[0, 0], 0.0, 1.0)))
    return min(shares)


def joined(share: float) -> bool | None:
    """True (one piece), False (two), None (doubt) for a :func:`gap_share`."""
    if share >= JOINED:
        return True
    if share <= APART:
        return False
    return None

