"""Solution and hint pictures of a Genius Square board.

:func:`paint_solution` draws the solved board in the game's colours on the
edition's board (labels printed as on it, blockers as wooden discs; the
squares the caption names are the ones those labels name), each
piece with its place in the order laid (``1.`` first; the pieces already on
the board are marked ``=``), and a caption: the count, whether the blockers
are a roll of the dice, the difficulty.  An unsolved board is drawn as read
with the reason.

:func:`paint_hint` draws the board as photographed (blockers and the pieces
already placed) with only the next piece drawn in, outlined, and a caption
saying why that piece there and how many completions are left.
"""

from __future__ import annotations

import cv2
import numpy as np

from visolve.plural import counted
from visolve.puzzles.genius_square import model
from visolve.puzzles.genius_square.board import Level, drawing
from visolve.puzzles.genius_square.draw import (
    AA,
    FONT,
    canvas_size,
    draw_board,
    square_box,
)
from visolve.vision.canvas import solid

#: pixels per square of the pictures
PITCH = 64
CAPTION = (24, 24, 24)
CAPTION_TEXT = (245, 245, 245)
HINT_OUTLINE = (255, 255, 255)
#: caption band height in squares: per line, and the margin
CAPTION_LINE, CAPTION_MARGIN = 0.5, 0.3


def paint_solution(level: Level, solution: dict) -> np.ndarray:
    """The solved board (or the board as read, when unsolved) with its caption."""
    rows = solution.get("board") or drawing(level)
    img = draw_board(rows, level.edition, PITCH)
    if solution.get("solved"):
        for k, pl in enumerate(solution.get("placements", []), start=1):
            _order_mark(img, model.square(pl["squares"][0], level.edition),
                        "=" if pl.get("given") else f"{k - _given(solution)}")
    return _with_caption(img, caption_lines(solution))


def caption_lines(solution: dict) -> list[str]:
    """The lines of the solution picture's caption: the count (or why none), the blockers as printed."""
    if solution.get("solved"):
        return [_count_line(solution), *_roll_lines(solution)]
    return [f"no solution: {solution.get('reason', '')}", *_roll_lines(solution)]


def _given(solution: dict) -> int:
    return sum(1 for pl in solution.get("placements", []) if pl.get("given"))


def _count_line(solution: dict) -> str:
    n = solution.get("count", 1)
    exact = "" if solution.get("proven") else " found (count not finished)"
    kind = "completions" if "hint" in solution else "solutions"
    return f"{n} {kind if n != 1 else kind[:-1]}{exact}; numbers: the order the pieces were laid"


def _roll_lines(solution: dict) -> list[str]:
    """The blockers and the difficulty; when they are no roll, why (its first clause) on a line of its own."""
    head = f"blockers {' '.join(solution.get('blockers', []))}"
    if solution.get("legal_roll"):
        return [f"{head}: a roll of the dice; {solution.get('difficulty', 'starter')}"]
    why = solution.get("roll_note", "").split(";")[0]
    return [f"{head}; {solution.get('difficulty', 'starter')}", f"not a roll of the dice: {why}"]


def paint_hint(level: Level, solution: dict) -> np.ndarray:
    """The board as photographed with the next piece only (see the module docstring)."""
    hint = solution.get("hint") or {}
    rows = [list(row) for row in drawing(level)]
    cells = hint.get("cells") or []
    for square in cells:
        r, c = model.square(square, level.edition)
        rows[r][c] = hint["piece"]
    img = draw_board(["".join(row) for row in rows], level.edition, PITCH)
    if cells:
        _outline(img, [model.square(square, level.edition) for square in cells])
        head = f"next: piece {hint['piece']} ({model.COLOURS[hint['piece']]}) on {' '.join(cells)}"
    else:
        head = "no next piece"
    done = hint.get("completable")
    state = {True: counted(hint.get('completions', 0), 'completion'), False: "cannot be completed",
             None: "completions not known in time"}[done]
    return _with_caption(img, [f"{head}: {hint.get('reason', '')}", f"this board: {state}"])


def _order_mark(img: np.ndarray, cell: tuple[int, int], text: str) -> None:
    """The piece's place in the order laid, on one of its cells (row, column as seen)."""
    x, y = square_box(PITCH, *cell)
    scale = PITCH / 70.0
    (tw, th), _ = cv2.getTextSize(text, FONT, scale, 2)
    org = (int(x + PITCH / 2 - tw / 2), int(y + PITCH / 2 + th / 2))
    cv2.putText(img, text, org, FONT, scale, (0, 0, 0), 4, AA)
    cv2.putText(img, text, org, FONT, scale, (255, 255, 255), 2, AA)


def _outline(img: np.ndarray, cells: list[tuple[int, int]]) -> None:
    """A white outline round the cells (row, column as seen) of one piece."""
    mask = np.zeros(img.shape[:2], np.uint8)
    for r, c in cells:
        x, y = square_box(PITCH, r, c)
        cv2.rectangle(mask, (int(x), int(y)), (int(x + PITCH), int(y + PITCH)), 255, -1)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    cv2.drawContours(img, contours, -1, HINT_OUTLINE, max(2, PITCH // 12), AA)


def _with_caption(img: np.ndarray, lines: list[str]) -> np.ndarray:
    """The picture with a caption band of a few lines below it (a line too long for it is shrunk)."""
    w, _h = canvas_size(PITCH)
    band = solid(int((CAPTION_LINE * len(lines) + CAPTION_MARGIN) * PITCH), w, CAPTION)
    for k, line in enumerate(lines):
        scale = PITCH / 120.0
        (tw, _th), _ = cv2.getTextSize(line, FONT, scale, 1)
        scale *= min(1.0, (w - 20) / max(tw, 1))
        cv2.putText(band, line, (10, int((0.5 + CAPTION_LINE * k) * PITCH)), FONT, scale, CAPTION_TEXT, 1, AA)
    return np.vstack([img, band])

