"""Reading a photo of the IQ XOXO box with pieces in it (a challenge set up, a board one is stuck
on, the solved box) as a level.

1. *Tray.* :func:`visolve.puzzles.iq_xoxo.box.finder.find_trays` gives
   quadrilaterals about twice as wide as high, largest first; the first
   with the box's white rim around it is the tray.  A side along which
   pieces lie is moved to the pieces' edge (a photo taken at an angle
   shows the far wall above the floor).  Pieces cut off by a side, or the
   floor going on beyond one, say the tray is outlined a square off: a
   tray seen but not read is read once more with its sides moved to the
   floor's edge nearby (:func:`visolve.puzzles.iq_xoxo.box.finder.refined`), or to the
   rim's inner edge (:func:`visolve.puzzles.iq_xoxo.box.rim_edges.rim_fitted`).
2. *Squares.* The tray is sampled upright (:data:`.squares.PITCH` px per
   square), its light evened, a colour cast across it taken out and
   white-balanced on the rim; each square is
   the floor or a piece square with candidate pieces by colour and an X or
   an O (:func:`visolve.puzzles.iq_xoxo.box.squares.read_square`).  Empty
   squares with lighter gaps between them, on the tray as outlined, are a
   booklet's grey squares (:func:`visolve.puzzles.iq_xoxo.box.floor.gridded`).
3. *Which way up.* The marks read must all follow the X/O squares as seen,
   or all turned half round (an upside-down photo); at least
   :data:`.pieces.MIN_MARKS` of them, and none against the others.
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
from visolve.puzzles.iq_xoxo.board import COLS, EMPTY, ROWS
from visolve.puzzles.iq_xoxo.box.alignment import aligned
from visolve.puzzles.iq_xoxo.box.finder import ASPECT, find_trays, refined, trays_in_boxes
from visolve.puzzles.iq_xoxo.box.floor import NO_FLOOR, dark_print, floor_beyond, gridded, same_floor, spilled
from visolve.puzzles.iq_xoxo.box.page_marks import TabBeside, tab_number_beside
from visolve.puzzles.iq_xoxo.box.pieces import rows_of, way_up
from visolve.puzzles.iq_xoxo.box.rim_edges import rim_fitted
from visolve.puzzles.iq_xoxo.box.rim import (EMPTY_CAST, MARGIN, REACH, SIDE_PITCH, balanced, has_rim, rim_cast,
                                            ring_pixels, snapped)
from visolve.puzzles.iq_xoxo.box.squares import (BODY_SIZE, MARK_SHIFT, MARK_SIZE, NO_COLOUR, PITCH, PRINTED, WIDE_SIZE,
                                                 BoxSquare, high_pass, read_square)
from visolve.puzzles.iq_xoxo.box.squares import bodies as body_colours
from visolve.puzzles.iq_xoxo.model import Level
from visolve.vision.geometry import quad_size
from visolve.vision.light import channel_min
from visolve.vision.view import BoardView

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
    page_like: bool = False  #: a number tab beside the tray, read or not: a booklet page's board

def read_squares(view: BoardView, light_floor: bool = False) -> dict:
    """Every square of a balanced view, as seen: (r, c) -> :class:`BoxSquare` (``light_floor``:
    see :func:`same_floor`)."""
    detail = view.with_image(high_pass(view.image, view.pitch))
    out, middles, bodies = {}, body_colours(view), {}
    for r in range(ROWS):
        for c in range(COLS):
            bodies[(r, c)] = middles[r, c]
            out[(r, c)] = read_square(bodies[(r, c)], detail.cell(r, c, size=MARK_SIZE + 2 * MARK_SHIFT), view.pitch,
                                      detail.cell(r, c, size=WIDE_SIZE))
            if out[(r, c)].kind == "empty" and dark_print(view.cell(r, c, size=BODY_SIZE)):
                out[(r, c)] = BoxSquare("empty", "", (), f"{PRINTED} (the lid's logo?)")
    rim = float(np.median(channel_min(ring_pixels(view))))
    return same_floor(out, bodies, rim, light_floor, view)

def read_tray(image: np.ndarray, corners: np.ndarray) -> TrayReading | None:
    """Read the tray whose floor's corners are ``corners``; None when no white rim is around it."""
    side_view = BoardView.from_corners(image, corners, ROWS, COLS, pitch=SIDE_PITCH, margin=REACH)
    if not has_rim(side_view):
        return None
    outlined = BoardView.from_corners(image, snapped(side_view), ROWS, COLS, pitch=PITCH, margin=MARGIN)
    view = aligned(outlined)
    reading = TrayReading(view)
    problem = outline_problem(view, image.shape)
    if problem:
        reading.error = problem
        return reading
    try:
        even = balanced(view)
        reading.squares = read_squares(even)
        if gridded(even if view is outlined else balanced(outlined), reading.squares):
            raise NotThisPuzzle("grey squares with gaps between them: a booklet page, not the box")
        reading.marked = _marked(reading.squares)
        if reading.marked and light_floor_marked(reading.squares):
            reading.squares = read_squares(even, light_floor=True)
        rows = rows_of(reading.squares)
        spill = spilled(even)
        if spill:
            raise ReadError(f"colour beyond the tray's {spill} side as seen: the tray is not outlined right")
        beyond = floor_beyond(even, reading.squares)
        if beyond:
            raise ReadError(f"the floor goes on beyond the tray's {beyond} side as seen: the tray is not outlined right")
        try:
            tab = tab_number_beside(view)
        except TabBeside:
            reading.page_like = True
            raise
        if tab is not None:
            reading.page_like = True
            raise ReadError(f"a tab numbered {tab} beside the tray: a booklet page, not the box")
        _empty_on_rim(rows, side_view)
        reading.rows = rows
    except NotThisPuzzle as exc:
        reading.error, reading.no_tray = str(exc), True
    except ReadError as exc:
        reading.error = str(exc)
    return reading


