"""The Genius Square as data: board, dice, pieces, difficulty levels.

Squares are named as the dice name them, a letter ``A``-``F`` and a digit
``1``-``6``, and as the board in the picture prints them: the Happy Puzzle
board prints the letters down the left (they name rows, A at the top) and
the digits across the top (columns, 1 at the left); the SmartGames board
prints them transposed, letters across the top naming columns and digits
down the left naming rows.  A cell ``(row, column)`` is always the board as
seen with its printed labels on top and on the left; :func:`square` and
:func:`name` turn names into cells and back for an edition.  Legality and
solution counts do not depend on it (a transpose maps the pieces onto
themselves), so the functions that only solve a set of names use the
Happy Puzzle print, the convention of ``rolls.tsv``.
Seven blockers go on the squares a roll of the seven dice shows; the nine
pieces (turned and turned over freely, one of each) fill the other 29.  On
the harder SmartGames levels some marked pieces may not share an edge.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from visolve.tiling import Constraints, Engine, Piece, Result, square_board
from visolve.tiling.search import SCAN

SIZE = 6
LETTERS = "ABCDEF"
DIGITS = "123456"
#: editions whose board prints the letters across the top (they name columns); the
#: others print them down the left (they name rows), as The Happy Puzzle Company does
LETTERS_ACROSS = ("smartgames",)

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


def letters_across(edition: str) -> bool:
    """Whether the board of ``edition`` prints the letters across the top (naming columns)."""
    return edition in LETTERS_ACROSS


def labels(edition: str) -> tuple[str, str]:
    """The labels the board of ``edition`` prints: (across the top, down the left)."""
    return (LETTERS, DIGITS) if letters_across(edition) else (DIGITS, LETTERS)


def square(name: str, edition: str = "happy-puzzle") -> tuple[int, int]:
    """The cell (row, column, as seen) of a printed name: ``"B4"`` -> ``(1, 3)``, on a
    SmartGames board ``(3, 1)``."""
    letter, digit = LETTERS.index(name[0].upper()), int(name[1:]) - 1
    return (digit, letter) if letters_across(edition) else (letter, digit)


def name(cell: tuple[int, int], edition: str = "happy-puzzle") -> str:
    """The printed name of a cell (row, column, as seen): ``(1, 3)`` -> ``"B4"``, on a
    SmartGames board ``"D2"``."""
    r, c = cell
    if letters_across(edition):
        r, c = c, r
    return f"{LETTERS[r]}{c + 1}"


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


#: editions a board can be read from ("unknown": a level file written by hand)
EDITIONS = ("happy-puzzle", "smartgames", "unknown")


@dataclass(frozen=True)
class Level:
    """A Genius Square board to solve.

    Attributes
    ----------
    level : str
        The level's name (the picture's file stem: the game prints no numbers).
    source : str
        The picture's file name ("" when there is none).
    edition : str
        One of :data:`EDITIONS`, as read.
    difficulty : str
        ``starter`` ... ``wizard`` (``model.DIFFICULTY``).
    blockers : tuple of str
        Blocker squares as printed on the edition's board, in name order
        (``board.sort_squares``).
    pieces : tuple of (str, tuple of str)
        Pieces already placed: (piece number, its squares in square order),
        by piece number.
    grade : int or None
        Difficulty measured by ``visolve make`` (its search's nodes), None when not graded.
    """

    level: str
    source: str = ""
    edition: str = "unknown"
    difficulty: str = "starter"
    blockers: tuple[str, ...] = ()
    pieces: tuple[tuple[str, tuple[str, ...]], ...] = ()
    grade: int | None = None


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


def solution_grid(result: Result, blockers=(), index: int = 0, edition: str = "happy-puzzle") -> list[str]:
    """A solution as 6 strings (the board as seen, top row first): piece number per
    square, ``#`` for a blocker (names as ``edition`` prints them)."""
    taken = {square(b, edition) for b in blockers}
    grid = [["#" if (r, c) in taken else "." for c in range(SIZE)] for r in range(SIZE)]
    for pl in result.solutions[index]:
        for r, c in BOARD.cells_of(pl.mask):
            grid[r][c] = PIECES[pl.piece].name
    return ["".join(row) for row in grid]
