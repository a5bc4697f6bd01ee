"""A box joined to a light grey part of the table by the white mask: found at a stricter light."""

from __future__ import annotations

import numpy as np

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


def test_a_box_scene_joined_to_a_light_table_reads():
    case = scene_case("iq-xoxo", 86, 0)  # a small box, the table light grey along its bottom side
    assert case.name.startswith("scenes/box/")
    assert read_box(case.image, case.name).rows == case.truth[0].rows
