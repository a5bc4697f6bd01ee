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


def outline(img: np.ndarray, x0: float, y0: float, p: float, cells, colour, width: int) -> None:
    """A line around a piece's squares, along the middle of the gaps around it."""
    cells = set(map(tuple, cells))
    for r, c in cells:
        left, top = x0 + c * p, y0 + r * p
        right, bottom = left + p, top + p
        sides = {(r - 1, c): ((left, top), (right, top)), (r + 1, c): ((left, bottom), (right, bottom)),
                 (r, c - 1): ((left, top), (left, bottom)), (r, c + 1): ((right, top), (right, bottom))}
        for nb, (a, b) in sides.items():
            if nb in cells:
                continue
            pa = (int(round(a[0])), int(round(a[1])))
            pb = (int(round(b[0])), int(round(b[1])))
            cv2.line(img, pa, pb, colour, width, cv2.LINE_AA)


def _canvas(boards: int) -> np.ndarray:
    w = PAD * (boards + 1) + boards * COLS * PITCH
    h = CAPTION + ROWS * PITCH + 2 * PAD + 30
    return solid(h, w, PAGE)


def _origin(k: int) -> tuple[int, int]:
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
    text = str(number)
    (tw, th), _ = cv2.getTextSize(text, FONT, 0.6, 2)
    cv2.putText(img, text, (cx - tw // 2, cy + th // 2), FONT, 0.6, INK, 2, cv2.LINE_AA)


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
    x, y = _origin(0)
    draw_board(img, x, y, PITCH, level.rows)
    _text(img, f"challenge {level.level}", (x, CAPTION))
    x, y = _origin(1)
    status, colour = _status(solution)
    _text(img, status, (x, CAPTION), colour)
    if not solution.get("solved"):
        draw_board(img, x, y, PITCH, level.rows)
        return img
    draw_board(img, x, y, PITCH, solution["board"])
    number = 0
    for pl in solution.get("placements", []):
        if pl.get("given"):
            outline(img, x, y, PITCH, pl["squares"], INK, max(2, int(OUTLINE * PITCH)))
        else:
            number += 1
            _badge(img, x, y, pl["squares"], number)
    _text(img, "outlined: given   numbers: the order to lay the other pieces",
          (PAD, img.shape[0] - 14), INK, 0.55)
    return img


def paint_hint(level: Level, solution: dict) -> np.ndarray:
    """The challenge with the next piece only (outlined), and whether the board can be finished."""
    img = _canvas(1)
    x, y = _origin(0)
    hint = solution.get("hint") or {}
    piece, cells = hint.get("piece"), [tuple(c) for c in hint.get("cells") or []]
    draw_board(img, x, y, PITCH, level.rows)
    if piece and cells:
        draw_piece(img, x, y, PITCH, cells, PIECE_BGR[piece])
        outline(img, x, y, PITCH, cells, INK, max(2, int(OUTLINE * PITCH)))
        face = hint.get("face")
        head = f"challenge {level.level}: next lay {piece}" + (f" ({face} up)" if face else "")
        colour = INK
    elif hint.get("completable") is False:
        head, colour = f"challenge {level.level}: cannot be finished", RED
    else:
        head, colour = f"challenge {level.level}: no next piece", RED
    _text(img, head, (x, CAPTION))
    _text(img, str(hint.get("reason", "")), (PAD, img.shape[0] - 14), colour, 0.55)
    return img
