"""Drawing IQ XOXO boards: the booklet's style, pages of challenges, marks.

Everything here draws onto a BGR canvas at a given cell pitch ``p`` (px
from one square to the next).  The booklet draws a light grey square per
board square with a gap between squares, a light dot on every square that
takes an X, each given piece as one shape in its colour (no gap between its
own squares) with its X and O in a lighter tint, and the challenge number
in white on a coloured tab above the board.  :func:`draw_page` lays out
several challenges; the painter draws solutions with the same pieces.
"""

from __future__ import annotations

import cv2
import numpy as np

from visolve.puzzles.iq_xoxo.board import COLS, EMPTY, PIECE_BGR, ROWS, mark

from visolve.puzzles.iq_xoxo.model import Level
from visolve.vision.canvas import solid

PAGE = (236, 237, 238)
SQUARE = (204, 204, 203)
DOT = (228, 228, 228)
WHITE = (255, 255, 255)
#: gap between squares, share of the pitch
GAP = 0.14
#: dot radius, share of the pitch
DOT_RADIUS = 0.12
#: X half-length, O radius and stroke width, shares of the pitch
X_HALF, O_RADIUS, STROKE = 0.24, 0.22, 0.085
#: marks are the piece colour mixed with this share of white
TINT = 0.45
#: tab size (pitches) and its distance above the board
TAB_W, TAB_H, TAB_GAP = 2.3, 0.85, 0.12
#: tab colours of the level groups (BGR), one per 24 challenges
TAB_COLOURS = ((180, 90, 20), (60, 150, 40), (30, 120, 230), (150, 50, 140), (40, 40, 200))
FONT = cv2.FONT_HERSHEY_SIMPLEX
#: space between challenges on a page: columns and rows apart, pitches
PAGE_GAP_X, PAGE_GAP_Y = 1.2, 2.2
#: page margin, pitches
PAGE_MARGIN = 1.0


def tint(colour) -> tuple[int, ...]:
    """A piece colour's lighter tint (its marks)."""
    return tuple(int(round(v * (1 - TINT) + 255 * TINT)) for v in colour)


def square_box(x0: float, y0: float, p: float, r: int, c: int) -> tuple[int, int, int, int]:
    """Pixel box ``(x0, y0, x1, y1)`` of square ``(r, c)`` of a board drawn at ``(x0, y0)``."""
    g = GAP * p / 2
    return (int(round(x0 + c * p + g)), int(round(y0 + r * p + g)),
            int(round(x0 + (c + 1) * p - g)), int(round(y0 + (r + 1) * p - g)))


def draw_mark(img: np.ndarray, cx: float, cy: float, p: float, which: str, colour) -> None:
    """An X or an O centred on ``(cx, cy)``."""
    w = max(1, int(round(STROKE * p)))
    if which == "X":
        h = X_HALF * p
        for sx in (-1, 1):
            a = (int(round(cx - sx * h)), int(round(cy - h)))
            b = (int(round(cx + sx * h)), int(round(cy + h)))
            cv2.line(img, a, b, colour, w, cv2.LINE_AA)
    else:
        cv2.circle(img, (int(round(cx)), int(round(cy))), int(round(O_RADIUS * p)), colour, w, cv2.LINE_AA)


def draw_piece(img: np.ndarray, x0: float, y0: float, p: float, cells, colour, marks: bool = True) -> None:
    """One piece as a single shape over its squares (gaps between its own squares filled)."""
    cells = set(cells)
    for r, c in cells:
        bx0, by0, bx1, by1 = square_box(x0, y0, p, r, c)
        cv2.rectangle(img, (bx0, by0), (bx1 - 1, by1 - 1), colour, -1)
        if (r, c + 1) in cells:
            nx0 = square_box(x0, y0, p, r, c + 1)[0]
            cv2.rectangle(img, (bx1 - 1, by0), (nx0, by1 - 1), colour, -1)
        if (r + 1, c) in cells:
            ny0 = square_box(x0, y0, p, r + 1, c)[1]
            cv2.rectangle(img, (bx0, by1 - 1), (bx1 - 1, ny0), colour, -1)
        if {(r, c + 1), (r + 1, c), (r + 1, c + 1)} <= cells:
            cv2.rectangle(img, (bx1 - 1, by1 - 1), (bx1 + int(GAP * p) + 1, by1 + int(GAP * p) + 1), colour, -1)
    if marks:
        for r, c in cells:
            cx, cy = x0 + (c + 0.5) * p, y0 + (r + 0.5) * p
            draw_mark(img, cx, cy, p, mark(r, c), tint(colour))


