"""A tab's block is whole: a bold digit's body wider than the closing leaves no hole in its inside."""

import numpy as np

from visolve.puzzles.iq_xoxo.board import COLS
from visolve.puzzles.iq_xoxo.draw import PAGE, draw_tab
from visolve.puzzles.iq_xoxo.page import tab_number


def _tab_view(number: int) -> np.ndarray:
    """A tab view (:data:`tab_number.TAB_REGION` at :data:`tab_number.TAB_PITCH`) of the painter's tab."""
    u0, v0, u1, v1 = tab_number.TAB_REGION
    p = tab_number.TAB_PITCH
    img = np.empty((int(round((v1 - v0) * p)), int(round((u1 - u0) * p)), 3), np.uint8)
    img[:] = PAGE
    draw_tab(img, -u0 * p, -v0 * p, p, number)
    return img.astype(np.float32)


def test_a_white_body_wider_than_the_closing_is_inside_the_tab():
    # scenes seed 0 page 74: a bold 2's body left a hole in the tab's block, the 2 cut to the ink
    # around the hole and matched at 0.34
    img = _tab_view(1)
    page = np.asarray(PAGE, np.float32)
    (x, y, w, h), _inside = tab_number._tab_box(img, page)
    side = tab_number.TAB_PITCH // 2  # wider than the closing joins (a third of the pitch)
    cx, cy = x + w // 2, y + h // 2
    img[cy - side // 2: cy + side // 2, cx - side // 2: cx + side // 2] = page
    (x, y, w, h), inside = tab_number._tab_box(img, page)
    assert inside[cy - y - side // 2: cy - y + side // 2, cx - x - side // 2: cx - x + side // 2].all()


def test_the_painters_tabs_read_with_their_holes_filled():
    page = np.asarray(PAGE, np.float32)
    for number in (1, 8, 40, 88, 108):
        assert tab_number.read_tab(_tab_view(number), page) == number
