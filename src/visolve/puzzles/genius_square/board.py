"""One Genius Square board as photographed: the level, and its 6 x 6 drawing.

The rules themselves (dice, pieces, difficulty levels) are data in
:mod:`visolve.puzzles.genius_square.model`; this module adds what a picture
or a level file gives: the blockers, the pieces already placed, the edition
the board was read from and the difficulty played.

Squares are named as the board of the level's edition prints them and the
dice show them (``model.square`` / ``model.name``): on a Happy Puzzle board
(and a level of unknown edition) the letter names the row and the digit the
column, on a SmartGames board the letter names the column and the digit the
row.  The drawing is the board as seen with its printed labels on top and on
the left: 6 strings of 6 symbols, top row first: ``#`` a blocker, ``.`` an
empty square, ``1``-``9`` a square covered by that piece.
"""

from __future__ import annotations

from visolve.plural import counted
from visolve.puzzles.genius_square import model
from visolve.puzzles.genius_square.model import EDITIONS, Level  # noqa: F401 - re-exported for the family's modules

BLOCKER = "#"
EMPTY = "."
#: square -> the die that shows it (every square is on exactly one die)
DIE_OF = {face: d for d, faces in enumerate(model.DICE) for face in faces}


def sort_squares(names) -> tuple[str, ...]:
    """Square names in name order (``A1`` ... ``A6``, ``B1`` ...), as the dice are read out."""
    return tuple(sorted(names, key=lambda s: (s[0].upper(), int(s[1:]))))


def make_level(name: str, blockers, pieces=None, **kw) -> Level:
    """A :class:`Level` with its squares put in order; ``pieces`` maps number -> squares."""
    placed = tuple(sorted((str(p), sort_squares(cells)) for p, cells in (pieces or {}).items()))
    return Level(level=name, blockers=sort_squares(blockers), pieces=placed, **kw)


def drawing(level: Level) -> list[str]:
    """The 6 x 6 drawing of a level: the board as seen, top row first."""
    grid = [[EMPTY] * model.SIZE for _ in range(model.SIZE)]
    for square in level.blockers:
        r, c = model.square(square, level.edition)
        grid[r][c] = BLOCKER
    for piece, cells in level.pieces:
        for square in cells:
            r, c = model.square(square, level.edition)
            grid[r][c] = piece
    return ["".join(row) for row in grid]


def groups(rows: list[str], edition: str) -> tuple[list[str], dict[str, list[list[str]]]]:
    """Blockers and, per piece symbol, its groups of edge-joined squares, of a drawing
    (names as ``edition`` prints them)."""
    blockers, cells = [], {}
    for r, row in enumerate(rows):
        for c, sym in enumerate(row):
            if sym == BLOCKER:
                blockers.append(model.name((r, c), edition))
            elif sym != EMPTY:
                cells.setdefault(sym, []).append((r, c))
    found = {sym: [list(sort_squares(model.name(cell, edition) for cell in group)) for group in joined(sym_cells)]
             for sym, sym_cells in cells.items()}
    return blockers, found


def joined(cells) -> list[list[tuple[int, int]]]:
    """``cells`` ((row, column)) in groups of squares joined by their edges, each sorted; the groups
    in the order of their first square (top row first)."""
    left, out = set(cells), []
    while left:
        start = min(left)
        left.discard(start)
        group, stack = [], [start]
        while stack:
            r, c = stack.pop()
            group.append((r, c))
            for cell in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if cell in left:
                    left.discard(cell)
                    stack.append(cell)
        out.append(sorted(group))
    return out


def shape_problem(piece: str, cells, edition: str) -> str:
    """Why ``cells`` (names as ``edition`` prints them) cannot be piece ``piece`` lying on the board
    ("" when they can)."""
    table = model.engine().table
    pid = table.piece_index(piece)
    mask = model.BOARD.mask(model.square(s, edition) for s in cells)
    if (pid, mask) in table.lookup:
        return ""
    colour = model.COLOURS[piece]
    want = len(model.PIECES[pid].cells)
    return f"piece {piece} ({colour}) covers {counted(len(cells), 'square')} {' '.join(cells)}, not its {want} in its shape"


def is_legal_roll(blockers) -> bool:
    """Seven blockers, one on a face of each die: a roll of the dice can give them."""
    dice = {DIE_OF.get(square) for square in blockers}
    return len(blockers) == len(model.DICE) and dice == set(range(len(model.DICE)))


def roll_note(blockers) -> str:
    """Why a blocker set is no roll of the dice ("" when it is one)."""
    if is_legal_roll(blockers):
        return ""
    if len(blockers) != len(model.DICE):
        return f"{counted(len(blockers), 'blocker')}, a roll gives {len(model.DICE)}"
    shared = {}
    for square in blockers:
        shared.setdefault(DIE_OF[square], []).append(square)
    twice = next(sq for sq in shared.values() if len(sq) > 1)
    return (f"{' and '.join(twice)} are faces of one die (die {DIE_OF[twice[0]] + 1}); "
            "a board read in the wrong orientation, or set by hand, often shows this")