def _empty_on_rim(rows: tuple[str, ...], side_view: BoardView) -> None:
    """Raise NotThisPuzzle for a tray read with no piece in it whose ring (``side_view``'s, the tray as
    found) is tinted past :data:`~.rim.EMPTY_CAST`: only the rim tells an empty tray from a darker
    patch of a light desk (a wooden desk's swirl), and a cast that strong is the desk's colour."""
    if any(square != EMPTY for row in rows for square in row):
        return
    cast = rim_cast(side_view)
    if cast > EMPTY_CAST:
        raise NotThisPuzzle(f"no piece in the tray as outlined, and the ring around it is tinted ({cast:.2f}, over "
                            f"{EMPTY_CAST} for the box's white rim): a patch of the desk, not an empty box")


def outline_problem(view: BoardView, shape: tuple) -> str:
    """Why the tray as outlined, moved and aligned (``view``, in a picture of ``shape``) cannot be
    read, else "": a floor not shaped like a tray as seen (its long sides over its short ones
    outside :data:`.finder.ASPECT`, the bound every tray found keeps), or one running out of the
    picture (a square's middle outside it: what lies beyond is unseen).  Seed 83 box-90: a tray
    found to a corner off the picture, its sides then snapped to a strip 85 px wide along the
    rim (17 times as long as high), read as an empty tray and left its piece out: a misread."""
    width, height = quad_size(view.corners())
    ratio = width / max(height, 1e-9)
    if not ASPECT[0] <= ratio <= ASPECT[1]:
        return (f"the tray as outlined is {ratio:.1f} times as long as high as seen ({ASPECT[0]}-{ASPECT[1]} for "
                "a tray): it is not outlined right")
    h, w = shape[:2]
    middles = view.to_picture([[col + 0.5, row + 0.5] for row in range(ROWS) for col in range(COLS)])
    for k, (x, y) in enumerate(middles):
        if not (0.0 <= x < w and 0.0 <= y < h):
            return (f"square r{k // COLS}c{k % COLS} as seen lies outside the picture: the tray is not outlined right, "
                    "or not all in the picture")
    return ""


def light_floor_marked(squares: dict) -> bool:
    """The empty squares were doubted only for being as light as the rim, and at least
    :data:`LIGHT_FLOOR_MARKS` marks were read on pieces: the floor is the floor.

    A square whose colour is no piece's (a glare or the lid's logo over it) does not count
    against that: it is hidden either way, and the pieces' cover settles it
    (:func:`.pieces.hide`)."""
    doubted = [s for s in squares.values() if s.kind == "?" and not s.why.startswith(NO_COLOUR)]
    marks = sum(s.kind == "piece" and s.mark in "XO" for s in squares.values())
    return bool(doubted) and marks >= LIGHT_FLOOR_MARKS and all(NO_FLOOR in s.why for s in doubted)


