"""Pictures in circuit500's look: tiles, whole screenshots and solution sheets.

The game is pixel art on a 160x284 grid shown x4 on a 640x1136 screen.  All
art here is drawn at that *base* resolution from a small geometric description
measured on real screenshots (no pixels of the game are stored):

* a tile is 32x32: a bevelled grey plate (light top/left edge, dark
  bottom/right edge); the gap is the same plate sunken (edges swapped);
* a pipe is the union of one bar per arm (4 px wide, from the tile edge to the
  far side of the centre), a wide collar where the arm meets the tile edge
  and a small 45 degree fillet in the inner corner between two adjacent arms;
  its outline is every pixel 4-adjacent to the pipe, drawn black;
* start and end are a round knob with a square hole, a 4 px neck and a collar,
  pointing along their one arm;
* light comes from the top left: pipe pixels under or right of the outline get
  the shade colour.  The artist's hand-drawn deviations from that rule were
  measured per sprite and are listed in :data:`_SHADE_FIX`.

With these, the 152 real 640x1136 screenshots are reproduced pixel for pixel
at base resolution (board, gear, text and counter; see the tests and
``scripts/draw_reference.py --compare``).

Colours are BGR (OpenCV order).  Lighting in the game: cells connected to the
start are drawn green; the end tile is always purple; cells connected only to
the end are *not* lit in the game (measured on 60 real screenshots), so
:func:`render_screenshot` does not light them.  ``tile_image(..., lit="end")``
still gives a purple version for callers that want it.
"""

from __future__ import annotations

import functools

import cv2
import numpy as np

from visolve.puzzles.base import proven_of
from visolve.puzzles.circuit500.model import (
    COLS,
    D,
    L,
    R,
    ROWS,
    U,
    Level,
    Tile,
    is_solved,
    lit_cells,
    neighbours,
    tap,
)
from visolve.vision.canvas import solid

# --------------------------------------------------------------------------
# base geometry (pixels of the 160x284 picture)
BASE_W, BASE_H = 160, 284
BASE_SCALE = 4  # the real 640x1136 screenshots
TILE = 32
BOARD_X, BOARD_Y = 16, 47
GLYPH_W, GLYPH_H = 8, 9
LEVEL_TEXT_X, LEVEL_TEXT_Y = 42, 25  # "level" starts here
LEVEL_DIGITS_X = 90  # digits of the level number at x = 90 + 8k
COUNTER_X, COUNTER_Y = 17, 241  # action counter, x = 17 + 8k
GEAR_X, GEAR_Y = 8, 14

# --------------------------------------------------------------------------
# palette (BGR), measured; the screenshots use exactly these 13 colours
BLACK = (0, 0, 0)
PLATE = (184, 184, 184)
PLATE_LIGHT = (215, 215, 215)
PLATE_DARK = (91, 91, 91)
TEXT = (153, 153, 153)
GEAR_FACE = (76, 76, 76)
GEAR_LIGHT = (105, 105, 105)
GEAR_DARK = (45, 45, 45)
#: (fill, shade) of a pipe per lit state
PIPE_COLOURS = {
    None: ((155, 155, 155), (91, 91, 91)),
    "start": ((73, 227, 173), (50, 157, 120)),
    "end": ((205, 98, 135), (182, 28, 82)),
}

LIT_STATES = (None, "start", "end")


# --------------------------------------------------------------------------
# geometry of the pipes
def _rot(mask: np.ndarray, quarter_turns_cw: int) -> np.ndarray:
    return np.rot90(mask, -quarter_turns_cw)


_ARM_TURNS = {U: 0, R: 1, D: 2, L: 3}


def _up_arm() -> np.ndarray:
    m = np.zeros((TILE, TILE), bool)
    m[0:18, 14:18] = True  # bar from the edge past the centre
    m[0:6, 12:20] = True  # collar at the tile edge
    m[6, 13:19] = True  # step from collar to bar
    return m


def _up_left_fillet() -> np.ndarray:
    m = np.zeros((TILE, TILE), bool)
    m[13, 12:14] = True
    m[12, 13] = True
    return m


def pipe_mask(arms: int) -> np.ndarray:
    """Inside of the pipe of a corner / junction / cross with these arms."""
    up = _up_arm()
    fillet = _up_left_fillet()
    inside = np.zeros((TILE, TILE), bool)
    for bit, turns in _ARM_TURNS.items():
        if arms & bit:
            inside |= _rot(up, turns)
    # fillets: (first arm, second arm, turns of the up-left fillet)
    for a, b, turns in ((U, L, 0), (U, R, 1), (R, D, 2), (D, L, 3)):
        if arms & a and arms & b:
            inside |= _rot(fillet, turns)
    return inside


