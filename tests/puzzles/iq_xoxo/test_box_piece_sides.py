"""The box reader: a tall piece's side seen over up to four floor squares beside it."""

from __future__ import annotations

import numpy as np
import pytest

from visolve.errors import ReadError
from visolve.puzzles.iq_xoxo.box.reader import read_box
from visolve.puzzles.iq_xoxo.box.squares import BoxSquare, covers
from visolve.testing.scenes import scene_case


def test_four_squares_showing_a_tall_pieces_side_are_settled_by_the_cover():
    # the L lies along row 0 (columns 5-8, and 8 below); its side is seen over the four floor
    # squares under it (row 1, columns 5-7, and (2, 8) under its foot): coloured, no mark
    squares = {(0, c): BoxSquare("piece", "XO"[c % 2], ("L", "T")) for c in range(5, 9)}
    squares[(1, 8)] = BoxSquare("piece", "O", ("L", "T"))
    for k in ((1, 5), (1, 6), (1, 7), (2, 8)):
        squares[k] = BoxSquare("piece", "?", ("L", "T", "W"), "its mark is unclear")
    got = covers(squares)
    assert got == [{(0, 5): "L", (0, 6): "L", (0, 7): "L", (0, 8): "L", (1, 8): "L"}]


def test_a_whole_piece_without_marks_is_never_taken_for_the_floor():
    # five coloured squares without a mark that no piece their colour allows covers, beside a
    # marked V: taking them all as floor would leave the V alone, a level with a piece lost
    squares = {k: BoxSquare("piece", "?", ("I",), "its mark is unclear")
               for k in ((0, 0), (0, 1), (0, 2), (0, 3), (1, 3))}
    for k in ((2, 0), (3, 0), (4, 0), (4, 1), (4, 2)):
        squares[k] = BoxSquare("piece", "XO"[sum(k) % 2 == 1], ("P", "V"))
    with pytest.raises(ReadError):
        covers(squares)


def test_a_box_scene_with_a_tall_pieces_side_over_four_squares_reads():
    case = scene_case("iq-xoxo", 38, 0)  # the L's side over the four floor squares beside it
    assert case.name.startswith("scenes/box/")
    assert read_box(case.image, case.name).rows == case.truth[0].rows


@pytest.mark.parametrize(("index", "seed"), [(88, 0), (14, 2)])
def test_closed_boxes_with_a_tall_pieces_side_over_four_squares_read(index, seed):
    from visolve.testing.scenes import xoxo_box

    rng = np.random.default_rng([seed, index])
    rng.random()  # the draw that made the scene a box scene
    image, level = xoxo_box.scene(rng, f"scenes/box/box-{index}.jpg", closed=True)
    assert read_box(image, level.source).rows == level.rows
