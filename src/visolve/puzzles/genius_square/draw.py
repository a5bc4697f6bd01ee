"""Drawing Genius Square boards: both editions, blockers, pieces (painter and tests).

:func:`draw_board` draws a board upright (labelled edges on top and on the
left) in the style of the real game, at ``pitch`` pixels per square:

* **happy-puzzle**: a black board with rounded corners, the squares parted
  by low raised ridges (a thin highlight beside a thin shadow), the digits
  ``1``-``6`` across the top and the letters ``A``-``F`` down the left, a
  boxed "THE GENIUS SQUARE" logo below the grid on the right;
* **smartgames**: a dark blue board with a light grey grid, the letters
  across the top and the digits down the left (its print is transposed),
  "Genius SQUARE" below the grid on the right.

Blockers are wooden discs (grain rings, shading), pieces are cubes of their
colour (a lighter and a darker bevel, so the squares of one piece stay
apart).  ``rng`` (a ``numpy.random.Generator``) varies the wood, the piece
colours and where each disc lies in its square, as by hand; without it the
drawing is the nominal one.  Layout in squares: :data:`MARGIN` around the
6 x 6 grid.
"""

from __future__ import annotations

import cv2
import numpy as np

from visolve.puzzles.genius_square.board import BLOCKER, EMPTY
from visolve.puzzles.genius_square.model import labels
from visolve.vision.canvas import solid

AA = cv2.LINE_AA
FONT = cv2.FONT_HERSHEY_DUPLEX
#: board margin around the grid in squares: left, top, right, bottom
MARGIN = (1.7, 1.7, 1.6, 1.6)
#: piece colours (BGR), as on the pieces and the SmartGames artwork
PIECE_BGR = {
    "1": (150, 66, 30),
    "2": (40, 85, 150),
    "3": (30, 145, 245),
    "4": (140, 40, 150),
    "5": (150, 148, 146),
    "6": (70, 170, 60),
    "7": (10, 230, 250),
    "8": (60, 35, 220),
    "9": (235, 170, 20),
}
WOOD_BGR = (140, 195, 240)
#: per edition: board colour, grid colour, ridge shadow colour (None: flat lines), label colour, and the
#: labels printed across the top and down the left (``model.labels``: the names the squares get)
STYLE = {
    "happy-puzzle": dict(board=(34, 34, 33), line=(70, 71, 70), shadow=(16, 16, 16), label=(235, 232, 228),
                         top=labels("happy-puzzle")[0], left=labels("happy-puzzle")[1],
                         logo=("THE GENIUS", "SQUARE")),
    "smartgames": dict(board=(90, 46, 27), line=(186, 183, 181), shadow=None, label=(252, 252, 252),
                       top=labels("smartgames")[0], left=labels("smartgames")[1],
                       logo=("Genius", "SQUARE")),
}
#: the ground outside the board's rounded corners
GROUND = (200, 205, 208)
#: disc diameter and cube size, in squares
DISC = 0.86
CUBE = 0.92


def style_of(edition: str) -> dict:
    """The drawing style of an edition ("unknown" draws the Happy Puzzle board)."""
    return STYLE.get(edition, STYLE["happy-puzzle"])


def canvas_size(pitch: int) -> tuple[int, int]:
    """(width, height) in pixels of a drawn board."""
    left, top, right, bottom = MARGIN
    return int(round((left + 6 + right) * pitch)), int(round((top + 6 + bottom) * pitch))


def square_box(pitch: int, r: int, c: int) -> tuple[float, float]:
    """Pixel coordinates of the top-left corner of square (r, c)."""
    return (MARGIN[0] + c) * pitch, (MARGIN[1] + r) * pitch


def draw_board(rows: list[str], edition: str, pitch: int = 48, rng: np.random.Generator | None = None) -> np.ndarray:
    """The board whose drawing is ``rows`` (``#``, ``.``, ``1``-``9``), upright, BGR."""
    img = empty_board(edition, pitch)
    for r, row in enumerate(rows):
        for c, sym in enumerate(row):
            if sym == BLOCKER:
                draw_disc(img, pitch, r, c, rng)
    draw_pieces(img, pitch, rows, rng)
    return img


def empty_board(edition: str, pitch: int) -> np.ndarray:
    """The board without blockers or pieces."""
    style = style_of(edition)
    w, h = canvas_size(pitch)
    img = solid(h, w, GROUND)
    radius = int(0.5 * pitch)
    _rounded_rect(img, (0, 0, w - 1, h - 1), radius, style["board"])
    _grid(img, pitch, style)
    _labels(img, pitch, style)
    _logo(img, pitch, style)
    return img


def _rounded_rect(img, box, radius, colour) -> None:
    x0, y0, x1, y1 = box
    cv2.rectangle(img, (x0 + radius, y0), (x1 - radius, y1), colour, -1)
    cv2.rectangle(img, (x0, y0 + radius), (x1, y1 - radius), colour, -1)
    for cx, cy in ((x0 + radius, y0 + radius), (x1 - radius, y0 + radius), (x1 - radius, y1 - radius),
                   (x0 + radius, y1 - radius)):
        cv2.circle(img, (cx, cy), radius, colour, -1, AA)


