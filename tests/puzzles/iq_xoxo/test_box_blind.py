"""Steep views: more than four coloured squares without a clear mark (tall pieces' sides over the
floor and their own unclear tops), and no piece known by fewer than two of its marks."""

from __future__ import annotations

import numpy as np
import pytest

from visolve.errors import ReadError
from visolve.puzzles.iq_xoxo.board import mark
from visolve.puzzles.iq_xoxo.box.reader import read_box
from visolve.puzzles.iq_xoxo.box.squares import MAX_BLIND, MAX_UNMARKED, UNCLEAR, BoxSquare, covers
from visolve.testing.scenes import scene_case, xoxo_box

LT = ("L", "T")


def _unclear(letters=LT) -> BoxSquare:
    return BoxSquare("piece", "?", letters, f"{UNCLEAR} (X 0.10 / O 0.08)")


def _l_with_sides(unclear_top: tuple[int, int] | None) -> dict:
    """The L along row 0 (columns 5-8, and (1, 8) below), its side seen over the four floor squares
    under it (row 1, columns 5-7, and (2, 8)); ``unclear_top``: one of its own squares unclear too."""
    squares = {(0, c): BoxSquare("piece", mark(0, c), LT) for c in range(5, 9)}
    squares[(1, 8)] = BoxSquare("piece", mark(1, 8), LT)
    for k in ((1, 5), (1, 6), (1, 7), (2, 8)):
        squares[k] = _unclear(LT + ("W",))
    if unclear_top is not None:
        squares[unclear_top] = _unclear()
    return squares


def test_five_unclear_squares_a_tall_pieces_side_and_one_of_its_own_are_settled():
    squares = _l_with_sides((0, 7))
    assert sum(s.mark == "?" for s in squares.values()) == MAX_UNMARKED + 1
    assert covers(squares) == [{(0, 5): "L", (0, 6): "L", (0, 7): "L", (0, 8): "L", (1, 8): "L"}]


def test_unclear_squares_beside_no_marked_piece_of_their_colour_stay_pieces():
    # the same, but the side squares' colours allow no piece of the marked L beside them: they are
    # not its side, so they cannot be the floor (a washed-out piece is not read away)
    squares = _l_with_sides((0, 7))
    for k in ((1, 5), (1, 6), (1, 7), (2, 8)):
        squares[k] = _unclear(("P", "V"))
    with pytest.raises(ReadError, match="no set of pieces"):
        covers(squares)


def test_no_piece_lies_on_a_pale_square_and_three_unclear_ones():
    # a V whose only clear mark is its corner: three unclear squares and a pale one (the sides of
    # a tall piece and the floor beside it, seed 4's closed box 60) -- no piece lies there
    assert MAX_BLIND == 2
    cells = [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)]
    squares = {k: _unclear(("V", "P")) for k in cells[1:4]}
    squares[(0, 0)] = BoxSquare("piece", mark(0, 0), ("V", "P"))
    squares[(2, 2)] = BoxSquare("pale", "?", ("V", "P"), "neither the floor nor a piece (saturation 0.2)")
    with pytest.raises(ReadError):
        covers(squares)
    squares[(2, 1)] = BoxSquare("piece", mark(2, 1), ("V", "P"))  # two marks: the V is read
    assert covers(squares) == [{k: "V" for k in cells}]
    # pale all over but its corner (a light piece under the closed lid's haze): read too
    for k in cells[1:]:
        squares[k] = BoxSquare("pale", "?", ("V", "P"), "neither the floor nor a piece (saturation 0.2)")
    assert covers(squares) == [{k: "V" for k in cells}]


def test_a_piece_of_unclear_squares_without_a_pale_one_is_read_by_its_colour():
    # a long piece under glare: four of its marks unclear, its colour plain (only a pale square,
    # neither the floor nor a piece, calls for two marks)
    squares = {(0, c): _unclear(("I",)) for c in range(4)}
    squares[(0, 4)] = BoxSquare("piece", mark(0, 4), ("I",))
    assert covers(squares) == [{(0, c): "I" for c in range(5)}]


def test_a_steep_box_scene_with_five_unclear_squares_reads():
    case = scene_case("iq-xoxo", 66, 0)  # the U's side over the floor square in its opening
    assert case.name.startswith("scenes/box/")
    assert read_box(case.image, case.name).rows == case.truth[0].rows


def test_a_closed_box_with_a_pieces_sides_over_the_floor_is_not_misread():
    # seed 4's box 60 with the lid closed was read with a V and a P for a Z and three floor squares
    rng = np.random.default_rng([4, 60])
    rng.random()  # the draw that made the scene a box scene
    image, level = xoxo_box.scene(rng, "scenes/box/box-60.jpg", closed=True)
    try:
        rows = read_box(image, level.source).rows
    except ReadError:
        return
    assert rows == level.rows
