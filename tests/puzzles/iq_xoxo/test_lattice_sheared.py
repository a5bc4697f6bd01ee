"""A board seen at a slant: its lattice's two steps differ in length and are not at right angles.
Links across covered squares are counted in the squares' own steps (:func:`lattice.own_steps`), so
the walk gives every square its own cell (spreads 22 and 37, page 49 of seed 0's scenes)."""

import cv2
import numpy as np
import pytest

from visolve.puzzles.iq_xoxo.board import COLS, ROWS
from visolve.puzzles.iq_xoxo.page import lattice
from visolve.puzzles.iq_xoxo.page.first_look import SQUARE_SHARE
from visolve.vision.area_sums import AreaSums

#: foreshortened and sheared: 18 px across, 23.4 px down, the axes about 100 degrees apart
ACROSS, DOWN = np.array([15.0, 10.0]), np.array([-17.0, 16.0])


def _board(covered_cells: set, seed: int):
    """Centres and sides of a board's grey squares (those not ``covered_cells``) and the cover mask."""
    rng = np.random.default_rng(seed)
    origin = np.array([300.0, 200.0])
    cells = [(c, r) for r in range(ROWS) for c in range(COLS)]
    at = {cell: origin + cell[0] * ACROSS + cell[1] * DOWN for cell in cells}
    mask = np.zeros((600, 700), np.uint8)
    for cell in cells:
        corners = at[cell] + 0.45 * np.array([ACROSS + DOWN, ACROSS - DOWN, -ACROSS - DOWN, DOWN - ACROSS])
        cv2.fillConvexPoly(mask, np.round(corners).astype(np.int32), 1)
    grey = [cell for cell in cells if cell not in covered_cells]
    centres = np.array([at[cell] for cell in grey]) + rng.normal(0, 0.5, (len(grey), 2))
    sides = np.full(len(grey), SQUARE_SHARE * 19.6)
    return grey, centres, sides, AreaSums(mask > 0)


@pytest.mark.parametrize("seed", range(3))
def test_sheared_board_walks_one_cell_per_square(seed):
    piece = {(2, 1), (3, 1), (4, 1), (2, 2), (3, 2), (4, 2), (3, 4), (4, 4), (5, 4), (6, 4), (0, 2)}
    grey, centres, sides, cover = _board(piece, seed)
    pairs = lattice._links(centres, sides, cover, SQUARE_SHARE)
    groups = lattice._groups(len(centres), pairs, centres)
    assert len(groups[0]) == len(grey)
    walked = np.array([groups[0][k] for k in range(len(grey))], np.float64)
    truth = np.array(grey, np.float64)
    # the walk's coordinates are the board's cells up to a turn, a flip and a shift
    a = np.column_stack([truth, np.ones(len(truth))])
    fit, *_ = np.linalg.lstsq(a, walked, rcond=None)
    assert np.abs(a @ fit - walked).max() < 1e-6
    assert sorted(np.abs(np.round(fit[:2]).ravel()).tolist()) == [0, 0, 1, 1]


def test_a_knight_move_is_no_link():
    grey, centres, sides, cover = _board(set(), 0)
    pairs = lattice._links(centres, sides, cover, SQUARE_SHARE)
    index = {cell: k for k, cell in enumerate(grey)}
    for i, j, k in pairs:
        dc, dr = np.subtract(grey[j], grey[i])
        assert (dc == 0 or dr == 0) or k == 1, (grey[i], grey[j], k)  # a diagonal neighbour is dropped by the walk
        if k > 1:
            assert abs(dc) + abs(dr) == k
    assert (index[(0, 0)], index[(0, 4)], 4) in pairs  # four rows down: linked across


def test_a_group_of_few_squares_lends_no_lattice():
    """Nine squares over 5 x 5 cells fit a lattice too loosely to lend it to a board's few squares
    (open booklet 19); twelve or more do."""
    centres = np.array([(110.5 + 21 * c, 110.5 + 21 * r) for r in range(5) for c in range(10)])
    lender_cells = [(0, 0), (1, 0), (2, 0), (2, 1), (3, 1), (2, 3), (2, 4), (3, 4), (4, 4)]
    small_cells = [(7, 0), (7, 1), (7, 2), (8, 2), (7, 3), (8, 3)]
    index = {(c, r): r * 10 + c for r in range(5) for c in range(10)}
    own = np.array([[21.0, 0.0, 100.0], [0.0, 21.0, 100.0], [0.0, 0.0, 1.0]])  # lattice (cell + 0.5) -> px
    bent = np.array([[20.0, 1.0, 100.0 + 7 * 21], [-1.0, 22.0, 100.0], [0.0, 0.0, 1.0]])  # the small group's own fit
    small = {(c - 7, r): index[(c, r)] for c, r in small_cells}
    few = {cell: index[cell] for cell in lender_cells}
    got = lattice._borrowed([(own, few), (bent, small)], centres)
    assert got[1][0] is bent  # kept its own
    many = few | {cell: index[cell] for cell in [(0, 1), (0, 2), (0, 3), (1, 4)]}
    got = lattice._borrowed([(own, many), (bent, small)], centres)
    assert got[1][0] is not bent  # borrowed, shifted onto its squares
    assert np.allclose(got[1][0], own @ np.array([[1.0, 0.0, 7.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]))
