"""A board read where tall pieces' tops show, checked against what the other readings saw surely.

A board refused at its squares' middles is read again at lean fields
(:mod:`visolve.puzzles.genius_square.leaning`); a field's board is kept when the fields that give a
board agree and the squares of a field that gave none do not rule it out by a piece's colour
(:func:`visolve.puzzles.genius_square.leaning.against`).  Two more things the other readings see
surely rule such a board out:

* a piece of two squares or more read surely on a whole placement of it at the squares' middles
  that the board lacks (:func:`dropped_piece`): at the middles a cube shows its top a square off at most, never nowhere
  (seed 151 scene 95: the orange three read whole at the middles, down the column beside its own;
  at the leans its shaded side read brown and the shapes laid the brown two there instead);
* a blocker the board lays on a square a failed field reads surely empty, where that field reads
  surely a disc on another face of the same die that the board leaves empty (:func:`swapped_blocker`):
  one disc seen in two places, each field a square from the other (seed 163 scene 81: A2 and B2).
"""

from __future__ import annotations

from visolve.puzzles.genius_square import model
from visolve.puzzles.genius_square.board import BLOCKER, DIE_OF, EMPTY
from visolve.puzzles.genius_square.model import COLOURS
from visolve.puzzles.genius_square.surplus import cells_of, placements, sure_mask

SIZE = model.SIZE
#: the one-square piece (dark blue)
SINGLE = "1"


def dropped_piece(level, middles) -> str:
    """Why ``level`` (read at a lean) lacks a piece of two squares or more its squares' ``middles`` read
    surely on a whole placement of it ("" when it lacks none).  The one-square piece is no whole
    shape: a square of its dark blue is one square's colour (seed 1 scene 51, read right: A4 read
    surely dark blue at its middle, a shaded side)."""
    placed = {piece for piece, _cells in level.pieces}
    for piece in sorted(set(COLOURS) - placed - {SINGLE}):
        sure = sure_mask(middles, piece)
        whole = next((mask for mask in placements(piece) if mask & sure == mask), 0)
        if whole:
            names = " ".join(model.name(cell, level.edition) for cell in cells_of(whole))
            return (f"square {names.split()[0]}: piece {piece} ({COLOURS[piece]}) read surely on {names} at the "
                    "squares' middles, but the board read where tall pieces' tops would show has no piece "
                    f"{piece}")
    return ""


def swapped_blocker(level, squares) -> str:
    """Why the squares a failed lean field read (``squares``) rule out ``level``'s blockers: one laid on
    a square the field reads surely empty, the field reading surely a disc on another face of that
    blocker's die, a square the level leaves empty ("" when there is none)."""
    names = [[model.name((r, c), level.edition) for c in range(SIZE)] for r in range(SIZE)]
    sure = {names[r][c]: squares[r][c].symbol for r in range(SIZE) for c in range(SIZE)
            if squares[r][c].symbol and not squares[r][c].options}
    taken = set(level.blockers).union(*(cells for _piece, cells in level.pieces))
    for blocker in level.blockers:
        if sure.get(blocker) != EMPTY:
            continue
        other = next((name for name, symbol in sorted(sure.items()) if symbol == BLOCKER and name not in taken
                      and DIE_OF.get(name) == DIE_OF.get(blocker)), None)
        if other:
            return (f"square {blocker}: read where tall pieces' tops would show, one lean of the camera's "
                    f"gives a board with a blocker there, another reads it empty and a blocker on {other}, "
                    "a face of the same die")
    return ""