def _grid(img, pitch, style) -> None:
    x0, y0 = square_box(pitch, 0, 0)
    thick = max(1, int(round((0.035 if style["shadow"] is not None else 0.07) * pitch)))
    for k in range(7):
        for (ax, ay), (bx, by) in (((x0 + k * pitch, y0), (x0 + k * pitch, y0 + 6 * pitch)),
                                   ((x0, y0 + k * pitch), (x0 + 6 * pitch, y0 + k * pitch))):
            if style["shadow"] is not None:
                off = thick
                cv2.line(img, _pt(ax + off, ay + off), _pt(bx + off, by + off), style["shadow"], thick, AA)
            cv2.line(img, _pt(ax, ay), _pt(bx, by), style["line"], thick, AA)


def _labels(img, pitch, style) -> None:
    scale = pitch / 40.0 * (1.0 if style["shadow"] is not None else 1.25)
    weight = max(1, int(round(pitch / 18)))
    for k in range(6):
        x, y = square_box(pitch, 0, k)
        _text_centred(img, style["top"][k], x + pitch / 2, y - 0.62 * pitch, scale, style["label"], weight)
        x, y = square_box(pitch, k, 0)
        _text_centred(img, style["left"][k], x - 0.62 * pitch, y + pitch / 2, scale, style["label"], weight)


def _logo(img, pitch, style) -> None:
    x, y = square_box(pitch, 6, 6)
    scale = pitch / 110.0
    weight = max(1, int(round(pitch / 40)))
    for k, word in enumerate(style["logo"]):
        cx, cy = x - 1.3 * pitch, y + (0.55 + 0.42 * k) * pitch
        _text_centred(img, word, cx, cy, scale, style["label"], weight)
        if style["shadow"] is not None:
            (tw, th), _ = cv2.getTextSize(word, FONT, scale, weight)
            cv2.rectangle(img, _pt(cx - tw / 2 - 3, cy - th / 2 - 4), _pt(cx + tw / 2 + 3, cy + th / 2 + 4),
                          style["label"], max(1, weight // 2), AA)


def _text_centred(img, text, cx, cy, scale, colour, weight) -> None:
    (tw, th), _ = cv2.getTextSize(text, FONT, scale, weight)
    cv2.putText(img, text, _pt(cx - tw / 2, cy + th / 2), FONT, scale, colour, weight, AA)


def draw_disc(img, pitch, r, c, rng=None, colour=WOOD_BGR) -> None:
    """A wooden blocker on square (r, c): a disc with grain rings and a shade."""
    x, y = square_box(pitch, r, c)
    dx, dy = (0.0, 0.0) if rng is None else rng.uniform(-0.03, 0.03, 2) * pitch
    wood = np.array(colour, np.float64) * (1.0 if rng is None else rng.uniform(0.85, 1.08))
    cx, cy, rad = x + pitch / 2 + dx, y + pitch / 2 + dy, DISC * pitch / 2
    shade = np.clip(wood * 0.72, 0, 255)
    cv2.circle(img, _pt(cx + 0.03 * pitch, cy + 0.04 * pitch), int(rad), tuple(shade * 0.5), -1, AA)
    cv2.circle(img, _pt(cx, cy), int(rad), tuple(np.clip(wood, 0, 255)), -1, AA)
    ring = tuple(np.clip(wood * 0.9, 0, 255))
    for k in range(1, 4):
        cv2.circle(img, _pt(cx + 0.08 * pitch, cy - 0.05 * pitch), int(rad * k / 4.5), ring, 1, AA)
    cv2.ellipse(img, _pt(cx, cy), (int(rad), int(rad)), 0, 20, 110, tuple(shade), max(1, pitch // 24), AA)


def draw_pieces(img, pitch, rows, rng=None, colours=PIECE_BGR) -> None:
    """Every square of ``rows`` that shows a piece, as a cube of the piece's colour."""
    jitter = {p: 1.0 if rng is None else rng.uniform(0.9, 1.08) for p in colours}
    for r, row in enumerate(rows):
        for c, sym in enumerate(row):
            if sym not in (BLOCKER, EMPTY):
                draw_cube(img, pitch, r, c, np.clip(np.array(colours[sym]) * jitter[sym], 0, 255))


def draw_cube(img, pitch, r, c, colour) -> None:
    """One square of a piece: a cube's top face with a light and a dark bevel."""
    x, y = square_box(pitch, r, c)
    gap = (1 - CUBE) / 2 * pitch
    x0, y0, x1, y1 = x + gap, y + gap, x + pitch - gap, y + pitch - gap
    col = np.array(colour, np.float64)
    bevel = max(1, int(round(0.06 * pitch)))
    cv2.rectangle(img, _pt(x0, y0), _pt(x1, y1), tuple(col * 0.62), -1)
    cv2.rectangle(img, _pt(x0, y0), _pt(x1 - bevel, y1 - bevel), tuple(np.minimum(col * 1.15 + 12, 255)), -1)
    cv2.rectangle(img, _pt(x0 + bevel, y0 + bevel), _pt(x1 - bevel, y1 - bevel), tuple(col), -1)


def _pt(x: float, y: float) -> tuple[int, int]:
    return int(round(x)), int(round(y))

