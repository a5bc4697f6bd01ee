"""Checks on the IQ XOXO box tray's empty squares: one floor darker than the rim, no booklet grid, no
tray outlined a square off (colour or floor beyond a side, an edge line as light as the rim), and
the lid's dark print."""

from __future__ import annotations

import numpy as np

from visolve.puzzles.iq_xoxo.board import COLS, ROWS
from visolve.puzzles.iq_xoxo.box.floor_lines import lined, lines_stop
from visolve.puzzles.iq_xoxo.box.rim import RING, ring_pixels
from visolve.puzzles.iq_xoxo.box.shape import COLOURED
from visolve.puzzles.iq_xoxo.box.squares import (BODY_SIZE, PRINT_DARK, PRINT_SAT, PRINT_SHARE, TINTED, BoxSquare,
                                                  weighted_lab)
from visolve.vision.light import channel_max, channel_min, saturation
from visolve.vision.view import BoardView

#: an empty square's colour at most this far (Lab chroma: a and b, not the lightness, which a
#: wall's or a piece's shadow on the floor changes) from the floor's median
FLOOR_DEV = 10.0
#: ... more than TINTED_DEV off it, the square may be a piece washed out by glare as well as the floor:
#: it is hidden (the floor or a piece, :func:`.pieces.hide`).  Measured on the 4,306 empty squares of
#: the 156 box scenes read exactly of seeds 0-3, 5, 7, 17, 41 and 61: median 0.5, 99th percentile 4.9,
#: 16 squares over 6 (in 11 scenes, at most 4 in one), none over 10; seed 61 box-96's navy I, washed
#: to a pale lavender grey by glare, 6.5-9.7 on 4 squares (read as the floor, the I left out: a misread)
TINTED_DEV = 6.0
#: the floor is at most this share of the rim's light (the finder's own test, with some room)
FLOOR_UNDER_RIM = 0.95
#: an edge line with at least this many empty squares, all as light as the rim, and fewer than
#: EDGE_MARKS marks read on pieces along it (the rim has none): the rim itself
EDGE_EMPTY, EDGE_MARKS = 3, 2
#: a booklet's grid, not the floor: GRID_SHARE of at least GRID_PAIRS empty neighbours with a gap
#: lighter than both by GRID_STEP
GRID_SHARE, GRID_PAIRS, GRID_STEP = 0.5, 4, 0.03
#: a tray outlined a square off: more than this share of a side's rim band coloured
SPILL = 0.1
#: the floor goes on beyond a side: its rim band's light below the floor's plus this share of
#: the gap between the floor's and the rim's
BEYOND_SHARE = 0.5
#: why a quadrilateral is no tray (the next candidate is tried)
NO_FLOOR = "as light as the rim around the tray"


def dark_print(cell: np.ndarray) -> bool:
    """Dark grey print over part of a square (balanced: white is 255): :data:`PRINT_SHARE`."""
    dark = (channel_max(cell) < PRINT_DARK * 255) & (saturation(np.clip(cell, 0, 255).astype(np.uint8)) < PRINT_SAT)
    return bool(dark.mean() >= PRINT_SHARE)


