"""A board read on a slanted view, checked where its cubes' tops would stand.

Seen at a slant, every cube shows its top off its square, away from the camera
(:func:`visolve.vision.lean.lean`), and nothing on the board stands taller than
a cube's top: wherever a cube is, its top shows its piece's colour a cube's
lean off its square.  Where the camera was is known only up to its principal
point (:func:`visolve.puzzles.genius_square.tops.shifts_at`: the board's middle
or the picture's), and the cubes are 0.75-1.0 squares tall, so the squares are
read at each of those leans (:func:`top_readings`).  A board read there is
refused when

* a square of a piece the shapes laid (none of its squares read surely as it)
  shows no colour of that piece where its top would stand, at any of those
  leans (:func:`unseen_top`): the piece was laid on
  something else, the shaded side of a cube beside it (brown, laid on a yellow
  piece's side), or a square off its own cubes (a red piece seen steeply on a
  maroon board, read a square towards the camera);
* a piece read surely shows, at every one of those leans, surely on one
  other whole placement of it (:func:`moved_top`): cubes seen so steeply that
  their tops stand a whole square off, or a flat print;
* squares read empty, a whole placement of a piece the board is read without,
  show its colour where their own cubes' tops would stand, at every one of
  those leans (:func:`absent_top`; on a SmartGames board the coloured pieces
  only): a piece whose cubes' fronts, in shade, read as dark as the board (the
  grey piece on a black board), or whose top leans off the grid (the dark blue
  square on a navy board).

Only a grid found on the board's floor is checked (a grid of the cubes' tops
has them at its squares' middles already), and only a view tilted enough to
lean (:data:`visolve.puzzles.genius_square.tops.MIN_TILT`).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from visolve.puzzles.genius_square import model
from visolve.puzzles.genius_square.colours import NEUTRAL_SPREAD, OBJECT_MIN
from visolve.puzzles.genius_square.surplus import cells_of, mask_of, placements, sure_mask
from visolve.puzzles.genius_square.model import COLOURS, Level
from visolve.puzzles.genius_square.tops import on_floor, shifts_at
from visolve.vision.view import BoardView

SIZE = 6
#: the grey piece (straight four): read by its own rules (:func:`unseen_top`)
GREY = "5"
#: the edition whose board has no light grid lines (:func:`absent_top`)
HAPPY_PUZZLE = "happy-puzzle"
#: heights (squares) of a cube's top: the scenes' and the game's blocks are 0.75-1.0 squares tall
TOP_HEIGHTS = (0.75, 0.9)
#: a square read as a piece whose top, at every lean tried, is further than this (relative residual)
#: from the piece's colour shows no cube of it.  Measured on the randomized scenes of seeds 0, 1, 71
#: and 79 (the check off): of the pieces read right on views every camera leans (90 readings), laid
#: by the shapes alone, the worst square's top is at most 0.59 off (seed 0 scene 28, green on a grey
#: board); the misreads' 0.84 (71/74, red on maroon, a square off) and 0.98 (79/12, brown on a yellow
#: side, its tops on the black rim)
UNSEEN_TOP = 0.7
#: an absent piece whose tops' places, at every lean tried, show its colour within this (relative
#: residual) on a whole placement of squares read empty is seen.  Measured as above: the grey piece of
#: 79/78 at most 0.077 off on A1-A4; on the readings right of Happy Puzzle boards, an absent piece
#: whole so at 0.28 at the nearest (seed 1 scene 51, the one-square dark blue), else 0.95 and more
ABSENT_TOP = 0.15
#: ... on a SmartGames board, whose light grid lines read as the grey piece, the coloured pieces only,
#: within this.  Seed 59 scene 93: the dark blue square on a navy board, its cube's top leaning off the
#: grid's edge, its middle the board's colour; its top's place 0.14-0.20 off dark blue at the four
#: leans, standing 0.41-0.44 out of its middle (the board, 0.7 and more off every piece there)
ABSENT_TOP_LINED = 0.25
#: least a square of such a placement stands out of its middle (:func:`stand`, the least of the leans);
#: the placement's mean must reach OBJECT_MIN.  The grey piece of seed 103 scene 99, lit on one square's
#: front: 0.26, 0.33, 0.27, 0.16 (its mean 0.26); 89/96 0.33-0.40.  Of the 67 fours that show grey tops
#: at every lean on right readings of Happy Puzzle boards (seeds 0, 1, 79, 83, 89 and 103) the largest
#: mean is 0.11 (seed 1 scene 72, row A: 0.10-0.12, each over STAND_LEAST)
STAND_LEAST = 0.1


def top_readings(view: BoardView, places, edges: tuple[int, ...], read: Callable[..., tuple],
                 anywhere: bool = False) -> list[list[list]]:
    """The squares read where a cube's top on each would stand: one reading (6 x 6 squares) per
    height of :data:`TOP_HEIGHTS` and principal point; none for a grid off the floor (``places``,
    ``edges`` as :func:`visolve.puzzles.genius_square.tops.on_floor` takes them) unless ``anywhere``
    (:func:`looked_off_floor`; :func:`tops_problem` then looks only for pieces' tops read absent), a view whose
    picture is unknown, or a view that one of the principal points gives no camera tilted enough to
    lean (the lean is not sure: seed 79 scene 89, a grey board, one principal point tilted 0.3
    square at 0.9 of a cube, the other not at all, its purple piece 0.56-0.94 off purple wherever
    read).  ``read(shift=...)`` reads the squares at a shift field, as
    :func:`visolve.puzzles.genius_square.reader.squares_of` does."""
    if view.picture is None or not (anywhere or on_floor(places, edges, view)):
        return []
    fields = [shift for height in TOP_HEIGHTS for shift in shifts_at(view, height) if shift is not None]
    if not fields or not all(np.any(shift) for shift in fields):  # a lean not sure from every camera
        return []
    return [read(shift=shift)[1] for shift in fields]


def grey_looked_for(level: Level, edition: str) -> bool:
    """Whether the grey piece's tops would be looked for off the floor (:func:`tops_problem`): on a Happy
    Puzzle board (:func:`absent_top`) read without the grey piece."""
    return edition == HAPPY_PUZZLE and GREY not in dict(level.pieces)


def looked_off_floor(level: Level, edition: str, half: bool) -> bool:
    """Whether the tops' places are read on a grid not found on the floor (:func:`top_readings`'
    ``anywhere``): for the grey piece on a Happy Puzzle board read without it
    (:func:`grey_looked_for`), and for the coloured pieces on a SmartGames board whose one row of
    labels stands at print (``half``: :func:`visolve.puzzles.genius_square.tops.one_edge_at_print`)."""
    return grey_looked_for(level, edition) or (half and edition != HAPPY_PUZZLE)


def tops_problem(level: Level, middles: list[list], readings: list[list[list]], edition: str,
                 floor: bool = True, half: bool = False) -> str:
    """Why the board ``level`` is no board its cubes' tops (``readings``: :func:`top_readings`)
    show ("" when none is found); ``middles``: its squares as read at their middles.  A grid not
    found on the floor (``floor`` false: its labels found squeezed or slid, the grid may be the tall
    pieces' tops) is asked only whether the grey piece's tops show where it is read absent
    (:func:`absent_top`): tops read off a grid of tops lie beyond them, on what stands further, but
    a four of grey tops standing out there is the grey piece, whatever plane the grid is on (seed 89
    scene 96, its top labels hidden by the grey piece's tops, the left ones found slid); and, when one
    row of labels stands at print (``half``), whether any piece's tops show so (seed 271 scene 14: a
    dark blue square on a navy board, its top leaning off the grid over the label it hid, its square
    read empty and the board read without it)."""
    if not readings:
        return ""
    if not floor:
        return absent_top(level, middles, readings, edition, tuple(COLOURS) if half else (GREY,))
    # a piece seen whole on another placement first: a square's top not seen (unseen_top) may be
    # only the other squares of that misplaced reading (seed 191 scene 32: the dark blue square's
    # top over the board's rim, the green square's tops a square off its reading)
    return (moved_top(level, readings, edition) or unseen_top(level, middles, readings, edition)
            or absent_top(level, middles, readings, edition))


def residual(square, piece: str) -> float:
    """How far a square's colour is from a piece's (relative residual, its ``ranks``; inf without)."""
    return dict(square.ranks).get(piece, float("inf"))


def unseen_top(level: Level, middles: list[list], readings: list[list[list]], edition: str) -> str:
    """The first square read as a piece whose top, at every lean read, is further than
    :data:`UNSEEN_TOP` from that piece's colour ("" when each shows it somewhere).

    Only pieces the shapes laid are checked: none of their squares read surely as that piece at
    its middle (``middles``).  A piece read surely is seen; and a flat picture of the board (artwork,
    a print photographed at a slant) has no tops off its squares, but its pieces all read surely.
    The grey piece is not checked: it is read by its greyness and outline, not by its colour's rank
    (:mod:`visolve.puzzles.genius_square.greyrow`), and on a grey board its colour is the board's
    (seed 1 scene 35, read right: its squares 3.9-5.3 off grey, relative to a colour near 0)."""
    for piece, cells in level.pieces:
        if piece == GREY or any(middles[r][c].symbol == piece
                                for r, c in (model.square(name, edition) for name in cells)):
            continue
        for name in cells:
            r, c = model.square(name, edition)
            best = min(residual(squares[r][c], piece) for squares in readings)
            if best > UNSEEN_TOP:
                return (f"square {name}: read as piece {piece} ({COLOURS[piece]}), but where its cube's top "
                        f"would stand no {COLOURS[piece]} is seen (nearest {best:.2f} off): a piece laid on "
                        "another's side, or a square off its cubes?")
    return ""



def moved_top(level: Level, readings: list[list[list]], edition: str) -> str:
    """The first piece whose cubes' tops, at every lean read, show it surely on one other whole
    placement than the one it is read on ("" when none does).

    Seen steeply, a cube stands its top a whole square off, and the squares' middles show the tops
    of the cubes behind them: the piece reads surely, a square towards the camera (seed 103 scene
    94, a red piece on a maroon board, its tops 0.75-1.2 squares off).  A flat print seen as steeply
    reads the same way at the tops' places, its piece a square away from the camera: which one the
    picture is, the colours do not say, and the board is refused."""
    for piece, cells in level.pieces:
        shown = {sure_mask(squares, piece) for squares in readings}
        if len(shown) != 1:
            continue
        (mask,) = shown
        read = mask_of(model.square(name, edition) for name in cells)
        if mask and mask != read and mask in placements(piece):
            names = " ".join(sorted(model.name(cell, edition) for cell in cells_of(mask)))
            return (f"piece {piece} ({COLOURS[piece]}) is read on {' '.join(cells)}, but where tall cubes' "
                    f"tops would stand it is seen on {names}: pieces seen so steeply that they lean a "
                    "whole square, or a flat print?")
    return ""


def stand(top, middle) -> float:
    """How far a square's colour where its top would stand (``top``) stands out of its colour at its
    middle (``middle``): the largest channel of their difference in ``n`` (-inf without colours).  A
    cube's top over the board its shaded front looks like stands 0.3-0.5 out (79/78); glare lifts the
    square and its top's place alike (seed 89 scene 99, read right: both 0.4-0.56, the grey piece's
    colour, on a whole placement of it, standing -0.05-0.03)."""
    if not top.colour or not middle.colour:
        return float("-inf")
    return float(np.max(np.subtract(top.colour, middle.colour)))


def shows(top, piece: str, most: float = ABSENT_TOP) -> bool:
    """Whether a square's colour where its top would stand (``top``) shows ``piece``: within ``most``
    of its colour, or for the grey piece a neutral grey lighter than the board (:func:`grey_top`)."""
    return residual(top, piece) <= most or (piece == GREY and grey_top(top))


def _mean_stand(mask: int, stands: dict[tuple[int, int], float]) -> float:
    """The mean of ``stands`` over the squares of the placement ``mask`` (bit ``r * SIZE + c``)."""
    cells = cells_of(mask)
    return float(np.mean([stands[cell] for cell in cells]))


def grey_top(top) -> bool:
    """Whether a top's place shows a neutral grey (channels within
    :data:`~visolve.puzzles.genius_square.colours.NEUTRAL_SPREAD`) lighter than the board in every
    channel: the grey piece's top whatever its light.  Its colour is no sure measure: where its tops
    lean over the band the board's colour is taken from, that colour reads too light (seed 89 scene 96:
    the board near row A 82-110 where elsewhere 47-75), the tops then 0.16-0.32 in ``n``, 0.29-0.64 off
    the grey piece's colour, and its sides at the middles darker than the board."""
    if not top.colour:
        return False
    colour = np.asarray(top.colour, np.float64)
    return float(colour.max() - colour.min()) <= NEUTRAL_SPREAD and float(colour.min()) > 0.0


