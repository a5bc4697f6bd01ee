"""A board read is not outlined again when the finder outlines a page's boards further."""

import cv2
import numpy as np

from visolve.puzzles.iq_xoxo.page.outline import block_quads, known_block

PITCH = 10.0


def _page() -> tuple[np.ndarray, np.ndarray]:
    """A mask with one block of 10 x 5 squares (pitch 10 px) and its quad."""
    mask = np.zeros((120, 200), np.uint8)
    cv2.rectangle(mask, (40, 30), (139, 79), 255, -1)
    quad = np.array([(40.0, 30.0), (140.0, 30.0), (140.0, 80.0), (40.0, 80.0)])
    return mask, quad


def test_a_block_where_a_board_was_read_is_not_outlined_again():
    mask, quad = _page()
    assert len(block_quads(mask, PITCH)) == 1
    assert block_quads(mask, PITCH, known=[quad]) == []
    # a board known elsewhere, or of another size, leaves the block outlined
    assert len(block_quads(mask, PITCH, known=[quad + (60.0, 0.0)])) == 1
    assert len(block_quads(mask, PITCH, known=[quad * (1.0, 1.2)])) == 1


def test_known_block_asks_every_corner_within_half_a_square():
    mask, quad = _page()
    contours, _h = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    assert known_block(contours[0], [quad + (0.3 * PITCH, 0.0)], PITCH)
    assert not known_block(contours[0], [quad + (0.7 * PITCH, 0.0)], PITCH)
    assert not known_block(contours[0], [], PITCH)


def test_a_board_read_with_its_tab_joined_is_known():
    # a booklet board's block often holds its tab (a box 1.4 - 1.9 squares off the board's corners)
    mask, quad = _page()
    cv2.rectangle(mask, (75, 18), (104, 29), 255, -1)  # the tab, 1.2 squares high, on the board's top
    contours, _h = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    assert known_block(contours[0], [quad], PITCH)
    # a block holding the board and as much again beside it is not
    wide = np.zeros((120, 260), np.uint8)
    cv2.rectangle(wide, (40, 30), (239, 79), 255, -1)
    contours, _h = cv2.findContours(wide, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    assert not known_block(contours[0], [quad], PITCH)
