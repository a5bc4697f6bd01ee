"""An independent IQ Stars brute force for the tests: its own geometry, no tiling engine.

Cells are ``(row, k)`` on rows of 7/6/7/6; pieces are turned in axial hex
coordinates (turning by 60 degrees: ``(q, r) -> (-r, q + r)``) and never flipped.
"""

from __future__ import annotations

ROWS = (7, 6, 7, 6)
#: the pieces as RULES.md lists them: letter -> cells (x doubled, row)
SHAPES = {
    "r": ((0, 0), (2, 0), (1, 1), (3, 1)), "o": ((0, 0), (2, 0), (3, 1)),
    "y": ((0, 0), (2, 0), (4, 0), (1, 1)), "g": ((0, 0), (2, 0), (3, 1), (4, 2)),
    "b": ((0, 0), (2, 0), (4, 0), (3, 1)), "v": ((0, 0), (2, 0), (4, 0)),
    "p": ((0, 0), (2, 0), (3, 1), (2, 2)),
}
CELLS = [(r, k) for r, n in enumerate(ROWS) for k in range(n)]


def turns(shape):
    """The piece's distinct turns, each as doubled cells ``(row, x)`` sorted, first cell at (0, 0)."""
    axial = [((x - row) // 2, row) for x, row in shape]
    out = set()
    for _ in range(6):
        axial = [(-r, q + r) for q, r in axial]
        cells = sorted((r, 2 * q + r) for q, r in axial)
        r0, x0 = cells[0]
        out.add(tuple((r - r0, x - x0) for r, x in cells))
    return sorted(out)


TURNS = {letter: turns(shape) for letter, shape in SHAPES.items()}


def fillings():
    """Every filling of the empty board, as 4 rows of letters."""
    grid = {cell: None for cell in CELLS}
    found = []

    def place(left):
        free = next((c for c in CELLS if grid[c] is None), None)
        if free is None:
            found.append(tuple("".join(grid[(r, k)] for k in range(n)) for r, n in enumerate(ROWS)))
            return
        r0, x0 = free[0], 2 * free[1] + free[0] % 2
        for letter in sorted(left):
            for turn in TURNS[letter]:
                cells = []
                for dr, dx in turn:
                    r, x = r0 + dr, x0 + dx
                    k, odd = divmod(x - r % 2, 2)
                    if odd or not 0 <= r < len(ROWS) or not 0 <= k < ROWS[r] or grid[(r, k)] is not None:
                        break
                    cells.append((r, k))
                else:
                    for c in cells:
                        grid[c] = letter
                    place(left - {letter})
                    for c in cells:
                        grid[c] = None

    place(set(SHAPES))
    return found


def matches(challenge, filling) -> bool:
    """The filling agrees with every shown cell (placed piece or wizard star) of the challenge."""
    return all(ch == "." or ch.lower() == f for crow, frow in zip(challenge, filling) for ch, f in zip(crow, frow))
