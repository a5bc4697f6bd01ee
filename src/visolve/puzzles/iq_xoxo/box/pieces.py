"""Which way up the tray lies, and the pieces on its squares.

The marks read on pieces must follow the board's X/O squares as seen, or
all turned half round (an upside-down photo).  A few squares against a
clear majority (:data:`OUTVOTE`), squares whose colour is no piece's, and
floor-coloured squares tinted off the floor's colour (a piece washed out by glare)
are *hidden*: something lies over them (the logo printed on the box's
clear lid, a glare), and the cover settles them -- the floor or a piece,
whichever is the one way to cover the piece squares with whole pieces
(:func:`visolve.puzzles.iq_xoxo.box.squares.covers`).  At most
:data:`visolve.puzzles.iq_xoxo.box.squares.MAX_HIDDEN` of them: fewer than
a piece's five squares, so no piece can lie hidden whole.
"""

from __future__ import annotations

from visolve.errors import NotThisPuzzle, ReadError
from visolve.puzzles.iq_xoxo.board import COLS, EMPTY, LETTERS, ROWS, mark, square_name
from visolve.puzzles.iq_xoxo.box.squares import (AGAINST, MAX_HIDDEN, MAX_UNMARKED, NO_COLOUR, PRINTED, TINTED,
                                                 UNCLEAR, BoxSquare, covers, placements)
from visolve.tiling.geometry import SQUARE

#: the way up needs at least this many marks read
MIN_MARKS = 3
#: marks against the X/O squares are outvoted (hidden) when at least OUTVOTE times as many follow
#: them, and they are no more than MAX_HIDDEN
OUTVOTE = 4
#: every piece square carries a raised X or O: at least this share of the squares the pieces are
#: read on (those not hidden) must show a clear mark, else the grid lies across the pieces (an
#: outline cut across the tray puts their marks on the squares' edges, where neither template fits)
#: and the cover is the colours' alone.  Measured on the 193 box scenes with pieces read exactly by
#: the box reader, seeds 0-3, 5, 17, 61, 79, 89, 101: 0.40 at the least (seed 61 box-97, 4 of 10),
#: then 0.45 and 0.47;
#: seed 101 box-34, a quad whose bottom side ran across the floor, 0.24 (4 of 17: a misread)
MARKED_SHARE = 0.3


def _turn(key: tuple[int, int]) -> tuple[int, int]:
    return ROWS - 1 - key[0], COLS - 1 - key[1]


def way_up(squares: dict, clear: bool = True) -> bool:
    """True when the tray is seen upright, False when turned half round; ReadError when unsure
    (``clear``: a lone piece's few marks must be clear, :data:`LONE_MARGIN`).

    When every mark lies on one patch of pieces, only marks that hold in a wider look count
    (:attr:`BoxSquare.steady`): a lone tall piece seen at a slant shows its top off its squares,
    and a shift of a square's fraction turns every one of its marks alike, which no other piece
    would contradict (seed 7 box-33: a lone U read turned round)."""
    marks = {k: s.mark for k, s in squares.items() if s.kind == "piece" and s.mark in "XO"}
    shaky = sorted(k for k in marks if not squares[k].steady) if _one_patch(squares, marks) else []
    marks = {k: m for k, m in marks.items() if k not in shaky}
    if len(marks) < MIN_MARKS and shaky:
        k = shaky[0]
        raise ReadError(f"too few X and O marks read to tell which way up the box lies, all on one patch of "
                        f"pieces: square {square_name(*k)} as seen shows an {squares[k].mark} in its middle, but "
                        f"the other mark fits better a little further off (a tall piece's top off its squares?)")
    if clear:
        _lone_marks_clear(squares, marks)
    agree = [k for k, m in marks.items() if m == mark(*k)]
    against = [k for k in marks if k not in agree]
    if len(marks) < MIN_MARKS:
        unclear = next((k for k, s in squares.items() if s.kind in ("piece", "pale") and s.mark == "?"), None)
        where = f": square {square_name(*unclear)} as seen, {squares[unclear].why}" if unclear else ""
        raise ReadError(f"too few X and O marks read to tell which way up the box lies{where}")
    few = agree if len(agree) < len(against) else against
    if few and (len(few) > MAX_HIDDEN or len(marks) - len(few) < OUTVOTE * len(few)):
        raise ReadError("the marks do not follow the board's X/O pattern at "
                        + " ".join(square_name(*k) for k in sorted(few)[:4]) + " (as seen)")
    return len(agree) > len(against)


