"""Tiny boards: every count the engine gives equals a brute force over all piece positions."""

from __future__ import annotations

import pytest

from visolve.tiling import Constraints, Engine, Piece, checkerboard_marks, hex_board, square_board

SQUARE_MAPS = [
    lambda r, c: (r, c), lambda r, c: (c, -r), lambda r, c: (-r, -c), lambda r, c: (-c, r),
    lambda r, c: (r, -c), lambda r, c: (-c, -r), lambda r, c: (-r, c), lambda r, c: (c, r),
]


def _brute_positions(board, piece, maps, marks_swap=None):
    """Every (cells, marks) the piece can cover, found without the engine's geometry."""
    out = set()
    for k, f in enumerate(maps):
        if k >= len(maps) // 2 and not piece.flip:
            continue
        flipped = k >= len(maps) // 2
        moved = [f(r, c) for r, c in piece.cells]
        for br, bc in board.cells:
            for ar, ac in moved:
                cells = [(r - ar + br, c - ac + bc) for r, c in moved]
                if not all(cell in board.index for cell in cells):
                    continue
                if piece.marks is not None and board.marks is not None:
                    marks = [marks_swap.get(m, m) if flipped else m for m in piece.marks]
                    if any(board.marks[board.index[cell]] != m for cell, m in zip(cells, marks)):
                        continue
                out.add(frozenset(cells))
    return [board.mask(cells) for cells in out]


def _brute_count(board, pieces, maps, blocked=(), apart=(), covers=None, swap=None):
    covers = covers or {}
    blocked_mask = board.mask(blocked)
    options = [[None] + _brute_positions(board, p, maps, swap) for p in pieces]
    names = [p.name for p in pieces]

    def ok(combo) -> bool:
        by_name = dict(zip(names, combo))
        if any(not (by_name[p] or 0) & board.mask([cell]) for cell, p in covers.items()):
            return False
        return not any(
            by_name[a] and by_name[b] and board.halo(by_name[a]) & by_name[b]
            for group in apart for a in group for b in group if a != b
        )

    def walk(i: int, cover: int, combo: list) -> int:
        """Every choice (a position or none) per piece, overlaps cut early."""
        if i == len(pieces):
            return int(cover == board.full and ok(combo))
        return sum(walk(i + 1, cover | (m or 0), combo + [m]) for m in options[i] if not (m or 0) & cover)

    return walk(0, blocked_mask, [])


L3 = Piece("L3", ((0, 0), (1, 0), (1, 1)))
I3 = Piece("I3", ((0, 0), (0, 1), (0, 2)))
D2 = Piece("D2", ((0, 0), (0, 1)))
D2B = Piece("D2B", ((0, 0), (0, 1)))
M1 = Piece("M1", ((0, 0),))
T4 = Piece("T4", ((0, 0), (0, 1), (0, 2), (1, 1)))
S4 = Piece("S4", ((0, 1), (0, 2), (1, 0), (1, 1)))
L4 = Piece("L4", ((0, 0), (1, 0), (2, 0), (2, 1)))
L4_ONE_SIDED = Piece("L4", ((0, 0), (1, 0), (2, 0), (2, 1)), flip=False)
FIVE = [T4, L4, L3, I3, D2]

CASES = {  # name: (board, pieces, rules); every case has solutions
    "3x3": (square_board(3, 3), [L3, I3, D2, M1], {}),
    "4x4 blocked": (square_board(4, 4), [T4, S4, L3, I3], {"blocked": [(0, 0), (3, 3)]}),
    "4x4": (square_board(4, 4), FIVE, {}),
    "4x4 apart": (square_board(4, 4), FIVE, {"apart": [("I3", "L3", "D2")]}),
    "4x4 two groups": (square_board(4, 4), FIVE, {"apart": [("T4", "D2"), ("L3", "D2")]}),
    "4x4 covers": (square_board(4, 4), FIVE, {"covers": {(1, 1): "D2", (3, 3): "T4"}}),
    "one-sided": (square_board(3, 4), [L4_ONE_SIDED, L3, I3, D2], {}),
    "spare pieces": (square_board(2, 4), [L3, I3, D2, D2B, M1], {}),
}


@pytest.mark.parametrize("name", CASES)
def test_square_counts_equal_brute_force(name, compiled, rule):
    board, pieces, rules = CASES[name]
    want = _brute_count(board, pieces, SQUARE_MAPS, **rules)
    eng = Engine(board, pieces, compiled=compiled, rule=rule)
    cons = Constraints(**rules)
    assert eng.count(cons).count == want
    assert eng.enumerate(cons).count == want
    assert len({frozenset((p.piece, p.mask) for p in s) for s in eng.enumerate(cons).solutions}) == want
    assert want > 0


def test_marks_equal_brute_force(compiled, rule):
    board = square_board(3, 4, checkerboard_marks(3, 4, "X", "O"))
    pieces = [
        Piece("L", ((0, 0), (1, 0), (1, 1)), ("X", "O", "X"), flip_swaps=("X", "O")),
        Piece("T", ((0, 0), (0, 1), (0, 2), (1, 1)), ("O", "X", "O", "O"), flip_swaps=("X", "O")),
        Piece("I", ((0, 0), (0, 1), (0, 2)), ("O", "X", "O"), flip_swaps=("X", "O")),
        Piece("D", ((0, 0), (0, 1)), ("X", "O"), flip_swaps=("X", "O")),
    ]
    want = _brute_count(board, pieces, SQUARE_MAPS, swap={"X": "O", "O": "X"})
    assert Engine(board, pieces, compiled=compiled, rule=rule).count().count == want
    free = _brute_count(board, [Piece(p.name, p.cells) for p in pieces], SQUARE_MAPS)
    assert Engine(board, pieces, use_marks=False, compiled=compiled, rule=rule).count().count == free


def test_hex_counts_equal_brute_force(compiled, rule):
    """Doubled-x cells: a sixth of a turn maps (row, x) -> ((x + row) / 2, (x - 3 row) / 2)."""
    turn = lambda r, x: ((x + r) // 2, (x - 3 * r) // 2)  # noqa: E731

    def power(n):
        def f(r, x):
            for _ in range(n):
                r, x = turn(r, x)
            return r, x
        return f

    maps = [power(n) for n in range(6)] + [
        (lambda n: lambda r, x: power(n)(r, -x))(n) for n in range(6)
    ]
    board = hex_board((4, 3, 4))
    pieces = [
        Piece("y", ((0, 0), (0, 2), (0, 4), (1, 1)), flip=False),
        Piece("o", ((0, 0), (0, 2), (1, 3)), flip=False),
        Piece("v", ((0, 0), (0, 2), (0, 4)), flip=False),
        Piece("m", ((0, 0),), flip=False),
    ]
    want = _brute_count(board, pieces, maps)
    assert want > 0
    assert Engine(board, pieces, compiled=compiled, rule=rule).count().count == want
    flips = [Piece(p.name, p.cells) for p in pieces]
    assert Engine(board, flips, compiled=compiled, rule=rule).count().count == _brute_count(board, flips, maps)
