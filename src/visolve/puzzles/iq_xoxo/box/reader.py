"""Reading a photo of the IQ XOXO box with pieces in it (a challenge set up, a board one is stuck
on, the solved box) as a level.

1. *Tray.* :func:`visolve.puzzles.iq_xoxo.box.finder.find_trays` gives
   quadrilaterals about twice as wide as high, largest first; the first
   with the box's white rim around it is the tray.  A side along which
   pieces lie is moved to the pieces' edge (a photo taken at an angle
   shows the far wall above the floor).  Pieces cut off by a side, or the
   floor going on beyond one, say the tray is outlined a square off: a
   tray seen but not read is read once more with its sides moved to the
   floor's edge nearby (:func:`visolve.puzzles.iq_xoxo.box.finder.refined`).
2. *Squares.* The tray is sampled upright (:data:`.squares.PITCH` px per
   square), its light evened, a colour cast across it taken out and
   white-balanced on the rim; each square is
   the floor or a piece square with candidate pieces by colour and an X or
   an O (:func:`visolve.puzzles.iq_xoxo.box.squares.read_square`).
3. *Which way up.* The marks read must all follow the X/O squares as seen,
   or all turned half round (an upside-down photo); at least
   :data:`MIN_MARKS` of them, and none against the others.
4. *Pieces.* The one way to cover the piece squares with whole pieces
   where their marks fit, each square by a piece its colour allows
   (:func:`visolve.puzzles.iq_xoxo.box.squares.covers`; a pale square without
   a mark taken as the floor or a piece, whichever covers).

A picture without a tray is :class:`NotThisPuzzle`; anything in doubt a
:class:`ReadError` naming the square (``r2c7``: row and column from the top
left, in the booklet's orientation when it is known, else as seen).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from visolve.errors import NotThisPuzzle, ReadError
from visolve.puzzles.base import level_from_filename
from visolve.puzzles.iq_xoxo.board import COLS, ROWS
from visolve.puzzles.iq_xoxo.box.alignment import aligned
from visolve.puzzles.iq_xoxo.box.finder import find_trays, refined, trays_in_boxes
from visolve.puzzles.iq_xoxo.box.floor_lines import lined, lines_stop
from visolve.puzzles.iq_xoxo.box.pieces import MIN_MARKS, rows_of, way_up
from visolve.puzzles.iq_xoxo.box.shape import COLOURED, PLATE_INSET
from visolve.puzzles.iq_xoxo.box.squares import (BODY_SIZE, MARK_SHIFT, MARK_SIZE, PITCH, PRINT_DARK, PRINT_SAT,
                                                 PRINT_SHARE, PRINTED, BoxSquare, high_pass, read_square,
                                                 weighted_lab)
from visolve.puzzles.iq_xoxo.model import Level
from visolve.vision.light import channel_max, channel_min, saturation
from visolve.vision.view import BoardView

#: squares of margin sampled around the tray; the rim is looked at between RING squares out
MARGIN, RING = 0.5, (0.15, 0.45)
#: the rim: at least RIM_SHARE of the ring's pixels with a saturation under RIM_SAT (white-balanced)
RIM_SHARE, RIM_SAT = 0.6, 0.15
#: the rim's colour may be cast by the light up to this saturation
RIM_CAST = 0.3
#: the light is evened over this many squares (the rim within reach of every square)
LIGHT_SIZE = 6.5
#: the rim's white: this percentile of the ring, per channel
WHITE_PERCENTILE = 90
#: a cast across the tray is fitted to the ring's pixels at least CAST_LIGHT of its median light
#: (darkest channel; not a piece, not the desk), at least CAST_MIN of them
CAST_LIGHT, CAST_MIN = 0.8, 50
#: sides moved to the pieces: looked for up to REACH squares inside and out; pieces found along
#: at least ALONG of the side, their edge within SPREAD squares (quartiles) -- else the side stays
REACH, ALONG, SPREAD = 0.6, 0.4, 0.08
#: pixels per square of the look at the sides
SIDE_PITCH = 20
#: an empty square's colour at most this far (Lab chroma: a and b, not the lightness, which a
#: wall's or a piece's shadow on the floor changes) from the floor's median
FLOOR_DEV = 10.0
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
#: a floor as light as the rim is the floor when at least this many marks are read on pieces,
#: all following the X/O squares one way up (a tray known by its pieces, the recess in bright light;
#: 8 until H30: a tray found from its box with 7 marks was refused, none read wrong at 6)
LIGHT_FLOOR_MARKS = 6


@dataclass
class TrayReading:
    """One tray read: the view, the squares as seen, the level (or why not)."""

    view: BoardView
    squares: dict = field(default_factory=dict)
    rows: tuple[str, ...] | None = None
    error: str = ""
    no_tray: bool = False  #: nothing in it says it is a tray
    marked: bool = False  #: marks on pieces read, all following the X/O squares one way up


def _ring(view: BoardView) -> np.ndarray:
    """The view's pixels between :data:`RING` squares outside the tray, (n, 3)."""
    return view.image[_ring_mask(view)[0]].reshape(-1, 3)


