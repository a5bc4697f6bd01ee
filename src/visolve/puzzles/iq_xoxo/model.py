"""IQ XOXO as data: the 5 x 10 checkerboard, ten marked pentominoes.

Seen as in the booklet, X goes where row + column is even and O where it
is odd.  Each piece carries an X or an O on every square; turning a piece
over mirrors it and swaps X and O.  With the X/O rule a piece may lie only
where its marks equal the board's; without it only the outline counts.
Pieces are named by their pentomino letter.  A challenge is a :class:`Level`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from visolve.tiling import Constraints, Engine, Piece, Result, checkerboard_marks, square_board

ROWS, COLS = 5, 10
MARKS = ("X", "O")
EMPTY = "."

#: letter -> (colour, drawing: X/O per square as the piece lies in the solved box)
PIECE_DATA = {
    "I": ("dark blue", ("OXOXO",)),
    "L": ("lime", ("O...", "XOXO")),
    "N": ("pink", ("X.", "O.", "XO", ".X")),
    "P": ("medium blue", ("XOX", ".XO")),
    "T": ("yellow", ("..O", "XOX", "..O")),
    "U": ("purple", ("OXO", "X.X")),
    "V": ("light blue", ("..X", "..O", "XOX")),
    "W": ("orange", ("O..", "XO.", ".XO")),
    "Y": ("red", ("OXOX", "..X.")),
    "Z": ("dark green", (".XO", ".O.", "OX.")),
}
LETTERS = tuple(PIECE_DATA)
COLOURS = {letter: colour for letter, (colour, _d) in PIECE_DATA.items()}

BOARD = square_board(ROWS, COLS, checkerboard_marks(ROWS, COLS, *MARKS))


def piece(letter: str, marked: bool = True) -> Piece:
    """The piece ``letter``, with its marks (X/O rule) or as a bare outline."""
    drawing = PIECE_DATA[letter][1]
    cells = tuple((r, c) for r, row in enumerate(drawing) for c, ch in enumerate(row) if ch != EMPTY)
    marks = tuple(drawing[r][c] for r, c in cells) if marked else None
    return Piece(letter, cells, marks, flip=True, flip_swaps=MARKS if marked else None)


@lru_cache(maxsize=4)
def engine(xo_rule: bool = True, compiled: bool | None = None) -> Engine:
    """The engine with or without the X/O rule (built once each)."""
    return Engine(BOARD, [piece(p, xo_rule) for p in LETTERS], use_marks=xo_rule, compiled=compiled)


def parse_grid(rows) -> dict[str, list[tuple[int, int]]]:
    """Letter -> its squares, from 5 strings of letters and ``.``."""
    out: dict[str, list[tuple[int, int]]] = {}
    for r, row in enumerate(rows):
        for c, ch in enumerate(row.strip()):
            if ch != EMPTY:
                out.setdefault(ch.upper(), []).append((r, c))
    return out


@dataclass(frozen=True)
class Level:
    """One IQ XOXO challenge: the given pieces on the 5 x 10 board.

    Attributes
    ----------
    level : int or str
        The challenge number, or a name when the picture prints none.
    rows : tuple of str
        5 strings of 10 characters, top row first: ``.`` or a piece letter.
    source : str
        The picture read ("" when none).
    grade : int or None
        Difficulty measured by ``visolve make`` (guesses its search needs), None when not graded.
    """

    level: int | str
    rows: tuple[str, ...] = (EMPTY * COLS,) * ROWS
    source: str = ""
    grade: int | None = None

    def pieces(self) -> dict[str, list[tuple[int, int]]]:
        """Letter -> its squares ``(row, col)``, in reading order."""
        return parse_grid(self.rows)


def challenge_constraints(rows) -> Constraints:
    """The pieces a challenge shows, given in advance."""
    return Constraints(placed=parse_grid(rows))


def solve_challenge(
    rows, xo_rule: bool = True, limit: int = 2, timeout: float | None = None
) -> Result:
    """Solve a challenge (5 rows of letters and ``.``); by default prove it unique.

    Parameters
    ----------
    rows : sequence of str
        The challenge as drawn: given pieces by letter, ``.`` empty.
    xo_rule : bool
        Marks must match.
    limit : int
        Stop after this many solutions (0: count all, keeping every one).
    timeout : float or None
        Seconds.
    """
    return engine(xo_rule).enumerate(challenge_constraints(rows), limit=limit, timeout=timeout)


def solution_grid(solution) -> list[str]:
    """A solution (placements) as 5 strings of letters."""
    grid = [[EMPTY] * COLS for _ in range(ROWS)]
    for pl in solution:
        for r, c in BOARD.cells_of(pl.mask):
            grid[r][c] = LETTERS[pl.piece]
    return ["".join(row) for row in grid]
