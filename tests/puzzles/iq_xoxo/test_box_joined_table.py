"""A box joined to a light grey part of the table by the white mask: found at a stricter light."""

from __future__ import annotations

import numpy as np

from visolve.puzzles.iq_xoxo.box import pieces
from visolve.puzzles.iq_xoxo.box.finder import BOX_LIGHT, BOX_LIGHTER, box_candidates
from visolve.puzzles.iq_xoxo.box.reader import read_box
from visolve.testing.scenes import scene_case


def _joined() -> np.ndarray:
    """A white box (its tray's floor darker) on a dark table, a light grey patch of the table
    (0.9 of the box's white) along its bottom side and beyond."""
    rng = np.random.default_rng(0)
    image = np.full((480, 480, 3), 60.0)
    image[250:470, 60:300] = 222.0  # the light grey patch
    image[100:260, 80:400] = 245.0  # the box, its bottom side on the patch
    image[120:240, 100:380] = 190.0  # the tray's floor
    image += rng.normal(0, 1.5, image.shape)
    return np.clip(image, 0, 255).astype(np.uint8)


def test_a_box_joined_to_a_light_grey_table_is_found_at_a_stricter_light():
    small = _joined()
    assert 222 / 245 > BOX_LIGHT and all(222 / 245 < level for level in BOX_LIGHTER)
    quads = box_candidates(small, 5, 10)
    box_tray = np.array([[100, 120], [380, 120], [380, 240], [100, 240]], np.float64)
    # the tray BOX_RIM of a square inside the box: about 8 px of 28 in from the box's sides
    assert any(np.abs(q - box_tray).max() < 12 for q in quads)


def test_a_box_scene_joined_to_a_light_table_reads(monkeypatch):
    case = scene_case("iq-xoxo", 86, 0)  # a small box, the table light grey along its bottom side
    assert case.name.startswith("scenes/box/")
    # its lid's badge lies over five empty squares a P (not on the board) fits: refused for that since
    # box.pieces.unseen_piece (a piece may lie under the badge); left out here, the outline is tested
    monkeypatch.setattr(pieces, "unseen_piece", lambda squares, way: "")
    assert read_box(case.image, case.name).rows == case.truth[0].rows


def _small_box(width: int, height: int) -> np.ndarray:
    """A white box ``width`` x ``height`` px (its tray's floor darker) on a dark blue 480 x 480 table."""
    rng = np.random.default_rng(1)
    image = np.zeros((480, 480, 3)) + (110.0, 60.0, 40.0)
    image[200:200 + height, 100:100 + width] = 245.0
    m = 8
    image[200 + m:200 + height - m, 100 + m:100 + width - m] = 190.0
    image += rng.normal(0, 1.5, image.shape)
    return np.clip(image, 0, 255).astype(np.uint8)


def test_a_small_box_or_one_seen_along_its_length_is_a_box():
    # the white rim's pixels 0.014 of the picture, 2.27 to 1; 0.011, 2 to 1; 3 to 1 is no box
    assert box_candidates(_small_box(150, 66), 5, 10)
    assert box_candidates(_small_box(120, 60), 5, 10)
    assert not box_candidates(_small_box(180, 60), 5, 10)


def test_a_small_box_scene_reads():
    case = scene_case("iq-xoxo", 11, 2)  # the box 0.017 of the working copy (a small box on a pink table)
    assert case.name.startswith("scenes/box/")
    assert read_box(case.image, case.name).rows == case.truth[0].rows