def absent_top(level: Level, middles: list[list], readings: list[list[list]], edition: str,
               pieces: tuple[str, ...] = tuple(COLOURS)) -> str:
    """The first square of a piece of ``pieces`` the board is read without, laid whole on squares read
    empty whose own tops show its colour at every lean read (:func:`shows`) and stand out of their
    middles (``middles``; :func:`stand`, the least of the leans): each by :data:`STAND_LEAST` and the
    placement by :data:`~visolve.puzzles.genius_square.colours.OBJECT_MIN` on average ("" when there
    is none).

    A whole piece is asked for, not one square: a spot of glare or the board's printed name, where a
    top's place falls on it, is as neutral as the grey piece (seed 1 scene 50, read right: the tops'
    places of B1 and C1 in glare and of F5 on the name, 0.06-0.07 off grey; no four in a row).
    On a SmartGames board the coloured pieces only, within :data:`ABSENT_TOP_LINED`: its light grid
    lines, where a top's place falls between two squares, read as the grey piece (seed 0, scenes 28,
    88 and 96, read right: empty squares whose tops' places are 0.06-0.07 off grey at every lean, on
    the lines of navy boards)."""
    most = ABSENT_TOP
    if edition != HAPPY_PUZZLE:
        pieces, most = tuple(piece for piece in pieces if piece != GREY), ABSENT_TOP_LINED
    placed = {piece for piece, _cells in level.pieces}
    taken = set(level.blockers).union(*(cells for _piece, cells in level.pieces))
    empty = [(r, c) for r in range(SIZE) for c in range(SIZE) if model.name((r, c), edition) not in taken]
    stands = {(r, c): min(stand(squares[r][c], middles[r][c]) for squares in readings) for r, c in empty}
    for piece in sorted(set(pieces) - placed):
        shown = mask_of((r, c) for r, c in empty if stands[(r, c)] >= STAND_LEAST
                        and all(shows(squares[r][c], piece, most) for squares in readings))
        whole = next((mask for mask in placements(piece) if mask & shown == mask
                      and _mean_stand(mask, stands) >= OBJECT_MIN), 0)
        if whole:
            first = (whole & -whole).bit_length() - 1
            name = model.name(divmod(first, SIZE), edition)
            return (f"square {name}: read as empty, but where its cube's top would stand piece {piece} "
                    f"({COLOURS[piece]}) is seen, whole on squares read empty, and the board is read without "
                    "it: its cubes in shade as dark as the board?")
    return ""
