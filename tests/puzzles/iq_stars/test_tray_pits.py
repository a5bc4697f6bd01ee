"""The tray's plane seen straight on for pits: not blurred by the far corners of a photo at an angle."""

import cv2
import numpy as np

from visolve.puzzles.iq_stars import tray
from visolve.puzzles.iq_stars.tray_pits import MAP_PITCH, plane_view
from visolve.testing.scenes import scene_case
from visolve.vision.geometry import map_points
from visolve.vision.view import sample


def _tilted() -> tuple[np.ndarray, np.ndarray]:
    """A 400 px picture of a plane seen at a steep angle (40 px a unit round metric (0, 0), at
    picture (200, 200)) with a dark disc of 0.3 units at metric (0, 0)."""
    hom = np.array([[40.0, 0.0, 200.0], [0.0, 40.0, 200.0], [0.0, 0.1, 1.0]])
    work = np.full((400, 400, 3), 200, np.uint8)
    middle = map_points(hom, [[0.0, 0.0]])[0]
    cv2.circle(work, (int(middle[0]), int(middle[1])), 12, (30, 30, 30), -1)
    return work, hom


def test_a_steep_planes_far_corners_do_not_blur_the_view():
    # the plane looked at reaches far past the picture (its corners thousands of px out of it):
    # measured over the whole plane, the picture would be shrunk to a few px (seed 29 scene 23)
    work, hom = _tilted()
    extent = (-6.0, -9.0, 6.0, 6.0)
    corners = map_points(hom, [[-6.0, -9.0], [6.0, -9.0], [6.0, 6.0], [-6.0, 6.0]])
    assert np.abs(corners).max() > 2000  # the case the view must stand
    view = plane_view(work, hom, extent)
    x, y = int(6.0 * MAP_PITCH), int(9.0 * MAP_PITCH)
    assert view.shape[:2] == (15 * MAP_PITCH, 12 * MAP_PITCH)
    assert view[y - 1 : y + 2, x - 1 : x + 2].max() < 60  # the disc kept dark
    assert view[y + 12, x + 12].min() > 180  # the plane round it kept light
    assert sample(work, hom, extent, MAP_PITCH)[y, x].min() > 60  # what a whole-plane shrink gives


def test_a_tray_at_a_steep_angle_reads_exactly():
    # seed 29 scene 23: the plane's view had shrunk the picture to 1.5 %, and 8 of 16 free
    # pits were unseen
    case = scene_case("iq-stars", 23, 29)
    assert tray.read_tray(case.image, case.name) == case.truth[0]
