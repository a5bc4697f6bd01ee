"""IQ Stars pictures in the booklet's style: challenges, solutions, hints.

The booklet draws a dark navy rounded board, every cell a six-pointed star
outlined in black; a placed piece's star in its colour with a white star in
the middle; a wizard star solid in its colour (:mod:`.layout` has the
proportions).  :func:`draw_challenge` draws a level that way (the pictures
the reader is tested on), :func:`paint_solution` the solved board with the
given stars marked and the order to lay the pieces, :func:`paint_hint` the
given stars and the next piece only.
"""

from __future__ import annotations

import cv2
import numpy as np

from visolve.puzzles.iq_stars import layout
from visolve.puzzles.iq_stars.board import CELLS, EMPTY
from visolve.puzzles.iq_stars.model import COLOURS, Level
from visolve.vision.canvas import solid
from visolve.vision.paint import centred_text, hint_lines, with_caption

#: BGR colours of the booklet's drawings
NAVY = (68, 44, 44)
BLACK = (0, 0, 0)
WHITE = (255, 255, 255)
PAGE = (255, 255, 255)
STAR_BGR = {
    "r": (0, 0, 255),
    "o": (0, 165, 255),
    "y": (0, 215, 255),
    "g": (0, 128, 0),
    "b": (255, 0, 0),
    "v": (128, 0, 128),
    "p": (147, 20, 255),
}
#: sub-pixel bits of OpenCV's polygon drawing
SHIFT = 4
#: white page around the board (board units)
PAGE_MARGIN = 0.25
#: pitch (px per unit) of solution and hint pictures
PAINT_PITCH = 80
#: height of a caption line under solution and hint pictures, and of its letters (board units)
CAPTION_H, CAPTION_SCALE = 0.55, 0.28
#: outline of the hint's next piece and of wizard stars in a solution
HIGHLIGHT = (255, 255, 255)
#: width of the hint's outline (board units)
HIGHLIGHT_W = 0.02


class Canvas:
    """A picture of the board: board units -> pixels at ``pitch``, ``origin`` px offset."""

    def __init__(self, pitch: float, page: float = PAGE_MARGIN) -> None:
        self.pitch = float(pitch)
        self.origin = page * self.pitch
        w = int(round((layout.BOARD_W + 2 * page) * self.pitch))
        h = int(round((layout.BOARD_H + 2 * page) * self.pitch))
        self.image = solid(h, w, PAGE)

    def px(self, pts) -> np.ndarray:
        """Board points -> fixed-point pixel coordinates for OpenCV (``SHIFT`` bits)."""
        p = np.asarray(pts, np.float64) * self.pitch + self.origin - 0.5
        return np.round(p * (1 << SHIFT)).astype(np.int32)

    def board(self) -> None:
        """The navy rounded rectangle."""
        r = layout.CORNER_R
        w, h = layout.BOARD_W, layout.BOARD_H
        pts = []
        for cx, cy, a0 in ((w - r, r, -90), (w - r, h - r, 0), (r, h - r, 90), (r, r, 180)):
            for a in np.linspace(a0, a0 + 90, 7):
                t = np.radians(a)
                pts.append((cx + r * np.cos(t), cy + r * np.sin(t)))
        cv2.fillPoly(self.image, [self.px(pts)], NAVY, cv2.LINE_AA, SHIFT)

    def star(self, cell, radius: float, colour, outline: bool = False, width: float = layout.OUTLINE_W) -> None:
        """A star on ``cell`` (filled, or only its outline)."""
        pts = self.px(layout.star_points(*layout.CENTRES[cell], radius))
        if outline:
            t = max(1, int(round(width * self.pitch)))
            cv2.polylines(self.image, [pts], True, colour, t, cv2.LINE_AA, SHIFT)
        else:
            cv2.fillPoly(self.image, [pts], colour, cv2.LINE_AA, SHIFT)

    def text(self, text: str, u: float, v: float, colour, scale: float) -> None:
        """Text centred on board point ``(u, v)``; ``scale`` in board units of height,
        smaller when it would not fit the picture's width."""
        fs = scale * self.pitch / 22.0
        centre = (u * self.pitch + self.origin, v * self.pitch + self.origin)
        centred_text(self.image, text, centre, fs, colour, max(1, int(round(fs * 2))), 0.95 * self.image.shape[1])


