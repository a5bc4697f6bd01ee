"""A puzzle-independent piece-placement (exact cover) engine.

Lattices (``geometry``), boards (``board``), pieces and their orientations
(``pieces``), every placement as a bitmask (``placements``), a question's
rules and family hooks (``constraints``), the search (``search``, compiled
in ``_core.c``), the questions (``engine``), hints for a part-filled board
(``hint``) and checks of finished boards (``verify``).  No I/O: the puzzle
families give their boards and pieces as data.
"""

from visolve.tiling.board import Board, checkerboard_marks, hex_board, square_board
from visolve.tiling.constraints import Constraints, Hook, RuleData, Rules
from visolve.tiling.engine import Engine, Result
from visolve.tiling.hint import Hint, hint
from visolve.tiling.pieces import Piece

__all__ = [
    "Board",
    "Constraints",
    "Engine",
    "Hint",
    "Hook",
    "Piece",
    "Result",
    "RuleData",
    "Rules",
    "checkerboard_marks",
    "hint",
    "hex_board",
    "square_board",
]
