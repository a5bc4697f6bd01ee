"""Quadrilaterals from the straight stretches of an outline (visolve.vision.straight_runs)."""

from __future__ import annotations

import cv2
import numpy as np

from visolve.vision.straight_runs import quads_from_lines, straight_lines


def _outline(mask: np.ndarray) -> np.ndarray:
    contours, _ = cv2.findContours(mask.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    return max(contours, key=cv2.contourArea)


def _joined() -> np.ndarray:
    """A 200 x 100 px rectangle joined to a disc overlapping its bottom left corner."""
    mask = np.zeros((400, 400), np.uint8)
    mask[100:200, 150:350] = 1
    cv2.circle(mask, (150, 240), 70, 1, -1)
    return mask


def test_a_rectangle_joined_to_a_disc_is_found_from_what_is_left_of_its_sides():
    lines = straight_lines(_outline(_joined()), 12)
    quads = quads_from_lines(lines)
    assert quads
    best = quads[0][0]
    want = np.array([(150, 100), (350, 100), (350, 200), (150, 200)], np.float64)
    # the same corners in some order round the quad, within 2 px (pixel edges, the simplification)
    dist = np.linalg.norm(best[:, None] - want[None], axis=2).min(axis=1)
    assert dist.max() < 3


def test_a_side_broken_by_the_join_is_one_line():
    mask = np.zeros((300, 400), np.uint8)
    mask[100:200, 50:350] = 1
    mask[190:260, 150:220] = 1  # a lump through the bottom side's middle
    lines = straight_lines(_outline(mask), 12)
    bottom = [s for s in lines if abs(s.line[1]) < 0.05 and abs(s.line[3] - 199) < 3]
    assert len(bottom) == 1 and len(bottom[0].ends) == 2


def test_a_disc_alone_gives_no_quadrilateral_holding_its_stretches():
    mask = np.zeros((400, 400), np.uint8)
    cv2.circle(mask, (200, 200), 120, 1, -1)
    quads = quads_from_lines(straight_lines(_outline(mask), 12))
    for quad, support in quads:  # chords of the circle never make up much of a quad's sides
        assert support < 0.5 * cv2.arcLength(quad.astype(np.float32).reshape(-1, 1, 2), True)


def test_a_stretch_along_the_pictures_edge_is_no_side():
    mask = np.zeros((300, 400), np.uint8)
    mask[0:150, 0:250] = 1  # a shape cut off by the picture's top left corner
    outline = _outline(mask)
    assert len(straight_lines(outline, 12)) == 4
    kept = straight_lines(outline, 12, frame=(400, 300))
    assert len(kept) == 2 and not quads_from_lines(kept)
