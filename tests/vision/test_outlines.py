"""vision.outlines: the four-sided outlines of the regions a picture's edges part."""

from __future__ import annotations

import cv2
import numpy as np

from visolve.vision.outlines import edge_region_quads


def _board_on_table(corners: np.ndarray) -> np.ndarray:
    """A dark board (a turned quadrilateral) with a light grid and a few light squares on it, on a
    mid-grey table."""
    img = np.full((480, 640, 3), (120, 130, 125), np.uint8)
    cv2.fillConvexPoly(img, corners.astype(np.int32), (60, 30, 20))
    inner = corners.mean(0) + 0.7 * (corners - corners.mean(0))
    for t in np.linspace(0, 1, 7):  # the grid's lines part its squares from the margin
        a, b = inner[0] + t * (inner[1] - inner[0]), inner[3] + t * (inner[2] - inner[3])
        c, d = inner[0] + t * (inner[3] - inner[0]), inner[1] + t * (inner[2] - inner[1])
        cv2.line(img, tuple(int(v) for v in a), tuple(int(v) for v in b), (190, 190, 190), 2)
        cv2.line(img, tuple(int(v) for v in c), tuple(int(v) for v in d), (190, 190, 190), 2)
    return img


def test_the_board_outline_is_found_with_its_corners():
    corners = np.array([[200.0, 90.0], [470.0, 130.0], [430.0, 400.0], [160.0, 360.0]])
    quads = edge_region_quads(_board_on_table(corners))
    assert quads
    # the margin's outline (the board's) is among them, tl first, within a few px of each corner
    near = [np.abs(q - corners).max() for q in quads]
    assert min(near) <= 4.0


def test_a_plain_picture_has_no_outline():
    assert edge_region_quads(np.full((200, 300, 3), 90, np.uint8)) == []


def test_a_disc_is_no_quadrilateral():
    img = np.full((300, 300, 3), 90, np.uint8)
    cv2.circle(img, (150, 150), 90, (20, 200, 20), -1)
    assert edge_region_quads(img) == []
