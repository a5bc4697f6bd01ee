"""Pictures in circuit500's look: tiles, whole screenshots and solution sheets.

The game is pixel art on a 160x284 grid shown x4 on a 640x1136 screen.  All
art here is drawn at that *base* resolution from a small geometric description
measured on real screenshots (no pixels of the game are stored): the tiles in
:mod:`painter_tiles` (the description is there), the text, the gear and the
screen layout here.  With these, the 152 real 640x1136 screenshots are
reproduced pixel for pixel at base resolution (board, gear, text and counter;
see the tests and ``scripts/draw_reference.py --compare``).  The solution
sheets (:func:`paint_solution`) are drawn in :mod:`painter_sheet`.

Colours are BGR (OpenCV order).  Lighting in the game: cells connected to the
start are drawn green; the end tile is always purple; cells connected only to
the end are *not* lit in the game (measured on 60 real screenshots), so
:func:`render_screenshot` does not light them.  ``tile_image(..., lit="end")``
still gives a purple version for callers that want it.

The names other code uses from here are imported from those modules.
"""

from __future__ import annotations

import cv2
import numpy as np

from visolve.puzzles.circuit500.model import Level
from visolve.puzzles.circuit500.painter_tiles import (
    GEAR_DARK,
    GEAR_FACE,
    GEAR_LIGHT,
    TEXT,
    TILE,
    board_lighting,
    shared_tile_image,
    tiles_board,
)

# re-exported: other code uses them as ``painter.X``
from visolve.puzzles.circuit500.painter_sheet import SHEET_ZOOM, paint_solution, paint_thumbnail  # noqa: F401
from visolve.puzzles.circuit500.painter_tiles import (  # noqa: F401
    BLACK,
    LIT_STATES,
    PIPE_COLOURS,
    PLATE,
    PLATE_DARK,
    PLATE_LIGHT,
    knob_masks,
    pipe_mask,
    tile_image,
)

# --------------------------------------------------------------------------
# base geometry (pixels of the 160x284 picture)
BASE_W, BASE_H = 160, 284
BASE_SCALE = 4  # the real 640x1136 screenshots
BOARD_X, BOARD_Y = 16, 47
GLYPH_W, GLYPH_H = 8, 9
LEVEL_TEXT_X, LEVEL_TEXT_Y = 42, 25  # "level" starts here
LEVEL_DIGITS_X = 90  # digits of the level number at x = 90 + 8k
COUNTER_X, COUNTER_Y = 17, 241  # action counter, x = 17 + 8k
GEAR_X, GEAR_Y = 8, 14

# --------------------------------------------------------------------------
# text and icons
#: the game's pixel font, 8 x 9 per character: each sheet is a line of the
#: characters, then their 9 rows side by side ('#' ink), one space between
_FONT_SHEETS = (
    """
0        1        2        3        4        5        6
..#####. ....#... ..####.. ..####.. .....##. .######. ...###..
.##...## ...##... .##..##. .##..##. ....###. .##..... ..##....
.##..### .####... .##..##. .....##. ...####. .##..... .##.....
.##.#### ...##... .....##. .....##. ..##.##. .##..... .##.....
.##.#.## ...##... ....##.. ....##.. .##..##. .#####.. .#####..
.####.## ...##... ...##... .....##. .####### .....##. .##..##.
.###..## ...##... ..##.... .....##. .....##. .....##. .##..##.
.##...## ...##... .##..##. .##..##. .....##. .##..##. .##..##.
..#####. .######. .######. ..####.. ....#### ..####.. ..####..
""",
    """
7        8        9        l        e        v
.####### ..####.. ..####.. .####... ........ ........
.##...## .##..##. .##..##. ...##... ........ ........
.##...## .##..##. .##..##. ...##... ........ ........
......## .##..##. .##..##. ...##... ..####.. .##..##.
.....##. ..####.. ..####.. ...##... .##..##. .##..##.
....##.. .##..##. ....##.. ...##... .######. .##..##.
...##... .##..##. ....##.. ...##... .##..... .##..##.
...##... .##..##. ...##... ...##... .##..##. ..####..
...##... ..####.. ..###... .######. ..####.. ...##...
""",
)


def _glyph_table(sheets: tuple[str, ...]) -> dict[str, list[str]]:
    """Character -> its 9 rows, from the sheets."""
    table = {" ": ["." * GLYPH_W] * GLYPH_H}
    for sheet in sheets:
        head, *rows = sheet.strip("\n").split("\n")
        for k, ch in enumerate(head.split()):
            x = k * (GLYPH_W + 1)
            table[ch] = [row[x:x + GLYPH_W] for row in rows]
    return table


_GLYPHS = _glyph_table(_FONT_SHEETS)

GLYPH_CHARS = "".join(sorted(ch for ch in _GLYPHS if ch != " "))


