"""IQ XOXO pictures of solutions and hints (the booklet's drawing of :mod:`.draw`).

:func:`paint_solution` draws the challenge as read beside the solved board:
every piece in its colour with its X and O, the given pieces outlined in
black, the others numbered in the order to lay them.  :func:`paint_hint`
draws the challenge with only the next piece added (outlined), and says
whether the board can still be finished.
"""

from __future__ import annotations

import cv2
import numpy as np

from visolve.puzzles.base import count_of, proven_of
from visolve.puzzles.iq_xoxo.board import COLS, PIECE_BGR, ROWS
from visolve.puzzles.iq_xoxo.draw import PAGE, draw_board, draw_piece
from visolve.puzzles.iq_xoxo.model import Level
from visolve.vision.canvas import solid
from visolve.vision.paint import cell_outline, centred_text, hint_lines, with_caption

#: cell pitch (px) of painted boards
PITCH = 56
INK = (30, 30, 30)
RED = (40, 40, 200)
GREEN = (40, 130, 40)
FONT = cv2.FONT_HERSHEY_SIMPLEX
#: outline width, share of the pitch
OUTLINE = 0.07
#: px above a board for its caption, and around
CAPTION, PAD = 44, 24
#: px of the band for a line under the boards
FOOT = 30


def _canvas(boards: int) -> np.ndarray:
    w = PAD * (boards + 1) + boards * COLS * PITCH
    return solid(CAPTION + ROWS * PITCH + 2 * PAD, w, PAGE)


def _with_footnote(img: np.ndarray, text: str, colour=INK) -> np.ndarray:
    """The picture with one line of ``text`` in a band under it."""
    return with_caption(img, [(text, colour)], FOOT, 0.55, background=PAGE, left=PAD, thickness=2)


def _outline(img: np.ndarray, x: int, y: int, cells) -> None:
    cell_outline(img, [tuple(c) for c in cells], (x, y), PITCH, INK, max(2, int(OUTLINE * PITCH)))


def board_origin(k: int) -> tuple[int, int]:
    return PAD + k * (COLS * PITCH + PAD), CAPTION + PAD


def _text(img: np.ndarray, text: str, org, colour=INK, scale: float = 0.7) -> None:
    cv2.putText(img, text, org, FONT, scale, colour, 2, cv2.LINE_AA)


def _badge(img: np.ndarray, x0: float, y0: float, cells, number: int) -> None:
    """The placement number in a white disc on the piece's middle square."""
    cells = [tuple(c) for c in cells]
    mr, mc = np.mean(cells, axis=0)
    r, c = min(cells, key=lambda rc: (rc[0] - mr) ** 2 + (rc[1] - mc) ** 2)
    cx, cy = int(round(x0 + (c + 0.5) * PITCH)), int(round(y0 + (r + 0.5) * PITCH))
    cv2.circle(img, (cx, cy), int(PITCH * 0.24), (255, 255, 255), -1, cv2.LINE_AA)
    cv2.circle(img, (cx, cy), int(PITCH * 0.24), INK, 1, cv2.LINE_AA)
    centred_text(img, str(number), (cx, cy), 0.6, INK, 2)


def _status(solution: dict) -> tuple[str, tuple]:
    if not solution.get("solved"):
        return "no solution: " + str(solution.get("reason", "")), RED
    n = count_of(solution) or 1
    if not proven_of(solution):
        return f"{n} found (search cut short)", RED
    return ("unique solution" if n == 1 else f"{n} solutions: not unique"), (GREEN if n == 1 else RED)


def paint_solution(level: Level, solution: dict) -> np.ndarray:
    """The challenge as read (left) and its solution (right), pieces numbered in laying order."""
    img = _canvas(2)
    x, y = board_origin(0)
    draw_board(img, x, y, PITCH, level.rows)
    _text(img, f"challenge {level.level}", (x, CAPTION))
    x, y = board_origin(1)
    status, colour = _status(solution)
    _text(img, status, (x, CAPTION), colour)
    if not solution.get("solved"):
        draw_board(img, x, y, PITCH, level.rows)
        return _with_footnote(img, "")
    draw_board(img, x, y, PITCH, solution["board"])
    number = 0
    for pl in solution.get("placements", []):
        if pl.get("given"):
            _outline(img, x, y, pl["squares"])
        else:
            number += 1
            _badge(img, x, y, pl["squares"], number)
    return _with_footnote(img, "outlined: given   numbers: the order to lay the other pieces")


def paint_hint(level: Level, solution: dict) -> np.ndarray:
    """The challenge with the next piece only (outlined), and whether the board can be finished."""
    img = _canvas(1)
    x, y = board_origin(0)
    hint = solution.get("hint") or {}
    piece, cells = hint.get("piece"), [tuple(c) for c in hint.get("cells") or []]
    draw_board(img, x, y, PITCH, level.rows)
    if piece and cells:
        draw_piece(img, x, y, PITCH, cells, PIECE_BGR[piece])
        _outline(img, x, y, cells)
    face = hint.get("face")
    head, reason = hint_lines(f"challenge {level.level}", hint, f"lay {piece}" + (f" ({face} up)" if face else ""))
    _text(img, head, (x, CAPTION), INK if piece and cells else RED)
    return _with_footnote(img, reason, INK if piece and cells else RED)
