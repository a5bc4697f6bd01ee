"""circuit500 rules as plain data and pure functions.

The board is 6 rows x 4 columns of tiles, row 0 at the top.  A tile is a
``kind`` plus a set of *arms* stored as a 4-bit mask::

    U = 1 (up)   R = 2 (right)   D = 4 (down)   L = 8 (left)

A quarter turn clockwise maps up->right->down->left->up, which on the mask is a
left rotation by one bit within 4 bits (see :func:`rotate_cw`).

Rules (see ``RULES.md`` of the game): a tap on a tile next to the gap swaps the
tile with the gap (1 action if the tile can rotate, 0 for ``empty`` and
``cross``); otherwise a tile that can rotate turns 90 degrees clockwise
(1 action); otherwise nothing happens.  The level is solved when start and end
are connected through matching arms.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from visolve.plural import counted

ROWS = 6
COLS = 4

U, R, D, L = 1, 2, 4, 8
ARM_LETTERS = "urdl"
ARM_BITS = (U, R, D, L)
#: (row delta, col delta, opposite arm) for each arm bit
STEP = {U: (-1, 0, D), R: (0, 1, L), D: (1, 0, U), L: (0, -1, R)}

KINDS = ("gap", "empty", "cross", "corner", "junction", "start", "end")
#: number of arms each kind must have
ARM_COUNT = {"gap": 0, "empty": 0, "cross": 4, "corner": 2, "junction": 3, "start": 1, "end": 1}
#: kinds a tap can turn
ROTATABLE = frozenset({"corner", "junction", "start", "end"})


def rotate_cw(arms: int, times: int = 1) -> int:
    """Turn an arm mask ``times`` quarter turns clockwise (u->r->d->l->u)."""
    times %= 4
    return ((arms << times) | (arms >> (4 - times))) & 15


def arms_to_str(arms: int) -> str:
    """``0b0011`` -> ``"ur"`` (letters always in the order u r d l)."""
    return "".join(letter for letter, bit in zip(ARM_LETTERS, ARM_BITS) if arms & bit)


def str_to_arms(text: str) -> int:
    """``"ur"`` -> ``0b0011``.  Raises ``ValueError`` on unknown or repeated letters."""
    arms = 0
    for ch in text:
        idx = ARM_LETTERS.find(ch)
        if idx < 0:
            raise ValueError(f"unknown arm letter {ch!r} (use u r d l)")
        bit = ARM_BITS[idx]
        if arms & bit:
            raise ValueError(f"arm {ch!r} given twice")
        arms |= bit
    return arms


def is_corner_mask(arms: int) -> bool:
    """True for two *adjacent* arms (no straight pieces exist in this game)."""
    return arms in (U | R, R | D, D | L, L | U)


@dataclass(frozen=True, slots=True)
class Tile:
    kind: str
    arms: int = 0

    @property
    def rotatable(self) -> bool:
        return self.kind in ROTATABLE

    def rotated(self) -> "Tile":
        return Tile(self.kind, rotate_cw(self.arms)) if self.rotatable else self

    def token(self, sep: str = ":") -> str:
        """Level-file token (``corner:ur``); ``sep="-"`` gives the data-set form."""
        if self.kind in ("gap", "empty"):
            return self.kind
        return f"{self.kind}{sep}{arms_to_str(self.arms)}"

    def problem(self) -> str | None:
        """Why this tile cannot exist, or None when it is fine."""
        if self.kind not in KINDS:
            return f"unknown tile kind {self.kind!r}"
        n = bin(self.arms).count("1")
        if n != ARM_COUNT[self.kind]:
            return f"{self.kind} needs {counted(ARM_COUNT[self.kind], 'arm')}, got {n}"
        if self.kind == "corner" and not is_corner_mask(self.arms):
            return "corner arms must be adjacent (there is no straight tile)"
        return None


GAP = Tile("gap")
EMPTY = Tile("empty")


def parse_token(token: str) -> Tile:
    """Parse ``corner:ur`` / ``corner-ur`` / ``empty`` / ``gap``; ``cross`` may omit its arms.

    A trailing ``*`` (the "drawn lit" mark of the ground-truth files) is ignored.
    Raises ``ValueError`` with a short reason.
    """
    tok = token.strip().rstrip("*").lower()
    for sep in (":", "-"):
        if sep in tok:
            kind, arms_text = tok.split(sep, 1)
            break
    else:
        kind, arms_text = tok, None
    if kind not in KINDS:
        raise ValueError(f"unknown tile kind {kind!r} in {token!r}")
    if arms_text is None:
        if kind == "cross":
            arms_text = "urdl"
        elif ARM_COUNT[kind]:
            raise ValueError(f"{kind} needs its arms, e.g. {kind}:{'urdl'[:ARM_COUNT[kind]]}")
        else:
            arms_text = ""
    tile = Tile(kind, str_to_arms(arms_text))
    why = tile.problem()
    if why:
        raise ValueError(f"{token!r}: {why}")
    return tile


Grid = tuple[tuple[Tile, ...], ...]


def make_grid(rows) -> Grid:
    return tuple(tuple(row) for row in rows)


@dataclass(frozen=True)
class Level:
    """A circuit500 level: its number, the 6x4 grid and the picture it came from."""

    level: int | None
    grid: Grid
    source: str = ""
    notes: tuple[str, ...] = field(default=(), compare=False)

    def tile(self, row: int, col: int) -> Tile:
        return self.grid[row][col]


def find(grid: Grid, kind: str) -> list[tuple[int, int]]:
    return [(r, c) for r, row in enumerate(grid) for c, t in enumerate(row) if t.kind == kind]


def grid_problems(grid: Grid) -> list[str]:
    """Rule violations of a whole grid (shape, one start, one end, at most one gap)."""
    problems = []
    if len(grid) != ROWS or any(len(row) != COLS for row in grid):
        return [f"grid must be {ROWS} rows of {COLS} tiles"]
    for kind, lo, hi in (("start", 1, 1), ("end", 1, 1), ("gap", 0, 1)):
        n = len(find(grid, kind))
        if not lo <= n <= hi:
            want = "exactly" if lo == hi else "at most"
            problems.append(f"{want} {counted(hi, kind + ' tile')} allowed, found {n}")
    for r, row in enumerate(grid):
        for c, t in enumerate(row):
            why = t.problem()
            if why:
                problems.append(f"tile ({r},{c}): {why}")
    return problems


def neighbours(row: int, col: int):
    """Yield (arm bit, row, col, opposite bit) for in-board neighbours."""
    for bit, (dr, dc, opp) in STEP.items():
        r, c = row + dr, col + dc
        if 0 <= r < ROWS and 0 <= c < COLS:
            yield bit, r, c, opp


def gap_next_to(grid: Grid, row: int, col: int) -> tuple[int, int] | None:
    for _bit, r, c, _opp in neighbours(row, col):
        if grid[r][c].kind == "gap":
            return r, c
    return None


def tap(grid: Grid, row: int, col: int) -> tuple[Grid, int] | None:
    """Apply one tap.  Returns ``(new_grid, actions)`` or ``None`` when nothing happens."""
    tile = grid[row][col]
    if tile.kind == "gap":
        return None
    hole = gap_next_to(grid, row, col)
    rows = [list(r) for r in grid]
    if hole is not None:
        hr, hc = hole
        rows[hr][hc], rows[row][col] = tile, GAP
        return make_grid(rows), (1 if tile.rotatable else 0)
    if tile.rotatable:
        rows[row][col] = tile.rotated()
        return make_grid(rows), 1
    return None


def connected(grid: Grid, origin: tuple[int, int]) -> set[tuple[int, int]]:
    """Cells reachable from ``origin`` through arms that meet an arm of the neighbour."""
    seen = {origin}
    todo = [origin]
    while todo:
        row, col = todo.pop()
        arms = grid[row][col].arms
        for bit, r, c, opp in neighbours(row, col):
            if arms & bit and grid[r][c].arms & opp and (r, c) not in seen:
                seen.add((r, c))
                todo.append((r, c))
    return seen


def is_solved(grid: Grid) -> bool:
    starts, ends = find(grid, "start"), find(grid, "end")
    if not starts or not ends:
        return False
    return ends[0] in connected(grid, starts[0])


def lit_cells(grid: Grid) -> dict[tuple[int, int], str]:
    """Display state: cells connected to the start ("start") or to the end ("end")."""
    lit: dict[tuple[int, int], str] = {}
    for kind in ("end", "start"):  # start wins when both meet (solved board)
        for pos in find(grid, kind):
            for cell in connected(grid, pos):
                lit[cell] = kind
    return lit


def replay(grid: Grid, taps) -> tuple[Grid, int, list[int]]:
    """Apply ``taps`` ([row, col] pairs) in order.

    Returns the final grid, the total actions and the per-tap costs.  Raises
    ``ValueError`` if a tap is off the board or does nothing.
    """
    costs = []
    for i, (row, col) in enumerate(taps):
        if not (0 <= row < ROWS and 0 <= col < COLS):
            raise ValueError(f"tap {i + 1} at ({row},{col}) is off the board")
        step = tap(grid, row, col)
        if step is None:
            raise ValueError(f"tap {i + 1} at ({row},{col}) does nothing")
        grid, cost = step
        costs.append(cost)
    return grid, sum(costs), costs


#: tiles a random level is made of (besides one start, one end and one gap)
FILL_TILES = (
    Tile("empty"),
    Tile("cross", 15),
    *(Tile("corner", a) for a in (3, 6, 12, 9)),
    *(Tile("junction", a) for a in (7, 11, 13, 14)),
)


def random_level(rng) -> Level:
    """A random unsolved level: one start, one end, one gap, the rest random fill tiles.

    ``rng`` is a ``numpy.random.Generator``.  Solved boards are skipped: the
    game draws both knobs green then, so start and end cannot be told apart
    in a picture.  Used for test pictures and benchmarks.
    """
    while True:
        cells = [FILL_TILES[int(k)] for k in rng.integers(0, len(FILL_TILES), ROWS * COLS)]
        s, e, g = (int(v) for v in rng.choice(ROWS * COLS, 3, replace=False))
        cells[s] = Tile("start", int(rng.choice((1, 2, 4, 8))))
        cells[e] = Tile("end", int(rng.choice((1, 2, 4, 8))))
        cells[g] = Tile("gap")
        grid = make_grid([cells[r * COLS : (r + 1) * COLS] for r in range(ROWS)])
        if not is_solved(grid):
            return Level(int(rng.integers(1, 2000)), grid)
