"""IQ Circuit painter: booklet-style pictures of challenges and solutions.

:func:`draw_challenge` draws a challenge the way the booklet pictures do
(dark rounded cells on a grey lattice, yellow track and dots, white outlines
around pre-placed pieces); the reader reads these back exactly, which the
tests use.  :func:`paint_solution` puts the challenge as read beside the
solved board (every piece outlined in its own colour and numbered in laying
order, the board's columns A-H and rows 1-4 written along its edges) and
lists the pieces in that order, named as a player sees them
(:mod:`visolve.puzzles.iq_circuit.wording`).
"""

from __future__ import annotations

import cv2
import numpy as np

from visolve.puzzles.base import count_of, proven_of
from visolve.puzzles.iq_circuit.model import (
    DELTA,
    HEIGHT,
    OPEN_DOT,
    SYMBOL_MASK,
    WIDTH,
    Level,
    board_symbols,
)
from visolve.puzzles.iq_circuit.wording import OUTLINES, Step, steps
from visolve.vision.canvas import solid
from visolve.vision.paint import caption_band, cell_outline, centred_text

GREY = (90, 88, 87)
DARK = (32, 31, 35)
YELLOW = (1, 241, 255)
WHITE = (255, 255, 255)
PAPER = (245, 245, 245)
INK = (30, 30, 30)
RED = (40, 40, 220)
FONT = cv2.FONT_HERSHEY_SIMPLEX


def _rounded_square(img, x0: int, y0: int, size: int, radius: int, colour) -> None:
    r = max(1, radius)
    cv2.rectangle(img, (x0 + r, y0), (x0 + size - r, y0 + size), colour, -1)
    cv2.rectangle(img, (x0, y0 + r), (x0 + size, y0 + size - r), colour, -1)
    for cx, cy in ((x0 + r, y0 + r), (x0 + size - r, y0 + r), (x0 + r, y0 + size - r), (x0 + size - r, y0 + size - r)):
        cv2.circle(img, (cx, cy), r, colour, -1, cv2.LINE_AA)


def _rows_first(cells) -> list:
    """(x, y) cells as the painter kit takes them: (row, column), in the same order."""
    return [(y, x) for x, y in cells]