def has_rim(view: BoardView) -> bool:
    """The box's white plastic around the quadrilateral (not pieces, not a desk): the ring's
    median colour light and at most :data:`RIM_CAST` saturated (a colour cast), and most of the
    ring's pixels of that colour (under :data:`RIM_SAT` once divided by it)."""
    ring = _ring(view).astype(np.float32)
    white = np.maximum(np.median(ring, axis=0), 1.0)
    if saturation(white[None, None])[0, 0] > RIM_CAST:
        return False
    return bool((saturation((ring / white)[None]) < RIM_SAT).mean() >= RIM_SHARE)


def _edge(coloured: np.ndarray, pitch: int, length: int) -> tuple[float, float] | None:
    """Where pieces start (squares in from the view's top row) at both ends of a side ``length``
    squares long, if pieces line the side along a straight edge; else None."""
    cols = coloured.shape[1]
    ends = int(0.1 * cols)
    xs, firsts = [], []
    for x in range(ends, cols - ends):
        hits = np.flatnonzero(coloured[:, x])
        if len(hits):
            xs.append(x)
            firsts.append(hits[0])
    if len(firsts) < ALONG * (cols - 2 * ends):
        return None
    xs, firsts = np.array(xs, np.float64), np.array(firsts, np.float64)
    slope, offset = np.polyfit(xs, firsts, 1)
    for _ in range(2):  # refit to the points near the line (gaps between pieces, a stray lump)
        near = np.abs(firsts - (slope * xs + offset)) <= max(1.0, np.percentile(np.abs(firsts - (slope * xs + offset)), 75))
        slope, offset = np.polyfit(xs[near], firsts[near], 1)
    rest = firsts - (slope * xs + offset)
    q1, q3 = np.percentile(rest, (25, 75))
    if (q3 - q1) / pitch > SPREAD:
        return None
    at = np.array([REACH, REACH + length]) * pitch
    return tuple(float(v) for v in (slope * at + offset) / pitch - REACH - PLATE_INSET)


def snapped(view: BoardView) -> np.ndarray:
    """The corners of a view (:data:`SIDE_PITCH`, margin :data:`REACH`) with each side along
    which pieces lie moved to the pieces' plates' edge."""
    coloured = saturation(view.image) >= COLOURED
    band = int(round(2 * REACH * SIDE_PITCH))
    top = _edge(coloured[:band], SIDE_PITCH, COLS) or (0.0, 0.0)
    bottom = _edge(coloured[::-1][:band], SIDE_PITCH, COLS) or (0.0, 0.0)
    left = _edge(coloured[:, :band].T, SIDE_PITCH, ROWS) or (0.0, 0.0)
    right = _edge(coloured[:, ::-1][:, :band].T, SIDE_PITCH, ROWS) or (0.0, 0.0)
    board = [(left[0], top[0]), (COLS - right[0], top[1]), (COLS - right[1], ROWS - bottom[1]),
             (left[1], ROWS - bottom[0])]
    return view.to_picture(board)


