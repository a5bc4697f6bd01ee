"""The box reader: the lid's dark logo over squares, read as print, not as dark pieces."""

from __future__ import annotations

import numpy as np
import pytest

from visolve.errors import ReadError
from visolve.puzzles.iq_xoxo.box.reader import printed_over, read_box
from visolve.puzzles.iq_xoxo.box.squares import PRINTED, BoxSquare, covers
from visolve.testing.scenes import scene_case


def test_a_dark_grey_square_read_as_a_piece_may_be_print():
    grey = BoxSquare("piece", "O", ("I", "N", "P"))
    assert printed_over(grey, np.array([89.0, 88.0, 94.0]))


def test_a_dark_blue_piece_square_is_no_print():
    # the I's measured colour, a little darker: saturated, a piece whatever print is near
    blue = BoxSquare("piece", "X", ("I",))
    assert not printed_over(blue, np.array([100.0, 50.0, 40.0]))


def test_an_empty_square_may_be_print():
    assert printed_over(BoxSquare("empty", ""), np.array([170.0, 169.0, 170.0]))


def test_a_refusal_names_the_squares_the_logo_hides():
    squares = {(0, c): BoxSquare("piece", "XO"[c % 2], ("L",)) for c in range(3)}
    squares[(0, 5)] = BoxSquare("empty", "", (), f"{PRINTED} (the lid's logo?)")
    with pytest.raises(ReadError, match="dark print over r0c5"):
        covers(squares)


def test_a_box_scene_with_the_logos_letters_over_the_floor_reads():
    case = scene_case("iq-xoxo", 37, 17)  # the logo's dark X and O over floor squares
    assert case.name.startswith("scenes/box/")
    assert read_box(case.image, case.name).rows == case.truth[0].rows
