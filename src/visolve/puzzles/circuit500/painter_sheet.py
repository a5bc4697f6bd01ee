"""circuit500 solution sheets: :func:`paint_solution`, one picture to follow on a phone.

Each board on a sheet is put together from the tiles of :mod:`painter_tiles`,
each tile scaled once to the sheet's tile size.
"""

from __future__ import annotations

import functools

import cv2
import numpy as np

from visolve.plural import counted
from visolve.puzzles.base import proven_of
from visolve.puzzles.circuit500.model import COLS, ROWS, Level, Tile, is_solved, neighbours, tap
from visolve.puzzles.circuit500.painter_tiles import TILE, board_lighting, shared_tile_image, tiles_board
from visolve.vision.canvas import solid

# --------------------------------------------------------------------------
# solution sheets
SHEET_BG = (32, 32, 32)
SHEET_TEXT = (240, 240, 240)
SHEET_DIM = (170, 170, 170)
MARK = (0, 140, 255)  # orange frame around the tile to tap
MARK_TEXT = (0, 0, 0)
GOOD = (90, 220, 120)
BAD = (80, 80, 255)
_FONT = cv2.FONT_HERSHEY_SIMPLEX
#: board pixels per game pixel on a solution sheet: tiles 48 px, a sheet about 650 px wide,
#: as wide as a phone shows it; every step stays readable and the PNG costs half of 2x
SHEET_ZOOM = 1.5


def _put(img, text, x, y, scale=0.8, colour=SHEET_TEXT, thick=2):
    cv2.putText(img, text, (int(x), int(y)), _FONT, scale, colour, thick, cv2.LINE_AA)


def _text_width(text, scale=0.8, thick=2) -> int:
    return cv2.getTextSize(text, _FONT, scale, thick)[0][0]


def _fit_text(text: str, width: int, scale: float, thick: int = 2) -> float:
    while scale > 0.4 and _text_width(text, scale, thick) > width:
        scale -= 0.05
    return scale


def _px(length: float, zoom: float) -> int:
    return int(round(length * zoom))


def _board_picture(grid, zoom: float) -> np.ndarray:
    """The lit board with ``zoom`` x TILE pixel tiles, put together from tiles scaled once each."""
    t = _px(TILE, zoom)
    return tiles_board(grid, board_lighting(grid), t, lambda tile, lit: _sheet_tile(tile, lit, t))


@functools.lru_cache(maxsize=1024)
def _sheet_tile(tile: Tile, lit: str | None, size: int) -> np.ndarray:
    """One tile at ``size`` pixels: whole multiples stay sharp, other sizes are smoothed."""
    exact = size % TILE == 0
    return cv2.resize(shared_tile_image(tile, lit), (size, size),
                      interpolation=cv2.INTER_NEAREST if exact else cv2.INTER_LINEAR)


def _tile_box(row: int, col: int, zoom: float) -> tuple[int, int, int, int]:
    t = _px(TILE, zoom)
    return col * t, row * t, (col + 1) * t - 1, (row + 1) * t - 1