#: a lone piece (:data:`LONE`) whose way up rests on fewer than LONE_MARKS marks needs each clear
#: by LONE_MARGIN (the better template's fit over the other's; :data:`.squares.MARK_MARGIN` for a
#: mark alone).  Nothing else tells which way up it lies (a symmetric piece turned over swaps its
#: marks, so its outline fits either way), and a mark misread turns every square: seed 137 box-36,
#: a lone I seen steeply, the sides of its raised marks showing, read O, O, X on its X, X, O squares
#: (clear by 0.13-0.26), was read turned round.  On the box scenes of seeds 0, 2, 89, 137, 139, 181
#: and 191, three lone pieces were read right on three marks, the least clear by 0.16 (refused now:
#: 0.15 would keep it, too close to the misread's 0.13 to trust), 0.25 and 0.30.
LONE_MARKS, LONE_MARGIN = 4, 0.2


def _lone_marks_clear(squares: dict, marks: dict) -> None:
    """ReadError when a lone piece's way up rests on fewer than :data:`LONE_MARKS` marks, not all
    clear by :data:`LONE_MARGIN`."""
    if len(marks) >= LONE_MARKS or not _lone_piece(squares, marks):
        return
    weakest = min(marks, key=lambda k: squares[k].margin)
    if squares[weakest].margin < LONE_MARGIN:
        raise ReadError(f"too few clear X and O marks to tell which way up the box lies: a lone piece shows "
                        f"{len(marks)}, and square {square_name(*weakest)} as seen reads an {marks[weakest]} "
                        f"only {squares[weakest].margin:.2f} better than the other mark")


#: a patch of at most LONE coloured squares is one lone piece: its five squares and the squares over
#: which its sides are seen (at most :data:`.squares.MAX_UNMARKED`)
LONE = 5 + MAX_UNMARKED


def shaky_unmarked(squares: dict) -> dict:
    """The squares with each mark that does not hold in a wider look (:attr:`BoxSquare.steady`)
    taken as unclear, when every mark lies on one patch of pieces (:func:`way_up` leaves those out
    of its count) that is one lone piece (:data:`LONE`) and the square lies beside the floor: it may
    be the side of a tall piece seen at a slant over the floor, the mark read there part of the
    top's beside it.  Seed 89 box-90: a lone P, its top a third of a square off its floor squares,
    showed its side where the tray's outline put a square beside its top; that square's X (not
    steady) was covered as a piece's, and the square under the P's top, its mark unclear, left as
    the floor: read as a U (its patch 7 squares).  Marks on a larger patch stay as read: seed 89's
    boxes 34 and 70, 30 and 32 squares on one patch, show 9 and 6 marks not steady (4 and 1 beside
    the floor) and read right as they are (unclear, they left no one way to cover the squares)."""
    marks = {k: s.mark for k, s in squares.items() if s.kind == "piece" and s.mark in "XO"}
    if not _lone_piece(squares, marks):
        return squares
    out = dict(squares)
    for k, s in squares.items():
        if k in marks and not s.steady and _by_floor(squares, k):
            out[k] = BoxSquare("piece", "?", s.letters, f"{UNCLEAR} (its {s.mark} does not hold a little "
                               "further off: a tall piece's side?)", s.wider)
    return out


def _by_floor(squares: dict, key: tuple[int, int]) -> bool:
    """Whether a 4-neighbour of ``key`` in the tray is an empty square (the floor)."""
    r, c = key
    return any(squares.get(near) is not None and squares[near].kind == "empty"
               for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)))


def _lone_piece(squares: dict, marks: dict) -> bool:
    """Whether the squares ``marks`` holds lie on one patch of pieces that is one lone piece: at most
    :data:`LONE` coloured squares in the tray (False without marks)."""
    return sum(s.kind in ("piece", "pale") for s in squares.values()) <= LONE and _one_patch(squares, marks)


def _one_patch(squares: dict, marks: dict) -> bool:
    """Whether the squares ``marks`` holds lie on one 4-connected patch of piece squares."""
    if not marks:
        return False
    pieces = {k for k, s in squares.items() if s.kind in ("piece", "pale")}
    seen = SQUARE.patch(next(iter(marks)), pieces)
    return all(k in seen for k in marks)


def outvoted(squares: dict, upright: bool) -> list[tuple[int, int]]:
    """The squares (as seen) whose marks go against the way up."""
    turn = (lambda k: k) if upright else _turn
    return sorted(k for k, s in squares.items() if s.kind == "piece" and s.mark in "XO" and s.mark != mark(*turn(k)))


def hide(squares: dict, upright: bool) -> dict:
    """Squares whose mark is outvoted, whose colour is no piece's, or which are tinted off the
    floor's colour (:func:`.floor.same_floor`), made hidden: the floor or any piece (ReadError
    naming the first when there are more than :data:`MAX_HIDDEN`)."""
    out = dict(squares)
    for k in outvoted(squares, upright):
        out[k] = BoxSquare("hidden", "?", LETTERS, f"its {squares[k].mark} {AGAINST}")
    for k, s in squares.items():
        if s.kind == "?" and s.why.startswith((NO_COLOUR, TINTED)):
            out[k] = BoxSquare("hidden", "?", LETTERS, s.why)
    hidden = sorted(k for k, s in out.items() if s.kind == "hidden")
    if len(hidden) > MAX_HIDDEN:
        raise ReadError(f"square {square_name(*hidden[0])} as seen: {out[hidden[0]].why} (and "
                        f"{len(hidden) - 1} more hidden)")
    return out