def knob_masks(arm: int) -> tuple[np.ndarray, np.ndarray]:
    """(inside, hole) of a start/end tile whose one arm is ``arm``."""
    inside = np.zeros((TILE, TILE), bool)
    # canonical: arm pointing down; half-widths of each row
    widths = {6: 4, 7: 6, 8: 8, 9: 10, 18: 10, 19: 8, 20: 6, 25: 6}
    widths.update({y: 12 for y in range(10, 18)})  # round head
    widths.update({y: 4 for y in range(21, 25)})  # neck
    widths.update({y: 8 for y in range(26, 32)})  # collar
    for y, w in widths.items():
        inside[y, 16 - w // 2 : 16 + w // 2] = True
    hole = np.zeros((TILE, TILE), bool)
    hole[12:16, 14:18] = True
    inside &= ~hole
    turns = {D: 0, L: 1, U: 2, R: 3}[arm]
    return _rot(inside, turns), _rot(hole, turns)


def _outline(inside: np.ndarray) -> np.ndarray:
    near = np.zeros_like(inside)
    near[1:] |= inside[:-1]
    near[:-1] |= inside[1:]
    near[:, 1:] |= inside[:, :-1]
    near[:, :-1] |= inside[:, 1:]
    return near & ~inside


def _shift_down(m: np.ndarray) -> np.ndarray:
    out = np.zeros_like(m)
    out[1:] = m[:-1]
    return out


def _shift_right(m: np.ndarray) -> np.ndarray:
    out = np.zeros_like(m)
    out[:, 1:] = m[:, :-1]
    return out


def _shade_rule(inside: np.ndarray, line: np.ndarray, hole: np.ndarray) -> np.ndarray:
    """Pixels of the pipe in shadow under light from the top left."""
    edge = line & ~hole
    under_hole = _shift_down(_shift_right(hole))  # the hole's inner shadow
    return inside & (_shift_down(edge) | _shift_right(edge) | under_hole)


# recurring groups of pixels (y, x) the artist left unshaded
_RIGHT_COLLAR_STEP = ((18, 25), (19, 26))
_DOWN_COLLAR_STEP = ((25, 18), (26, 19))
_UP_COLLAR_STEP = ((6, 13),)
_UP_NECK = tuple((y, 14) for y in range(7, 12))
_DOWN_NECK = tuple((y, 14) for y in range(20, 25))
_DOWN_LEFT_FILLET = ((18, 12), (19, 13))
_HUB_LEFT = tuple((y, 14) for y in range(12, 20))

#: measured deviations of the hand-drawn sprites from the shading rule:
#: (token, drawn lit) -> (pixels without shade, pixels with extra shade, extra
#: black pixels), each a tuple of (y, x).  Lit corners, junctions and the cross
#: are separate sprites; start and end have one sprite whatever the colour.
_SHADE_FIX: dict[tuple[str, bool], tuple[tuple, tuple, tuple]] = {
    ("corner-dl", False): (_DOWN_LEFT_FILLET + _DOWN_NECK + _DOWN_COLLAR_STEP, (), ()),
    ("corner-dl", True): (_DOWN_LEFT_FILLET + _DOWN_NECK + _DOWN_COLLAR_STEP, (), ((18, 6),)),
    ("corner-rd", False): (_RIGHT_COLLAR_STEP + _DOWN_COLLAR_STEP, (), ()),
    ("corner-rd", True): (_RIGHT_COLLAR_STEP + _DOWN_COLLAR_STEP, (), ()),
    ("corner-ul", False): (_UP_COLLAR_STEP + _UP_NECK, (), ()),
    ("corner-ul", True): (_UP_NECK, (), ()),
    ("corner-ur", False): (_UP_COLLAR_STEP + ((7, 14), (12, 18)) + _RIGHT_COLLAR_STEP, (), ()),
    ("corner-ur", True): (_RIGHT_COLLAR_STEP, (), ()),
    ("cross-urdl", False): (
        _UP_NECK + _DOWN_LEFT_FILLET + _DOWN_NECK + _RIGHT_COLLAR_STEP + _DOWN_COLLAR_STEP, (), ()),
    ("cross-urdl", True): (
        _UP_COLLAR_STEP + _UP_NECK + _DOWN_LEFT_FILLET + _DOWN_NECK + _RIGHT_COLLAR_STEP
        + _DOWN_COLLAR_STEP, (), ()),
    ("junction-rdl", False): (
        _DOWN_LEFT_FILLET + _DOWN_NECK + _RIGHT_COLLAR_STEP + _DOWN_COLLAR_STEP, (), ()),
    ("junction-rdl", True): (
        _DOWN_LEFT_FILLET + _DOWN_NECK + _RIGHT_COLLAR_STEP + _DOWN_COLLAR_STEP, (), ()),
    ("junction-udl", False): (_UP_NECK + _DOWN_LEFT_FILLET + _DOWN_NECK + _DOWN_COLLAR_STEP, (), ()),
    ("junction-udl", True): (_UP_NECK + _DOWN_LEFT_FILLET + _DOWN_NECK, (), ()),
    ("junction-urd", False): (_RIGHT_COLLAR_STEP + _DOWN_COLLAR_STEP, (), ()),
    ("junction-urd", True): (
        _UP_NECK + _HUB_LEFT + _DOWN_NECK + _RIGHT_COLLAR_STEP + _DOWN_COLLAR_STEP, (), ()),
    ("junction-url", False): (((12, 18), (13, 19), (14, 20)) + _RIGHT_COLLAR_STEP, (), ()),
    ("junction-url", True): (_UP_NECK + _RIGHT_COLLAR_STEP, (), ()),
    # knobs (one sprite each, whatever the colour)
    ("start-d", False): (((7, 18), (8, 19), (9, 20), (10, 21)) + _DOWN_COLLAR_STEP, (), ()),
    ("end-d", False): (_DOWN_COLLAR_STEP, (), ()),
    ("start-l", False): (((18, 11), (19, 12), (20, 13), (21, 14)), (), ()),
    ("end-l", False): (((18, 11), (19, 12), (20, 13), (21, 14)), (), ()),
    ("start-r", False): (((18, 7), (19, 8), (20, 9), (21, 10)) + _RIGHT_COLLAR_STEP, (), ()),
    ("end-r", False): (((18, 7), (19, 8), (20, 9), (21, 10)) + _RIGHT_COLLAR_STEP, (), ()),
    ("start-u", False): (
        ((11, 18), (12, 19), (13, 20), (14, 21), (22, 11), (23, 12), (24, 13), (25, 14)), (), ()),
    ("end-u", False): (
        ((11, 18), (12, 19), (13, 20), (14, 21), (22, 11), (23, 12), (24, 13), (25, 14)), (), ()),
}


def _fix(token: str, lit: bool):
    return _SHADE_FIX.get((token, lit), ((), (), ()))


# --------------------------------------------------------------------------
# tiles
def _plate(sunken: bool = False) -> np.ndarray:
    img = np.empty((TILE, TILE, 3), np.uint8)
    if sunken:  # the gap: what the board shows where no tile is
        img[:] = PIPE_COLOURS[None][0]
        img[:, -1] = PLATE_LIGHT
        img[-1, :] = PLATE_LIGHT
        img[0, :] = PLATE_DARK
        img[:, 0] = PLATE_DARK
        return img
    img[:] = PLATE
    img[:, -1] = PLATE_DARK
    img[-1, :] = PLATE_DARK
    img[0, :] = PLATE_LIGHT
    img[:, 0] = PLATE_LIGHT
    return img


def _norm_lit(tile: Tile, lit: str | None) -> str | None:
    if lit in (None, "", "off", "none"):
        lit = None
    if lit not in LIT_STATES:
        raise ValueError(f"lit must be None, 'start' or 'end', not {lit!r}")
    if tile.kind == "start":
        return "start"  # the start is always drawn green
    if tile.kind == "end":
        return "start" if lit == "start" else "end"  # purple unless solved
    if tile.kind in ("gap", "empty"):
        return None  # nothing to light
    return lit


def tile_image(tile: Tile, lit: str | None = None) -> np.ndarray:
    """The tile at base resolution: (32, 32, 3) uint8 BGR.

    ``lit`` is None (or "off"), "start" (green) or "end" (purple).  Start is
    always green, end purple (green when lit="start", i.e. a solved board);
    gap and empty ignore ``lit``.
    """
    return _tile_image(tile, lit).copy()


@functools.lru_cache(maxsize=1024)
def _tile_image(tile: Tile, lit: str | None) -> np.ndarray:
    """:func:`tile_image`, drawn once per tile and lighting (read-only)."""
    img = _draw_tile(tile, lit)
    img.flags.writeable = False
    return img


def _draw_tile(tile: Tile, lit: str | None) -> np.ndarray:
    why = tile.problem()
    if why:
        raise ValueError(why)
    if tile.kind == "gap":
        return _plate(sunken=True)
    img = _plate()
    if tile.kind == "empty":
        return img
    lit = _norm_lit(tile, lit)
    if tile.kind in ("start", "end"):
        inside, hole = knob_masks(tile.arms)
    else:
        inside, hole = pipe_mask(tile.arms), np.zeros((TILE, TILE), bool)
    line = _outline(inside) | hole
    shade = _shade_rule(inside, line, hole)
    # corners, junctions and the cross have a separate hand-drawn lit sprite
    drawn_lit = lit is not None and tile.kind not in ("start", "end")
    no_shade, more_shade, more_black = _fix(tile.token("-"), drawn_lit)
    for y, x in no_shade:
        shade[y, x] = False
    for y, x in more_shade:
        shade[y, x] = True
    for y, x in more_black:
        line[y, x] = True
        inside[y, x] = False
        shade[y, x] = False
    fill, dark = PIPE_COLOURS[lit]
    img[line] = BLACK
    img[inside] = fill
    img[shade & inside] = dark
    return img


# --------------------------------------------------------------------------
# text and icons
_GLYPHS = {
    "0": ["..#####.", ".##...##", ".##..###", ".##.####", ".##.#.##",
          ".####.##", ".###..##", ".##...##", "..#####."],
    "1": ["....#...", "...##...", ".####...", "...##...", "...##...",
          "...##...", "...##...", "...##...", ".######."],
    "2": ["..####..", ".##..##.", ".##..##.", ".....##.", "....##..",
          "...##...", "..##....", ".##..##.", ".######."],
    "3": ["..####..", ".##..##.", ".....##.", ".....##.", "....##..",
          ".....##.", ".....##.", ".##..##.", "..####.."],
    "4": [".....##.", "....###.", "...####.", "..##.##.", ".##..##.",
          ".#######", ".....##.", ".....##.", "....####"],
    "5": [".######.", ".##.....", ".##.....", ".##.....", ".#####..",
          ".....##.", ".....##.", ".##..##.", "..####.."],
    "6": ["...###..", "..##....", ".##.....", ".##.....", ".#####..",
          ".##..##.", ".##..##.", ".##..##.", "..####.."],
    "7": [".#######", ".##...##", ".##...##", "......##", ".....##.",
          "....##..", "...##...", "...##...", "...##..."],
    "8": ["..####..", ".##..##.", ".##..##.", ".##..##.", "..####..",
          ".##..##.", ".##..##.", ".##..##.", "..####.."],
    "9": ["..####..", ".##..##.", ".##..##.", ".##..##.", "..####..",
          "....##..", "....##..", "...##...", "..###..."],
    "l": [".####...", "...##...", "...##...", "...##...", "...##...",
          "...##...", "...##...", "...##...", ".######."],
    "e": ["........", "........", "........", "..####..", ".##..##.",
          ".######.", ".##.....", ".##..##.", "..####.."],
    "v": ["........", "........", "........", ".##..##.", ".##..##.",
          ".##..##.", ".##..##.", "..####..", "...##..."],
    " ": ["........"] * 9,
}

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
def board_lighting(grid, lit: bool = True, end_lit: bool = False) -> dict:
    """Lit state per cell as the game draws it (start-connected cells green)."""
    if not lit:
        return {}
    cells = lit_cells(grid)
    if not end_lit:
        cells = {pos: state for pos, state in cells.items() if state == "start"}
    return cells


def render_board(grid, lit: bool = True, end_lit: bool = False) -> np.ndarray:
    """The 6x4 board at base resolution: (192, 128, 3) BGR."""
    cells = board_lighting(grid, lit, end_lit)
    out = np.zeros((ROWS * TILE, COLS * TILE, 3), np.uint8)
    for r in range(ROWS):
        for c in range(COLS):
            out[r * TILE : (r + 1) * TILE, c * TILE : (c + 1) * TILE] = _tile_image(
                grid[r][c], cells.get((r, c))
            )
    return out


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
    cells = board_lighting(grid)
    t = _px(TILE, zoom)
    out = np.empty((ROWS * t, COLS * t, 3), np.uint8)
    for r in range(ROWS):
        for c in range(COLS):
            out[r * t : (r + 1) * t, c * t : (c + 1) * t] = _sheet_tile(grid[r][c], cells.get((r, c)), t)
    return out


@functools.lru_cache(maxsize=1024)
def _sheet_tile(tile: Tile, lit: str | None, size: int) -> np.ndarray:
    """One tile at ``size`` pixels: whole multiples stay sharp, other sizes are smoothed."""
    exact = size % TILE == 0
    return cv2.resize(_tile_image(tile, lit), (size, size),
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
        header = f"{name} - {actions} actions, {len(taps)} taps, {opt}"
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


__all__ = [
    "tile_image",
    "glyph",
    "render_screenshot",
    "render_board",
    "render_base",
    "paint_solution",
    "fit_to_screen",
    "pipe_mask",
    "knob_masks",
]

