"""One IQ Stars challenge: its checks and its question to the engine.

The rules (board, pieces) and the challenge dataclass
(:class:`~visolve.puzzles.iq_stars.model.Level`) are in
:mod:`visolve.puzzles.iq_stars.model`; this module adds what a picture or a
level file gives.  A level is 4 rows of
7, 6, 7 and 6 cell symbols, top row first: ``.`` a free cell, a lower-case
colour letter a cell of a piece already placed, an upper-case letter a
wizard star (that colour's piece must cover the cell).  Cells are named
``(row, k)``: row 0-3 from the top, ``k`` the cell's index in its row.
"""

from __future__ import annotations

from visolve.plural import counted
from visolve.puzzles.iq_stars import model
from visolve.puzzles.iq_stars.model import Level  # noqa: F401 - re-exported: reader.py, tray.py (other changes) still import it here
from visolve.tiling import Constraints

ROW_LENGTHS = model.ROW_LENGTHS
EMPTY = model.EMPTY
LETTERS = model.LETTERS
#: every cell (row, k), top row first
CELLS = tuple((r, k) for r, n in enumerate(ROW_LENGTHS) for k in range(n))
#: stars of each piece
SIZES = {letter: len(cells) for letter, (_c, cells) in model.PIECE_DATA.items()}


def cell_name(cell) -> str:
    """``row R star S`` (both from 1) of a cell ``(row, k)``: how a reason names a star."""
    r, k = cell
    return f"row {r + 1} star {k + 1}"


def empty_rows() -> tuple[str, ...]:
    """The rows of the empty board."""
    return tuple(EMPTY * n for n in ROW_LENGTHS)


def row_problem(text: str, row: int) -> str:
    """Why ``text`` is no row ``row`` of a level ('' when it is one)."""
    want = ROW_LENGTHS[row]
    if len(text) != want:
        return f"row {row + 1} needs {want} cells, found {len(text)}: {text!r}"
    for k, ch in enumerate(text):
        if ch != EMPTY and ch.lower() not in LETTERS:
            return f"row {row + 1} cell {k + 1}: unknown symbol {ch!r} (use . or one of {' '.join(LETTERS)})"
    return ""


def cells_of(rows, letter: str) -> list[tuple[int, int]]:
    """The cells whose symbol is exactly ``letter``."""
    return [(r, k) for r, k in CELLS if rows[r][k] == letter]


def is_placement(letter: str, cells) -> bool:
    """Do ``cells`` ((row, k) pairs) form the piece ``letter`` lying on the board?"""
    table = model.engine().table
    mask = model.BOARD.mask([model.cell(r, k) for r, k in cells])
    return (table.piece_index(letter), mask) in table.lookup


def level_problems(rows) -> list[str]:
    """What makes ``rows`` no possible challenge (empty: nothing); see :func:`located_problems`."""
    return [text for _row, text in located_problems(rows)]


def located_problems(rows) -> list[tuple[int, str]]:
    """``(row, problem)`` for what makes ``rows`` no possible challenge, ``row`` the
    first row showing the colour concerned.

    A placed piece shows all its cells, so the lower-case cells of a colour
    form that piece; a colour is either placed or has wizard stars, at most
    as many as its piece has stars.
    """
    problems = []
    for letter in LETTERS:
        placed, wizard = cells_of(rows, letter), cells_of(rows, letter.upper())
        name = model.COLOURS[letter]
        first = min((r for r, _k in placed + wizard), default=0)
        if placed and not is_placement(letter, placed):
            verb = "does" if len(placed) == 1 else "do"
            problems.append((first, f"the {counted(len(placed), name + ' cell')} ({letter}) {verb} not form "
                                    f"the {name} piece"))
        if placed and wizard:
            problems.append((first, f"{name} is both placed ({letter}) and a wizard star ({letter.upper()})"))
        if len(wizard) > SIZES[letter]:
            problems.append((first, f"{counted(len(wizard), name + ' wizard star')}, its piece has "
                                    f"{counted(SIZES[letter], 'star')}"))
    return problems


def constraints(rows) -> Constraints:
    """The engine's question: placed pieces given, wizard stars covered by their colour."""
    placed, covers = {}, {}
    for letter in LETTERS:
        cells = cells_of(rows, letter)
        if cells:
            placed[letter] = [model.cell(r, k) for r, k in cells]
        for r, k in cells_of(rows, letter.upper()):
            covers[model.cell(r, k)] = letter
    return Constraints(placed=placed, covers=covers)


def board_cell(cell: tuple[int, int]) -> tuple[int, int]:
    """Engine coordinates ``(row, x)`` -> ``(row, k)``."""
    row, x = cell
    return row, (x - row % 2) // 2


def twins(rows) -> list[tuple[str, ...]]:
    """The board ``rows`` turned half round and moved half a star over, either way (doubled
    column ``x`` to ``11 - x`` or ``13 - x``, row ``r`` to ``3 - r``): the placements of the
    board's lattice that cover its stars but the ends of its rows.  A reading is left out when
    one of its pieces' stars would leave the board."""
    return [twin for twin in (_turned(rows, across) for across in (11, 13)) if twin is not None]


def _turned(rows, across: int) -> tuple[str, ...] | None:
    """``rows`` turned half round onto doubled column ``across - x`` (see :func:`twins`); None when
    a piece's star would leave the board."""
    grid = [[EMPTY] * n for n in ROW_LENGTHS]
    for (r, k) in CELLS:
        if rows[r][k] == EMPTY:
            continue
        turned = 3 - r
        k2 = (across - (2 * k + r % 2) - turned % 2) // 2
        if not 0 <= k2 < ROW_LENGTHS[turned]:
            return None
        grid[turned][k2] = rows[r][k]
    return tuple("".join(row) for row in grid)
