"""A page seen steeply: its squares foreshortened past what the finder takes for a square.

A board seen about 45 degrees off shows its squares 1.4-1.5 times as long as wide, beyond the
finder's square-like blobs (``first_look.SQUARE_ASPECT`` 1.35): no board is found, and the page
was refused though its board is plainly seen.  A picture neither reader finds a board in is looked
at again with blobs up to ``first_look.STEEP_ASPECT`` (``reader._seen_steeply``).
"""

import cv2
import numpy as np

from visolve.puzzles.iq_xoxo.page.boards import read_boards
from visolve.puzzles.iq_xoxo.page.first_look import SQUARE_ASPECT, STEEP_ASPECT, planes, rough_look
from visolve.puzzles.iq_xoxo.reader import read
from visolve.testing.scenes import scene_case


def _squashed_board(pitch: float = 22.0, squash: float = 0.7) -> np.ndarray:
    """One board of 5 x 10 grey squares on a white page, squeezed across to ``squash`` of its
    width (a board seen about 45 degrees off, its squares about ``1 / squash`` times as tall as wide)."""
    page = np.full((int(9 * pitch), int(14 * pitch), 3), 246, np.uint8)
    gap = 0.07 * pitch
    for r in range(5):
        for c in range(10):
            x, y = 2 * pitch + c * pitch, 2 * pitch + r * pitch
            top_left = (int(round(x + gap)), int(round(y + gap)))
            bottom_right = (int(round(x + pitch - gap)), int(round(y + pitch - gap)))
            cv2.rectangle(page, top_left, bottom_right, (206, 206, 204), -1)
    page = cv2.resize(page, None, fx=squash, fy=1.0, interpolation=cv2.INTER_AREA)
    return cv2.GaussianBlur(page, (0, 0), 0.7)


def test_squashed_squares_give_a_pitch_only_when_looked_at_as_steep():
    grey, coloured = planes(_squashed_board())[:2]
    assert rough_look(grey, coloured) is None  # about 1.45 times as tall as wide: no square at 1.35
    look = rough_look(grey, coloured, aspect=STEEP_ASPECT)
    assert look is not None
    assert 0.7 * 22.0 < look[0] < 22.0  # between the squeezed and the upright pitch
    assert SQUARE_ASPECT < 1 / 0.7 < STEEP_ASPECT


def test_a_board_seen_steeply_is_read():
    # seed 89 scene 76: one board 460 px wide, its squares 13 x 19 px on the working copy
    case = scene_case("iq-xoxo", 76, 89)
    readings, _weight = read_boards(case.image)
    assert not readings  # the finder sees no board at its square-like blobs
    assert read(case.image, case.name) == case.truth[0]
