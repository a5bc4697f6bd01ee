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

import numpy as np

from visolve.plural import counted
from visolve.puzzles.genius_square import model
from visolve.puzzles.genius_square.board import Level, drawing
from visolve.puzzles.genius_square.draw import draw_board, square_box
from visolve.vision.paint import cell_outline, centred_text, hint_lines, with_caption

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
    piece = f"piece {hint.get('piece')} ({model.COLOURS.get(hint.get('piece'), '')}) on {' '.join(cells)}"
    head, reason = hint_lines(f"level {level.level}", hint, piece)
    state = {True: counted(hint.get('completions', 0), 'completion'), False: "cannot be completed",
             None: "completions not known in time"}[hint.get("completable")]
    return _with_caption(img, [head, reason, f"this board: {state}"])


def _order_mark(img: np.ndarray, cell: tuple[int, int], text: str) -> None:
    """The piece's place in the order laid, on one of its cells (row, column as seen)."""
    x, y = square_box(PITCH, *cell)
    centred_text(img, text, (x + PITCH / 2, y + PITCH / 2), PITCH / 70.0, (255, 255, 255), 2, halo=(0, 0, 0))


def _outline(img: np.ndarray, cells: list[tuple[int, int]]) -> None:
    """A white outline round the cells (row, column as seen) of one piece."""
    cell_outline(img, cells, square_box(PITCH, 0, 0), PITCH, HINT_OUTLINE, max(2, PITCH // 12))


def _with_caption(img: np.ndarray, lines: list[str]) -> np.ndarray:
    """The picture with a caption band of a few lines below it (a line too long for it is shrunk)."""
    return with_caption(img, lines, int(CAPTION_LINE * PITCH), PITCH / 120.0, colour=CAPTION_TEXT,
                        background=CAPTION, left=10, margin=int(CAPTION_MARGIN * PITCH))
