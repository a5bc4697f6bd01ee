"""IQ XOXO squares and given pieces: the checks the level files, reader and solver share.

The rules themselves (board, pieces, engine) and the challenge dataclass
(:class:`~visolve.puzzles.iq_xoxo.model.Level`) are in
:mod:`visolve.puzzles.iq_xoxo.model`; this module adds on top the mark of a
square, which face of a piece is up, and what is wrong with a piece drawn on
some squares.
"""

from __future__ import annotations

from functools import lru_cache

from visolve.plural import counted
from visolve.puzzles.iq_xoxo import model
from visolve.puzzles.iq_xoxo.model import Level

ROWS, COLS = model.ROWS, model.COLS
EMPTY = model.EMPTY
LETTERS = model.LETTERS
#: the face of a piece as it lies in the solved box, and turned over
FACES = ("front", "back")
#: BGR colour of each piece as the family draws it (the booklet's hues)
PIECE_BGR = {
    "I": (150, 40, 20),
    "L": (40, 210, 170),
    "N": (170, 90, 240),
    "P": (220, 140, 30),
    "T": (20, 205, 250),
    "U": (150, 40, 120),
    "V": (240, 215, 120),
    "W": (20, 140, 250),
    "Y": (40, 40, 220),
    "Z": (70, 120, 20),
}


def mark(r: int, c: int) -> str:
    """The mark a square takes: X where row + column is even."""
    return model.MARKS[(r + c) % 2]


def _table(marked: bool = True):
    return model.engine(marked).table


@lru_cache(maxsize=1)
def _front_orientations() -> dict[int, set]:
    """Piece index -> its orientations (as in the table) that show the front face."""
    from visolve.tiling.pieces import Piece, orientations

    table = _table()
    out = {}
    for pid, p in enumerate(table.pieces):
        front = orientations(Piece(p.name, p.cells, p.marks, flip=False), table.board.lattice)
        out[pid] = {k for k, o in enumerate(table.orientations[pid]) if o in front}
    return out


def face_of(piece: int, orientation: int) -> str:
    """``front`` or ``back``: which face of the piece shows in that orientation."""
    return FACES[0] if orientation in _front_orientations()[piece] else FACES[1]


def placement_of(letter: str, cells) -> object | None:
    """The engine placement of ``letter`` on ``cells`` under the X/O rule (None: it cannot lie so)."""
    table = _table()
    pid = table.piece_index(letter)
    index = table.lookup.get((pid, table.board.mask(cells)))
    return None if index is None else table.placements[index]


def piece_problem(letter: str, cells) -> str:
    """What is wrong with piece ``letter`` drawn on ``cells`` ("" when it may lie there)."""
    if letter not in LETTERS:
        return f"{letter!r} is no piece (pieces: {' '.join(LETTERS)})"
    where = " ".join(square_name(r, c) for r, c in cells)
    if len(cells) != 5:
        return f"piece {letter} covers {counted(len(cells), 'square')} ({where}), not 5"
    if placement_of(letter, cells) is not None:
        return ""
    bare = _table(False)
    if (bare.piece_index(letter), bare.board.mask(cells)) in bare.lookup:
        return f"piece {letter} on {where}: its marks cannot match the squares' X and O on either face"
    return f"piece {letter} on {where} is not the {letter} shape"


def letter_of_shape(cells) -> str | None:
    """The piece whose outline is ``cells`` (any turn or flip), or None."""
    bare = _table(False)
    mask = bare.board.mask(cells)
    for pid in range(len(bare.pieces)):
        if (pid, mask) in bare.lookup:
            return bare.pieces[pid].name
    return None


def square_name(r: int, c: int) -> str:
    """How messages name a square: ``r2c7`` (row and column from 0, top-left)."""
    return f"r{r}c{c}"


def level_problems(level: Level) -> list[str]:
    """Everything wrong with a level's given pieces (empty: a valid challenge)."""
    problems = []
    for letter, cells in level.pieces().items():
        problem = piece_problem(letter, cells)
        if problem:
            problems.append(problem)
    return problems
