"""IQ Circuit solver: the tiling engine's search with the track rules as a hook.

The board is the engine's 8 x 4 grid numbered column by column (cell
``x * 4 + y``), so the engine's scan rule fills the top-most free cell of
the left-most unfinished column.  The ten pieces are engine pieces whose
drawn faces carry each cell's track mask as a mark that turns with the
piece; the engine makes every distinct laying once (looks that coincide
counted once).  Per laying this module keeps:

* ``on``: the board edges (between two cells) its track crosses;
* ``off``: the board edges next to its cells that its track does not cross;
* whether it shows a dot, and the booklet's ``Placement`` it is.

The track rules are a :class:`~visolve.tiling.Rules` hook, data the
compiled engine runs too: a laying whose track runs off the board, or that
disagrees with a cell the challenge fixes, or puts a dot where the
challenge has none (or none where it has one), is vetoed before the search;
while laying, its ``on`` edges must meet no ``off`` edge of the board so far
and its ``off`` edges no ``on`` edge (track continuity across piece borders;
cells fixed by the challenge give their edges first).  More still-open
challenge dots than unused pieces that can still bring one end a branch; a
full board with a closed loop (track without a dot) is no solution (checked
here, called back from the search).  Layings that bring a dot are tried
first, then bigger pieces.  The two pairs of equal bars lying blank side up
are put in a fixed order (a token the second one sets bars the first) so
that boards that look the same are counted once.  The engine itself skips
a laying that walls in a free cell.
"""

from __future__ import annotations

import copy
import time
from dataclasses import dataclass

import numpy as np

from visolve.puzzles.base import SolveOptions
from visolve.puzzles.iq_circuit.model import (
    DELTA,
    HEIGHT,
    OPEN_DOT,
    PIECES,
    SYMBOL_MASK,
    TWIN_BLANKS,
    UNKNOWN,
    WIDTH,
    Level,
    Placement,
    board_ids,
    board_symbols,
    challenge_of,
    gap_key,
    mask_kind,
    rotate_mask,
    track_paths,
)
from visolve.tiling import Board, Constraints, Engine, RuleData, Rules
from visolve.tiling import Piece as TilingPiece
from visolve.tiling.constraints import compile_start
from visolve.tiling.geometry import SQUARE
from visolve.tiling.search import SCAN, run

PUZZLE = "iq-circuit"
N_PIECES = len(PIECES)
#: the face the two twin bars show blank
BLANK_FACE = 2


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
    return 1 << _EDGE[gap_key(x, y, d)]


def _cell_edges(x: int, y: int, mask: int) -> tuple[int, int, bool]:
    """``(on, off, fits)`` of one cell's track: edges crossed, edges not, none off the board."""
    on = off = 0
    for d in range(4):
        b = edge_bit(x, y, d)
        if b is None:
            if mask >> d & 1:
                return on, off, False
        elif mask >> d & 1:
            on |= b
        else:
            off |= b
    return on, off, True


# --- the pieces as tiling pieces, every laying with its edges ---------------
#: cell (row, column) numbered column by column
BOARD = Board(tuple((y, x) for x in range(WIDTH) for y in range(HEIGHT)), SQUARE)


def _turn_track(mask: int) -> int:
    """A cell's track after a quarter turn clockwise."""
    return rotate_mask(mask, 1)


def _tiling_piece(piece) -> TilingPiece:
    """A booklet piece as a tiling piece: its faces, each cell's track as a mark."""
    faces = [
        (tuple((dy, dx) for dx, dy, _m in f.cells), tuple(m for _dx, _dy, m in f.cells))
        for f in piece.faces
    ]
    (cells, marks), *rest = faces
    return TilingPiece(str(piece.id), cells, marks, flip=False, sides=tuple(rest), turn_mark=_turn_track)


def _shows_dot(labels) -> bool:
    return any(mask_kind(m) == "point" for m in labels)