def _mark_tap(pic: np.ndarray, row: int, col: int, zoom: float, number: int, slide_to=None) -> None:
    x0, y0, x1, y1 = _tile_box(row, col, zoom)
    th = max(3, _px(3, zoom))
    h, w = pic.shape[:2]
    a = (max(0, x0 - th // 2), max(0, y0 - th // 2))
    b = (min(w - 1, x1 + th // 2), min(h - 1, y1 + th // 2))
    cv2.rectangle(pic, a, b, (0, 0, 0), th + 2)
    cv2.rectangle(pic, a, b, MARK, th)
    if slide_to is not None:
        t = _px(TILE, zoom)
        src = (x0 + t // 2, y0 + t // 2)
        dst = (slide_to[1] * t + t // 2, slide_to[0] * t + t // 2)
        cv2.arrowedLine(pic, src, dst, (0, 0, 0), th + 4, cv2.LINE_AA, tipLength=0.35)
        cv2.arrowedLine(pic, src, dst, MARK, th, cv2.LINE_AA, tipLength=0.35)
    # number badge in the tile's top-left corner
    label = str(number)
    scale = 0.3 * zoom
    (tw, tht), _ = cv2.getTextSize(label, _FONT, scale, 2)
    bx, by = max(0, x0 - th // 2), max(0, y0 - th // 2)
    cv2.rectangle(pic, (bx, by), (bx + tw + 6, by + tht + 8), MARK, -1)
    cv2.putText(pic, label, (bx + 3, by + tht + 4), _FONT, scale, MARK_TEXT, 2, cv2.LINE_AA)


def _describe(grid, row: int, col: int) -> tuple[str, tuple[int, int] | None]:
    """What a tap on (row, col) does: ("rotate" | "slide" | "free slide", gap or None)."""
    tile = grid[row][col]
    hole = None
    for _bit, r, c, _opp in neighbours(row, col):
        if grid[r][c].kind == "gap":
            hole = (r, c)
    if hole is not None:
        return ("slide" if tile.rotatable else "free slide"), hole
    return "rotate", None


_DIRECTION = {(-1, 0): "up", (1, 0): "down", (0, -1): "left", (0, 1): "right"}


#: zoom of the overview page's thumbnail of the solved board (tiles of about 14 px)
THUMB_ZOOM = 0.25


def paint_thumbnail(level: Level, solution: dict, zoom: float = THUMB_ZOOM) -> np.ndarray:
    """The board after the solution's taps, lit (the level as read when they do not replay)."""
    grid = level.grid
    for row, col in (solution.get("taps") or []) if solution.get("solved") else []:
        step = tap(grid, int(row), int(col)) if 0 <= int(row) < ROWS and 0 <= int(col) < COLS else None
        if step is None:
            return _board_picture(level.grid, zoom)
        grid = step[0]
    return _board_picture(grid, zoom)


def paint_solution(level: Level, solution: dict, zoom: float = SHEET_ZOOM, per_row: int = 3) -> np.ndarray:
    """The solution as one picture to follow on a phone (BGR).

    A header (level, actions, taps, optimal or not), then one board per tap in
    the position *before* that tap with the tile to tap framed in orange and
    numbered (an arrow shows where a slide goes), and last the solved board
    with the lit path.  An unsolved solution gives the level with a
    "no solution found" note.
    """
    grid = level.grid
    name = f"level {level.level}" if level.level is not None else "level ?"
    solved = bool(solution.get("solved"))
    taps = [tuple(int(v) for v in rc) for rc in (solution.get("taps") or [])] if solved else []

    panels: list[tuple[str, str, np.ndarray]] = []  # (title, subtitle, picture)
    problem = None
    spent = 0
    for i, (row, col) in enumerate(taps, start=1):
        if not (0 <= row < ROWS and 0 <= col < COLS):
            problem = f"tap {i} ({row},{col}) is off the board"
            break
        what, hole = _describe(grid, row, col)
        step = tap(grid, row, col)
        if step is None:
            problem = f"tap {i} on row {row + 1}, col {col + 1} does nothing"
            break
        pic = _board_picture(grid, zoom)
        _mark_tap(pic, row, col, zoom, i, hole)
        new_grid, cost = step
        spent += cost
        if hole is not None:
            where = _DIRECTION[(hole[0] - row, hole[1] - col)]
            what = f"{what} {where}"
        title = f"tap {i}: {what}"
        sub = f"row {row + 1}, col {col + 1}  (+{cost} = {spent})"
        panels.append((title, sub, pic))
        grid = new_grid

    if solved and problem is None:
        done = is_solved(grid)
        title = "solved!" if done else "end (not solved?)"
        if not taps:
            title = "already solved"
        panels.append((title, "green path: start to end", _board_picture(grid, zoom)))
        actions = solution.get("actions", spent)
        opt = "optimal" if proven_of(solution) else "best found (not proven optimal)"
        header = f"{name} - {counted(actions, 'action')}, {counted(len(taps), 'tap')}, {opt}"
        note = "Tap the orange tile; each board shows the position before that tap."
        note_colour = SHEET_DIM
        if not done:
            note, note_colour = "warning: these taps do not connect start and end", BAD
    else:
        if problem is None:
            why = "timed out" if solution.get("timed_out") else "no solution exists"
            header = f"{name} - no solution found"
            note = f"({why}) - the level as read:"
        else:
            header = f"{name} - solution does not fit"
            note = problem
        note_colour = BAD
        panels = [("level as read", "", _board_picture(level.grid, zoom))]

    # layout
    bw, bh = COLS * _px(TILE, zoom), ROWS * _px(TILE, zoom)
    gap = _px(12, zoom)
    title_h = _px(26, zoom)
    n = len(panels)
    cols = max(1, min(per_row, n))
    rows = (n + cols - 1) // cols
    width = max(cols * bw + (cols + 1) * gap, 3 * bw + 4 * gap)
    header_h = _px(44, zoom)
    height = header_h + rows * (title_h + bh + gap) + gap
    sheet = solid(height, width, SHEET_BG)
    hs = _fit_text(header, width - 2 * gap, 0.55 * zoom)
    _put(sheet, header, gap, _px(18, zoom), hs, GOOD if solved and problem is None else BAD, 2)
    ns = _fit_text(note, width - 2 * gap, 0.36 * zoom, 1)
    _put(sheet, note, gap, _px(36, zoom), ns, note_colour, 1)
    for k, (title, sub, pic) in enumerate(panels):
        r, c = divmod(k, cols)
        x = gap + c * (bw + gap)
        y = header_h + r * (title_h + bh + gap)
        ts = _fit_text(title, bw, 0.42 * zoom)
        _put(sheet, title, x, y + _px(11, zoom), ts, SHEET_TEXT, 2)
        if sub:
            ss = _fit_text(sub, bw, 0.3 * zoom, 1)
            _put(sheet, sub, x, y + _px(22, zoom), ss, SHEET_DIM, 1)
        sheet[y + title_h : y + title_h + bh, x : x + bw] = pic
    return sheet
