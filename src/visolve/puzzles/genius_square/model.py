"""The Genius Square as data: board, dice, pieces, difficulty levels.

Squares are named as the dice name them, a letter ``A``-``F`` for the row
(A at the top) and a digit ``1``-``6`` for the column (1 at the left).
Seven blockers go on the squares a roll of the seven dice shows; the nine
pieces (turned and turned over freely, one of each) fill the other 29.  On
the harder SmartGames levels some marked pieces may not share an edge.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from visolve.tiling import Constraints, Engine, Piece, Result, square_board
from visolve.tiling.search import SCAN

SIZE = 6
ROWS = "ABCDEF"

#: the seven dice, each with its six faces
DICE = (
    ("A1", "C1", "D1", "D2", "E2", "F3"),
    ("A2", "A3", "B1", "B2", "B3", "C2"),
    ("B4", "C3", "C4", "D3", "D4", "E3"),
    ("A4", "B5", "C5", "C6", "D6", "F6"),
    ("D5", "E4", "E5", "E6", "F4", "F5"),
    ("A5", "A5", "F2", "F2", "B6", "E1"),
    ("A6", "A6", "A6", "F1", "F1", "F1"),
)

#: (number, colour, cells as (row, column))
PIECE_DATA = (
    ("1", "dark blue", ((0, 0),)),
    ("2", "brown", ((0, 0), (0, 1))),
    ("3", "orange", ((0, 0), (0, 1), (0, 2))),
    ("4", "purple", ((0, 0), (1, 0), (1, 1))),
    ("5", "grey", ((0, 0), (0, 1), (0, 2), (0, 3))),
    ("6", "green", ((0, 0), (0, 1), (1, 0), (1, 1))),
    ("7", "yellow", ((0, 0), (0, 1), (0, 2), (1, 1))),
    ("8", "red", ((0, 1), (0, 2), (1, 0), (1, 1))),
    ("9", "light blue", ((0, 0), (1, 0), (2, 0), (2, 1))),
)

PIECES = tuple(Piece(number, cells) for number, _colour, cells in PIECE_DATA)
COLOURS = {number: colour for number, colour, _cells in PIECE_DATA}

#: SmartGames difficulty levels: the marked pieces that may not share an edge
DIFFICULTY = {
    "starter": (),
    "junior": ("1", "2"),
    "expert": ("1", "2", "3"),
    "master": ("2", "3", "4"),
    "wizard": ("1", "2", "3", "4"),
}

BOARD = square_board(SIZE, SIZE)


def square(name: str) -> tuple[int, int]:
    """``"B4"`` -> ``(1, 3)`` (row, column)."""
    return ROWS.index(name[0].upper()), int(name[1:]) - 1


def name(cell: tuple[int, int]) -> str:
    """``(1, 3)`` -> ``"B4"``."""
    return f"{ROWS[cell[0]]}{cell[1] + 1}"


def blocker_mask(blockers) -> int:
    """Board mask of blocker squares (names like ``"B4"``)."""
    return BOARD.mask(square(b) for b in blockers)


def all_rolls() -> list[tuple[str, ...]]:
    """Every distinct roll of the dice (62,208), each sorted."""
    return sorted({tuple(sorted(faces)) for faces in product(*DICE)})


def apart_groups(difficulty: str = "starter") -> tuple[tuple[str, ...], ...]:
    """The piece groups that may not share an edge on a difficulty level."""
    marked = DIFFICULTY[difficulty.lower()]
    return (marked,) if marked else ()


@lru_cache(maxsize=2)
def engine(compiled: bool | None = None) -> Engine:
    """The engine for the Genius Square (built once).

    It fills the lowest free square first (``SCAN``): with the one-cell and
    two-cell pieces almost every square has many options, so the cheap rule
    beats looking for the most constrained one (about twice as fast).
    """
    return Engine(BOARD, list(PIECES), compiled=compiled, rule=SCAN)


def solve_blockers(
    blockers, difficulty: str = "starter", count: bool = False, timeout: float | None = None
) -> Result:
    """Solve the board a roll (or any blocker set) leaves.

    Parameters
    ----------
    blockers : iterable of str
        Blocker squares, e.g. ``("A3", "A5", ...)``.
    difficulty : str
        ``starter`` ... ``wizard`` (see :data:`DIFFICULTY`).
    count : bool
        Count every solution (else stop at the first).
    timeout : float or None
        Seconds.

    Returns
    -------
    Result
        With the first solution kept.
    """
    cons = Constraints(blocked=[square(b) for b in blockers], apart=apart_groups(difficulty))
    eng = engine()
    return eng.ask(cons, limit=0 if count else 1, keep=1, timeout=timeout)


def solution_grid(result: Result, blockers=(), index: int = 0) -> list[str]:
    """A solution as 6 strings: piece number per square, ``#`` for a blocker."""
    grid = [["#" if name((r, c)) in set(blockers) else "." for c in range(SIZE)] for r in range(SIZE)]
    for pl in result.solutions[index]:
        for r, c in BOARD.cells_of(pl.mask):
            grid[r][c] = PIECES[pl.piece].name
    return ["".join(row) for row in grid]
