"""The box scenes (visolve.testing.scenes.xoxo_box) as the real box is: the tray sunk into the box."""

from __future__ import annotations

import numpy as np

from visolve.testing.scenes import xoxo_box
from visolve.testing.scenes.render import View


def test_the_tray_is_deeper_than_a_piece_with_its_marks():
    for k in range(50):
        slab, mark_h, recess, depth = xoxo_box.heights(np.random.default_rng(k))
        assert recess > slab + mark_h
        assert depth > recess


def test_what_lies_in_the_tray_is_seen_only_through_its_opening():
    # a camera straight above the box (world z up is negative), 2 px per mm
    view = View(np.array([[1000.0, 0, 100], [0, 1000.0, 50], [0, 0, 1]]), np.eye(3), np.array([0.0, 0.0, -500.0]),
                (200, 100))
    out = np.full((100, 200, 3), 77.0, np.float32)
    rng = np.random.default_rng(0)
    piece = xoxo_box.Prism(np.array([(5.0, 5.0), (14.0, 5.0), (14.0, 14.0), (5.0, 14.0)]), -4.0, -6.0,
                           np.float32([0, 0, 200]), np.float32([0, 0, 150]))
    xoxo_box._tray(out, view, rng, (5.0, 95.0, 50.0), (-10.0, -4.0), np.float32([220, 220, 220]), 4.0,
                   np.array([0.3, 0.3, 0.9]), [piece])
    inside = view.project([(5.0, 5.0, -10.0), (95.0, 50.0, -10.0)]).round().astype(int)
    (x0, y0), (x1, y1) = inside
    assert np.all(out[:y0 - 1] == 77) and np.all(out[y1 + 1:] == 77)
    assert np.all(out[:, :x0 - 1] == 77) and np.all(out[:, x1 + 1:] == 77)
    assert np.abs(out[y0 + 3:y1 - 3, x0 + 3:x1 - 3] - 77).max(axis=2).min() > 20  # floor, walls, piece


def test_the_pieces_are_drawn_in_the_plastic_colours_of_the_real_box_not_the_booklets_print():
    from visolve.puzzles.iq_xoxo.model import Level
    from visolve.testing.scenes.xoxo import PIECES

    rows = ("TTT.......", ".T........", ".T........", "..........", "..........")
    prisms = xoxo_box._pieces(np.random.default_rng(3), Level(1, rows), 0.0, 0.0, -5.0, 2.5, 1.5)
    plate = np.asarray(prisms[0].top, np.float64)
    near = np.abs(plate - xoxo_box.PLASTIC["T"]).max()
    assert near < np.abs(plate - PIECES["T"]).max()  # the booklet's yellow is greener than the plastic
    assert near < 40  # a jitter of 0.06 in hue, saturation and value


def _twin(seed: int, i: int, closed):
    rng = np.random.default_rng([seed, i])
    rng.random()  # the draw that made it a box scene
    return xoxo_box.scene(rng, "scenes/box/box.jpg", closed=closed)


def test_the_closed_lid_covers_the_same_box_with_haze_and_a_logo_over_the_tray():
    open_, level = _twin(0, 19, False)
    shut, same = _twin(0, 19, True)
    assert same.rows == level.rows
    changed = np.abs(shut.astype(np.int16) - open_).max(axis=2) > 40
    assert 0.001 < changed.mean() < 0.3  # the logo and the lid's frosted edge, not the whole photo


def test_a_scene_left_open_at_random_is_drawn_as_before_the_lid_could_close():
    rng = np.random.default_rng([0, 30])
    rng.random()
    assert not rng.spawn(1)[0].random() < xoxo_box.CLOSED  # this scene is left open
    left, _ = _twin(0, 30, None)
    open_, _ = _twin(0, 30, False)
    assert np.array_equal(left, open_)


def test_the_logo_is_printed_opaque_on_the_lid():
    rng = np.random.default_rng(5)
    tex = np.zeros((200, 400, 3), np.float32)
    alpha = np.zeros((200, 400), np.float32)
    xoxo_box._logo(tex, alpha, rng, (2.0, 38.0, 18.0), 10.0)
    ys, xs = np.nonzero(alpha > 0.5)
    assert len(ys) > 50
    assert 0 <= xs.mean() <= 400 and 0 <= ys.mean() <= 200


def test_a_box_closed_at_random_is_its_closed_twin():
    rng = np.random.default_rng([0, 19])
    rng.random()
    assert rng.spawn(1)[0].random() < xoxo_box.CLOSED  # this scene is closed at random
    left, _ = _twin(0, 19, None)
    shut, _ = _twin(0, 19, True)
    assert np.array_equal(left, shut)
