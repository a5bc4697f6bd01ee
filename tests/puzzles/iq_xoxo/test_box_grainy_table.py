"""The box finder: a box joined to the picture's edge by a light, grainy table."""

from __future__ import annotations

import numpy as np

from visolve.puzzles.iq_xoxo.box.finder import box_candidates
from visolve.puzzles.iq_xoxo.box.reader import read_box


def _picture(grain: float) -> np.ndarray:
    """A working copy: a dark table with light speckles (share ``grain``), the white box 2 to 1 on
    it with its grey floor inside the rim and a red piece."""
    rng = np.random.default_rng(3)
    small = np.full((300, 480, 3), 95, np.uint8)
    small[rng.random(small.shape[:2]) < grain] = 225
    small[60:240, 60:420] = 238
    small[80:220, 90:390] = 175
    small[100:140, 120:240] = (40, 60, 220)
    return small


def test_a_box_joined_to_the_pictures_edge_by_a_grainy_table_is_found():
    trays = box_candidates(_picture(0.55), 5, 10)  # the speckles join the box to every edge
    assert len(trays) == 1
    assert abs(trays[0][:, 0].mean() - 240) < 10 and abs(trays[0][:, 1].mean() - 150) < 10


def test_a_box_on_a_plain_table_is_found_as_before():
    trays = box_candidates(_picture(0.0), 5, 10)
    assert len(trays) == 1
    assert abs(trays[0][:, 0].mean() - 240) < 10 and abs(trays[0][:, 1].mean() - 150) < 10


def test_a_closed_box_on_a_grainy_table_reads():
    from visolve.testing.scenes import xoxo_box

    rng = np.random.default_rng([0, 73])
    rng.random()  # the draw that made scene 73 of seed 0 a box scene
    image, level = xoxo_box.scene(rng, "scenes/box/box-73.jpg", closed=True)
    assert read_box(image, level.source).rows == level.rows
