"""A digit's shape free of its strokes' width: a thin digit is named as a bold one is."""

import cv2
import numpy as np
import pytest

from visolve.vision.digit_shape import HOLES, confirms, holes, vote


def _drawn(digit: str, thickness: int, font: int = cv2.FONT_HERSHEY_COMPLEX) -> np.ndarray:
    """A digit drawn in a Hershey face the shape bank does not hold, ``thickness`` px wide (ink)."""
    img = np.zeros((140, 140), np.uint8)
    cv2.putText(img, digit, (35, 105), font, cv2.getFontScaleFromHeight(font, 70), 255, thickness, cv2.LINE_AA)
    return img > 127


@pytest.mark.parametrize("digit", "123689")
def test_holes_of_plain_digits(digit):
    assert holes(_drawn(digit, 6)) == HOLES[int(digit)]


def test_a_slashed_zero_is_never_confirmed():
    ink = _drawn("0", 6)  # Hershey's 0 is slashed: two holes, an 8's count
    assert holes(ink) == 2 and not confirms(ink, 0)


def test_a_speck_is_no_hole():
    ink = np.ones((40, 30), bool)
    ink[10, 10] = False  # one pixel of ground: a speck
    assert holes(ink) == 0
    ink[15:25, 8:22] = False
    assert holes(ink) == 1


@pytest.mark.parametrize("thickness", [3, 6, 9])
def test_a_three_is_named_three_thin_or_bold(thickness):
    ink = _drawn("3", thickness)
    assert vote(ink).skeleton[0] == 3 and vote(ink).chamfer[0] == 3
    assert confirms(ink, 3)
    assert not confirms(ink, 8)  # an 8's left arcs are missing, and its holes


def test_an_eight_is_not_confirmed_as_a_three_or_a_zero():
    ink = _drawn("8", 6)
    assert confirms(ink, 8)
    assert not confirms(ink, 3) and not confirms(ink, 0)


def test_no_ink_confirms_nothing():
    assert not confirms(np.zeros((20, 12), bool), 1)


def test_a_six_shut_at_the_top_has_an_eights_holes_but_a_sixs_skeleton():
    img = np.zeros((140, 140), np.uint8)
    cv2.putText(img, "6", (35, 105), 255, cv2.FontFace("sans"), 70, 900)
    ys, xs = np.nonzero(img)
    cv2.line(img, (int(xs.max()) - 6, int(ys.min()) + 6), (int(xs.max()) - 4, int(ys.min()) + 30), 255, 9)
    seen = vote(img > 127)
    assert seen.holes == 2  # the top's gap is shut: an 8 by its holes
    assert seen.chamfer[0] == 6  # the skeleton lies nearest a 6's (an 8 read so is held back)