def _marked(squares: dict) -> bool:
    """At least :data:`.pieces.MIN_MARKS` marks read on pieces, all following the X/O squares one way up
    (clear or not: a tray with pieces marked, whether or not their marks tell which way up it lies)."""
    try:
        way_up(squares, clear=False)
    except ReadError:
        return False
    return True


def _read_or_refined(picture: np.ndarray, corners: np.ndarray) -> TrayReading | None:
    """:func:`read_tray`; when a tray is seen but not read, read again with its sides moved to
    the floor's edge nearby (:func:`visolve.puzzles.iq_xoxo.box.finder.refined`: a side found a
    square or so off), then to the lines fitted to the rim's inner edge
    (:func:`.rim_edges.rim_fitted`, once and once more from there), the first of those readings
    kept that reads or shows a booklet's tab."""
    reading = read_tray(picture, corners)
    if reading is None or reading.rows is not None or reading.no_tray or reading.page_like:
        return reading
    for moved in _moved_sides(picture, corners):
        second = read_tray(picture, moved)
        if second is not None and (second.rows is not None or second.page_like):
            return second
    return reading


def _read_agreed(picture: np.ndarray, corners: np.ndarray) -> TrayReading | None:
    """A tray outlined roughly (:func:`.finder.lined_boxes`) read with its sides as found and
    moved every way :func:`_read_or_refined` moves them: a booklet's tab seen in any is a page;
    else the first level read, when no outline reads another (a rough outline a square off
    at one end can read a piece whose marks are hidden a square off)."""
    first = read_tray(picture, corners)
    if first is None or first.no_tray:
        return first
    readings = [first] + [read_tray(picture, moved) for moved in _moved_sides(picture, corners)]
    readings = [r for r in readings if r is not None]
    for r in readings:
        if r.page_like:
            return r
    read = [r for r in readings if r.rows is not None]
    if read and any(r.rows != read[0].rows for r in read):
        first.rows, first.error = None, "the tray's outlines read different levels: the tray is not outlined right"
        return first
    return read[0] if read else first


def _moved_sides(picture: np.ndarray, corners: np.ndarray):
    """The tray's corners with its sides moved, in the order tried (:func:`_read_or_refined`), each
    worked out only when the one before did not read."""
    yield refined(picture, corners, ROWS, COLS)
    fitted = rim_fitted(picture, corners, ROWS, COLS)
    yield fitted
    yield rim_fitted(picture, fitted, ROWS, COLS)


def _candidates(picture: np.ndarray):
    """Tray corners to try, whether they come from a box, and whether they are rough: the
    finder's trays (:func:`find_trays`), then the trays inside the boxes seen
    (:func:`trays_in_boxes`: a floor as light as the rim, a blob run into the table), whose
    readings count only when they read or show marked pieces (a white page with boards on it is
    shaped like the box too), then the trays in boxes joined to a shape beside them, found from
    their outlines' straight stretches (rough: read by :func:`_read_agreed`)."""
    for corners in find_trays(picture):
        yield corners, False, False
    for corners in trays_in_boxes(picture, ROWS, COLS):
        yield corners, True, False
    for corners in trays_in_boxes(picture, ROWS, COLS, lined=True):
        yield corners, True, True


def read_trays(image: np.ndarray) -> TrayReading:
    """The first tray candidate with a rim around it that reads or shows a booklet's number tab
    beside it (:func:`.page_marks.tab_number_beside`: a page, whose other boards are no tray
    either); else the first one seen but not read (its reason), else NotThisPuzzle."""
    if not isinstance(image, np.ndarray) or image.ndim != 3 or min(image.shape[:2]) < 32:
        raise NotThisPuzzle("not a colour picture")
    picture = np.ascontiguousarray(image[:, :, :3])
    first = seen = None
    for corners, in_box, rough in _candidates(picture):
        reading = (_read_agreed if rough else _read_or_refined)(picture, corners)
        if reading is None or (in_box and reading.rows is None and not reading.marked):
            continue  # a light blob shaped like a box without pieces marked in it: a page, a card
        if reading.rows is not None or reading.page_like:
            return reading  # read, or a booklet page: its other boards are no tray either
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
