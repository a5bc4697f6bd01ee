"""IQ Circuit solver: exact search over precomputed piece placements.

Every way to lay a piece on the board (piece, face, rotation, anchor; looks
that coincide counted once) is turned into three bitmasks:

* ``cells``: the 32 board cells it covers (cell index ``x * 4 + y``, so the
  lowest free bit is the top-most free cell of the left-most unfinished
  column);
* ``on``: the board edges (between two cells) its track crosses;
* ``off``: the board edges next to its cells that its track does not cross.

Placements whose track runs off the board, or that disagree with a cell the
challenge fixes, or that put a dot where the challenge has none (or no dot
where it has one), are dropped before the search.  The search fills the
first free cell (column by column) with every still-possible placement that
covers it: a placement fits when its cells are free, its ``on`` edges meet no
``off`` edge of the board so far and its ``off`` edges no ``on`` edge, which
is exactly track continuity across piece borders.  Cells fixed by the
challenge contribute their edges before the search starts.

Pruning: a free cell cut off from every other free cell, and more
still-open challenge dots than unused pieces that can still bring a dot.
Closed loops (track without a dot) are rejected when the board is full.
Options that bring a dot are tried first.  The search runs to the end to
count solutions; the two pairs of equal bars lying blank side up are put in
a fixed order so that boards that look the same are counted once.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from visolve.puzzles.base import SolveOptions
from visolve.puzzles.iq_circuit.model import (
    CELLS,
    DELTA,
    HEIGHT,
    OPEN_DOT,
    PIECES,
    SYMBOL_MASK,
    TWIN_BLANKS,
    UNKNOWN,
    WIDTH,
    Level,
    challenge_of,
    Placement,
    board_ids,
    board_symbols,
    mask_kind,
    track_paths,
)

PUZZLE = "iq-circuit"
FULL = (1 << CELLS) - 1
N_PIECES = len(PIECES)
ALL_PIECES = (1 << N_PIECES) - 1


def cell_index(x: int, y: int) -> int:
    return x * HEIGHT + y


# --- board edges ------------------------------------------------------------
# edge between (x, y) and its right neighbour: index of H[x][y]; down: V[x][y]
_EDGE = {}
for _x in range(WIDTH):
    for _y in range(HEIGHT):
        if _x + 1 < WIDTH:
            _EDGE[(_x, _y, 0)] = len(_EDGE)
        if _y + 1 < HEIGHT:
            _EDGE[(_x, _y, 1)] = len(_EDGE)


def edge_bit(x: int, y: int, d: int) -> int | None:
    """Bit of the edge leaving cell (x, y) in direction d; None off the board."""
    nx, ny = x + DELTA[d][0], y + DELTA[d][1]
    if not (0 <= nx < WIDTH and 0 <= ny < HEIGHT):
        return None
    if d == 0:
        return 1 << _EDGE[(x, y, 0)]
    if d == 1:
        return 1 << _EDGE[(x, y, 1)]
    if d == 2:
        return 1 << _EDGE[(nx, ny, 0)]
    return 1 << _EDGE[(nx, ny, 1)]


#: per cell index: all edge bits around it, and (edge bit, neighbour cell index) pairs
CELL_EDGES = [0] * CELLS
CELL_LINKS: list[list[tuple[int, int]]] = [[] for _ in range(CELLS)]
for _x in range(WIDTH):
    for _y in range(HEIGHT):
        for _d in range(4):
            _b = edge_bit(_x, _y, _d)
            if _b is not None:
                CELL_EDGES[cell_index(_x, _y)] |= _b
                CELL_LINKS[cell_index(_x, _y)].append(
                    (_b, cell_index(_x + DELTA[_d][0], _y + DELTA[_d][1]))
                )

_TOP = sum(1 << cell_index(x, 0) for x in range(WIDTH))
_BOTTOM = sum(1 << cell_index(x, HEIGHT - 1) for x in range(WIDTH))


def _neighbours(cells: int) -> int:
    """Cells next to any cell of ``cells``."""
    return (
        ((cells & ~_TOP) >> 1)
        | ((cells & ~_BOTTOM) << 1)
        | (cells >> HEIGHT)
        | ((cells << HEIGHT) & FULL)
    )


@dataclass(frozen=True)
class Option:
    """One way to lay a piece, as bitmasks (see the module docstring)."""

    cells: int
    on: int
    off: int
    placement: Placement
    masks: tuple[tuple[int, int, int], ...]  #: (x, y, track mask) per cell
    dot: bool


def _piece_options(piece_id: int) -> list[Option]:
    """Every distinct on-board laying of a piece (no challenge yet)."""
    seen = {}
    piece = PIECES[piece_id]
    for face in piece.faces:
        for r in range(4):
            for x0 in range(-3, WIDTH + 3):
                for y0 in range(-3, HEIGHT + 3):
                    pl = Placement(piece_id, face.index, x0, y0, r)
                    cells = pl.cells()
                    if not all(0 <= x < WIDTH and 0 <= y < HEIGHT for x, y, _m in cells):
                        continue
                    key = tuple(sorted(cells))
                    if key in seen:
                        continue
                    cm = on = off = 0
                    ok = True
                    for x, y, mask in cells:
                        cm |= 1 << cell_index(x, y)
                        for d in range(4):
                            b = edge_bit(x, y, d)
                            if b is None:
                                if mask >> d & 1:
                                    ok = False  # track off the board
                                continue
                            if mask >> d & 1:
                                on |= b
                            else:
                                off |= b
                    if not ok:
                        continue
                    dot = any(mask_kind(m) == "point" for _x, _y, m in cells)
                    seen[key] = Option(cm, on, off & ~on, pl, key, dot)
    return list(seen.values())


_ALL_OPTIONS = [_piece_options(p.id) for p in PIECES]


def _cell_allows(sym: str, mask: int) -> bool:
    if sym == UNKNOWN:
        return mask_kind(mask) != "point"
    if sym == OPEN_DOT:
        return mask_kind(mask) == "point"
    return SYMBOL_MASK[sym] == mask


class _Search:
    def __init__(self, level: Level, deadline: float | None, keep_all: bool, stop_after: int = 0):
        self.stop_after = stop_after  #: stop after this many solutions (0 = count all)
        self.any_cell = False  #: ignore the challenge (random boards)
        self.level = level
        self.deadline = deadline
        self.keep_all = keep_all
        self.nodes = 0
        self.count = 0
        self.first: list[Placement] | None = None
        self.boards: list[list[Placement]] = []
        self.timed_out = False
        self.impossible_reason = ""

    # -- setup ---------------------------------------------------------------
    def prepare(self) -> bool:
        level = self.level
        grid = level.grid
        on = off = 0
        for y in range(HEIGHT):
            for x in range(WIDTH):
                sym = grid[y][x]
                if sym in SYMBOL_MASK:
                    mask = SYMBOL_MASK[sym]
                    for d in range(4):
                        b = edge_bit(x, y, d)
                        if b is None:
                            if mask >> d & 1:
                                self.impossible_reason = f"track of cell ({x},{y}) runs off the board"
                                return False
                        elif mask >> d & 1:
                            on |= b
                        else:
                            off |= b
        if on & off:
            self.impossible_reason = "fixed cells disagree about a shared edge"
            return False
        occ = used = 0
        fixed = []
        for pl in level.pieces:
            opt = next(
                (o for o in _ALL_OPTIONS[pl.piece] if o.placement == pl or o.masks == tuple(sorted(pl.cells()))),
                None,
            )
            if opt is None or opt.cells & occ or opt.on & off or opt.off & on:
                self.impossible_reason = f"pre-placed piece {pl.piece} does not fit"
                return False
            occ |= opt.cells
            on |= opt.on
            off |= opt.off
            used |= 1 << pl.piece
            fixed.append(pl)
        self.fixed = fixed
        # options per first cell, filtered by the challenge
        by_cell: list[list[tuple]] = [[] for _ in range(CELLS)]
        self.open_dots = 0
        for y in range(HEIGHT):
            for x in range(WIDTH):
                if grid[y][x] == OPEN_DOT:
                    self.open_dots |= 1 << cell_index(x, y)
        twin_a = {a: b for a, b in TWIN_BLANKS}
        twin_b = {b: a for a, b in TWIN_BLANKS}
        self.dot_pieces = 0
        n_options = 0
        for pid in range(N_PIECES):
            if used >> pid & 1:
                continue
            for opt in _ALL_OPTIONS[pid]:
                if opt.cells & occ or opt.on & off or opt.off & on:
                    continue
                if not self.any_cell and not all(_cell_allows(grid[y][x], m) for x, y, m in opt.masks):
                    continue
                pbit = 1 << pid
                check = pbit
                setbits = pbit
                blank = opt.placement.face == 2
                if blank and pid in twin_a:
                    check |= 1 << (N_PIECES + pid)  # banned once its twin lay blank first
                if blank and pid in twin_b:
                    setbits |= 1 << (N_PIECES + twin_b[pid])
                if opt.dot:
                    self.dot_pieces |= pbit
                first = (opt.cells & -opt.cells).bit_length() - 1
                by_cell[first].append((opt.cells, opt.on, opt.off, check, setbits, opt))
                n_options += 1
        # most promising first: options that bring a dot, then bigger pieces
        for lst in by_cell:
            lst.sort(key=lambda t: (not t[5].dot, -bin(t[0]).count("1")))
        self.by_cell = by_cell
        self.n_options = n_options
        self.start = (occ, on, off, used)
        return True

    # -- search --------------------------------------------------------------
    def run(self) -> None:
        occ, on, off, used = self.start
        self.stack: list[Option] = []
        try:
            self._dfs(occ, on, off, used)
        except _Timeout:
            self.timed_out = True
        except _Stop:
            pass

    def _dfs(self, occ: int, on: int, off: int, used: int) -> None:
        self.nodes += 1
        if self.deadline is not None and not self.nodes & 1023 and time.perf_counter() > self.deadline:
            raise _Timeout
        free = FULL & ~occ
        if not free:
            if self._no_loop():
                self.count += 1
                board = self.fixed + [o.placement for o in self.stack]
                if self.first is None:
                    self.first = board
                if self.keep_all:
                    self.boards.append(board)
                if self.stop_after and self.count >= self.stop_after:
                    raise _Stop
            return
        # dots still open must be matched by pieces still able to show a dot
        open_left = self.open_dots & free
        if open_left and bin(open_left).count("1") > bin(self.dot_pieces & ~used & ALL_PIECES).count("1"):
            return
        low = free & -free
        stack = self.stack
        for cells, o_on, o_off, check, setbits, opt in self.by_cell[low.bit_length() - 1]:
            if cells & occ or check & used or o_on & off or o_off & on:
                continue
            nfree = free & ~cells
            if nfree & ~_neighbours(nfree):
                continue  # a lone free cell can never be covered
            stack.append(opt)
            self._dfs(occ | cells, on | o_on, off | o_off, used | setbits)
            stack.pop()

    def _no_loop(self) -> bool:
        placements = self.fixed + [o.placement for o in self.stack]
        return not _has_loop(board_symbols(placements))


class _Timeout(Exception):
    pass


class _Stop(Exception):
    pass


def random_board(rng) -> list[Placement]:
    """A random valid full board (all ten pieces, tracks from dot to dot, no loop).

    ``rng`` is a ``random.Random``; used to make test challenges.
    """
    blank = Level("random", "wizard", ("?" * WIDTH,) * HEIGHT)
    search = _Search(blank, None, False, stop_after=1)
    search.any_cell = True
    search.prepare()
    for lst in search.by_cell:
        rng.shuffle(lst)
    search.run()
    return sorted(search.first)



def random_challenge(rng, kind: str, level: int | str = "drawn") -> Level:
    """The challenge of ``kind`` that a random full board gives (for test
    pictures); a Master challenge keeps 1-4 of the pieces that carry a dot."""
    board = random_board(rng)
    keep = ()
    if kind == "master":
        dots = [pl.piece for pl in board if PIECES[pl.piece].faces[pl.face].has_dot]
        keep = rng.sample(dots, min(len(dots), rng.randint(1, 4)))
    return challenge_of(board, kind, level=level, keep=keep)

def _has_loop(symbols) -> bool:
    _paths, loops = track_paths(symbols)
    return bool(loops)


def solve(level: Level, options: SolveOptions = SolveOptions()) -> dict:
    """Find a solution and count all of them (``proven`` = the count is certain)."""
    t0 = time.perf_counter()
    deadline = None if options.timeout is None else t0 + options.timeout
    search = _Search(level, deadline, options.all_solutions)
    ok = search.prepare()
    if ok:
        search.run()
    seconds = time.perf_counter() - t0
    out = {
        "puzzle": PUZZLE,
        "level": level.level,
        "kind": level.kind,
        "solved": search.first is not None,
        "seconds": round(seconds, 6),
        "proven": not search.timed_out,
        "count": search.count,
        "timed_out": search.timed_out,
        "nodes": search.nodes,
    }
    if not ok:
        out["reason"] = search.impossible_reason
    elif search.first is None and not search.timed_out:
        out["reason"] = "no way to lay the ten pieces matches the challenge"
    if search.first is not None:
        board = sorted(search.first)
        out["placements"] = [pl.as_dict() for pl in board]
        out["board"] = list(board_ids(board))
        out["symbols"] = list(board_symbols(board))
        out["order"] = [pl.piece for pl in placement_order(level, board)]
    if options.all_solutions:
        out["all_boards"] = [list(board_ids(b)) for b in search.boards]
    return out


def placement_order(level: Level, board) -> list[Placement]:
    """An order a person can follow: pre-placed pieces first, then column by column."""
    fixed = set(level.pieces)
    rest = [pl for pl in board if pl not in fixed]

    def key(pl: Placement):
        cells = pl.cells()
        return min((x, y) for x, y, _m in cells)

    return [pl for pl in board if pl in fixed] + sorted(rest, key=key)


def placements_from_solution(solution: dict) -> list[Placement]:
    return [
        Placement(p["piece"], p["face"], p["anchor"][0], p["anchor"][1], p["rotation"])
        for p in solution.get("placements", [])
    ]