def _ring_mask(view: BoardView) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Which view pixels lie between :data:`RING` squares outside the tray, and every pixel's
    board coordinates (u, v)."""
    h, w = view.image.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    u, v = xx / view.pitch + view.extent[0], yy / view.pitch + view.extent[1]
    out = np.maximum(np.maximum(-u, u - COLS), np.maximum(-v, v - ROWS))
    return (out >= RING[0]) & (out <= RING[1]), u, v


def _cast_evened(view: BoardView) -> BoardView:
    """A colour cast that changes across the tray taken out: each channel's share of the rim's
    light (its pixels no darker than :data:`CAST_LIGHT` of their median) fitted as a plane over
    the board, and every pixel divided by it."""
    img = view.image.astype(np.float32)
    ring, u, v = _ring_mask(view)
    px = img[ring]
    light = channel_min(px)
    keep = light >= CAST_LIGHT * np.median(light)
    if keep.sum() < CAST_MIN:
        return view
    share = px[keep] / np.maximum(px[keep].mean(axis=1, keepdims=True), 1.0)
    basis = np.stack([np.ones_like(u), u, v], axis=-1)
    coef, *_ = np.linalg.lstsq(basis[ring][keep], share, rcond=None)
    return view.with_image(img / np.maximum(basis @ coef.astype(np.float32), 0.1))


def _balanced(view: BoardView) -> BoardView:
    """Light evened out (:data:`LIGHT_SIZE`), a cast across the tray taken out
    (:func:`_cast_evened`) and the rim's white made 255 in every channel."""
    flat = _cast_evened(view.flat_fielded(size=LIGHT_SIZE, level=255.0))
    white = np.percentile(_ring(flat), WHITE_PERCENTILE, axis=0)
    return flat.with_image(flat.image * (255.0 / np.maximum(white, 1.0)).astype(np.float32))


def read_squares(view: BoardView, light_floor: bool = False) -> dict:
    """Every square of a balanced view, as seen: (r, c) -> :class:`BoxSquare` (``light_floor``:
    see :func:`same_floor`)."""
    detail = view.with_image(high_pass(view.image, view.pitch))
    out, bodies = {}, {}
    for r in range(ROWS):
        for c in range(COLS):
            bodies[(r, c)] = np.median(view.cell(r, c, size=BODY_SIZE).reshape(-1, 3), axis=0)
            out[(r, c)] = read_square(bodies[(r, c)], detail.cell(r, c, size=MARK_SIZE + 2 * MARK_SHIFT), view.pitch)
            if out[(r, c)].kind == "empty" and dark_print(view.cell(r, c, size=BODY_SIZE)):
                out[(r, c)] = BoxSquare("empty", "", (), f"{PRINTED} (the lid's logo?)")
    rim = float(np.median(channel_min(_ring(view))))
    return same_floor(out, bodies, rim, light_floor, view)


def dark_print(cell: np.ndarray) -> bool:
    """Dark grey print over part of a square (balanced: white is 255): :data:`PRINT_SHARE`."""
    dark = (channel_max(cell) < PRINT_DARK * 255) & (saturation(np.clip(cell, 0, 255).astype(np.uint8)) < PRINT_SAT)
    return bool(dark.mean() >= PRINT_SHARE)


def same_floor(squares: dict, bodies: dict, rim: float, light_floor: bool = False,
               view: BoardView | None = None) -> dict:
    """Empty squares all show one floor, darker than the ``rim`` around the tray (by
    :data:`FLOOR_UNDER_RIM`); one whose chroma is off the others' median by more than
    :data:`FLOOR_DEV` (a washed-out piece, glare) is in doubt, all of them when the floor is
    not darker than the rim (no tray: a piece's outline, a washed-out picture) -- unless
    ``light_floor`` (the tray is known by the marks on its pieces: a recess in bright light).
    Then an edge line as light as the rim is in doubt (:func:`_edge_on_rim`; ``view``, when
    given, shows whether the floor's lines part its squares)."""
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
    empty pairs show a gap lighter than both squares by :data:`GRID_STEP` (share of 255)."""
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
    gap = float(np.median(channel_min(_ring(view)))) - float(np.median(list(body.values())))
    edges = {"top": [(0, c) for c in range(COLS)], "bottom": [(ROWS - 1, c) for c in range(COLS)],
             "left": [(r, 0) for r in range(ROWS)], "right": [(r, COLS - 1) for r in range(ROWS)]}
    for side, line in edges.items():
        steps = [(float(np.median(channel_min(band))) - body[k]) / max(min(gap, 255.0 - body[k]), 1.0)
                 for k in line if k in body and (band := _outside(view, k, side)).size]
        if steps and np.median(steps) < BEYOND_SHARE and not lines_stop(view, set(body), side, RING, ROWS, COLS):
            return side
    return ""


def read_tray(image: np.ndarray, corners: np.ndarray) -> TrayReading | None:
    """Read the tray whose floor's corners are ``corners``; None when no white rim is around it."""
    side_view = BoardView.from_corners(image, corners, ROWS, COLS, pitch=SIDE_PITCH, margin=REACH)
    if not has_rim(side_view):
        return None
    view = BoardView.from_corners(image, snapped(side_view), ROWS, COLS, pitch=PITCH, margin=MARGIN)
    view = aligned(view)
    reading = TrayReading(view)
    try:
        balanced = _balanced(view)
        reading.squares = read_squares(balanced)
        if gridded(balanced, reading.squares):
            raise NotThisPuzzle("grey squares with gaps between them: a booklet page, not the box")
        reading.marked = _marked(reading.squares)
        if reading.marked and light_floor_marked(reading.squares):
            reading.squares = read_squares(balanced, light_floor=True)
        rows = rows_of(reading.squares)
        spill = spilled(balanced)
        if spill:
            raise ReadError(f"colour beyond the tray's {spill} side as seen: the tray is not outlined right")
        beyond = floor_beyond(balanced, reading.squares)
        if beyond:
            raise ReadError(f"the floor goes on beyond the tray's {beyond} side as seen: the tray is not outlined right")
        reading.rows = rows
    except NotThisPuzzle as exc:
        reading.error, reading.no_tray = str(exc), True
    except ReadError as exc:
        reading.error = str(exc)
    return reading