def rows_of(squares: dict) -> tuple[str, ...]:
    """The level's rows from the squares as seen (turned the right way up)."""
    if not any(s.kind == "piece" for s in squares.values()):
        # no piece, and no clear floor either: no tray (up to MAX_HIDDEN squares tinted off the
        # floor are the floor: no piece lies hidden whole)
        tinted = [k for k, s in squares.items() if s.kind == "?" and s.why.startswith(TINTED)]
        doubt = next((k for k in sorted(squares) if squares[k].kind in ("?", "pale")
                      and (k not in tinted or len(tinted) > MAX_HIDDEN)), None)
        if doubt is not None:
            raise NotThisPuzzle(f"no IQ XOXO box tray found (square {square_name(*doubt)} as seen: "
                                f"{squares[doubt].why})")
        return (EMPTY * COLS,) * ROWS
    upright = way_up(squares)
    squares = hide(shaky_unmarked(squares), upright)
    squares = squares if upright else {_turn(k): s for k, s in squares.items()}
    doubt = next((k for k in sorted(squares) if squares[k].kind == "?"), None)
    if doubt is not None:
        raise ReadError(f"square {square_name(*doubt)}: {squares[doubt].why}")
    ways = covers(squares)
    problem = unseen_marks(squares, ways[0]) or foreign_piece(squares, ways[0]) or unseen_piece(squares, ways[0])
    if problem:
        raise ReadError(problem)
    grid = [[EMPTY] * COLS for _ in range(ROWS)]
    for (r, c), letter in ways[0].items():
        grid[r][c] = letter
    return tuple("".join(row) for row in grid)


def unseen_marks(squares: dict, way: dict) -> str:
    """Why the pieces of ``way`` (square -> letter) lie on too few clear marks to be read from
    ``squares`` (:data:`MARKED_SHARE` of their squares not hidden), else "": the colours alone
    fitted whole pieces on a grid laid across them."""
    seen = sorted(k for k in way if squares[k].kind in ("piece", "pale"))
    clear = [k for k in seen if squares[k].kind == "piece" and squares[k].mark in "XO"]
    if not seen or len(clear) >= MARKED_SHARE * len(seen):
        return ""
    k = next(k for k in seen if k not in clear)
    return (f"only {len(clear)} of the {len(seen)} squares read under pieces show a clear X or O (square "
            f"{square_name(*k)}: {squares[k].why}): the tray is not outlined right, its squares across the pieces")


def unseen_piece(squares: dict, way: dict) -> str:
    """Why the floor ``way`` (square -> letter) leaves is in doubt, else "": a piece it leaves out fits
    whole on squares it leaves as the floor none of which is seen plainly as the floor (hidden, pale,
    coloured but left to the floor, or under dark print): the lid's badge may lie over that piece.  Seed 443 box-36: the badge lay
    along the dark I, its five squares read one hidden (grey), two under dark print (the floor under
    the logo), one pale and one unmarked; each is allowed the floor, and the board was read without
    the I (a misread)."""
    unsure = frozenset(k for k, s in squares.items()
                       if k not in way and not (s.kind == "empty" and not s.why.startswith(PRINTED)))
    used = set(way.values())
    for letter, spots in sorted(placements().items()):
        if letter in used:
            continue
        whole = next((cells for cells in spots if cells <= unsure), None)
        if whole is not None:
            names = " ".join(square_name(*k) for k in sorted(whole))
            return (f"squares {names}: read as the floor, none of them plainly, and piece {letter}, not on the "
                    "board read, fits there whole: a piece under the lid's badge?")
    return ""


def foreign_piece(squares: dict, way: dict) -> str:
    """Why a piece of ``way`` (square -> letter) is in doubt for its colour, else "": no square it
    lies on and is seen on (not hidden) has its colour among the near ones
    (:data:`.squares.NEAR`), so only the colours widened for a cast
    (:data:`.squares.WIDER`) laid it.  A cast moves every colour alike, so some square of a piece
    laid right keeps it near.  Seed 349 box-22: tall pieces leaning half a square off their floor
    squares, no way covered the squares as read, and the widened colours laid the green Z over
    squares all dark purple (near U, N, I), where the U lies; a misread."""
    for letter in sorted(set(way.values())):
        seen = sorted(k for k, v in way.items() if v == letter and squares[k].kind in ("piece", "pale"))
        if seen and not any(letter in squares[k].letters for k in seen):
            k = seen[0]
            return (f"square {square_name(*k)}: piece {letter} lies there only with the colours widened for a cast "
                    f"(its colour is near {', '.join(squares[k].letters) or 'no piece'}): the pieces are in doubt")
    return ""