def same_floor(squares: dict, bodies: dict, rim: float, light_floor: bool = False,
               view: BoardView | None = None) -> dict:
    """Empty squares all show one floor, darker than the ``rim`` around the tray (by
    :data:`FLOOR_UNDER_RIM`); one whose chroma is off the others' median by more than
    :data:`FLOOR_DEV` (a washed-out piece, glare) is in doubt, by more than :data:`TINTED_DEV` hidden
    (:data:`.squares.TINTED`: the floor or a piece), all of them when the floor is not darker than
    the rim (no tray: a piece's outline, a washed-out picture) -- unless ``light_floor`` (the tray
    is known by the marks on its pieces: a recess in bright light).  Then an edge line as light as
    the rim is in doubt (:func:`_edge_on_rim`; ``view``, when given, shows whether the floor's lines
    part its squares)."""
    empty = [k for k, s in squares.items() if s.kind == "empty"]
    if not empty:
        return squares
    median = np.median([bodies[k] for k in empty], axis=0)
    floor = weighted_lab(median)
    dark_enough = light_floor or float(median.min()) <= FLOOR_UNDER_RIM * rim
    for k in empty:
        off = float(np.linalg.norm((weighted_lab(bodies[k]) - floor)[..., 1:]))
        if not dark_enough:
            squares[k] = BoxSquare("?", "?", (), f"{NO_FLOOR} ({median.min() / max(rim, 1.0):.2f})")
        elif off > FLOOR_DEV:
            squares[k] = BoxSquare("?", "?", (), f"pale, but not the floor's colour ({off:.0f} from it)")
        elif off > TINTED_DEV:
            squares[k] = BoxSquare("?", "?", (), f"{TINTED} ({off:.0f} from it)")
    return _edge_on_rim(squares, bodies, rim, view)


def _edge_on_rim(squares: dict, bodies: dict, rim: float, view: BoardView | None = None) -> dict:
    """An edge row or column whose empty squares (at least :data:`EDGE_EMPTY`) are all as light as
    the rim, with no pieces marked along it (:data:`EDGE_MARKS`), is the rim itself (the tray outlined a square off): its squares are in doubt -- unless
    the floor's lines are seen between them in ``view`` (:func:`.floor_lines.lined`: the rim
    is plain; a floor lit as brightly as the rim along its near side shows them)."""
    lines = [[(0, c) for c in range(COLS)], [(ROWS - 1, c) for c in range(COLS)],
             [(r, 0) for r in range(ROWS)], [(r, COLS - 1) for r in range(ROWS)]]
    for line in lines:
        empty = [k for k in line if squares[k].kind == "empty"]
        marked = sum(squares[k].kind == "piece" and squares[k].mark in "XO" for k in line)
        if (len(empty) >= EDGE_EMPTY and marked < EDGE_MARKS
                and all(float(bodies[k].min()) > FLOOR_UNDER_RIM * rim for k in empty)):
            if view is not None and lined(view, empty):
                continue
            for k in empty:
                squares[k] = BoxSquare("?", "?", (), "as light as the rim, as the whole edge: the tray outlined off")
    return squares


