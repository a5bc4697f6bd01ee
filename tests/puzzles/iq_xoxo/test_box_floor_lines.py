"""The box reader: the faint lines between the floor's squares tell a floor lit like the rim from the rim."""

from __future__ import annotations

import numpy as np

from visolve.puzzles.iq_xoxo.board import COLS, ROWS
from visolve.puzzles.iq_xoxo.box.floor_lines import line_step, lined, lines_stop
from visolve.puzzles.iq_xoxo.box.reader import read_box, same_floor
from visolve.puzzles.iq_xoxo.box.rim import RING
from visolve.puzzles.iq_xoxo.box.squares import BoxSquare
from visolve.testing.scenes import scene_case
from visolve.vision.view import BoardView

P, M = 40, 2


def _tray(lines: bool, rows: int = ROWS) -> BoardView:
    """A floor as light as the rim (235 in a 240 rim), with or without its lines (2 px, 218);
    ``rows`` of floor, of which the view's outline takes the first :data:`ROWS`."""
    rng = np.random.default_rng(0)
    h, w = (ROWS + 2 * M) * P, (COLS + 2 * M) * P
    picture = np.full((h, w, 3), 240.0)
    picture[M * P:(M + rows) * P, M * P:(M + COLS) * P] = 235.0
    if lines:
        for c in range(1, COLS):
            picture[M * P:(M + rows) * P, (M + c) * P - 1:(M + c) * P + 1] = 218.0
        for r in range(1, rows):
            picture[(M + r) * P - 1:(M + r) * P + 1, M * P:(M + COLS) * P] = 218.0
    picture = np.clip(picture + rng.normal(0, 3, picture.shape), 0, 255).astype(np.uint8)
    corners = np.float64([[M, M], [M + COLS, M], [M + COLS, M + ROWS], [M, M + ROWS]]) * P
    return BoardView.from_corners(picture, corners, ROWS, COLS, pitch=P, margin=0.5)


def test_the_floors_lines_are_seen_and_the_plain_rim_shows_none():
    row = [(ROWS - 1, c) for c in range(COLS)]
    assert lined(_tray(True), row)
    assert not lined(_tray(False), row)
    assert line_step(_tray(True), (0, 3), (0, 4)) > 0.03
    assert abs(line_step(_tray(False), (0, 3), (0, 4))) < 0.02


def test_an_edge_row_as_light_as_the_rim_is_the_floor_when_its_lines_are_seen():
    squares = {(r, c): BoxSquare("empty", "") for r in range(ROWS) for c in range(COLS)}
    bodies = {k: np.array([200.0] * 3) for k in squares}
    for c in range(COLS):
        bodies[(ROWS - 1, c)] = np.array([240.0] * 3)  # the near row, lit as brightly as the rim
    kept = same_floor(dict(squares), bodies, 245.0, view=_tray(True))
    doubted = same_floor(dict(squares), bodies, 245.0, view=_tray(False))
    assert all(kept[(ROWS - 1, c)].kind == "empty" for c in range(COLS))
    assert all(doubted[(ROWS - 1, c)].kind == "?" for c in range(COLS))


def test_the_floors_lines_stop_at_the_trays_side_and_go_on_past_an_outline_a_row_short():
    empty = {(r, c) for r in range(ROWS) for c in range(COLS)}
    assert lines_stop(_tray(True), empty, "bottom", RING, ROWS, COLS)
    assert not lines_stop(_tray(True, rows=ROWS + 1), empty, "bottom", RING, ROWS, COLS)
    assert not lines_stop(_tray(False), empty, "bottom", RING, ROWS, COLS)  # no lines seen: no say


def test_a_box_scene_whose_near_row_is_lit_like_the_rim_reads():
    case = scene_case("iq-xoxo", 61, 1)  # the tray found from the box around it, its near row lit
    assert case.name.startswith("scenes/box/")
    assert read_box(case.image, case.name).rows == case.truth[0].rows


def test_a_box_scene_whose_floor_ends_against_a_rim_lit_like_it_reads():
    case = scene_case("iq-xoxo", 93, 2)  # the floor's lines stop at the near side: no floor beyond
    assert case.name.startswith("scenes/box/")
    assert read_box(case.image, case.name).rows == case.truth[0].rows
