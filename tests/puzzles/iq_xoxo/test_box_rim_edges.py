"""The box tray's sides fitted to the rim's inner edge, and a box whose rim does not close round it."""

from __future__ import annotations

import numpy as np
import pytest

from visolve.puzzles.iq_xoxo.box import finder
from visolve.puzzles.iq_xoxo.box.reader import read_box
from visolve.puzzles.iq_xoxo.box.rim_edges import rim_fitted
from visolve.testing.scenes import scene_case

#: the drawn tray: 10 x 5 squares of 24 px, its top left corner at (100, 120)
TRAY = np.array([[100, 120], [340, 120], [340, 240], [100, 240]], np.float64)


def _box(cut: bool = False) -> np.ndarray:
    """A white box with a darker floor in its tray on a dark table (``cut``: a dark gap through
    the rim on the right, from the tray to the table)."""
    rng = np.random.default_rng(1)
    image = np.full((400, 480, 3), 50.0)
    image[103:257, 83:357] = 245.0
    image[120:240, 100:340] = 195.0
    if cut:
        image[170:190, 330:380] = 50.0
    image += rng.normal(0, 1.5, image.shape)
    return np.clip(image, 0, 255).astype(np.uint8)


@pytest.mark.parametrize("shift", [(-10, 0), (10, 0), (0, -9), (0, 9)])
def test_an_outline_off_by_part_of_a_square_is_moved_to_the_rims_edge(shift):
    picture = _box()
    off = TRAY.copy()
    off[[0, 3], 0] += shift[0]  # the left side moved
    off[[0, 1], 1] += shift[1]  # the top side moved
    got = rim_fitted(picture, off, 5, 10)
    assert np.abs(got - TRAY).max() < 3


def test_a_side_without_an_edge_near_it_stays():
    picture = np.full((400, 480, 3), 200, np.uint8)  # no rim anywhere
    got = rim_fitted(picture, TRAY, 5, 10)
    assert np.abs(got - TRAY).max() < 1e-6


def test_a_box_whose_rim_is_broken_is_found_by_its_hull(monkeypatch):
    small = _box(cut=True)
    assert any(np.abs(q - TRAY).max() < 12 for q in finder.box_candidates(small, 5, 10))
    monkeypatch.setattr(finder, "BOX_HULL", False)
    assert not any(np.abs(q - TRAY).max() < 12 for q in finder.box_candidates(small, 5, 10))


@pytest.mark.parametrize("index, seed", [(35, 0), (42, 2), (50, 2), (23, 23)])
def test_box_scenes_outlined_by_the_rim_or_the_hull_read(index, seed):
    case = scene_case("iq-xoxo", index, seed)
    assert case.name.startswith("scenes/box/")
    assert read_box(case.image, case.name).rows == case.truth[0].rows
