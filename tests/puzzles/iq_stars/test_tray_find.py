"""Finding the tops of pieces standing in the tray: a pale ring as white as its middle."""

import cv2
import numpy as np

from visolve.puzzles.iq_stars.plastic import balanced, classify_plastic
from visolve.puzzles.iq_stars.tray_find import find_tops

TRAY = (75, 60, 65)  # BGR: a greyish navy, under the coloured rings' saturation


def _picture(ring) -> np.ndarray:
    """A tray with a red top (its white middle ringed by red) and a top whose ring is ``ring``."""
    img = np.full((1000, 1000, 3), TRAY, np.uint8)
    cv2.circle(img, (200, 300), 40, (40, 40, 220), -1)
    cv2.circle(img, (200, 300), 20, (235, 235, 240), -1)
    cv2.circle(img, (400, 300), 40, ring, -1)
    cv2.circle(img, (400, 300), 20, (225, 215, 240), -1)
    return img


def _found(img) -> list[tuple[int, int, str]]:
    _work, tops = find_tops(img)
    return sorted((round(t.x), round(t.y), classify_plastic(balanced(t)).name) for t in tops)


def test_a_pale_ring_as_white_as_its_middle_still_rings_a_top():
    # a pale violet ring in a light's glow (seed 29 scene 41: saturation 0.29-0.32, 0.77-0.80
    # of the local light) passes for white: middle and ring make one blob ringed by the tray,
    # no top; its middle, brighter than the ring, is looked for again inside it
    got = _found(_picture((180, 130, 185)))
    assert [(x, y) for x, y, _c in got] == [(200, 300), (400, 300)]
    assert got[1][2] == "v"


def test_a_light_blob_without_a_brighter_middle_is_no_top():
    # the blob looked at again holds no middle brighter than its ring: nothing is found there
    img = _picture((180, 130, 185))
    cv2.circle(img, (400, 300), 20, (180, 130, 185), -1)
    assert [(x, y) for x, y, _c in _found(img)] == [(200, 300)]