def draw_board(
    grid,
    pitch: int = 42,
    outlines: list[tuple[set, tuple[int, int, int], int]] = (),
    margin: float = 0.0,
    inset: int = 0,
) -> np.ndarray:
    """A board picture of ``grid`` (rows of symbols).

    ``outlines`` = (cells, colour, width) drawn around groups of cells: on the
    gap middle lines over the track when ``inset`` is 0 (the booklet's white
    outlines), else ``inset`` px inside the pieces and under the track.
    """
    pad = int(round(margin * pitch))
    w, h = WIDTH * pitch + 2 * pad, HEIGHT * pitch + 2 * pad
    img = solid(h, w, GREY)
    size = int(round(pitch * 0.72))
    gap = (pitch - size) // 2
    band = max(2, int(round(pitch * 0.19)))
    dot_r = int(round(pitch * 0.25))
    for y in range(HEIGHT):
        for x in range(WIDTH):
            _rounded_square(img, pad + x * pitch + gap, pad + y * pitch + gap, size, max(2, pitch // 10), DARK)
    if inset:
        for cells, colour, width in outlines:
            cell_outline(img, _rows_first(cells), (pad, pad), pitch, colour, width, inset)
    for y in range(HEIGHT):
        for x in range(WIDTH):
            sym = grid[y][x]
            cx, cy = pad + x * pitch + pitch // 2, pad + y * pitch + pitch // 2
            mask = SYMBOL_MASK.get(sym, 0)
            for d in range(4):
                if mask >> d & 1:
                    ex, ey = cx + DELTA[d][0] * (pitch // 2), cy + DELTA[d][1] * (pitch // 2)
                    x0, x1 = sorted((cx, ex))
                    y0, y1 = sorted((cy, ey))
                    half = band // 2
                    if DELTA[d][0]:
                        cv2.rectangle(img, (x0, cy - half), (x1, cy + band - half - 1), YELLOW, -1)
                    else:
                        cv2.rectangle(img, (cx - half, y0), (cx + band - half - 1, y1), YELLOW, -1)
            if mask and bin(mask).count("1") == 2:
                cv2.circle(img, (cx, cy), band // 2, YELLOW, -1, cv2.LINE_AA)
            if sym == OPEN_DOT or (mask and bin(mask).count("1") == 1):
                cv2.circle(img, (cx, cy), dot_r, YELLOW, -1, cv2.LINE_AA)
    if not inset:
        for cells, colour, width in outlines:
            cell_outline(img, _rows_first(cells), (pad, pad), pitch, colour, width)
    return img


def draw_challenge(level: Level, pitch: int = 42, margin: float = 0.0) -> np.ndarray:
    """The challenge as the booklet shows it (cells, dots, white-outlined pre-placed pieces)."""
    grid = [list(row) for row in level.grid]
    for row in grid:
        for x, sym in enumerate(row):
            if sym == "?":
                row[x] = "."
    outlines = []
    for pl in level.pieces:
        cells = {(x, y) for x, y, _m in pl.cells()}
        outlines.append((cells, WHITE, max(2, pitch // 14)))
    return draw_board(grid, pitch, outlines, margin)


def draw_number_mark(img, step: Step, pitch: int, pad: int) -> None:
    """The step's number in a disc of its piece's colour, near the top-left corner of its mark square."""
    x, y = step.mark
    r = max(8, int(round(pitch * 0.26)))
    cx, cy = pad + x * pitch + r + 1, pad + y * pitch + r + 1
    cv2.circle(img, (cx, cy), r, OUTLINES[step.placement.piece][0], -1, cv2.LINE_AA)
    cv2.circle(img, (cx, cy), r, (0, 0, 0), 1, cv2.LINE_AA)
    centred_text(img, str(step.number), (cx, cy), r / 26, (0, 0, 0))


def draw_solution_board(order: list[Step], pitch: int = 42, margin: float = 0.15) -> np.ndarray:
    """The solved board: each piece outlined in its colour, its laying number on its mark square."""
    placements = [step.placement for step in order]
    grid = board_symbols(placements)
    outlines = [
        ({(x, y) for x, y, _m in pl.cells()}, OUTLINES[pl.piece][0], max(2, pitch // 12)) for pl in placements
    ]
    img = draw_board(grid, pitch, outlines, margin, inset=max(2, pitch // 14))
    pad = int(round(margin * pitch))
    for step in order:
        draw_number_mark(img, step, pitch, pad)
    return img


def with_edge_labels(board: np.ndarray, pitch: int, margin: float) -> np.ndarray:
    """``board`` (drawn with ``margin``) with the column letters A-H above it and the row numbers 1-4 left of it."""
    pad = int(round(margin * pitch))
    band = max(16, pitch // 2)
    h, w = board.shape[:2]
    out = solid(h + band, w + band, PAPER)
    out[band:, band:] = board
    scale = band / 36
    for x in range(WIDTH):
        centred_text(out, chr(ord("A") + x), (band + pad + x * pitch + pitch // 2, band // 2), scale, INK)
    for y in range(HEIGHT):
        centred_text(out, str(y + 1), (band // 2, band + pad + y * pitch + pitch // 2), scale, INK)
    return out


def text_block(lines: list[tuple[str, tuple]], width: int, line_h: int = 18) -> np.ndarray:
    """Lines of ``(text, BGR colour)`` on paper, ``width`` px wide: the titles and the list under the boards."""
    return caption_band(width, lines, line_h, 0.45, background=PAPER, left=8, margin=8)


def _panel(title: str, body: np.ndarray, width: int) -> np.ndarray:
    head = text_block([(title, INK)], width)
    pad = solid(body.shape[0], width, PAPER)
    x0 = (width - body.shape[1]) // 2
    pad[:, x0 : x0 + body.shape[1]] = body
    return np.vstack([head, pad])


#: the line above the laying order
ORDER_HEADING = "Lay the pieces in this order (numbered as on the board; rows 1-4 from the top):"


def solution_steps(level: Level, solution: dict) -> list[Step]:
    """The laying order the picture numbers and lists (empty when the solution has no board)."""
    from visolve.puzzles.iq_circuit.solver import placement_order, placements_from_solution

    placements = placements_from_solution(solution)
    if not (solution.get("solved") and placements):
        return []
    return steps(level, placement_order(level, placements))


def paint_solution(level: Level, solution: dict) -> np.ndarray:
    """Challenge as read + solved board + laying order (or a clear 'No solution').

    The pieces are numbered in laying order on the board and in the list
    (both made from the same :func:`~visolve.puzzles.iq_circuit.wording.steps`),
    and both boards have their columns A-H and rows 1-4 written along their edges.
    """
    pitch, margin = 42, 0.15
    challenge = with_edge_labels(draw_challenge(level, pitch, margin), pitch, margin)
    width = challenge.shape[1] + 30
    left = _panel(f"Challenge {level.level} ({level.kind}) as read", challenge, width)
    order = solution_steps(level, solution)
    lines: list[tuple[str, tuple]] = []
    if order:
        right_body = with_edge_labels(draw_solution_board(order, pitch, margin), pitch, margin)
        n = count_of(solution) or 1
        proven = proven_of(solution)
        count = f"{n} solution{'s' if n != 1 else ''}" + ("" if proven else " found so far (search cut short)")
        right = _panel(f"Solution ({count})", right_body, width)
        lines.append((ORDER_HEADING, INK))
        lines.extend((step.text, INK) for step in order)
    else:
        body = np.full_like(challenge, PAPER)
        reason = "search timed out" if solution.get("timed_out") else solution.get("reason", "no valid board exists")
        cv2.putText(body, "No solution", (20, body.shape[0] // 2 - 5), FONT, 1.2, RED, 3, cv2.LINE_AA)
        cv2.putText(body, reason[:56], (10, body.shape[0] // 2 + 30), FONT, 0.45, RED, 1, cv2.LINE_AA)
        right = _panel("Solution", body, width)
        lines.append(("No solution: " + reason, RED))
    h = max(left.shape[0], right.shape[0])
    left = np.vstack([left, solid(h - left.shape[0], width, PAPER)])
    right = np.vstack([right, solid(h - right.shape[0], width, PAPER)])
    top = np.hstack([left, right])
    text = text_block(lines, top.shape[1])
    return np.vstack([top, text])
