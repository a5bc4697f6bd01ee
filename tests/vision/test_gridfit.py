"""vision.gridfit: a grid placed roughly is moved onto its printed lines."""

from __future__ import annotations

import cv2
import numpy as np

from visolve.vision.geometry import map_points
from visolve.vision.gridfit import fit_to_lines
from visolve.vision.view import corners_homography

CORNERS = np.array([[140.0, 100.0], [470.0, 130.0], [450.0, 420.0], [120.0, 400.0]])


def _printed_grid() -> np.ndarray:
    """A dark board with a light 6 x 6 grid of lines seen in perspective, a light square on it
    (a piece's top: wide, no line)."""
    img = np.full((520, 600, 3), (40, 30, 25), np.uint8)
    hom = corners_homography(CORNERS, 6, 6)
    for k in range(7):
        a, b = map_points(hom, [(k, 0), (k, 6)]), map_points(hom, [(0, k), (6, k)])
        cv2.line(img, tuple(int(round(v)) for v in a[0]), tuple(int(round(v)) for v in a[1]), (190, 190, 185), 2)
        cv2.line(img, tuple(int(round(v)) for v in b[0]), tuple(int(round(v)) for v in b[1]), (190, 190, 185), 2)
    cv2.fillConvexPoly(img, np.round(map_points(hom, [(2.1, 2.1), (2.9, 2.1), (2.9, 2.9), (2.1, 2.9)])).astype(np.int32),
                       (60, 200, 230))
    return img


def test_a_grid_off_by_a_fifth_of_a_square_comes_onto_its_lines():
    img = _printed_grid()
    true = corners_homography(CORNERS, 6, 6)
    pitch = 55.0  # about a square's side (px)
    off = CORNERS + pitch * np.array([[0.2, -0.15], [-0.2, 0.1], [0.15, 0.2], [-0.1, -0.2]])
    fitted, before, after = fit_to_lines(img, corners_homography(off, 6, 6), 6, 6)
    assert after > before
    got = map_points(fitted, [(0, 0), (6, 0), (6, 6), (0, 6)])
    assert np.abs(got - map_points(true, [(0, 0), (6, 0), (6, 6), (0, 6)])).max() < 0.08 * pitch


def test_a_grid_on_its_lines_stays():
    img = _printed_grid()
    true = corners_homography(CORNERS, 6, 6)
    fitted, before, after = fit_to_lines(img, true, 6, 6)
    assert after >= before
    assert np.abs(map_points(fitted, [(0, 0), (6, 6)]) - map_points(true, [(0, 0), (6, 6)])).max() < 2.0
