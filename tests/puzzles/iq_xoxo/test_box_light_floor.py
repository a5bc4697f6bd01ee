"""A tray whose floor is nearly as light as the box's rim (a recess in bright light)."""

from __future__ import annotations

import numpy as np

from visolve.puzzles.iq_xoxo.box.finder import FLOOR_LIGHT, LIGHT_SHARES, find_trays, inside_masks
from visolve.puzzles.iq_xoxo.box.reader import read_box
from visolve.testing.scenes import scene_case


def _box(floor_share: float) -> np.ndarray:
    """A white box on a dark table, its 5 x 10 tray's floor ``floor_share`` as light as the rim."""
    rng = np.random.default_rng(0)
    image = np.full((300, 480, 3), 70.0)
    image[60:240, 60:420] = 240.0
    image[80:220, 80:400] = 240.0 * floor_share
    image += rng.normal(0, 2.0, image.shape)
    return np.clip(image, 0, 255).astype(np.uint8)


def test_a_floor_nearly_as_light_as_the_rim_is_inside_a_tray():
    masks = inside_masks(_box(0.96))
    first = masks[:len(LIGHT_SHARES)]  # the masks at FLOOR_LIGHT alone
    assert 0.96 > FLOOR_LIGHT
    assert not any(m[150, 240] for m in first)
    assert any(m[150, 240] for m in masks[len(first):])
    assert not any(m[70, 240] for m in masks)  # the rim is not


def test_the_tray_of_a_light_floor_is_a_candidate():
    trays = find_trays(_box(0.96))
    assert trays
    assert np.abs(trays[0] - np.array([[80, 80], [400, 80], [400, 220], [80, 220]])).max() < 6


def test_a_box_scene_with_a_light_floor_reads_exactly():
    case = scene_case("iq-xoxo", 53, 1)  # an open box, its floor about as light as the rim
    assert case.name.startswith("scenes/box/")
    assert read_box(case.image, case.name).rows == case.truth[0].rows


def test_a_light_floor_is_the_floor_with_six_marks_following_the_pattern():
    from visolve.puzzles.iq_xoxo.board import mark
    from visolve.puzzles.iq_xoxo.box.reader import NO_FLOOR, light_floor_marked
    from visolve.puzzles.iq_xoxo.box.squares import BoxSquare

    squares = {(r, c): BoxSquare("?", "?", (), f"{NO_FLOOR} (0.99)") for r in range(5) for c in range(10)}
    for c in range(6):  # the I and a square of the next piece along row 4, marked
        squares[(4, c)] = BoxSquare("piece", mark(4, c), ("I",))
    assert light_floor_marked(squares)
    squares[(4, 5)] = BoxSquare("piece", "?", ("I",), "its mark is unclear")
    assert not light_floor_marked(squares)


def test_a_tray_found_from_its_box_with_seven_marks_on_a_light_floor_reads():
    case = scene_case("iq-xoxo", 68, 0)  # the floor 0.99 of the rim; 7 marks read, one under the logo
    assert case.name.startswith("scenes/box/")
    assert read_box(case.image, case.name).rows == case.truth[0].rows


def test_a_square_of_no_piece_s_colour_does_not_keep_a_light_floor_in_doubt():
    from visolve.puzzles.iq_xoxo.board import mark
    from visolve.puzzles.iq_xoxo.box.reader import NO_FLOOR, light_floor_marked
    from visolve.puzzles.iq_xoxo.box.squares import NO_COLOUR, BoxSquare

    squares = {(r, c): BoxSquare("?", "?", (), f"{NO_FLOOR} (0.97)") for r in range(5) for c in range(10)}
    for c in range(6):
        squares[(4, c)] = BoxSquare("piece", mark(4, c), ("I",))
    squares[(0, 8)] = BoxSquare("?", "?", (), f"{NO_COLOUR} (nearest W, 46 away)")  # a glare: hidden either way
    assert light_floor_marked(squares)
    squares[(0, 8)] = BoxSquare("?", "?", (), "pale, but not the floor's colour (14 from it)")
    assert not light_floor_marked(squares)


def test_a_drawn_box_with_a_light_floor_and_a_glare_over_a_piece_reads():
    from visolve.puzzles.iq_xoxo import testing

    case = testing.box_case(19, 0)  # the floor 0.95 of the rim; two squares of no piece's colour (W, 46 away)
    assert read_box(case.image, case.name).rows == case.truth[0].rows
