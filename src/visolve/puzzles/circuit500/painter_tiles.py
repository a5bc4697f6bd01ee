"""circuit500 tiles at base resolution: the palette, plates, pipes, knobs and shading.

Drawn from a small geometric description measured on real screenshots (see
:mod:`painter`):

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

:func:`board_lighting` gives the lit state the game draws per cell.
"""

from __future__ import annotations

import functools

import numpy as np

from visolve.puzzles.circuit500.model import COLS, ROWS, D, L, R, U, Tile, lit_cells

#: side of a tile in pixels of the 160x284 base picture
TILE = 32

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
    return shared_tile_image(tile, lit).copy()


@functools.lru_cache(maxsize=1024)
def shared_tile_image(tile: Tile, lit: str | None) -> np.ndarray:
    """:func:`tile_image`, drawn once per tile and lighting (read-only).

    Parameters
    ----------
    tile : Tile
        The tile.
    lit : str or None
        Which lighting (see :func:`tile_image`).

    Returns
    -------
    numpy.ndarray
        The cached picture, not writeable: callers that draw on it take a copy.
    """
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
# lighting
def board_lighting(grid, lit: bool = True, end_lit: bool = False) -> dict:
    """Lit state per cell as the game draws it (start-connected cells green)."""
    if not lit:
        return {}
    cells = lit_cells(grid)
    if not end_lit:
        cells = {pos: state for pos, state in cells.items() if state == "start"}
    return cells


def tiles_board(grid, cells: dict, size: int, tile_at) -> np.ndarray:
    """The 6x4 board put together from ``tile_at(tile, lit state)`` pictures of ``size`` px."""
    out = np.empty((ROWS * size, COLS * size, 3), np.uint8)
    for r in range(ROWS):
        for c in range(COLS):
            out[r * size : (r + 1) * size, c * size : (c + 1) * size] = tile_at(grid[r][c], cells.get((r, c)))
    return out
