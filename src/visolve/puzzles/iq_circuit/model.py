"""IQ Circuit rules as plain data and pure functions.

Board: 8 columns x 4 rows.  ``x`` is the column 0..7 from the left, ``y`` the
row 0..3 from the top.  A cell's track is a 4-bit *mask* of the edges it
reaches, directions in clockwise order::

    RIGHT = 0   DOWN = 1   LEFT = 2   UP = 3      bit = 1 << direction

The mask alone says what a cell shows: 0 = empty, one bit = a dot (point)
whose track leaves in that direction, two opposite bits = a straight line,
two neighbouring bits = a bend.

Every cell has a one-character *symbol* (used by the level file, the piece
drawings below and the tests)::

    .  empty         -  line left-right      |  line up-down
    r  bend right+down   7  bend left+down   L  bend right+up   J  bend left+up
    >  dot, track leaves right   <  left   ^  up   v  down

and two symbols that only challenges use: ``o`` a dot whose direction is not
shown (an "open" dot) and ``?`` a cell the challenge says nothing about.

A placement is ``(piece, face, anchor x0,y0, rotation r)`` with the
conventions of the booklet data (``pieces.json`` of the reference solver):
``r`` quarter turns clockwise, each turning a face cell's offset
``(x, y) -> (-y, x)`` and each direction ``d -> (d + r) % 4``; then the anchor
is added.  Face 0 of every piece that has a dot is its dot face; the four bars
have three faces (dot, track, blank).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from visolve.plural import counted

WIDTH = 8
HEIGHT = 4
CELLS = WIDTH * HEIGHT

RIGHT, DOWN, LEFT, UP = 0, 1, 2, 3
DIR_NAMES = ("right", "down", "left", "up")
DELTA = ((1, 0), (0, 1), (-1, 0), (0, -1))
KINDS = ("expert", "master", "wizard")

#: symbol -> track mask, for every symbol that fixes a cell
SYMBOL_MASK = {
    ".": 0,
    "-": 0b0101,
    "|": 0b1010,
    "r": 0b0011,
    "7": 0b0110,
    "J": 0b1100,
    "L": 0b1001,
    ">": 0b0001,
    "v": 0b0010,
    "<": 0b0100,
    "^": 0b1000,
}
MASK_SYMBOL = {mask: sym for sym, mask in SYMBOL_MASK.items()}
UNKNOWN = "?"
OPEN_DOT = "o"
SYMBOLS = "".join(SYMBOL_MASK) + UNKNOWN + OPEN_DOT


def opposite(d: int) -> int:
    return (d + 2) % 4


def gap_key(x: int, y: int, d: int) -> tuple[int, int, int]:
    """The gap cell ``(x, y)`` leaves by in direction ``d`` (:data:`DELTA`), named from its left or
    upper cell: ``(x, y, 0)`` the gap to the right neighbour, ``(x, y, 1)`` to the lower one (it may
    lie off the board)."""
    dx, dy = DELTA[d]
    return (x, y, d) if d < 2 else (x + dx, y + dy, d - 2)


def rotate_mask(mask: int, r: int) -> int:
    """Turn a track mask ``r`` quarter turns clockwise."""
    r %= 4
    return ((mask << r) | (mask >> (4 - r))) & 15


def mask_kind(mask: int) -> str:
    """``empty`` / ``point`` / ``line`` / ``bend`` for a track mask."""
    n = bin(mask).count("1")
    if n == 0:
        return "empty"
    if n == 1:
        return "point"
    if mask in (0b0101, 0b1010):
        return "line"
    return "bend"


def mask_dirs(mask: int) -> list[str]:
    return [DIR_NAMES[d] for d in range(4) if mask >> d & 1]


def is_dot_symbol(sym: str) -> bool:
    return sym == OPEN_DOT or (sym in SYMBOL_MASK and bin(SYMBOL_MASK[sym]).count("1") == 1)


# --------------------------------------------------------------------------
# The ten pieces.  Each face is drawn with the symbols above, one string per
# row (space = not part of the piece), plus the drawing position of the
# face's anchor cell (its (0, 0)).

@dataclass(frozen=True)
class Face:
    index: int
    #: ((dx, dy, mask), ...) relative to the anchor, rotation 0
    cells: tuple[tuple[int, int, int], ...]

    @property
    def has_dot(self) -> bool:
        return any(mask_kind(m) == "point" for _x, _y, m in self.cells)

    @property
    def blank(self) -> bool:
        return all(m == 0 for _x, _y, m in self.cells)


@dataclass(frozen=True)
class Piece:
    id: int
    code: str  #: name used by the booklet data, e.g. ``LINE2_1``
    name: str  #: as a player knows it: the shape, and for look-alikes what the dot side shows
    faces: tuple[Face, ...]

    @property
    def size(self) -> int:
        return len(self.faces[0].cells)


def _face(index: int, rows: list[str], anchor: tuple[int, int]) -> Face:
    ax, ay = anchor
    cells = []
    for y, row in enumerate(rows):
        for x, sym in enumerate(row):
            if sym != " ":
                cells.append((x - ax, y - ay, SYMBOL_MASK[sym]))
    return Face(index, tuple(cells))


# id, code, name (pieces are all black: shape, and the dot side's track), faces: (drawing, anchor)
_PIECE_TABLE = (
    (0, "LINE2_1", "short bar (dot + bend)", ((">7",), (0, 0)), (("--",), (0, 0)), (("..",), (0, 0))),
    (1, "LINE2_2", "short bar (dot + straight)", ((">-",), (0, 0)), (("|.",), (0, 0)), (("..",), (0, 0))),
    (2, "LINE3_1", "long bar (dot + straight)", ((">--",), (0, 0)), (("--J",), (0, 0)), (("...",), (0, 0))),
    (3, "LINE3_2", "long bar (dot + bend)", ((".>J",), (0, 0)), ((".r-",), (0, 0)), (("...",), (0, 0))),
    (4, "CORNER_1", "corner (dot + separate straight)", ((">", "--"), (0, 0)), ((" |", "LJ"), (1, 0))),
    (5, "CORNER_2", "corner (dot + bend)", (("v", "L-"), (0, 0)), ((" |", "-J"), (1, 0))),
    (6, "SQUARE", "square", (("vr", "||"), (0, 0)), (("rJ", "L-"), (0, 0))),
    (7, "L_PIECE", "L piece", (("7", "|", "LJ"), (0, 0)), ((" 7", " |", "-J"), (1, 0))),
    (8, "T_PIECE", "T piece", ((".r7", " | "), (1, 0)), (("--7", " 7 "), (1, 0))),
    (9, "Z_PIECE", "Z piece", ((" r<", ".| "), (1, 0)), (("r- ", " .."), (1, 0))),
)

PIECES: tuple[Piece, ...] = tuple(
    Piece(pid, code, name, tuple(_face(i, rows, anchor) for i, (rows, anchor) in enumerate(faces)))
    for pid, code, name, *faces in _PIECE_TABLE
)
PIECE_BY_CODE = {p.code: p for p in PIECES}
#: pieces whose faces 2 are identical blank bars (interchangeable on a board)
TWIN_BLANKS = ((0, 1), (2, 3))


def piece_by_token(token: str) -> Piece:
    """A piece from its id (``0``..``9``) or code name (``LINE2_1``)."""
    tok = token.strip()
    if tok.isdigit() and int(tok) < len(PIECES):
        return PIECES[int(tok)]
    if tok.upper() in PIECE_BY_CODE:
        return PIECE_BY_CODE[tok.upper()]
    raise ValueError(f"unknown piece {token!r} (use 0-9 or a name like LINE2_1)")


@dataclass(frozen=True, order=True)
class Placement:
    piece: int
    face: int
    x: int
    y: int
    rotation: int

    def cells(self) -> tuple[tuple[int, int, int], ...]:
        """Absolute ``(x, y, mask)`` of every covered cell (may lie off the board)."""
        return placed_cells(self.piece, self.face, self.x, self.y, self.rotation)

    def on_board(self) -> bool:
        return all(0 <= x < WIDTH and 0 <= y < HEIGHT for x, y, _m in self.cells())

    def as_dict(self) -> dict:
        return {"piece": self.piece, "face": self.face, "anchor": [self.x, self.y], "rotation": self.rotation}

    def text(self) -> str:
        return f"{self.piece} face {self.face} anchor {self.x},{self.y} rotation {self.rotation}"


@lru_cache(maxsize=None)
def placed_cells(piece: int, face: int, x0: int, y0: int, r: int) -> tuple[tuple[int, int, int], ...]:
    out = []
    for dx, dy, mask in PIECES[piece].faces[face].cells:
        for _ in range(r % 4):
            dx, dy = -dy, dx
        out.append((x0 + dx, y0 + dy, rotate_mask(mask, r)))
    return tuple(out)


# --------------------------------------------------------------------------
# Levels

Grid = tuple[str, ...]  # HEIGHT strings of WIDTH symbols, top row first


@dataclass(frozen=True)
class Level:
    """A challenge: its number, kind, the cell grid and the pre-placed pieces.

    ``grid`` shows every cell the picture fixes (cells of pre-placed pieces
    included) and ``?`` for cells the picture says nothing about.
    """

    level: int | str
    kind: str
    grid: Grid
    pieces: tuple[Placement, ...] = ()
    source: str = ""
    notes: tuple[str, ...] = field(default=(), compare=False)
    #: difficulty measured by ``visolve make`` (its search's nodes), None when not graded
    grade: int | None = None

    def __post_init__(self):
        # pre-placed pieces in piece order, so equal challenges compare equal
        object.__setattr__(self, "pieces", tuple(sorted(self.pieces)))
        object.__setattr__(self, "grid", tuple(self.grid))

    def cell(self, x: int, y: int) -> str:
        return self.grid[y][x]

    def dots(self) -> list[tuple[int, int]]:
        return [(x, y) for y in range(HEIGHT) for x in range(WIDTH) if is_dot_symbol(self.grid[y][x])]


def grid_with_pieces(grid: Grid, pieces) -> Grid:
    """Draw the pre-placed pieces' cells into ``grid`` (no checks)."""
    rows = [list(r) for r in grid]
    for pl in pieces:
        for x, y, mask in pl.cells():
            if 0 <= x < WIDTH and 0 <= y < HEIGHT:
                rows[y][x] = MASK_SYMBOL[mask]
    return tuple("".join(r) for r in rows)


