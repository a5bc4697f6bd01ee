"""The lattice's links found among nearby squares only: the same links as comparing every pair,
at a cost that grows with the squares, not their square (a desk's texture gives thousands)."""

import cv2
import numpy as np
import pytest

from visolve.puzzles.iq_xoxo.page import lattice
from visolve.puzzles.iq_xoxo.page.first_look import SQUARE_SHARE
from visolve.vision.area_sums import AreaSums, box_sums


def _every_pair(centres: np.ndarray, sides: np.ndarray, cover, share: float, monkeypatch) -> list:
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
    cover = AreaSums(covered > 0)
    got = lattice._links(centres, sides, cover, SQUARE_SHARE)
    assert got == _every_pair(centres, sides, cover, SQUARE_SHARE, monkeypatch)
    assert any(k > 1 for _i, _j, k in got)  # links across covered squares are among them


def test_a_point_is_covered_where_its_box_clipped_to_the_mask_is_mostly_covered():
    # the sums themselves, directly or from the integral, are tests/vision/test_area_sums.py's
    rng = np.random.default_rng(3)
    mask = rng.random((120, 170)) < 0.4
    integral = cv2.integral(mask.astype(np.uint8))
    cover = AreaSums(mask)
    pts = rng.uniform(-10, 180, (300, 2))
    for pitch in (6.0, 14.0, rng.uniform(3, 30, 300)):  # one for all, and one per point
        r = np.maximum(1, np.round(lattice.COVER_BOX * np.asarray(pitch) / 2)).astype(np.int64)
        x, y = np.round(pts[:, 0]).astype(np.int64), np.round(pts[:, 1]).astype(np.int64)
        x0, x1 = np.clip(x - r, 0, 170), np.clip(x + r + 1, 0, 170)
        y0, y1 = np.clip(y - r, 0, 120), np.clip(y + r + 1, 0, 120)
        want = box_sums(integral, x0, y0, x1 - x0, y1 - y0)
        area = (x1 - x0) * (y1 - y0)
        assert np.array_equal(lattice._covered(cover, pts, pitch), (area > 0) & (want >= lattice.COVER * area))
