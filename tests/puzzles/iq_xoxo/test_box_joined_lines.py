"""A box whose white blob runs into a shape beside it: found from its outline's straight stretches."""

from __future__ import annotations

import cv2
import numpy as np

from visolve.puzzles.iq_xoxo.box import finder, reader
from visolve.testing.scenes import scene_case


def _joined() -> np.ndarray:
    """A white box (its tray's floor darker) on a dark blue table, a light disc running off the
    picture's left side overlapping its bottom left corner."""
    rng = np.random.default_rng(0)
    image = np.zeros((360, 480, 3)) + (110.0, 60.0, 40.0)
    cv2.circle(image, (60, 260), 120, (240, 240, 240), -1)
    image[60:180, 140:380] = 245.0  # the box
    image[80:160, 160:360] = 185.0  # the tray's floor
    image[100:140, 200:240] = (40, 40, 200)  # a piece
    image += rng.normal(0, 1.5, image.shape)
    return np.clip(image, 0, 255).astype(np.uint8)


def test_a_box_joined_to_a_disc_running_off_the_picture_is_found_by_its_straight_sides():
    small = _joined()
    tray = np.array([[160, 80], [360, 80], [360, 160], [160, 160]], np.float64)
    # the tray BOX_RIM of a square in from the box's sides: about 14 px of 20 in
    assert any(np.abs(q - tray).max() < 10 for q in finder.lined_boxes(small, 5, 10))
    assert not any(np.abs(q - tray).max() < 10 for q in finder.box_candidates(small, 5, 10))


def _fake(rows=None, page_like=False):
    return reader.TrayReading(view=None, rows=rows, error="" if rows else "refused", page_like=page_like)


def test_a_rough_outline_is_read_only_when_no_outline_reads_another_level(monkeypatch):
    level, other = ("X" * 10,) * 5, ("Y" * 10,) * 5
    corners = np.zeros((4, 2))
    for readings, want in (([_fake(), _fake(level), _fake(), _fake(level)], level),
                           ([_fake(level), _fake(other), _fake(), _fake()], None),
                           ([_fake(), _fake(), _fake(), _fake()], None)):
        it = iter(readings)
        monkeypatch.setattr(reader, "read_tray", lambda picture, c, it=it: next(it))
        monkeypatch.setattr(reader, "_moved_sides", lambda picture, c: [corners] * 3)
        assert reader._read_agreed(None, corners).rows == want
    it = iter([_fake(level), _fake(), _fake(page_like=True), _fake()])
    monkeypatch.setattr(reader, "read_tray", lambda picture, c: next(it))
    assert reader._read_agreed(None, corners).page_like


def test_a_box_scene_joined_to_its_open_lid_reads():
    case = scene_case("iq-xoxo", 97, 2)  # the lid as light as the rim at the first light level
    assert case.name.startswith("scenes/box/")
    assert reader.read_box(case.image, case.name).rows == case.truth[0].rows
