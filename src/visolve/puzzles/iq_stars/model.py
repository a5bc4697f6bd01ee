"""IQ Stars as data: the 26-cell star board, seven single-sided pieces.

The board has rows of 7, 6, 7 and 6 cells, the second and fourth shifted
half a cell right, so a cell touches up to six others.  Cells use doubled
columns, ``(row, x)`` with ``x = 2 * column + row % 2`` (see
``visolve.tiling.geometry``).  Pieces stand on a white base: they turn but
never flip.  Pieces are named by their colour letter.  A challenge is a
:class:`Level`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from visolve.tiling import Constraints, Engine, Piece, Result, hex_board

ROW_LENGTHS = (7, 6, 7, 6)
EMPTY = "."

#: letter -> (colour, cells as (x, row) in doubled coordinates, as RULES.md lists them)
PIECE_DATA = {
    "r": ("red", ((0, 0), (2, 0), (1, 1), (3, 1))),
    "o": ("orange", ((0, 0), (2, 0), (3, 1))),
    "y": ("yellow", ((0, 0), (2, 0), (4, 0), (1, 1))),
    "g": ("green", ((0, 0), (2, 0), (3, 1), (4, 2))),
    "b": ("blue", ((0, 0), (2, 0), (4, 0), (3, 1))),
    "v": ("violet", ((0, 0), (2, 0), (4, 0))),
    "p": ("pink", ((0, 0), (2, 0), (3, 1), (2, 2))),
}
LETTERS = tuple(PIECE_DATA)
COLOURS = {letter: colour for letter, (colour, _c) in PIECE_DATA.items()}

BOARD = hex_board(ROW_LENGTHS)


@dataclass(frozen=True)
class Level:
    """An IQ Stars challenge (or a board part filled while playing).

    Attributes
    ----------
    level : int or str
        The challenge's number, or a name when the picture gives none.
    rows : tuple of str
        4 rows of 7/6/7/6 symbols (see :mod:`visolve.puzzles.iq_stars.board`).
    source : str
        The picture's file name ("" when there is none).
    grade : int or None
        Difficulty measured by ``visolve make`` (guesses its search needs), None when not graded.
    """

    level: int | str
    rows: tuple[str, ...]
    source: str = ""
    grade: int | None = None

    @property
    def filled(self) -> int:
        """Cells that are not free."""
        return sum(ch != EMPTY for row in self.rows for ch in row)


def piece(letter: str, flip: bool = False) -> Piece:
    """The piece ``letter`` (single-sided unless ``flip``)."""
    cells = tuple((row, x) for x, row in PIECE_DATA[letter][1])
    return Piece(letter, cells, flip=flip)


@lru_cache(maxsize=4)
def engine(flips: bool = False, compiled: bool | None = None) -> Engine:
    """The engine (pieces single-sided, or turned over too with ``flips``)."""
    return Engine(BOARD, [piece(p, flips) for p in LETTERS], compiled=compiled)


def cell(row: int, k: int) -> tuple[int, int]:
    """Board coordinates of the ``k``-th cell of ``row``."""
    return row, 2 * k + row % 2


def challenge_constraints(rows) -> Constraints:
    """A challenge's rules: lower case = cell of a placed piece, upper case = wizard star.

    Either way the cell must be covered by that colour's piece (a placed
    piece shows all its cells, so it can lie only there).
    """
    covers = {}
    for r, row in enumerate(rows):
        for k, ch in enumerate(row.strip()):
            if ch != EMPTY:
                covers[cell(r, k)] = ch.lower()
    return Constraints(covers=covers)


def solve_challenge(rows, limit: int = 2, timeout: float | None = None) -> Result:
    """Solve a challenge (4 rows of 7/6/7/6 symbols); by default prove it unique.

    Parameters
    ----------
    rows : sequence of str
        ``.`` free, lower case placed piece, upper case wizard star.
    limit : int
        Stop after this many solutions (0: every one).
    timeout : float or None
        Seconds.
    """
    return engine().enumerate(challenge_constraints(rows), limit=limit, timeout=timeout)


def solution_rows(solution) -> list[str]:
    """A solution (placements) as 4 rows of colour letters."""
    grid = [[EMPTY] * n for n in ROW_LENGTHS]
    for pl in solution:
        for row, x in BOARD.cells_of(pl.mask):
            grid[row][(x - row % 2) // 2] = LETTERS[pl.piece]
    return ["".join(r) for r in grid]
