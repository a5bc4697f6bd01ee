"""Quadrilaterals from outlines: side lines crossed, corners moved onto the pixel edges."""

import cv2
import numpy as np

from visolve.vision.geometry import (
    consensus_line,
    fit_line,
    grown,
    line_intersection,
    polygon_corners,
    quad_from_contour,
    refine_quad,
    rotated_box,
    sides_moved_out,
)


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


def _outline(mask: np.ndarray) -> np.ndarray:
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    return max(contours, key=cv2.contourArea)


def _nearest(found: np.ndarray, corners: np.ndarray) -> float:
    """The farthest any true corner lies from the nearest found one (px)."""
    return max(np.linalg.norm(found - c, axis=1).min() for c in corners)


# a board in perspective (top side shorter) with rounded corners and a tab on its top side
BOARD = np.array([[120, 80], [420, 95], [460, 300], [70, 290]], np.float64)


def _board_mask(tab: bool = True) -> np.ndarray:
    mask = np.zeros((400, 560), np.uint8)
    cv2.fillConvexPoly(mask, BOARD.astype(np.int32), 255)
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (25, 25)))
    if tab:  # a number tab standing on the top side, 40 px wide, 18 px high
        cv2.rectangle(mask, (250, 70), (290, 95), 255, -1)
    return mask


def test_fit_line_keeps_to_the_line_most_points_lie_on():
    x = np.arange(0.0, 100.0)
    points = np.stack([x, 0.5 * x + 3.0], axis=1)
    points[::10, 1] += 25.0  # one point in ten far off
    vx, vy, x0, y0 = fit_line(points)
    assert abs(vy / vx - 0.5) < 0.01
    assert abs((y0 - 0.5 * x0) - 3.0) < 0.5


def test_polygon_corners_finds_four_corners_or_none():
    outline = _outline(_board_mask(tab=False))
    rough = polygon_corners(outline)
    assert rough is not None and rough.shape == (4, 2)
    assert _nearest(rough, BOARD) < 12  # rough: the corners are rounded off
    triangle = np.zeros((200, 200), np.uint8)
    cv2.fillConvexPoly(triangle, np.array([[20, 180], [100, 20], [180, 180]], np.int32), 255)
    assert polygon_corners(_outline(triangle)) is None


def test_refine_quad_gives_the_corners_to_a_pixel_despite_rounding_and_a_tab():
    outline = _outline(_board_mask())
    from_polygon = refine_quad(outline, polygon_corners(outline))
    assert from_polygon is not None and _nearest(from_polygon, BOARD) < 1.5
    # from a rotated box (far off under perspective): all of each side first, then the band
    first = refine_quad(outline, rotated_box(outline), band=None)
    assert first is not None
    second = refine_quad(outline, first)
    assert second is not None and _nearest(second, BOARD) < 1.5


def test_refine_quad_refuses_a_side_without_points():
    outline = _outline(_board_mask(tab=False))
    far = polygon_corners(outline) + np.array([[0.0, -150.0], [0.0, -150.0], [0.0, 0.0], [0.0, 0.0]])
    assert refine_quad(outline, far) is None  # no outline point lies within the band of the moved top side
    assert refine_quad(outline, np.zeros((4, 2))) is None


def test_consensus_line_outvotes_a_lump_along_a_third_of_the_side():
    x = np.arange(0.0, 300.0)
    points = np.stack([x, np.full_like(x, 50.0)], axis=1)
    points[100:200, 1] += 6.0  # a rim lump along the middle third, 6 px off
    vx, vy, x0, y0 = consensus_line(points)
    assert abs(vy / vx) < 1e-6 and abs(y0 - 50.0) < 1e-6  # the lump's points take no part
    assert consensus_line(points[:7]) is None  # too few points to vote


def test_refine_quad_with_consensus_sides_finds_a_lumpy_rectangle():
    mask = np.zeros((300, 400), np.uint8)
    cv2.rectangle(mask, (50, 60), (350, 240), 255, -1)
    cv2.rectangle(mask, (150, 240), (250, 255), 255, -1)  # a lump on the bottom side, 15 px
    outline = _outline(mask)
    found = refine_quad(outline, rotated_box(outline), band=None, span=0.12, consensus=0.012, max_points=None)
    truth = np.array([[50, 60], [350, 60], [350, 240], [50, 240]], np.float64)
    assert found is not None and _nearest(found, truth) < 1.0


def test_clockwise_corners_start_at_the_top_left_in_any_given_order():
    from itertools import permutations

    from visolve.vision.geometry import clockwise_corners

    tilted = np.array([(100.0, 40.0), (400.0, 90.0), (380.0, 260.0), (60.0, 220.0)])  # tl, tr, br, bl
    for order in permutations(range(4)):
        assert np.array_equal(clockwise_corners(tilted[list(order)]), tilted)


def test_sides_moved_out_moves_each_side_outward():
    quad = np.array([(10, 10), (30, 10), (30, 20), (10, 20)], np.float64)
    want = np.array([(5, 5), (35, 5), (35, 25), (5, 25)], np.float64)
    assert np.allclose(sides_moved_out(quad, 5.0), want)
    assert np.allclose(sides_moved_out(quad[::-1], 5.0), want[::-1])  # either way round
