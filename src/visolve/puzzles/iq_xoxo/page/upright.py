"""Which way up an IQ XOXO board lies, by the X and O marks of its squares.

A board's squares take an X where row + column is even, an O elsewhere
(:func:`visolve.puzzles.iq_xoxo.board.mark`): an X or O on a piece, a dot or
nothing on an empty square.  A board turned half round shows them all the other
way.  :func:`marks_upright` tells which way the marks read
(:mod:`visolve.puzzles.iq_xoxo.page.reading`); :func:`came_close` whether a faint
block's squares are worth reading again against another page colour; :func:`unmarked_piece` whether
a piece read shows no mark at all (a shadow or a stain, not a piece).
"""

from __future__ import annotations

from visolve.errors import ReadError
from visolve.puzzles.iq_xoxo.board import COLS, EMPTY, ROWS, mark, square_name

#: unclear marks are left out of which way up when at least MIN_CLEAR marks agree; so are
#: marks against them, at most MAX_ODD and ODD_RATIO times fewer (a blurred board's marks:
#: 1 - 4 of 50 read clearly wrong; a window a square off or a board turned shows its marks all
#: against the pattern, not a few)
MIN_CLEAR, MAX_ODD, ODD_RATIO = 30, 4, 10
#: a faint block is read again against the board's page (:func:`came_close`) when at most
#: CLOSE_ODD of its clear marks, read against its corners' page, run against the pattern.  Census
#: at 349ad47, every faint block read both ways (24 open booklets, scenes of seeds 0 and 2, the
#: painter's photos of seed 0): the 38 of 1836 that read against the board's page had 0 - 4
#: marks against (scenes seed 0 page 94: 4 against 39, short of ODD_RATIO); the 1412 with more
#: than CLOSE_ODD took three quarters of the second reads' time
CLOSE_ODD = 2 * MAX_ODD


def marks_upright(squares: dict) -> bool:
    """True when the board is seen upright, False when half round; ReadError on disagreement.

    The marks only tell which way up (the level holds the pieces' letters): unclear marks,
    and up to :data:`MAX_ODD` marks against the others (:data:`ODD_RATIO` times fewer), are
    left out when at least :data:`MIN_CLEAR` of the others agree.
    """
    doubt = [k for k, s in squares.items() if s.mark == "?"]
    up, down = _marks_each_way(squares)
    side, odd = (up, down) if len(up) >= len(down) else (down, up)
    if _too_odd(side, odd):
        names = " ".join(square_name(*k) for k in sorted(odd)[:4])
        raise ReadError(f"the marks do not follow the board's X/O pattern at {names} (as seen)")
    if doubt and len(side) < MIN_CLEAR:
        r, c = doubt[0]
        raise ReadError(f"square {square_name(r, c)} of the view: {squares[doubt[0]].why or 'mark unclear'}")
    return side is up


def _marks_each_way(squares: dict) -> tuple[list, list]:
    """The squares whose clear mark follows the board's X/O pattern as seen, and those whose
    clear mark follows it turned half round."""
    clear = [k for k, s in squares.items() if s.mark != "?"]
    return [k for k in clear if squares[k].mark == mark(*k)], [k for k in clear if squares[k].mark != mark(*k)]


def _too_odd(side: list, odd: list) -> bool:
    """Whether the clear marks against the pattern (``odd``, the fewer) are too many to be left
    out against those that follow it (``side``; see :func:`marks_upright`)."""
    return bool(odd) and (len(odd) > MAX_ODD or len(side) < ODD_RATIO * len(odd) or len(side) < MIN_CLEAR)


def came_close(squares: dict) -> bool:
    """Whether a faint block's squares, read against the page at their corners, are worth
    reading again against the board's page: at most :data:`CLOSE_ODD` of their clear marks
    run against the board's X/O pattern (as seen or turned), the fewer way.

    The board's page changes which squares read grey and the empty squares' dots, not a
    piece's X or O; a window beside the boards that lies on the page, on text or a square off a
    board (most of the faint blocks read) shows many of its clear marks against the pattern.
    """
    up, down = _marks_each_way(squares)
    return min(len(up), len(down)) <= CLOSE_ODD


#: a piece none of whose squares shows a clear X or O, on a board whose other pieces show at least
#: MARKED_ELSEWHERE clear marks, is a doubt: a booklet's pieces carry their marks, a shadow or a stain
#: the shapes take for a piece does not (scenes seed 337 page 87: a desk object's shadow over five
#: empty squares of board 106, their marks X 0.01 - 0.23 / O -0.04 - 0.18, one square neither grey nor
#: a piece's colour, read as the P pentomino: a misread)
MARKED_ELSEWHERE = 10


def unmarked_piece(squares: dict, rows: tuple[str, ...], upright: bool) -> str:
    """Why the board read as ``rows`` (the level's, upright) is a doubt ("" when it is not): a piece
    with no clear mark on any square (see :data:`MARKED_ELSEWHERE`).  ``squares``: the squares as
    seen (key (row, column) -> square, its ``mark`` ``?`` when unclear); ``upright``: whether they
    were seen so (else turned half round)."""
    cells: dict[str, list[tuple[int, int]]] = {}
    for r, row in enumerate(rows):
        for c, letter in enumerate(row):
            if letter != EMPTY:
                cells.setdefault(letter, []).append((r, c))

    def as_seen(r: int, c: int) -> tuple[int, int]:
        return (r, c) if upright else (ROWS - 1 - r, COLS - 1 - c)

    clear = {letter: sum(squares[as_seen(*k)].mark != "?" for k in ks if as_seen(*k) in squares)
             for letter, ks in cells.items()}
    for letter, ks in sorted(cells.items()):
        elsewhere = sum(n for other, n in clear.items() if other != letter)
        if clear[letter] == 0 and elsewhere >= MARKED_ELSEWHERE:
            return (f"square {square_name(*min(ks))}: piece {letter} shows no clear X or O on any of its "
                    f"{len(ks)} squares, the other pieces {elsewhere}: a shadow or a stain, not a piece?")
    return ""
