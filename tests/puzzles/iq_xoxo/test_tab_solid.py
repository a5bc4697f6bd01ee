"""A pale tab broken open by a digit near its edge is looked for again, less far from the page."""

import cv2
import numpy as np
import pytest

from visolve.puzzles.iq_xoxo.draw import PAGE
from visolve.puzzles.iq_xoxo.page import tab_number

#: picture px a square of the board the tab stands on
PITCH = 40.0


def pale_tab(value: int, halo: float) -> np.ndarray:
    """A tab view with ``value`` written bold in the page's colour on a grey tab 0.4 far from it (a
    share of its brightness), around the digits a paler box ``halo`` far (their blur into a pale
    tab) reaching the tab's top edge."""
    u0, v0, u1, v1 = tab_number.TAB_REGION
    p = tab_number.TAB_PITCH
    h, w = int(round((v1 - v0) * p)), int(round((u1 - u0) * p))
    img = np.empty((h, w, 3), np.uint8)
    img[:] = PAGE

    def grey(far: float) -> tuple:
        return tuple(int(round(c - far * max(PAGE) / np.sqrt(3))) for c in PAGE)

    y0, tall = h - 52, 30
    scale = cv2.getFontScaleFromHeight(cv2.FONT_HERSHEY_SIMPLEX, tall)
    (tw, _th), _b = cv2.getTextSize(str(value), cv2.FONT_HERSHEY_SIMPLEX, scale, 6)
    cv2.rectangle(img, (w // 2 - 60, y0), (w // 2 + 60, h - 4), grey(0.4), -1)
    cv2.rectangle(img, (w // 2 - tw // 2 - 4, y0), (w // 2 + tw // 2 + 4, y0 + tall + 12), grey(halo), -1)
    cv2.putText(img, str(value), (w // 2 - tw // 2, y0 + tall + 6), cv2.FONT_HERSHEY_SIMPLEX, scale,
                tuple(int(c) for c in PAGE), 6, cv2.LINE_AA)
    return cv2.GaussianBlur(img.astype(np.float32), (0, 0), 1.0)


def solidity(img: np.ndarray) -> float:
    """The share of its convex hull the tab's block covers at the first of the tab distances."""
    page = np.asarray(PAGE, np.float32)
    far = np.sqrt(((img - page) ** 2).sum(axis=2)) / float(page.max()) > tab_number.TAB_DISTANCES[0]
    return tab_number._far_block(far)[2]


def test_a_pale_tab_broken_open_by_its_digits_is_found_whole():
    img = pale_tab(4, halo=0.25)
    assert solidity(img) < tab_number.TAB_SOLID  # the digit's pale box opens the tab's top edge
    assert tab_number.read_tab(img, PAGE, PITCH) == 4


def test_a_solid_tab_is_found_at_the_first_distance():
    img = pale_tab(4, halo=0.4)
    assert solidity(img) >= tab_number.TAB_SOLID
    assert tab_number.read_tab(img, PAGE, PITCH) == 4
