"""The number tab over a board read alone: read when it stands there, refused when in doubt."""

import cv2
import numpy as np
import pytest

from visolve.errors import ReadError
from visolve.vision.lone_tab import band_above, tab_over

#: the board of :func:`page_of_one`: its corners (top-left, top-right, bottom-right, bottom-left)
BOARD = np.array([[150.0, 300.0], [1050.0, 300.0], [1050.0, 800.0], [150.0, 800.0]])


def page_of_one(number, tab_centre=(600, 185)):
    """A white page of one dark board (:data:`BOARD`) under a tab showing ``number`` (none: None)."""
    page = np.full((1400, 1200, 3), 255, np.uint8)
    cv2.rectangle(page, (150, 300), (1050, 800), (60, 40, 40), -1)
    if number is not None:
        cx, cy = tab_centre
        cv2.rectangle(page, (cx - 130, cy - 55), (cx + 130, cy + 55), (60, 60, 60), -1)
        font = cv2.FONT_HERSHEY_SIMPLEX
        scale = cv2.getFontScaleFromHeight(font, 60)
        (w, h), _ = cv2.getTextSize(str(number), font, scale, 6)
        cv2.putText(page, str(number), (cx - w // 2, cy + h // 2), font, scale, (255, 255, 255), 6, cv2.LINE_AA)
    return page


def test_the_band_above_a_board_stands_on_its_top_edge_as_the_board_is_turned():
    band = band_above(BOARD)
    assert np.allclose(band, [[150, 50], [1050, 50], [1050, 300], [150, 300]])
    turned = band_above(BOARD[[2, 3, 0, 1]])  # the board upside down in the picture: its top is below
    assert turned[:, 1].min() >= 800


def test_the_tab_over_a_lone_board_names_it():
    assert tab_over(page_of_one(7), BOARD) == 7


def test_no_tab_over_the_board_leaves_it_to_the_caller():
    assert tab_over(page_of_one(None), BOARD) is None
    # a tab beside the board, not over it, is none of its
    assert tab_over(page_of_one(7, tab_centre=(600, 1100)), BOARD) is None


def test_a_board_at_the_pictures_top_has_no_band_to_look_in():
    page = page_of_one(7)[250:]
    assert tab_over(page, BOARD - [0, 250]) is None


def test_a_tab_whose_number_is_in_doubt_is_refused_never_named_by_the_file():
    f = 0.12  # the tab 13 px high: found, too small to read
    page = cv2.resize(page_of_one(8), None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
    with pytest.raises(ReadError, match="tab over the board cannot be read"):
        tab_over(page, BOARD * f)