def level_problems(level: Level) -> list[str]:
    """Why this challenge cannot be right, as readable reasons (empty when fine)."""
    problems = []
    if level.kind not in KINDS:
        problems.append(f"kind must be one of {', '.join(KINDS)}, got {level.kind!r}")
    if len(level.grid) != HEIGHT or any(len(r) != WIDTH for r in level.grid):
        return problems + [f"grid must be {HEIGHT} rows of {WIDTH} cells"]
    for y, row in enumerate(level.grid):
        for x, sym in enumerate(row):
            if sym not in SYMBOLS:
                problems.append(f"cell ({x},{y}): unknown symbol {sym!r}")
    used: dict[tuple[int, int], int] = {}
    seen = set()
    for pl in level.pieces:
        if pl.piece in seen:
            problems.append(f"piece {pl.piece} placed twice")
        seen.add(pl.piece)
        if not 0 <= pl.face < len(PIECES[pl.piece].faces):
            problems.append(f"piece {pl.piece} has no face {pl.face}")
            continue
        for x, y, mask in pl.cells():
            if not (0 <= x < WIDTH and 0 <= y < HEIGHT):
                problems.append(f"piece {pl.piece} reaches off the board at ({x},{y})")
                continue
            if (x, y) in used:
                problems.append(f"pieces {used[(x, y)]} and {pl.piece} overlap at ({x},{y})")
            used[(x, y)] = pl.piece
            sym = level.grid[y][x]
            if sym != UNKNOWN and SYMBOL_MASK.get(sym, -1) != mask:
                problems.append(
                    f"cell ({x},{y}) shows {sym!r} but piece {pl.piece} puts {MASK_SYMBOL[mask]!r} there"
                )
    n_dots = len(level.dots())
    if n_dots % 2:
        problems.append(f"{counted(n_dots, 'dot')}: a solvable challenge has an even number")
    return problems


