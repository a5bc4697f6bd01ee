"""vision.glance: thumbnails and the shape measures the probes use."""

from __future__ import annotations

import cv2
import numpy as np

from visolve.vision.glance import bright_boards, cell_lattice, hue_mask, soft, thumbnail


def test_thumbnail_size_and_content():
    img = np.zeros((1920, 1080, 3), np.uint8)
    img[:960] = (200, 100, 50)
    t = thumbnail(img, 320)
    assert t.shape == (320, 180, 3)
    assert np.abs(t[10, 10].astype(int) - (200, 100, 50)).max() <= 1 and t[-10, 10].max() == 0
    small = np.zeros((100, 60, 3), np.uint8)
    assert thumbnail(small, 320) is small  # never enlarged


def test_bright_board_on_a_dark_screen():
    img = np.zeros((640, 360, 3), np.uint8)
    cv2.rectangle(img, (60, 160), (299, 519), (184, 184, 184), -1)  # 240 x 360: aspect 2:3
    blobs = bright_boards(img)
    assert blobs
    b = blobs[0]
    assert abs(b.aspect - 2 / 3) < 0.02 and b.fill > 0.95 and b.contrast > 0.9 and b.greyness == 0
    assert b.portrait
    c = b.corners()
    assert np.abs(c - [[60, 160], [300, 160], [300, 520], [60, 520]]).max() <= 1.5


def test_cell_lattice_found_and_not_in_noise():
    img = np.full((200, 360, 3), 90, np.uint8)
    for r in range(4):
        for c in range(8):
            x, y = 20 + c * 40, 20 + r * 40
            cv2.rectangle(img, (x + 5, y + 5), (x + 34, y + 34), (32, 31, 35), -1)
    assert cell_lattice(img, 8, 4) == 1.0
    rng = np.random.default_rng(0)
    assert cell_lattice(rng.integers(0, 256, (200, 360, 3), dtype=np.uint8), 8, 4) == 0.0


def test_hue_mask_and_soft():
    img = np.zeros((4, 4, 3), np.uint8)
    img[0, 0] = (1, 241, 255)  # booklet yellow, hue 28
    img[1, 1] = (73, 227, 173)  # circuit500 lime, hue 40
    m = hue_mask(img, (18, 34), 90, 90)
    assert m[0, 0] and not m[1, 1] and m.sum() == 1
    assert soft(5, 0, 10) == 0.5 and soft(-1, 0, 10) == 0 and soft(20, 0, 10) == 1
    assert soft(20, 70, 25) == 1 and soft(80, 70, 25) == 0  # turned round
