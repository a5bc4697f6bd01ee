"""A board refused as read at its squares' middles, read again where tall pieces' tops show.

Seen 30-50 degrees off the top, a cube of the Genius Square stands its top off its square by half
a square or more, away from the camera (:func:`visolve.vision.lean.lean`): read at the squares'
middles, a cube's colour shows on the square beyond it and a square's own middle shows the cube's
shaded side; the pieces' shapes then fail (a brown piece "seen in 2 places", the green one over 6
squares) and the board is refused.  Where the camera was is known only up to its principal point:
:func:`visolve.puzzles.genius_square.tops.top_shifts` reads off the middles only when the two
principal points tried agree closely, which a steep view seldom gives.

Such a board is read again with the squares' colours taken where the tops stand
(:func:`lean_fields`: the cameras the two principal points give, the tops of a piece at each height
of :data:`HEIGHTS`, each shift cut to :data:`MAX_LEAN`), and each reading goes through every check the
first one went through (the shapes, the whole cover, the roll of the dice).  A reading is kept only
when every lean field that gives a board at all gives the same one (:func:`leaning_level`): a lean
that makes the squares fit one board and another lean another board is a doubt, and the first
refusal stands; so is a board laying a piece on a square that a lean giving no board read as
another piece (:func:`against`), or a blocker where such a lean reads one disc on another face of
its die (:func:`visolve.puzzles.genius_square.leandoubts.swapped_blocker`).  A view tilted less than
:data:`~visolve.puzzles.genius_square.tops.MIN_TILT` (artwork, a print, a photo from above) has no
lean to try.

A grid found on the tall pieces' tops (its labels found squeezed or slid: not
:func:`~visolve.puzzles.genius_square.tops.on_floor`) already has each cube's top on its own square;
what it misses are the low discs between them: a disc's top stands lower than the cubes' and is
seen nearer the camera than the square's top would be, the half of it beyond the square's middle
hidden by the cube in front.  Such a grid is read towards the camera instead (:func:`tops_fields`).

On a grid of the floor seen steeply, a cube's top reaches over the square behind it (away from the
camera): that square, read where its own top would be, may show only its front neighbour's top (a
piece "seen" on one square too many).  Its own cube, if it had one, would show its top a cube's
lean further, where nothing nearer the camera reaches; the board or wood seen there says it has
none, and it is left open to a disc or nothing for the shapes and the roll (:func:`uncovered`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import numpy as np

from visolve.errors import ReadError
from visolve.puzzles.genius_square import model
from visolve.puzzles.genius_square.board import BLOCKER, EMPTY, drawing
from visolve.puzzles.genius_square.colours import GREY_PIECE
from visolve.puzzles.genius_square.leandoubts import swapped_blocker
from visolve.puzzles.genius_square.tops import CUBE, SIZE, cut, mean_shifts, on_floor
from visolve.tiling.geometry import SQUARE
from visolve.vision.view import BoardView

#: heights (squares) of the point whose lean a square's colour is read at: a cube's top is 0.75-1.0
#: squares up; read at 0.45 a cube's top and an empty square's far part both show, read at 0.7 a
#: steeper view's tops (seed 0: scenes 17, 26, 35, 71, 80 and 99 read at 0.45, 17, 26, 35, 40, 80 and
#: 99 at 0.7)
HEIGHTS = (0.45, 0.7)
#: the most a square is read off its middle (squares): half a square, the patch read (0.4 square)
#: still on the square's half away from the camera
MAX_LEAN = 0.5
#: a field within this of one tried already (every square's shift, squares) is not read again: the
#: patches read overlap by nine tenths (steep views cut to MAX_LEAN give the same field at each height)
SAME_FIELD = 0.04
#: a grid on the pieces' tops: its squares are read this share of a cube's lean towards the camera
#: (:func:`tops_fields`), cut to :data:`TOWARDS_MOST`.  A disc 0.25-0.67 as tall as the cubes shows its
#: top 0.33-0.75 of their lean nearer the camera than theirs (0.75-1 square on the scenes refused),
#: the part beyond the square hidden by the cube in front: the patch read (0.4 square) lies on the
#: near half of the square, still on a cube's top (seed 0: every square of scenes 8, 13 and 78 reads
#: right so at 0.25-0.4 of the lean, of 18 at 0.3 all but one, which the shapes settle)
TOWARDS = 0.3
TOWARDS_MOST = 0.3
#: least squares read as a piece at their middles for a grid off the floor to be the cubes' tops: a
#: board of up to four pieces (16 squares of cubes at most) leaves its floor's flat squares to the
#: lattice, whatever its labels say (seed 0 scene 35: one piece, its labels found slid, read away
#: from the camera); a solved board has 29
MIN_TOPS = 20
#: a cube's lean ``L`` along a row or a column (squares) from which its top reaches the patch read on
#: the square behind it (away from the camera) on a grid of the floor: the top covers that square up
#: to ``L`` from its near edge, the patch (0.4 square wide, 0.45 L off the middle at the lower height)
#: starts 0.3 + 0.45 L from it (seed 1 scene 7: a yellow piece's tops, 0.92 square off, read on the
#: empty row behind it)
COVERS = 0.6
#: where a square's own cube would show its top (share of a cube's lean, and the most off the middle,
#: squares): the 0.75-1 square tall cubes' tops, their middles 0.75-1 of the lean off, the patch within
OWN_TOP = 0.9
OWN_MOST = 1.2
PIECE_NAMES = frozenset(p.name for p in model.PIECES)
PIECE_SIZES = {p.name: len(p.cells) for p in model.PIECES}


def lean_fields(view: BoardView, places=None, edges: tuple[int, ...] = (0, 3), squares=()) -> list[np.ndarray]:
    """The shifts ``(6, 6, 2)`` (board units) to read the squares at: one per height of :data:`HEIGHTS`,
    the mean of the two principal points' (the board's middle, the picture's: on seed 0 each alone
    gains the same scenes, and each field read costs 20-30 ms), cut to :data:`MAX_LEAN`, but one
    within :data:`SAME_FIELD` of the one before; none when the view's picture is unknown or no camera
    found is tilted enough to lean.  A grid whose rows of labels (``places``, ``edges`` as
    :func:`visolve.puzzles.genius_square.tops.top_shifts` takes them) say it is off the floor, with at
    least :data:`MIN_TOPS` of its ``squares`` (as read at their middles) a piece, is the pieces' tops:
    it is read towards the camera instead (:func:`tops_fields`)."""
    if view.picture is None:
        return []
    if places is not None and not on_floor(places, edges, view) and _pieces_seen(squares) >= MIN_TOPS:
        return tops_fields(view)
    fields: list[np.ndarray] = []
    for height in HEIGHTS:
        shifts = mean_shifts(view, height)
        if shifts is None:
            continue
        shifts = cut(shifts, MAX_LEAN)
        if all(float(np.abs(shifts - other).max()) > SAME_FIELD for other in fields):
            fields.append(shifts)
    return fields


def tops_fields(view: BoardView) -> list[np.ndarray]:
    """The one shift field ``(6, 6, 2)`` a grid of the pieces' tops is read at: :data:`TOWARDS` of a
    cube's lean (:data:`CUBE` squares tall, the mean of the two principal points') towards the
    camera, cut to :data:`TOWARDS_MOST`; none when no camera found is tilted enough to lean."""
    shifts = mean_shifts(view, CUBE)
    return [] if shifts is None else [cut(-TOWARDS * shifts, TOWARDS_MOST)]


def uncovered(read: Callable[..., tuple], shift: np.ndarray, view: BoardView) -> list[list]:
    """The squares read at ``shift`` (``read(shift=...)[1]``, as
    :func:`visolve.puzzles.genius_square.reader.squares_of` gives them), each square covered by its
    front neighbour's top (:func:`covered`) given the options its own top allows, for the pieces'
    shapes and the roll to settle.

    A square behind a cube (away from the camera) whose reading is that cube's colour, or a doubt,
    may show only that cube's top leaning over it.  Its own cube, if it had one, would show its top a
    cube's lean further (:data:`OWN_TOP`), where nothing nearer the camera reaches: the piece seen
    there, or none (a disc or nothing: the board or wood seen there, or the side of a cube further
    away).  So the square may be that piece, a disc or empty (seed 1 scene 7: the yellow piece's tops
    on the empty row behind it).  It is kept as read where its own top is in doubt, where its own top
    may be the front cube's piece too (its own cube of that piece, or its side further away: seed 17 scene 87,
    the light blue piece lying along the lean, its squares each behind the next, read right as they
    are and a doubt once opened), or where the front cube's own top does not show its colour (a lean
    misjudged: the camera is known only up to its principal point, and a top looked for too far off
    shows what lies beyond it).  A field read
    towards the camera (a grid of the cubes' tops, :func:`tops_fields`) has no square behind a top:
    its squares are kept as read."""
    squares = read(shift=shift)[1]
    lean = mean_shifts(view, CUBE)
    if lean is None or float((lean * shift).sum()) <= 0.0:
        return squares
    behind = covered(squares, lean)
    if not behind:
        return squares
    tops = read(shift=cut(OWN_TOP * lean, OWN_MOST))[1]
    out = [list(row) for row in squares]
    for (r, c), (fr, fc) in behind.items():
        own = tops[r][c]
        pieces = ({own.symbol} if own.symbol else set(own.options)) - {EMPTY, BLOCKER}
        front = _pieces(squares[fr][fc])
        misjudged = _pieces(tops[fr][fc]).isdisjoint(front)  # the front cube's own top not where the lean puts it
        if own.doubt or misjudged or pieces & front:  # or its own top unclear, or the front's piece again
            continue
        out[r][c] = replace(squares[r][c], symbol="", doubt="", options=(*sorted(pieces), EMPTY, BLOCKER))
    return out


def remembered(read: Callable[..., object]) -> Callable[[np.ndarray], object]:
    """``read`` (called as ``read(shift=...)``) with each shift's reading kept: every lean field's
    :func:`uncovered` reads the squares' own tops at the same shift, which is read once (and a
    failed field's squares, looked at again by :func:`leaning_level`, are worked out once)."""
    kept: dict[bytes, object] = {}

    def again(shift: np.ndarray) -> object:
        key = np.asarray(shift, np.float64).tobytes()
        if key not in kept:
            kept[key] = read(shift=shift)
        return kept[key]

    return again


def covered(squares, lean: np.ndarray) -> dict[tuple[int, int], tuple[int, int]]:
    """The squares (row, column) read as a piece their front neighbour is read as (that neighbour
    surely a piece: one, or several options all pieces), or as a doubt, where the cubes' ``lean``
    ``(6, 6, 2)`` along that row or column is :data:`COVERS` or more (the neighbour's top may be all
    that shows there), each with that neighbour."""
    out = {}
    for r in range(SIZE):
        for c in range(SIZE):
            sq = squares[r][c]
            for fr, fc in _fronts(r, c, lean[r, c]):
                front = _pieces(squares[fr][fc])
                if front and not front.isdisjoint(_pieces(sq) if sq.symbol or sq.options else front):
                    out[(r, c)] = (fr, fc)
                    break
    return out


def _pieces(sq) -> frozenset:
    """The pieces a square is read as when it is surely a piece (one, or options all pieces), else none."""
    said = {sq.symbol} if sq.symbol else set(sq.options)
    return frozenset(said) if said and said <= PIECE_NAMES else frozenset()


def _fronts(r: int, c: int, lean: np.ndarray) -> list[tuple[int, int]]:
    """The neighbours of square (r, c) towards the camera along a row or column the cube's ``lean``
    (x across, y down; away from the camera) reaches :data:`COVERS` on."""
    x, y = (float(v) for v in lean)
    near = []
    if abs(x) >= COVERS:
        near.append((r, c - int(np.sign(x))))
    if abs(y) >= COVERS:
        near.append((r - int(np.sign(y)), c))
    return [(fr, fc) for fr, fc in near if 0 <= fr < SIZE and 0 <= fc < SIZE]


def _pieces_seen(squares) -> int:
    """How many of ``squares`` (:class:`visolve.puzzles.genius_square.colours.Square`) read as a piece:
    one piece, or several options all pieces."""
    return sum(bool(_pieces(sq)) for row in squares for sq in row)


def leaning_level(refused: ReadError, fields: list[np.ndarray], read_with: Callable[[np.ndarray], object],
                  squares_with: Callable[[np.ndarray], list[list]] | None = None):
    """The level every lean field of ``fields`` that gives one agrees on (``read_with``: the level the
    squares read at a field's shifts give, or a :class:`ReadError`), and that the squares of each field
    that gave none allow (``squares_with``: the squares read at a field's shifts; see :func:`against`).

    Raises
    ------
    ReadError
        ``refused`` (the reading at the middles' reason) when no field gives a level, with the first
        field's reason after it (:func:`both_reasons`); a doubt naming the first square two fields'
        levels differ on when they do not agree, or a square the level puts what another field's
        squares rule out on.
    """
    levels = []
    failed: list[tuple[np.ndarray, ReadError]] = []
    for shifts in fields:
        try:
            levels.append(read_with(shifts))
        except ReadError as exc:
            failed.append((shifts, exc))
    if not levels:
        raise both_reasons(refused, failed[0][1]) if failed else refused
    first = levels[0]
    for other in levels[1:]:
        if (other.blockers, other.pieces) != (first.blockers, first.pieces):
            raise ReadError(f"square {_first_difference(first, other)}: read where tall pieces' tops would "
                            "show, two leans of the camera's give two boards") from refused
    for shifts, _exc in failed if squares_with is not None else ():
        seen = squares_with(shifts)
        problem = against(first, seen) or swapped_blocker(first, seen)
        if problem:
            raise ReadError(problem) from refused
    return first


def against(level, squares) -> str:
    """Why the squares one lean field read rule ``level`` out ("" when they allow it): a square
    ``level`` lays a piece on that the field reads as another piece, surely or among options that
    are all pieces, one of which it could stand whole on (:func:`_room`).

    A field that gives no board of its own still says what colour each square's top shows: seed 131
    scene 56, one lean read the red four's squares red (and failed on E6, a blocker or empty), the
    other read them red, brown or orange and the shapes laid the brown two and the orange three
    there; seed 131 scene 46, one lean read C5 as the orange or the red piece, the other's board
    laid the yellow four on it.  Only a piece against another piece counts: a disc's top, lower
    than a cube's, leans less, so a field read at a steeper lean sees discs on empty squares beside
    them (seed 0 scene 71: C4 and C6 read as blockers by the lean that failed, with more blockers
    than the dice give, the board of the other right).  And only a piece with room for its shape
    among the squares that field allows it on: a stray colour is no piece (seed 97 scene 88: one
    lean read B3 alone as the purple three, on a board whose other lean was right).  The grey
    piece (read later from squares read empty: :mod:`visolve.puzzles.genius_square.greyrow`) is not
    looked at."""
    drawn = drawing(level)
    for r, row in enumerate(squares):
        for c, square in enumerate(row):
            allowed = _allowed(square)
            laid = drawn[r][c]
            if (laid in PIECE_NAMES - {GREY_PIECE} and allowed and allowed <= PIECE_NAMES and laid not in allowed
                    and any(_room(squares, (r, c), piece) for piece in allowed)):
                return (f"square {model.name((r, c), level.edition)}: read where tall pieces' tops would show, "
                        f"one lean of the camera's gives a board with piece {laid} there, another reads "
                        f"it as piece {' or '.join(sorted(allowed))}")
    return ""


def _allowed(square) -> set[str]:
    """What a square as read may be: its symbol, or its options."""
    return {square.symbol} if square.symbol else set(square.options)


def _room(squares, start: tuple[int, int], piece: str) -> bool:
    """Whether the squares that may be ``piece`` joined to ``start`` are as many as its shape."""
    may_be = {(r, c) for r in range(SIZE) for c in range(SIZE) if piece in _allowed(squares[r][c])}
    return len(SQUARE.patch(start, may_be)) >= PIECE_SIZES[piece]


def both_reasons(refused: ReadError, leaning: ReadError) -> ReadError:
    """The refusal of a board read at its squares' middles (``refused``) saying too why it was refused
    where tall pieces' tops would show (``leaning``: the first lean field's reason).  A square refused
    at the middles is often a symptom of the view's slant, not what the board holds (seed 0: the faint
    squares of scenes 49, 63 and 79 are cubes' shaded sides at the middles, and the boards fail
    elsewhere read at the leans); both readings' reasons say what failed.  A refusal of another kind
    than a plain :class:`ReadError` is kept as it is, and so is one whose leans fail on the same square
    (its name, before the first colon, the same: seed 1 scene 44's D6, darker than the board, either way)."""
    said = str(leaning)
    if type(refused) is not ReadError or said.split(":")[0] == str(refused).split(":")[0]:
        return refused
    return ReadError(f"{refused}; read where tall pieces' tops would show, {said[0].lower()}{said[1:]}")


def _first_difference(one, other) -> str:
    """A square two levels differ on (a blocker of one's not the other's, or a piece's square)."""
    for blocker in sorted(set(one.blockers) ^ set(other.blockers)):
        return blocker
    mine, theirs = dict(one.pieces), dict(other.pieces)
    for piece in sorted(set(mine) | set(theirs)):
        moved = set(mine.get(piece, ())) ^ set(theirs.get(piece, ()))
        if moved:
            return sorted(moved)[0]
    return "?"