def _draw_cells(canvas: Canvas, symbols: dict) -> None:
    """Board, coloured stars, outlines, white centres: ``symbols`` cell -> level symbol."""
    canvas.board()
    for cell in CELLS:
        ch = symbols.get(cell, EMPTY)
        if ch != EMPTY:
            canvas.star(cell, layout.STAR_R, STAR_BGR[ch.lower()])
    for cell in CELLS:
        canvas.star(cell, layout.STAR_R, BLACK, outline=True)
    for cell in CELLS:
        ch = symbols.get(cell, EMPTY)
        if ch != EMPTY and ch.islower():
            canvas.star(cell, layout.INNER_R, WHITE)


def _symbols(rows) -> dict:
    return {(r, k): rows[r][k] for r, k in CELLS}


def draw_challenge(level: Level, pitch: float = 60.0, page: float = PAGE_MARGIN) -> np.ndarray:
    """The level as the booklet draws it: ``pitch`` px per board unit, ``page`` units of white around."""
    canvas = Canvas(pitch, page)
    _draw_cells(canvas, _symbols(level.rows))
    return canvas.image


def _captioned(canvas: Canvas, lines) -> np.ndarray:
    """The picture with its caption lines in a band under it."""
    fs = CAPTION_SCALE * canvas.pitch / 22.0
    return with_caption(canvas.image, lines, int(round(CAPTION_H * canvas.pitch)), fs, colour=BLACK,
                        background=PAGE, thickness=max(1, int(round(fs * 2))))


def _count_text(solution: dict) -> str:
    n = solution.get("count", 0)
    if not solution.get("solved"):
        return "no solution: " + str(solution.get("reason", "timed out" if solution.get("timed_out") else ""))
    if not solution.get("proven"):
        return f"{n}+ solutions found (count not finished)"
    return "unique solution" if n == 1 else f"{n} solutions (one shown)"


def paint_solution(level: Level, solution: dict) -> np.ndarray:
    """The solved board; laid pieces numbered in order, wizard stars ringed in white."""
    canvas = Canvas(PAINT_PITCH)
    board = solution.get("board")
    if not solution.get("solved") or not board:
        _draw_cells(canvas, _symbols(level.rows))
        return _captioned(canvas, [f"level {level.level}: {_count_text(solution)}"])
    symbols = {(r, k): board[r][k] for r, k in CELLS}
    _draw_cells(canvas, symbols)
    _mark_wizards(canvas, level)
    order = [p for p in solution.get("placements", []) if not p.get("given")]
    for n, p in enumerate(order, start=1):
        for r, k in p["cells"]:
            u, v = layout.CENTRES[(r, k)]
            canvas.text(str(n), u, v, BLACK, 0.2)
    return _captioned(canvas, [f"level {level.level}: {_count_text(solution)}; numbers: order to lay the pieces"])


def _mark_wizards(canvas: Canvas, level: Level) -> None:
    for r, k in CELLS:
        if level.rows[r][k].isupper():
            canvas.star((r, k), layout.INNER_R, STAR_BGR[level.rows[r][k].lower()])
            canvas.star((r, k), layout.STAR_R - 0.04, HIGHLIGHT, outline=True, width=0.04)


def paint_hint(level: Level, solution: dict) -> np.ndarray:
    """The level as given, with only the next piece (the solution's ``hint``) added and outlined."""
    canvas = Canvas(PAINT_PITCH)
    hint = solution.get("hint") or {}
    symbols = _symbols(level.rows)
    cells = [tuple(c) for c in hint.get("cells") or []]
    for cell in cells:
        symbols[cell] = hint["piece"]
    _draw_cells(canvas, symbols)
    for cell in cells:
        canvas.star(cell, layout.STAR_R, HIGHLIGHT, outline=True, width=HIGHLIGHT_W)
    piece = f"{COLOURS.get(hint.get('piece'), '')} piece"
    head, reason = hint_lines(f"level {level.level}", hint, "the " + piece)
    return _captioned(canvas, [head, reason.removeprefix(piece + ": ")])
