"""Far squares on a grid count as a board lost only when close together (issue #25: a grainy
desk's specks of a square's size lie on a grid by chance here and there over a picture)."""

import numpy as np

from visolve.puzzles.iq_xoxo.page.first_look import on_grid
from visolve.puzzles.iq_xoxo.page.quads import FAR_SQUARES, far_gridded

PITCH = 20.0


def _board(x0: float = 0.0, y0: float = 0.0) -> np.ndarray:
    """The centres of a 10 x 5 board's squares."""
    return np.array([(x0 + PITCH * c, y0 + PITCH * r) for r in range(5) for c in range(10)], np.float64)


def test_a_whole_board_counts_every_square():
    assert far_gridded(_board(500, 300), PITCH) == (50, 50)


def test_a_covered_board_counts_its_squares_at_both_ends():
    board = _board()
    ends = board[[0, 1, 10, 11, 20, 21, 8, 9, 18, 19]]  # six squares at one end, four at the other
    assert on_grid(ends, PITCH) == 10
    assert far_gridded(ends, PITCH) == (10, 10)


def test_specks_in_threes_far_apart_do_not_count():
    rng = np.random.default_rng(3)
    triples = []
    for k in range(12):  # twelve L-shaped threes on a grid, 30 pitches apart
        x, y = 30 * PITCH * (k % 4), 30 * PITCH * (k // 4)
        triples += [(x, y), (x + PITCH, y), (x, y + PITCH)]
    specks = np.array(triples) + rng.normal(0, 1, (len(triples), 2))
    assert on_grid(specks, PITCH) >= FAR_SQUARES
    assert far_gridded(specks, PITCH) == (0, on_grid(specks, PITCH))


def test_too_few_squares_count_nothing():
    assert far_gridded(_board()[:FAR_SQUARES - 1], PITCH)[0] == 0
