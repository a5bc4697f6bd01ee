"""The lattice's links found among nearby squares only: the same links as comparing every pair,
at a cost that grows with the squares, not their square (a desk's texture gives thousands)."""

import cv2
import numpy as np
import pytest

from visolve.puzzles.iq_xoxo.page import lattice
from visolve.puzzles.iq_xoxo.page.first_look import SQUARE_SHARE


def _every_pair(centres: np.ndarray, sides: np.ndarray, cover: np.ndarray, share: float, monkeypatch) -> list:
    """The links found when every pair of squares is compared (the reference)."""

    def all_pairs(points: np.ndarray, _reach: float) -> tuple[np.ndarray, np.ndarray]:
        return np.triu_indices(len(points), 1)

    with monkeypatch.context() as m:
        m.setattr(lattice, "near_pairs", all_pairs)
        return lattice._links(centres, sides, cover, share)


@pytest.mark.parametrize("seed", range(4))
def test_links_are_those_of_every_pair(seed, monkeypatch):
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
    assert got == _every_pair(centres, sides, cover, SQUARE_SHARE, monkeypatch)
    assert any(k > 1 for _i, _j, k in got)  # links across covered squares are among them