def board_symbols(placements) -> Grid:
    """The picture of a full board: one symbol per cell."""
    return grid_with_pieces(("?" * WIDTH,) * HEIGHT, placements)


def board_ids(placements) -> tuple[str, ...]:
    """Which piece covers each cell, ``"0"``..``"9"``, ``"?"`` when none."""
    rows = [["?"] * WIDTH for _ in range(HEIGHT)]
    for pl in placements:
        for x, y, _m in pl.cells():
            rows[y][x] = str(pl.piece)
    return tuple("".join(r) for r in rows)


def track_paths(symbols: Grid) -> tuple[list[list[tuple[int, int]]], list[list[tuple[int, int]]]]:
    """Split the track of a board picture into (paths, loops), each a list of cells."""
    seen = set()
    paths, loops = [], []

    def walk(start, came):
        path = [start]
        x, y = start
        prev = came
        while True:
            mask = SYMBOL_MASK[symbols[y][x]]
            nxt = [d for d in range(4) if mask >> d & 1 and d != prev]
            if not nxt:
                return path
            d = nxt[0]
            x, y = x + DELTA[d][0], y + DELTA[d][1]
            if (x, y) == start:
                return path
            path.append((x, y))
            prev = opposite(d)

    for y in range(HEIGHT):
        for x in range(WIDTH):
            mask = SYMBOL_MASK.get(symbols[y][x], 0)
            if mask_kind(mask) == "point" and (x, y) not in seen:
                p = walk((x, y), -1)
                seen.update(p)
                paths.append(p)
    for y in range(HEIGHT):
        for x in range(WIDTH):
            mask = SYMBOL_MASK.get(symbols[y][x], 0)
            if mask and (x, y) not in seen:
                p = walk((x, y), -1)
                seen.update(p)
                loops.append(p)
    return paths, loops


