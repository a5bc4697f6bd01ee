"""IQ Circuit painter: booklet-style pictures of challenges and solutions.

:func:`draw_challenge` draws a challenge the way the booklet pictures do
(dark rounded cells on a grey lattice, yellow track and dots, white outlines
around pre-placed pieces); the reader reads these back exactly, which the
tests use.  :func:`paint_solution` puts the challenge as read beside the
solved board (every piece outlined in its own colour and labelled with its
id) and lists the pieces in an order a person can follow.
"""

from __future__ import annotations

import cv2
import numpy as np

from visolve.puzzles.base import count_of, proven_of
from visolve.puzzles.iq_circuit.model import (
    DELTA,
    HEIGHT,
    OPEN_DOT,
    PIECES,
    SYMBOL_MASK,
    WIDTH,
    Level,
    Placement,
    board_symbols,
)
from visolve.vision.canvas import solid

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


def _outline(img, cells: set, colour, width: int, pitch: int, pad: int, inset: int) -> None:
    """Line around a group of cells, ``inset`` px inside the gap middle lines."""
    for x, y in cells:
        cx, cy = pad + x * pitch + pitch // 2, pad + y * pitch + pitch // 2
        for d in range(4):
            dx, dy = DELTA[d]
            if (x + dx, y + dy) in cells:
                continue
            ax, ay = -dy, dx  # along the side
            n = pitch // 2 - inset  # distance of the line from the centre
            ends = []
            for sign in (-1, 1):
                along_in = (x + sign * ax, y + sign * ay) in cells
                t = pitch // 2 + inset if along_in else pitch // 2 - inset
                ends.append((cx + dx * n + sign * ax * t, cy + dy * n + sign * ay * t))
            cv2.line(img, ends[0], ends[1], colour, width, cv2.LINE_AA)


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
            _outline(img, cells, colour, width, pitch, pad, inset)
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
            _outline(img, cells, colour, width, pitch, pad, 0)
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


def _piece_label(img, pl: Placement, pitch: int, pad: int, colour) -> None:
    x, y = min((c[0], c[1]) for c in pl.cells())
    cx, cy = pad + x * pitch + pitch // 5 + 2, pad + y * pitch + pitch // 5 + 2
    r = max(6, pitch // 6)
    cv2.circle(img, (cx, cy), r, colour, -1, cv2.LINE_AA)
    cv2.circle(img, (cx, cy), r, (0, 0, 0), 1, cv2.LINE_AA)
    cv2.putText(img, str(pl.piece), (cx - r // 2, cy + r // 2), FONT, r / 17, (0, 0, 0), 1, cv2.LINE_AA)


def draw_solution_board(placements: list[Placement], pitch: int = 42, margin: float = 0.15) -> np.ndarray:
    grid = board_symbols(placements)
    outlines = [
        ({(x, y) for x, y, _m in pl.cells()}, PIECES[pl.piece].colour, max(2, pitch // 12)) for pl in placements
    ]
    img = draw_board(grid, pitch, outlines, margin, inset=max(2, pitch // 14))
    pad = int(round(margin * pitch))
    for pl in placements:
        _piece_label(img, pl, pitch, pad, PIECES[pl.piece].colour)
    return img


def describe(pl: Placement) -> str:
    piece = PIECES[pl.piece]
    cells = sorted((x, y) for x, y, _m in pl.cells())
    face = {0: "dot face" if piece.faces[0].has_dot else "face 0"}.get(pl.face, f"face {pl.face}")
    if pl.face == 2:
        face = "blank face"
    where = " ".join(f"{chr(ord('A') + x)}{y + 1}" for x, y in cells)
    return f"piece {pl.piece} {piece.code} ({face}, turned {90 * pl.rotation} deg) on {where}"


def _text_block(lines: list[tuple[str, tuple]], width: int, line_h: int = 18) -> np.ndarray:
    img = solid(line_h * len(lines) + 8, width, PAPER)
    for i, (text, colour) in enumerate(lines):
        cv2.putText(img, text, (8, 16 + i * line_h), FONT, 0.45, colour, 1, cv2.LINE_AA)
    return img


def _panel(title: str, body: np.ndarray, width: int) -> np.ndarray:
    head = _text_block([(title, INK)], width)
    pad = solid(body.shape[0], width, PAPER)
    x0 = (width - body.shape[1]) // 2
    pad[:, x0 : x0 + body.shape[1]] = body
    return np.vstack([head, pad])


def paint_solution(level: Level, solution: dict) -> np.ndarray:
    """Challenge as read + solved board + placement order (or a clear 'No solution')."""
    from visolve.puzzles.iq_circuit.solver import placement_order, placements_from_solution

    pitch = 42
    challenge = draw_challenge(level, pitch, margin=0.15)
    width = challenge.shape[1] + 30
    left = _panel(f"Challenge {level.level} ({level.kind}) as read", challenge, width)
    placements = placements_from_solution(solution)
    lines: list[tuple[str, tuple]] = []
    if solution.get("solved") and placements:
        right_body = draw_solution_board(placements, pitch)
        n = count_of(solution) or 1
        proven = proven_of(solution)
        count = f"{n} solution{'s' if n != 1 else ''}" + ("" if proven else " found so far (search cut short)")
        right = _panel(f"Solution ({count})", right_body, width)
        lines.append(("Placement order (columns A-H from the left, rows 1-4 from the top):", INK))
        fixed = set(level.pieces)
        for i, pl in enumerate(placement_order(level, placements), start=1):
            note = "  (already on the board)" if pl in fixed else ""
            lines.append((f"{i:2d}. {describe(pl)}{note}", INK))
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
    text = _text_block(lines, top.shape[1])
    return np.vstack([top, text])