def light_floor_marked(squares: dict) -> bool:
    """The empty squares were doubted only for being as light as the rim, and at least
    :data:`LIGHT_FLOOR_MARKS` marks were read on pieces: the floor is the floor."""
    doubted = [s for s in squares.values() if s.kind == "?"]
    marks = sum(s.kind == "piece" and s.mark in "XO" for s in squares.values())
    return bool(doubted) and marks >= LIGHT_FLOOR_MARKS and all(NO_FLOOR in s.why for s in doubted)


def _marked(squares: dict) -> bool:
    """At least :data:`MIN_MARKS` marks read on pieces, all following the X/O squares one way up."""
    try:
        way_up(squares)
    except ReadError:
        return False
    return True


def _read_or_refined(picture: np.ndarray, corners: np.ndarray) -> TrayReading | None:
    """:func:`read_tray`; when a tray is seen but not read, read again with its sides moved to
    the floor's edge nearby (:func:`visolve.puzzles.iq_xoxo.box.finder.refined`: a side found a
    square or so off), and that reading kept if it reads."""
    reading = read_tray(picture, corners)
    if reading is None or reading.rows is not None or reading.no_tray:
        return reading
    second = read_tray(picture, refined(picture, corners, ROWS, COLS))
    return second if second is not None and second.rows is not None else reading


def _candidates(picture: np.ndarray):
    """Tray corners to try, and whether they come from a box: the finder's trays
    (:func:`find_trays`), then the trays inside the boxes seen (:func:`trays_in_boxes`: a floor
    as light as the rim, a blob run into the table), whose readings count only when they read or
    show marked pieces (a white page with boards on it is shaped like the box too)."""
    for corners in find_trays(picture):
        yield corners, False
    for corners in trays_in_boxes(picture, ROWS, COLS):
        yield corners, True


def read_trays(image: np.ndarray) -> TrayReading:
    """The first tray candidate with a rim around it that reads; else the first one seen but not
    read (its reason), else NotThisPuzzle."""
    if not isinstance(image, np.ndarray) or image.ndim != 3 or min(image.shape[:2]) < 32:
        raise NotThisPuzzle("not a colour picture")
    picture = np.ascontiguousarray(image[:, :, :3])
    first = seen = None
    for corners, in_box in _candidates(picture):
        reading = read_tray(picture, corners) if in_box else _read_or_refined(picture, corners)
        if reading is None or (in_box and reading.rows is None and not reading.marked):
            continue  # a light blob shaped like a box without pieces marked in it: a page, a card
        if reading.rows is not None:
            return reading
        if not reading.no_tray and NO_FLOOR not in reading.error:
            seen = seen or reading  # a tray not read: a later candidate may be outlined right
            continue
        first = first or reading  # as light as the rim: the lid, or a light patch of the rim
    if seen is not None:
        return seen
    if first is not None and not first.no_tray:
        return first
    raise NotThisPuzzle(first.error if first is not None else "no IQ XOXO box tray found")


def read_box(image: np.ndarray, source: str = "") -> Level:
    """The level a photo of the box shows, named from the file (the box prints no number).

    Raises
    ------
    NotThisPuzzle
        No tray of the box in the picture.
    ReadError
        A tray was found but a square, a mark or a piece is in doubt.
    """
    reading = read_trays(image)
    if reading.rows is None:
        raise ReadError(f"box: {reading.error}")
    return Level(level=level_from_filename(source), rows=reading.rows, source=source)