def check_solution(level: Level, placements) -> list[str]:
    """Every rule a full board breaks (empty list = a valid solution)."""
    problems = []
    ids = sorted(pl.piece for pl in placements)
    if ids != list(range(len(PIECES))):
        problems.append(f"pieces used {ids}, need each of 0-9 once")
    cover = {}
    for pl in placements:
        for x, y, mask in pl.cells():
            if not (0 <= x < WIDTH and 0 <= y < HEIGHT):
                problems.append(f"piece {pl.piece} off the board at ({x},{y})")
            elif (x, y) in cover:
                problems.append(f"overlap at ({x},{y})")
            else:
                cover[(x, y)] = mask
    if problems or len(cover) != CELLS:
        return problems or ["board not covered"]
    for (x, y), mask in cover.items():
        for d in range(4):
            nx, ny = x + DELTA[d][0], y + DELTA[d][1]
            has = mask >> d & 1
            other = cover.get((nx, ny))
            back = 0 if other is None else other >> opposite(d) & 1
            if has != back:
                problems.append(f"track broken between ({x},{y}) and ({nx},{ny})")
        want = level.grid[y][x]
        if want == UNKNOWN:
            if mask_kind(mask) == "point":
                problems.append(f"dot at ({x},{y}) where the challenge has none")
        elif want == OPEN_DOT:
            if mask_kind(mask) != "point":
                problems.append(f"challenge dot at ({x},{y}) not covered by a dot")
        elif SYMBOL_MASK[want] != mask:
            problems.append(f"cell ({x},{y}) shows {MASK_SYMBOL[mask]!r}, challenge wants {want!r}")
    for pl in level.pieces:
        if pl not in placements:
            problems.append(f"pre-placed piece {pl.piece} moved")
    symbols = board_symbols(placements)
    _paths, loops = track_paths(symbols)
    for loop in loops:
        problems.append(f"closed loop through ({loop[0][0]},{loop[0][1]})")
    return problems


def challenge_of(placements, kind: str, level: int | str = "drawn", keep=()) -> Level:
    """The challenge a full board gives for ``kind`` (used to make test pictures).

    expert: every cell; wizard: the dots only; master: the pieces in ``keep``
    (ids, shown on their placement) and every other dot as an open dot.
    """
    symbols = board_symbols(placements)
    if kind == "expert":
        return Level(level, kind, symbols)
    kept = tuple(pl for pl in placements if pl.piece in keep)
    rows = []
    for y in range(HEIGHT):
        rows.append(
            "".join(OPEN_DOT if mask_kind(SYMBOL_MASK[symbols[y][x]]) == "point" else UNKNOWN for x in range(WIDTH))
        )
    grid = grid_with_pieces(tuple(rows), kept)
    return Level(level, kind, grid, tuple(sorted(kept)))