def gridded(view: BoardView, squares: dict) -> bool:
    """Empty squares with lighter gaps between them (a booklet's grey squares on the page), not
    the box's even floor: at least :data:`GRID_SHARE` of :data:`GRID_PAIRS` or more neighbouring
    empty pairs show a gap lighter than both squares by :data:`GRID_STEP` (share of 255).

    ``view`` is the tray as outlined, not fitted to the pieces' marks (:func:`.alignment.aligned`):
    tall pieces seen at a slant show their tops, and marks, off their squares, and a view moved
    to them samples the floor's squares across its lines (scenes seeds 89, 137, 139, 191: five
    full trays taken for booklet pages so, four of them read when looked at as outlined)."""
    empty = {k for k, sq in squares.items() if sq.kind == "empty"}
    if len(empty) < GRID_PAIRS:
        return False
    grey = channel_max(view.image)
    p = view.pitch
    (x0, y0), = view.board_to_view([(0.0, 0.0)])
    level = {}
    for r, c in empty:
        cx, cy = int(x0 + (c + 0.5) * p), int(y0 + (r + 0.5) * p)
        level[(r, c)] = float(grey[cy - p // 4:cy + p // 4, cx - p // 4:cx + p // 4].mean())
    pairs = hits = 0
    for r, c in empty:
        for nb in ((r, c + 1), (r + 1, c)):
            if nb not in empty:
                continue
            x, y = int(x0 + ((c + nb[1]) / 2 + 0.5) * p), int(y0 + ((r + nb[0]) / 2 + 0.5) * p)
            hw, hh = (1, p // 5) if nb[0] == r else (p // 5, 1)
            gap = float(np.median(grey[y - hh:y + hh + 1, x - hw:x + hw + 1]))
            pairs += 1
            hits += gap > max(level[(r, c)], level[nb]) + GRID_STEP * 255
    return pairs >= GRID_PAIRS and hits >= GRID_SHARE * pairs


def _bands(view: BoardView) -> dict[str, np.ndarray]:
    """The rim band between :data:`RING` squares out along each side (as seen): side -> pixels."""
    u0, v0 = view.extent[:2]
    a, b = RING
    bands = {"top": (0, -b, COLS, -a), "bottom": (0, ROWS + a, COLS, ROWS + b),
             "left": (-b, 0, -a, ROWS), "right": (COLS + a, 0, COLS + b, ROWS)}
    out = {}
    for side, (x0, y0, x1, y1) in bands.items():
        box = [int(round((x0 - u0) * view.pitch)), int(round((y0 - v0) * view.pitch)),
               int(round((x1 - u0) * view.pitch)), int(round((y1 - v0) * view.pitch))]
        out[side] = view.image[max(box[1], 0):box[3], max(box[0], 0):box[2]]
    return out


def spilled(view: BoardView) -> str:
    """The side (as seen) beyond which more than :data:`SPILL` of the rim band between
    :data:`RING` squares out is coloured -- a piece cut off: the tray outlined a square off --
    or ""."""
    for side, band in _bands(view).items():
        if band.size and (saturation(band) >= COLOURED).mean() > SPILL:
            return side
    return ""


def _outside(view: BoardView, key: tuple[int, int], side: str) -> np.ndarray:
    """The rim band between :data:`RING` squares out beyond edge square ``key`` on ``side``."""
    (r, c), (a, b), m = key, RING, (1 - BODY_SIZE) / 2
    u0, v0, v1 = {"top": (c + m, -b, -a), "bottom": (c + m, ROWS + a, ROWS + b),
                  "left": (-b, r + m, r + 1 - m), "right": (COLS + a, r + m, r + 1 - m)}[side]
    u1 = u0 + BODY_SIZE if side in ("top", "bottom") else u0 + (b - a)
    (x0, y0), (x1, y1) = view.board_to_view([(u0, v0), (u1, v1)]).round().astype(int)
    return view.image[max(y0, 0):y1, max(x0, 0):x1]


def floor_beyond(view: BoardView, squares: dict) -> str:
    """The side (as seen) beyond whose empty edge squares the band between :data:`RING` squares
    out is about as dark as they are (darkest channel, medians: lighter by less than
    :data:`BEYOND_SHARE` of the floor's gap to the rim, or of a square's room below white where
    that is less: glare) -- the floor cut off: the tray outlined a square off -- or "" (a side where
    the floor's lines are seen to stop is no such side: :func:`.floor_lines.lines_stop`)."""
    empty = [k for k, sq in squares.items() if sq.kind == "empty"]
    if not empty:
        return ""
    body = {k: float(np.median(channel_min(view.cell(*k, size=BODY_SIZE)))) for k in empty}
    gap = float(np.median(channel_min(ring_pixels(view)))) - float(np.median(list(body.values())))
    edges = {"top": [(0, c) for c in range(COLS)], "bottom": [(ROWS - 1, c) for c in range(COLS)],
             "left": [(r, 0) for r in range(ROWS)], "right": [(r, COLS - 1) for r in range(ROWS)]}
    for side, line in edges.items():
        steps = [(float(np.median(channel_min(band))) - body[k]) / max(min(gap, 255.0 - body[k]), 1.0)
                 for k in line if k in body and (band := _outside(view, k, side)).size]
        if steps and np.median(steps) < BEYOND_SHARE and not lines_stop(view, set(body), side, RING, ROWS, COLS):
            return side
    return ""
