"""The pieces standing in the tray: each top's colour settled with its piece's shape.

Two plastic colours can be close under a photo's light (yellow and lime
green, violet and pink, orange and yellow), but every piece has its own
shape (single-sided: yellow and blue are mirror images, neither turns into
the other).  A top whose colour is close to two pieces' keeps both as
candidates; the neighbouring tops with a candidate in common are read
together, and the one way of giving each its candidate so that every colour's
tops form that colour's piece is the reading.  No way, or more than one,
is refused naming a cell.
"""

from __future__ import annotations

from itertools import product

from visolve.errors import ReadError
from visolve.puzzles.iq_stars.board import cell_name, is_placement
from visolve.puzzles.iq_stars.plastic import MAX_ANGLE, balanced, classify_plastic
from visolve.puzzles.iq_stars.tray_find import Top
from visolve.vision.palette import Verdict

#: a colour within this many degrees of the nearest is a candidate too
CLOSE = 10.0
#: at most this many ways of colouring one group of tops are tried
MAX_WAYS = 4096


class TrayCellError(ReadError):
    """A tray was found and its board placed, but a cell of it could not be called.

    ``pits_seen`` is the share of the board's free cells where a pit was seen (1 when none
    is free): low on a drawing, whose tops were found but which has no pits.
    """

    def __init__(self, message: str, pits_seen: float = 1.0):
        super().__init__(message)
        self.pits_seen = pits_seen


def _neighbours(a, b) -> bool:
    (ra, ka), (rb, kb) = a, b
    xa, xb = 2 * ka + ra % 2, 2 * kb + rb % 2
    return (ra == rb and abs(xa - xb) == 2) or (abs(ra - rb) == 1 and abs(xa - xb) == 1)


def candidates(top: Top, cell) -> tuple[str, ...]:
    """The piece colours a top may be (nearest first); TrayCellError when none is near."""
    v = classify_plastic(balanced(top))
    if v.distance > MAX_ANGLE:
        raise TrayCellError(f"{cell_name(cell)}: piece colour {v.distance:.0f} degrees from every piece colour "
                            f"(nearest {v.name})")
    return near_colours(v)


def near_colours(v: Verdict) -> tuple[str, ...]:
    """The piece colours a top's ring is nearest (its colour ``v``, :func:`~.plastic.classify_plastic`'s
    verdict): the one named, and the second too when within :data:`CLOSE`."""
    return (v.name, v.second) if v.margin < CLOSE else (v.name,)


def _groups(options: dict) -> list[list]:
    """Cells in groups of neighbours sharing a candidate colour."""
    left, out = set(options), []
    while left:
        todo = [left.pop()]
        group = list(todo)
        while todo:
            a = todo.pop()
            for b in [b for b in left if _neighbours(a, b) and set(options[a]) & set(options[b])]:
                left.remove(b)
                group.append(b)
                todo.append(b)
        out.append(sorted(group))
    return out


def _ways(group: list, options: dict) -> list[tuple[str, ...]]:
    """Every colouring of ``group`` (one candidate a cell) where each colour forms its piece."""
    out = []
    for way in product(*(options[c] for c in group)):
        if all(is_placement(letter, [c for c, w in zip(group, way) if w == letter]) for letter in set(way)):
            out.append(way)
    return out


def call_pieces(tops: dict, missed=()) -> dict:
    """Cell ``(row, k)`` -> colour letter of every top in ``tops`` (cell -> :class:`Top`) and of
    every cell in ``missed``: cells showing a piece's white middle whose top was not found (glare
    washing out its colour).  Such a cell may be any colour a top beside it may be (a piece seen in
    part), and the shapes settle which, as for a top of two candidate colours; one with no top beside
    it (a piece missed whole) is refused."""
    options = {cell: candidates(top, cell) for cell, top in tops.items()}
    for cell in missed:
        beside = sorted({c for other in tops if _neighbours(cell, other) for c in options[other]})
        if not beside:
            raise TrayCellError(f"{cell_name(cell)}: a white star like a piece's top there, but no top found, "
                                "nor a piece's top beside it")
        options[cell] = tuple(beside)
    letters = {}
    for group in _groups(options):
        count = 1
        for c in group:
            count *= len(options[c])
        if count > MAX_WAYS:
            raise TrayCellError(f"{cell_name(group[0])}: too many ways to colour its {len(group)} neighbouring stars")
        ways = _ways(group, options)
        if len(ways) != 1:
            shown = ", ".join(f"{cell_name(c)} {'/'.join(options[c])}" for c in group if len(options[c]) > 1)
            what = "no way" if not ways else f"{len(ways)} ways"
            raise TrayCellError(f"{cell_name(group[0])}: {what} to colour its piece{'s' if len(group) > 4 else ''} "
                                f"so each forms its shape ({shown or 'colours as seen'})")
        if second := _second_beside_missed(group, ways[0], options, missed):
            raise TrayCellError(second)
        letters.update(zip(group, ways[0]))
    return letters


def _second_beside_missed(group: list, way: tuple, options: dict, missed) -> str:
    """Why the one way of colouring ``group`` is a doubt, else "": it calls a top found its second
    colour in a group with cells whose tops were not found (``missed``).  Such a cell may be any
    colour of a top beside it, never one no top shows: a piece missed whole is not among the ways, and
    the one way left may give the seen tops' colour to the missed cells and the tops their second
    (seed 31 scene 44: the green piece's four tops not found; two red tops, red or pink, were called
    pink and the missed cells beside them red, a misread)."""
    if not any(c in missed for c in group):
        return ""
    for cell, letter in zip(group, way):
        if cell not in missed and letter != options[cell][0]:
            return (f"{cell_name(cell)}: its top nearest {options[cell][0]} called {letter} by the shapes, beside "
                    "white stars whose tops were not found: a piece there unseen?")
    return ""