def draw_board(img: np.ndarray, x0: float, y0: float, p: float, rows, colours=PIECE_BGR,
               square=SQUARE, dot=DOT) -> None:
    """The board at ``(x0, y0)``: empty squares (``square``) with their dots (``dot``), pieces of
    ``rows`` in colour."""
    for r in range(ROWS):
        for c in range(COLS):
            if rows[r][c] != EMPTY:
                continue
            bx0, by0, bx1, by1 = square_box(x0, y0, p, r, c)
            cv2.rectangle(img, (bx0, by0), (bx1 - 1, by1 - 1), square, -1)
            if mark(r, c) == "X":
                centre = (int(round(x0 + (c + 0.5) * p)), int(round(y0 + (r + 0.5) * p)))
                cv2.circle(img, centre, max(1, int(round(DOT_RADIUS * p))), dot, -1, cv2.LINE_AA)
    pieces: dict[str, list] = {}
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch != EMPTY:
                pieces.setdefault(ch, []).append((r, c))
    for letter, cells in pieces.items():
        draw_piece(img, x0, y0, p, cells, colours[letter])


def tab_colour(number: int) -> tuple[int, int, int]:
    """The tab colour of a challenge number's group."""
    return TAB_COLOURS[((number - 1) // 24) % len(TAB_COLOURS)]


def draw_tab(img: np.ndarray, x0: float, y0: float, p: float, number: int,
             size=(TAB_W, TAB_H), gap=TAB_GAP) -> None:
    """The challenge number in white on a coloured tab (``size``: width and height in pitches)
    centred ``gap`` pitches above the board at ``(x0, y0)``."""
    cx = x0 + COLS * p / 2
    w, h = size[0] * p, size[1] * p
    top = y0 - gap * p - h
    box = (int(round(cx - w / 2)), int(round(top)), int(round(cx + w / 2)), int(round(top + h)))
    cv2.rectangle(img, box[:2], box[2:], tab_colour(number), -1)
    text = str(number)
    scale = h * 0.62 / 22.0
    thick = max(1, int(round(h * 0.13)))
    (tw, th), _ = cv2.getTextSize(text, FONT, scale, thick)
    org = (int(round(cx - tw / 2)), int(round(top + (h + th) / 2)))
    cv2.putText(img, text, org, FONT, scale, WHITE, thick, cv2.LINE_AA)


def page_size(n: int, p: float, per_row: int) -> tuple[int, int]:
    """(width, height) px of a page of ``n`` challenges, ``per_row`` side by side."""
    cols = min(n, per_row)
    lines = -(-n // per_row)
    w = 2 * PAGE_MARGIN * p + cols * COLS * p + (cols - 1) * PAGE_GAP_X * p
    h = 2 * PAGE_MARGIN * p + lines * (ROWS * p + PAGE_GAP_Y * p) - (PAGE_GAP_Y - TAB_H - TAB_GAP) * p
    return int(round(w)), int(round(h + (PAGE_GAP_Y - TAB_H - TAB_GAP) * p))


def board_origins(n: int, p: float, per_row: int) -> list[tuple[float, float]]:
    """Top-left corner of each challenge's board on a page laid out by :func:`page_size`."""
    out = []
    for k in range(n):
        i, j = divmod(k, per_row)
        x = PAGE_MARGIN * p + j * (COLS + PAGE_GAP_X) * p
        y = PAGE_MARGIN * p + (TAB_H + TAB_GAP) * p + i * (ROWS + PAGE_GAP_Y) * p
        out.append((x, y))
    return out


def draw_page(levels: list[Level], p: float = 40, per_row: int = 2) -> np.ndarray:
    """A booklet page: each challenge's board with its number on a tab (none for a named level)."""
    w, h = page_size(len(levels), p, per_row)
    img = solid(h, w, PAGE)
    for level, (x, y) in zip(levels, board_origins(len(levels), p, per_row)):
        draw_board(img, x, y, p, level.rows)
        if isinstance(level.level, int):
            draw_tab(img, x, y, p, level.level)
    return img
