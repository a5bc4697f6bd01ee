"""A board seen upside down (:mod:`visolve.puzzles.iq_xoxo.page.turned`)."""

import numpy as np
import pytest

from visolve.puzzles.iq_xoxo.board import COLS, ROWS
from visolve.puzzles.iq_xoxo.page.turned import turned as half_turned
from visolve.vision.geometry import rect_to_quad
from visolve.vision.view import BoardView

#: board units of margin and px per board unit of the views tested
MARGIN, PITCH = 0.35, 40


def _picture(seed: int = 0) -> np.ndarray:
    """A noisy picture with a light gradient (uint8 BGR)."""
    rng = np.random.default_rng(seed)
    ramp = np.linspace(0.5, 1.0, 640, dtype=np.float32)[None, :, None]
    return np.clip(rng.integers(0, 256, (480, 640, 3)) * ramp, 0, 255).astype(np.uint8)


def _view(corners) -> BoardView:
    hom = rect_to_quad((0, 0, COLS, ROWS), corners)
    return BoardView.from_homography(_picture(), hom, ROWS, COLS, pitch=PITCH, margin=MARGIN)


CORNERS = np.array([[80.0, 90.0], [560.0, 110.0], [550.0, 350.0], [90.0, 330.0]])


def test_turned_view_is_the_board_sampled_upside_down():
    view = _view(CORNERS)
    turned = half_turned(view)
    hom = rect_to_quad((0, 0, COLS, ROWS), np.roll(view.corners(), 2, axis=0))
    again = BoardView.from_homography(view.picture, hom, ROWS, COLS, pitch=PITCH, margin=MARGIN)
    assert np.array_equal(turned.homography, again.homography)
    assert turned.image.shape == again.image.shape and turned.image.flags.c_contiguous
    assert np.allclose(turned.corners(), np.roll(view.corners(), 2, axis=0), atol=1e-3)
    # the same picture points, sampled once
    assert np.abs(turned.image.astype(int) - again.image.astype(int)).max() <= 1


def test_turned_view_needs_a_margin_all_round():
    view = BoardView.from_homography(_picture(), rect_to_quad((0, 0, COLS, ROWS), CORNERS), ROWS, COLS, pitch=PITCH,
                                     margin=(0.3, 0.3, 0.5, 0.3))
    with pytest.raises(ValueError):
        half_turned(view)