def _priority(pl) -> tuple:
    """Layings that bring a dot first, then bigger pieces."""
    return (not _shows_dot(pl.labels), -PIECES[pl.piece].size)


@dataclass(frozen=True)
class Option:
    """One engine laying in booklet terms (see the module docstring)."""

    on: int
    off: int
    fits: bool  #: its track stays on the board
    dot: bool
    placement: Placement
    masks: tuple[tuple[int, int, int], ...]  #: (x, y, track mask) per cell, sorted


def _option(engine: Engine, k: int) -> Option:
    """The booklet view of laying ``k``."""
    table = engine.table
    pl = table.placements[k]
    orient = table.orientations[pl.piece][pl.orientation]
    on = off = 0
    fits = True
    cells = []
    for i, mask in zip(table.cells_of[k], pl.labels):
        y, x = BOARD.cells[i]
        c_on, c_off, ok = _cell_edges(x, y, mask)
        on, off, fits = on | c_on, off | c_off, fits and ok
        cells.append((x, y, mask))
    y0, x0 = pl.offset[0] + orient.origin[0], pl.offset[1] + orient.origin[1]
    booklet = Placement(pl.piece, orient.side, x0, y0, orient.turns)
    return Option(on, off & ~on, fits, _shows_dot(pl.labels), booklet, tuple(sorted(cells)))


def _build() -> tuple[Engine, list[Option]]:
    engine = Engine(BOARD, [_tiling_piece(p) for p in PIECES], rule=SCAN, priority=_priority)
    return engine, [_option(engine, k) for k in range(len(engine.table.placements))]


ENGINE, OPTIONS = _build()
_INDEX = {opt.placement: k for k, opt in enumerate(OPTIONS)}
_BY_LOOK = {(ENGINE.table.owners[k], opt.masks): k for k, opt in reversed(list(enumerate(OPTIONS)))}


def _twin_rules() -> tuple[list[int], list[int]]:
    """Per laying: twin bits it may not meet, twin bits it sets (blank twin bars in order)."""
    twin_a = {a: b for a, b in TWIN_BLANKS}
    twin_b = {b: a for a, b in TWIN_BLANKS}
    bars, sets = [0] * len(OPTIONS), [0] * len(OPTIONS)
    for k, opt in enumerate(OPTIONS):
        pid, blank = opt.placement.piece, opt.placement.face == BLANK_FACE
        if blank and pid in twin_a:
            bars[k] = 1 << pid  # banned once its twin lay blank first
        if blank and pid in twin_b:
            sets[k] = 1 << twin_b[pid]
    return bars, sets


_BARS, _SETS = _twin_rules()
_ON = [opt.on for opt in OPTIONS]
_FITS = [opt.fits for opt in OPTIONS]
_OFF = [opt.off for opt in OPTIONS]
#: per laying: (cell number, track mask) of each cell
_CELL_MASKS = [tuple(zip(ENGINE.table.cells_of[k], pl.labels)) for k, pl in enumerate(ENGINE.table.placements)]
_POINTS = sum(1 << m for m in range(16) if mask_kind(m) == "point")
_NOT_POINTS = 0xFFFF & ~_POINTS


def _piece_options(piece_id: int) -> list[Option]:
    """Every distinct on-board laying of one piece (the placement table, for timing)."""
    engine = Engine(BOARD, [_tiling_piece(PIECES[piece_id])], compiled=False)
    return [_option(engine, k) for k in range(len(engine.table.placements))]


def _masks_allowed(sym: str) -> int:
    """Track masks a cell showing ``sym`` allows, as bits (bit m: mask m)."""
    if sym == UNKNOWN:
        return _NOT_POINTS
    if sym == OPEN_DOT:
        return _POINTS
    return 1 << SYMBOL_MASK[sym]


def _laying_of(pl: Placement) -> int | None:
    """Engine index of a booklet placement (or of the laying that looks the same)."""
    k = _INDEX.get(pl)
    return k if k is not None else _BY_LOOK.get((pl.piece, tuple(sorted(pl.cells()))))


