"""The page finder's first look: the squares' pitch where their gaps are only a pixel or two wide."""

import cv2
import numpy as np
import pytest

from visolve.puzzles.iq_xoxo.page.first_look import closer_look, planes, rough_look, work_copy


def _grid(pitch: float, gap: float, boards: int = 2) -> np.ndarray:
    """Boards of 5 x 10 light grey squares (a white dot on every other one) on a white page,
    squares ``pitch`` px apart with gaps of ``gap`` pitches, blurred a little like a photo."""
    width = int(boards * 12 * pitch + 2 * pitch)
    page = np.full((int(8 * pitch), width, 3), 246, np.uint8)
    for b in range(boards):
        x0, y0 = pitch + b * 12 * pitch, 2 * pitch
        for r in range(5):
            for c in range(10):
                x, y = x0 + c * pitch, y0 + r * pitch
                g = gap * pitch / 2
                corners = np.array([(x + g, y + g), (x + pitch - g, y + g), (x + pitch - g, y + pitch - g),
                                    (x + g, y + pitch - g)])
                cv2.fillConvexPoly(page, np.round(corners * 16).astype(np.int32), (206, 206, 204), cv2.LINE_AA, 4)
                if (r + c) % 2 == 0:
                    cv2.circle(page, (int((x + pitch / 2) * 16), int((y + pitch / 2) * 16)), int(0.1 * pitch * 16),
                               (252, 252, 252), -1, cv2.LINE_AA, 4)
    return cv2.GaussianBlur(page, (0, 0), 0.7)


@pytest.mark.parametrize(("pitch", "gap"), [(17.0, 0.14), (21.0, 0.12), (25.0, 0.10)])
def test_squares_with_thin_gaps_give_the_pitch(pitch, gap):
    # gaps of 2.4 - 2.5 px, blurred: the light range's middle took them for ink and the
    # squares ran together into one block
    look = rough_look(*planes(_grid(pitch, gap))[:2])
    assert look is not None and abs(look[0] - pitch) < 0.12 * pitch


def test_small_squares_are_looked_for_closer():
    # squares 12 px apart on the working copy of a wide photo (gaps of 1.5 px); a copy twice
    # as large sees them with their gaps, and gives the pitch in px of the working copy
    picture = cv2.resize(_grid(25.0, 0.12, boards=3), None, fx=2.5, fy=2.5, interpolation=cv2.INTER_LINEAR)
    picture = np.hstack([picture, np.full((picture.shape[0], 5120 - picture.shape[1], 3), 246, np.uint8)])
    work, f = work_copy(picture)
    look = closer_look(picture, f)
    assert look is not None and abs(look[0] - 62.5 * f) < 0.12 * 62.5 * f
    assert closer_look(work, 1.0) is None  # a picture no larger than the working copy
