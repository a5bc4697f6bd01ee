"""An edge line with pieces marked along it is no rim, however light its empty squares are."""

from __future__ import annotations

import numpy as np

from visolve.puzzles.iq_xoxo.board import COLS, ROWS, mark
from visolve.puzzles.iq_xoxo.box.reader import same_floor
from visolve.puzzles.iq_xoxo.box.squares import BoxSquare


def _tray(pieces_on_edge: int) -> tuple[dict, dict]:
    """Rows 1-4 floor (200 of a rim of 250), row 0 its first ``pieces_on_edge`` squares marked
    pieces and the rest empty squares as light as the rim (the near side lit brightly)."""
    squares, bodies = {}, {}
    for r in range(ROWS):
        for c in range(COLS):
            if r == 0 and c < pieces_on_edge:
                squares[(r, c)], bodies[(r, c)] = BoxSquare("piece", mark(r, c), ("I",)), np.array([150.0, 60.0, 40.0])
            else:
                squares[(r, c)] = BoxSquare("empty", "")
                bodies[(r, c)] = np.full(3, 250.0 if r == 0 else 200.0)
    return squares, bodies


def test_light_empty_squares_between_pieces_on_an_edge_are_the_floor():
    squares, bodies = _tray(6)  # four light empty squares, six marked pieces along the edge
    got = same_floor(squares, bodies, 250.0)
    assert all(got[(0, c)].kind == "empty" for c in range(6, COLS))


def test_an_edge_of_light_empty_squares_alone_is_still_the_rim():
    squares, bodies = _tray(1)  # one marked piece: not enough to say the edge is the floor
    got = same_floor(squares, bodies, 250.0)
    assert all(got[(0, c)].kind == "?" and "tray outlined off" in got[(0, c)].why for c in range(1, COLS))


def test_a_full_tray_with_its_near_edge_lit_as_the_rim_reads():
    from visolve.puzzles.iq_xoxo.box.reader import read_box
    from visolve.testing.scenes import scene_case

    case = scene_case("iq-xoxo", 66, 1)  # 45 squares covered; four empty squares on an edge, lit as the rim
    assert case.name.startswith("scenes/box/")
    assert read_box(case.image, case.name).rows == case.truth[0].rows
