"""The whole-board checks' cell shares (visolve.puzzles.iq_circuit.board_checks)."""

import numpy as np

from visolve.puzzles.iq_circuit import board_checks
from visolve.puzzles.iq_circuit.colours import PITCH, glare_tint
from visolve.puzzles.iq_circuit.model import DELTA, HEIGHT, WIDTH


def _square(img, x, y, r=1):
    xi, yi = int(round(x)), int(round(y))
    return float(img[yi - r:yi + r + 1, xi - r:xi + r + 1].mean())


def _shares_one_by_one(view):
    """The cell shares as the module documents them, cell by cell and side by side."""
    rows, cols = HEIGHT + 2, WIDTH + 2
    blue = view[:, :, 0].astype(np.float32)
    c0, q, a = (PITCH - 1) / 2, 9.5, PITCH / 4
    corners = [(x * PITCH + c0 + sx * q, y * PITCH + c0 + sy * q)
               for y in range(1, rows - 1) for x in range(1, cols - 1) for sx in (-1, 1) for sy in (-1, 1)]
    samples = np.array([view[int(round(cy)) - 1:int(round(cy)) + 2, int(round(cx)) - 1:int(round(cx)) + 2]
                        .reshape(-1, 3).mean(axis=0) for cx, cy in corners])
    tint = float(glare_tint(samples)[0])
    side, centre = np.zeros((rows, cols)), np.zeros((rows, cols))
    for y in range(rows):
        for x in range(cols):
            cx, cy = x * PITCH + c0, y * PITCH + c0
            c = {(sx, sy): _square(blue, cx + sx * q, cy + sy * q) for sx in (-1, 1) for sy in (-1, 1)}
            d0 = sum(c.values()) / 4
            du = (c[(1, -1)] + c[(1, 1)] - c[(-1, -1)] - c[(-1, 1)]) / (4 * q)
            dv = (c[(-1, 1)] + c[(1, 1)] - c[(-1, -1)] - c[(1, -1)]) / (4 * q)
            board = 0 < x < cols - 1 and 0 < y < rows - 1
            sides = []
            for dx, dy in DELTA:
                nx, ny = x + dx, y + dy
                if not (0 <= nx < cols and 0 <= ny < rows) or (board and not (0 < nx < cols - 1 and 0 < ny < rows - 1)):
                    continue
                gu, gv = dx * PITCH / 2, dy * PITCH / 2
                ends = ((gu, gv - a), (gu, gv + a)) if dx else ((gu - a, gv), (gu + a, gv))
                sides.append(max((_square(blue, cx + u, cy + v) - (d0 + du * u + dv * v))
                                 / max(tint - (d0 + du * u + dv * v), 8.0) for u, v in ends))
            side[y, x] = min(sides)
            centre[y, x] = (_square(blue, cx, cy, 4) - d0) / max(tint - d0, 8.0)
    return side, centre


def test_cell_shares_are_those_taken_cell_by_cell():
    rng = np.random.default_rng(5)
    view = (rng.random(((HEIGHT + 2) * PITCH, (WIDTH + 2) * PITCH, 3)) * 255).astype(np.uint8)
    view[::PITCH // 2] = 200  # light lines, so the shares are far from flat noise's
    side, centre = board_checks._cell_shares(view)
    want_side, want_centre = _shares_one_by_one(view)
    assert np.array_equal(side, want_side) and np.array_equal(centre, want_centre)