# --- the track rules ----------------------------------------------------------
#: the rules every challenge shares: edges crossed / not crossed, twin bars' tokens
RULE_DATA = RuleData(_ON, _OFF, _BARS, _SETS)


def _fixed_edges(grid) -> tuple[int, int, str]:
    """Edges the challenge's fixed cells cross / do not cross, and why they cannot be, if so."""
    on = off = 0
    reason = ""
    for y in range(HEIGHT):
        for x in range(WIDTH):
            sym = grid[y][x]
            if sym in SYMBOL_MASK:
                c_on, c_off, fits = _cell_edges(x, y, SYMBOL_MASK[sym])
                if not fits and not reason:
                    reason = f"track of cell ({x},{y}) runs off the board"
                on, off = on | c_on, off | c_off
    if on & off and not reason:
        reason = "fixed cells disagree about a shared edge"
    return on, off, reason


def _cell_table() -> tuple[np.ndarray, np.ndarray]:
    """Per laying, up to 5 (cell number, track mask) pairs; padding points at a spare cell."""
    cells = np.full((len(OPTIONS), _MOST_CELLS), len(BOARD.cells), dtype=np.int64)
    tracks = np.zeros((len(OPTIONS), _MOST_CELLS), dtype=np.int64)
    for k, pairs in enumerate(_CELL_MASKS):
        for j, (i, m) in enumerate(pairs):
            cells[k, j], tracks[k, j] = i, m
    return cells, tracks


_MOST_CELLS = max(p.size for p in PIECES)
_CELLS, _TRACKS = _cell_table()
_MASKS = np.array(ENGINE.table.masks, dtype=np.uint64)
_ON_ARR, _OFF_ARR = np.array(_ON, dtype=np.uint64), np.array(_OFF, dtype=np.uint64)
_FITS_ARR = np.array(_FITS, dtype=bool)
_DOTS = np.array([opt.dot for opt in OPTIONS], dtype=bool)
_DOT_OWNERS = np.array([opt.placement.piece for opt in OPTIONS])


def _allowed(grid, covered: int, on: int, off: int, any_cell: bool) -> np.ndarray:
    """Per laying: its track stays on the board, and (unless ``any_cell``) it fits the
    start and every cell the challenge shows."""
    if any_cell:
        return _FITS_ARR
    allowed = np.array([_masks_allowed(grid[y][x]) for y, x in BOARD.cells] + [0xFFFF])
    ok = _FITS_ARR & (_MASKS & np.uint64(covered) == 0)
    ok &= (_ON_ARR & np.uint64(off) == 0) & (_OFF_ARR & np.uint64(on) == 0)
    return ok & ((allowed[_CELLS] >> _TRACKS) & 1 == 1).all(axis=1)


def _no_loop(stack) -> bool:
    """A full board is a solution when no track closes on itself."""
    _paths, loops = track_paths(board_symbols([OPTIONS[k].placement for k in stack]))
    return not loops


def _prepare(level: Level, any_cell: bool = False) -> tuple[Constraints | None, str]:
    """The engine question of a challenge (the track rules as a ``Rules`` hook), or why none."""
    on, off, reason = _fixed_edges(level.grid)
    if reason:
        return None, reason
    laid = []
    for pl in level.pieces:
        k = _laying_of(pl)
        if k is None:
            return None, f"pre-placed piece {pl.piece} does not fit"
        laid.append(k)
    start = compile_start(ENGINE.table, Constraints(laid=tuple(laid)))
    if start.reason:
        return None, f"pre-placed pieces overlap: {start.reason}"
    for k in laid:
        if _ON[k] & off or _OFF[k] & on:
            return None, f"pre-placed piece {OPTIONS[k].placement.piece} does not fit"
        on, off = on | _ON[k], off | _OFF[k]
    ok = _allowed(level.grid, start.covered, on, off, any_cell)
    dots = open_dots = 0
    for pid in set(_DOT_OWNERS[ok & _DOTS].tolist()):
        dots |= 1 << pid
    for y in range(HEIGHT):
        for x in range(WIDTH):
            if level.grid[y][x] == OPEN_DOT and not any_cell:
                open_dots |= 1 << cell_index(x, y)
    rules = Rules(RULE_DATA, on, off, 0, open_dots, dots, ok.astype(np.uint8).tobytes(), _no_loop)
    return Constraints(laid=tuple(laid), hook=rules), ""


