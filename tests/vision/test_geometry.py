"""Quadrilaterals from outlines: side lines crossed, corners moved onto the pixel edges."""

import cv2
import numpy as np

from visolve.vision.geometry import grown, line_intersection, quad_from_contour


def test_line_intersection_crosses_two_lines_and_refuses_parallel_ones():
    assert np.allclose(line_intersection((1.0, 0.0, 0.0, 2.0), (0.0, 1.0, 3.0, 0.0)), (3.0, 2.0))
    assert line_intersection((1.0, 0.0, 0.0, 2.0), (1.0, 0.0, 0.0, 5.0)) is None


def test_quad_from_contour_finds_a_tilted_quadrilateral_to_a_pixel():
    corners = np.array([[40, 30], [250, 50], [240, 170], [30, 150]], np.float64)
    mask = np.zeros((220, 300), np.uint8)
    cv2.fillConvexPoly(mask, corners.astype(np.int32), 255)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    found = quad_from_contour(max(contours, key=cv2.contourArea))
    assert found is not None
    # the same corners, in the contour's own order
    nearest = [np.linalg.norm(found - c, axis=1).min() for c in corners]
    assert max(nearest) < 1.5
    assert quad_from_contour(np.zeros((5, 1, 2), np.int32)) is None


def test_grown_moves_each_corner_outwards():
    square = np.array([[0.0, 0.0], [10.0, 0.0], [10.0, 10.0], [0.0, 10.0]])
    assert np.allclose(grown(square, 0.5), [[-0.5, -0.5], [10.5, -0.5], [10.5, 10.5], [-0.5, 10.5]])
