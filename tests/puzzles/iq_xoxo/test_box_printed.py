"""The box reader: empty-looking squares under the closed lid's dark logo badge."""

from __future__ import annotations

import numpy as np
import pytest

from visolve.errors import ReadError
from visolve.puzzles.iq_xoxo.board import mark
from visolve.puzzles.iq_xoxo.box.reader import dark_print, read_box
from visolve.puzzles.iq_xoxo.box.squares import PRINTED, BoxSquare, covers
from visolve.testing.scenes import scene_case

#: the I along the last column, rows 0-4
I_COLUMN = [(r, 9) for r in range(5)]


def _squares(why: str) -> dict:
    """The I's squares, the first two seen empty (``why``), the rest with their marks."""
    squares = {k: BoxSquare("piece", mark(*k), ("I", "N")) for k in I_COLUMN[2:]}
    for k in I_COLUMN[:2]:
        squares[k] = BoxSquare("empty", "", (), why)
    return squares


def test_empty_looking_squares_under_dark_print_are_settled_by_the_cover():
    assert covers(_squares(f"{PRINTED} (the lid's logo?)")) == [{k: "I" for k in I_COLUMN}]


def test_plain_empty_squares_stay_the_floor():
    with pytest.raises(ReadError):
        covers(_squares(""))


def test_dark_grey_print_is_told_from_a_shadow():
    cell = np.full((28, 28, 3), 235.0, np.float32)
    shadow = cell.copy()
    shadow[:, :14] = 150.0  # a wall's shadow: the floor at 0.64 of the white
    badge = cell.copy()
    badge[8:20] = 72.0  # a strip of the logo's dark grey badge
    assert not dark_print(cell) and not dark_print(shadow)
    assert dark_print(badge)


@pytest.mark.parametrize(("index", "seed"), [(11, 1), (73, 2)])
def test_box_scenes_with_the_logo_badge_over_a_piece_read(index, seed):
    case = scene_case("iq-xoxo", index, seed)
    assert case.name.startswith("scenes/box/")
    assert read_box(case.image, case.name).rows == case.truth[0].rows


def test_the_badges_edge_over_a_sixth_of_a_square_is_print():
    # seed 2's closed box 8: the badge's edge over a sixth of the I's last square (0.245 of it dark,
    # a quarter was asked for): the square read as floor, the I left without a cover
    cell = np.full((28, 28, 3), 235.0, np.float32)
    cell[:, :5] = 72.0  # 5 of 28 columns: 0.18 of the square
    assert dark_print(cell)
    cell[:, :3] = 235.0  # 2 of 28 columns: a line, not print
    assert not dark_print(cell)


def test_a_closed_box_with_the_badges_edge_over_a_piece_reads():
    from visolve.testing.scenes import xoxo_box

    rng = np.random.default_rng([2, 8])
    rng.random()  # the draw that made the scene a box scene
    image, level = xoxo_box.scene(rng, "scenes/box/box-8.jpg", closed=True)
    assert read_box(image, level.source).rows == level.rows