def random_board(rng) -> list[Placement]:
    """A random valid full board (all ten pieces, tracks from dot to dot, no loop).

    ``rng`` is a ``random.Random``; used to make test challenges.
    """
    blank = Level("random", "wizard", ("?" * WIDTH,) * HEIGHT)
    cons, _reason = _prepare(blank, any_cell=True)
    table = copy.copy(ENGINE.table)
    table.by_first = [[k for k in lst if cons.hook.allow(k)] for lst in ENGINE.table.by_first]
    for lst in table.by_first:
        rng.shuffle(lst)
    out = run(table, compile_start(table, cons), limit=1, keep=1, hook=cons.hook, rule=SCAN)
    return sorted(OPTIONS[k].placement for k in out.solutions[0])


def random_challenge(rng, kind: str, level: int | str = "drawn") -> Level:
    """The challenge of ``kind`` that a random full board gives (for test
    pictures); a Master challenge keeps 1-4 of the pieces that carry a dot."""
    board = random_board(rng)
    keep = ()
    if kind == "master":
        dots = [pl.piece for pl in board if PIECES[pl.piece].faces[pl.face].has_dot]
        keep = rng.sample(dots, min(len(dots), rng.randint(1, 4)))
    return challenge_of(board, kind, level=level, keep=keep)


def solve(level: Level, options: SolveOptions = SolveOptions()) -> dict:
    """Find a solution and count all of them (``proven`` = the count is certain)."""
    t0 = time.perf_counter()
    cons, reason = _prepare(level)
    count, nodes, timed_out, boards = 0, 0, False, []
    if cons is not None:
        res = ENGINE.ask(cons, keep=-1 if options.all_solutions else 1, timeout=options.timeout)
        count, nodes, timed_out = res.count, res.nodes, res.timed_out
        boards = [[OPTIONS[_INDEX_OF[pl]].placement for pl in sol] for sol in res.solutions]
    out = {
        "puzzle": PUZZLE,
        "level": level.level,
        "kind": level.kind,
        "solved": bool(boards),
        "seconds": round(time.perf_counter() - t0, 6),
        "proven": not timed_out,
        "count": count,
        "timed_out": timed_out,
        "nodes": nodes,
    }
    if reason:
        out["reason"] = reason
    elif not boards and not timed_out:
        out["reason"] = "no way to lay the ten pieces matches the challenge"
    if boards:
        board = sorted(boards[0])
        out["placements"] = [pl.as_dict() for pl in board]
        out["board"] = list(board_ids(board))
        out["symbols"] = list(board_symbols(board))
        out["order"] = [pl.piece for pl in placement_order(level, board)]
    if options.all_solutions:
        out["all_boards"] = [list(board_ids(b)) for b in boards]
    return out


#: engine placement -> its index (solutions come back as placements)
_INDEX_OF = {pl: k for k, pl in enumerate(ENGINE.table.placements)}


def placement_order(level: Level, board) -> list[Placement]:
    """An order a person can follow: pre-placed pieces first, then the others; each group
    column by column (by the leftmost, then topmost square of the piece)."""
    fixed = set(level.pieces)

    def key(pl: Placement):
        return min((x, y) for x, y, _m in pl.cells())

    return sorted((pl for pl in board if pl in fixed), key=key) + sorted((pl for pl in board if pl not in fixed), key=key)


def placements_from_solution(solution: dict) -> list[Placement]:
    return [
        Placement(p["piece"], p["face"], p["anchor"][0], p["anchor"][1], p["rotation"])
        for p in solution.get("placements", [])
    ]
