"""The box reader never takes a whole piece's squares for the floor, even when eased."""

from __future__ import annotations

import pytest

from visolve.errors import ReadError
from visolve.puzzles.iq_xoxo.box.reader import read_box
from visolve.puzzles.iq_xoxo.box.squares import MAX_UNMARKED, UNCLEAR, BoxSquare, covers
from visolve.testing.scenes import scene_case

#: a Z as seen: its first square pale, the other four coloured without a clear mark
Z_SQUARES = [(0, 0), (1, 0), (1, 1), (1, 2), (2, 2)]


def _tray(pale: int) -> dict:
    """An empty tray but for :data:`Z_SQUARES`, the first ``pale`` of them pale."""
    squares = {(r, c): BoxSquare("empty", "", ()) for r in range(5) for c in range(10)}
    for n, k in enumerate(Z_SQUARES):
        squares[k] = (BoxSquare("pale", "?", ("P", "V", "Z"), "neither the floor nor a piece (saturation 0.29)")
                      if n < pale else BoxSquare("piece", "?", ("P", "V", "Z"), f"{UNCLEAR} (X 0.03 / O 0.13)"))
    return squares


def test_a_whole_piece_pale_and_unmarked_is_not_taken_for_the_floor():
    # one pale and four unmarked squares: easing the unmarked ones to pale must not let all five
    # be the floor (a whole piece), however many squares are eased
    assert MAX_UNMARKED < len(Z_SQUARES)
    with pytest.raises(ReadError, match="no set of pieces"):
        covers(_tray(1))


def test_a_piece_seen_by_its_sides_still_eases():
    # four unmarked squares alone (a tall piece's side seen over the floor) may still be the floor
    ways = covers({k: s for k, s in _tray(0).items() if k != Z_SQUARES[0]} | {Z_SQUARES[0]: BoxSquare("empty", "", ())})
    assert ways == [{}]


def test_the_z_read_pale_and_unmarked_is_not_left_out():
    # seed 107 box-94: the yellow Z at the tray's end, one square pale and four without a clear
    # mark, was all taken for the floor and the level read without it (a misread)
    case = scene_case("iq-xoxo", 94, 107)
    assert case.name.startswith("scenes/box/")
    try:
        rows = read_box(case.image, case.name).rows
    except ReadError:
        return
    assert tuple(rows) == tuple(case.truth[0].rows)
