"""The box reader: pieces fitted by colour alone on a grid laid across them are no reading."""

from __future__ import annotations

import pytest

from visolve.errors import ReadError
from visolve.puzzles.iq_xoxo.board import mark
from visolve.puzzles.iq_xoxo.box.pieces import MARKED_SHARE, unseen_marks
from visolve.puzzles.iq_xoxo.box.reader import read_box
from visolve.puzzles.iq_xoxo.box.squares import UNCLEAR, BoxSquare
from visolve.testing.scenes import scene_case

#: an I along the first column and a second I along the last
WAY = {(r, c): ("I" if c == 0 else "N") for r in range(5) for c in (0, 9)}


def _squares(clear: int) -> dict:
    """The ten squares of :data:`WAY`, the first ``clear`` with their marks, the rest unclear."""
    out = {}
    for n, k in enumerate(sorted(WAY)):
        out[k] = (BoxSquare("piece", mark(*k), ("I", "N")) if n < clear
                  else BoxSquare("piece", "?", ("I", "N"), f"{UNCLEAR} (X 0.10 / O 0.08)"))
    return out


def test_pieces_with_a_share_of_clear_marks_stand():
    assert unseen_marks(_squares(4), WAY) == ""  # 0.4: the least on a box scene read exactly
    assert MARKED_SHARE <= 0.4


def test_pieces_on_few_clear_marks_are_refused_naming_a_square():
    why = unseen_marks(_squares(2), WAY)
    assert "only 2 of the 10 squares" in why and "square r1c0" in why


def test_hidden_squares_do_not_count_against_the_marks():
    squares = _squares(3)
    for k in sorted(WAY)[3:]:
        squares[k] = BoxSquare("hidden", "?", ("I", "N"), "dark print over it")
    assert unseen_marks(squares, WAY) == ""


def test_a_quad_cut_across_the_floor_is_not_read():
    # seed 101 box-34: a closed box seen upside down, the logo's badge over the T and the I; a
    # quad whose bottom side ran across the floor read 4 clear marks of 17 and a V and a Z a square
    # off (a misread); the tray outlined right is refused for the T's square under the badge
    case = scene_case("iq-xoxo", 34, 101)
    assert case.name.startswith("scenes/box/")
    with pytest.raises(ReadError, match="r3c2"):
        read_box(case.image, case.name)