def glyph(ch: str) -> np.ndarray:
    """Bool mask (9, 8) of one character of the game's pixel font."""
    try:
        rows = _GLYPHS[ch]
    except KeyError:
        raise KeyError(f"no glyph for {ch!r} (have {GLYPH_CHARS!r} and space)") from None
    return np.array([[c == "#" for c in row] for row in rows], bool)


# gear icon, 32x32: '#' face, '+' light rim, '-' dark rim
_GEAR = [
    "..............++++..............",
    ".............+####+.............",
    ".............+####+.............",
    ".....+++....+######+....+++.....",
    "....+###++..+######+..++###-....",
    "...+######++########++######-...",
    "...+########################-...",
    "...+########################-...",
    "....+######################-....",
    "....+######################-....",
    ".....+#######------#######-.....",
    ".....+######-......-######-.....",
    "...++######-........-######--...",
    ".++#######-..........+#######--.",
    "+#########-..........+#########-",
    "+#########-..........+#########-",
    "+#########-..........+#########-",
    "+#########-..........+#########-",
    ".++#######-..........+#######--.",
    "...++######-........+######--...",
    ".....+######-......+######-.....",
    ".....+#######++++++#######-.....",
    "....+######################-....",
    "....+######################-....",
    "...+########################-...",
    "...+########################-...",
    "...+######--########--######-...",
    "....+###--..-######-..--###-....",
    ".....+--....-######-....---.....",
    ".............-####-.............",
    ".............-####-.............",
    "..............----..............",
]


def _draw_gear(img: np.ndarray, x: int, y: int) -> None:
    colours = {"#": GEAR_FACE, "+": GEAR_LIGHT, "-": GEAR_DARK}
    for dy, row in enumerate(_GEAR):
        for dx, c in enumerate(row):
            if c in colours:
                img[y + dy, x + dx] = colours[c]


def _draw_text(img: np.ndarray, text: str, x: int, y: int, colour=TEXT) -> None:
    for k, ch in enumerate(text):
        x0 = x + GLYPH_W * k
        if x0 + GLYPH_W > img.shape[1]:
            break
        img[y : y + GLYPH_H, x0 : x0 + GLYPH_W][glyph(ch)] = colour


# --------------------------------------------------------------------------
# boards and screenshots

def render_board(grid, lit: bool = True, end_lit: bool = False) -> np.ndarray:
    """The 6x4 board at base resolution: (192, 128, 3) BGR."""
    return tiles_board(grid, board_lighting(grid, lit, end_lit), TILE, shared_tile_image)


def render_base(level: Level, lit: bool = True, counter: int | None = 0) -> np.ndarray:
    """The whole screen at base resolution (284, 160, 3) BGR."""
    img = np.zeros((BASE_H, BASE_W, 3), np.uint8)
    _draw_gear(img, GEAR_X, GEAR_Y)
    _draw_text(img, "level", LEVEL_TEXT_X, LEVEL_TEXT_Y)
    if level.level is not None:
        _draw_text(img, str(level.level), LEVEL_DIGITS_X, LEVEL_TEXT_Y)
    board = render_board(level.grid, lit)
    img[BOARD_Y : BOARD_Y + board.shape[0], BOARD_X : BOARD_X + board.shape[1]] = board
    if counter is not None:
        _draw_text(img, str(int(counter)), COUNTER_X, COUNTER_Y)
    return img


def fit_to_screen(base: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """Scale a base picture to a ``size`` = (width, height) screen like a phone.

    The picture fills the width (or the height if that is tighter), keeps its
    aspect and is centred, the rest black.  Integer scales are exact (nearest);
    other scales go through the x4 picture and are area-averaged.
    """
    width, height = size
    bh, bw = base.shape[:2]
    scale = min(width / bw, height / bh)
    w, h = max(1, round(bw * scale)), max(1, round(bh * scale))
    if scale == int(scale):
        pic = cv2.resize(base, (w, h), interpolation=cv2.INTER_NEAREST)
    else:
        k = max(1, int(np.ceil(scale)))
        big = cv2.resize(base, (bw * k, bh * k), interpolation=cv2.INTER_NEAREST)
        pic = cv2.resize(big, (w, h), interpolation=cv2.INTER_AREA)
    out = np.zeros((height, width, 3), np.uint8)
    x0, y0 = (width - w) // 2, (height - h) // 2
    out[y0 : y0 + h, x0 : x0 + w] = pic
    return out


def render_screenshot(
    level: Level,
    size: tuple[int, int] = (640, 1136),
    lit: bool = True,
    counter: int | None = 0,
) -> np.ndarray:
    """A phone screenshot of ``level`` in the game's look, BGR, ``size`` = (width, height)."""
    return fit_to_screen(render_base(level, lit, counter), size)


__all__ = [
    "tile_image",
    "glyph",
    "render_screenshot",
    "render_board",
    "render_base",
    "paint_solution",
    "paint_thumbnail",
    "fit_to_screen",
    "pipe_mask",
    "knob_masks",
]

