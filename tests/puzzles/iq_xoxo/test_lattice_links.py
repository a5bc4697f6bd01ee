"""The lattice's links found among nearby squares only: the same links as comparing every pair,
at a cost that grows with the squares, not their square (a desk's texture gives thousands)."""

import cv2
import numpy as np
import pytest

from visolve.puzzles.iq_xoxo.page import lattice
from visolve.puzzles.iq_xoxo.page.first_look import SQUARE_SHARE


def _every_pair(centres: np.ndarray, sides: np.ndarray, cover: np.ndarray, share: float) -> list:
    """The links as the old all-pairs code found them (the reference)."""
    d = np.linalg.norm(centres[:, None, :] - centres[None, :, :], axis=2)
    local = (sides[:, None] + sides[None, :]) / (2 * share)
    steps = d / np.maximum(local, 1e-6)
    whole = np.round(steps)
    across = (whole > 1) & (whole <= lattice.MAX_SPAN) \
        & (np.abs(steps - whole) <= lattice.STEP_SLACK * np.sqrt(whole))
    near = across | ((steps >= lattice.STEP[0]) & (steps <= lattice.STEP[1]))
    near &= (sides[:, None] <= lattice.SIDE_RATIO * sides[None, :]) & (sides[None, :] <= lattice.SIDE_RATIO * sides[:, None])
    i, j = np.nonzero(np.triu(near, 1))
    k = whole[i, j].astype(np.int64)
    keep = np.ones(len(i), bool)
    ones = k == 1
    if ones.sum() >= lattice.MIN_GROUP:
        vec = centres[j] - centres[i]
        straight, _u = lattice.straight_steps(vec, lattice.lattice_angle(vec[ones]),
                                              np.where(k > 1, lattice.STRAIGHT_LONG_DEG, lattice.STRAIGHT_DEG))
        keep = ones | straight
    for span in range(2, lattice.MAX_SPAN + 1):
        sel = np.nonzero((k == span) & keep)[0]
        for t in range(1, span):
            pts = centres[i[sel]] + (centres[j[sel]] - centres[i[sel]]) * t / span
            keep[sel] &= lattice._covered(cover, pts, local[i[sel], j[sel]])
    return list(zip(i[keep].tolist(), j[keep].tolist(), k[keep].tolist()))


@pytest.mark.parametrize("seed", range(4))
def test_links_are_those_of_every_pair(seed):
    rng = np.random.default_rng(seed)
    pitch = 21.0
    board = np.array([(300 + c * pitch, 200 + r * pitch) for r in range(5) for c in range(10)], np.float64)
    board = board[rng.random(len(board)) < 0.7]
    board = board + rng.normal(0, 0.8, board.shape)  # centres measured a little off
    specks = rng.random((600, 2)) * (900, 700)  # a desk's texture: square-like specks of any size
    centres = np.concatenate([board, specks])
    sides = np.concatenate([np.full(len(board), SQUARE_SHARE * pitch), rng.uniform(8, 28, len(specks))])
    covered = (rng.random((700, 900)) < 0.5).astype(np.uint8)
    covered[190:310, 290:520] = 1  # the board's pieces
    cover = cv2.integral(covered)
    got = lattice._links(centres, sides, cover, SQUARE_SHARE)
    assert got == _every_pair(centres, sides, cover, SQUARE_SHARE)
    assert any(k > 1 for _i, _j, k in got)  # links across covered squares are among them
