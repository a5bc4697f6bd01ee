"""Number tabs washed out by glare: boxes of a pale colour shaped like a tab.

Glare over part of a page fades a board's grey squares into the paper, and its pieces and
tab to pastels below the finder's colour (:data:`~.first_look.INK_SAT` of the local light):
the board is not outlined, nothing of it weighs, and the page is read without it.  Scenes
seed 271 page 91: board 52 under glare, its pieces and tab 0.12-0.20 saturated against the
light, the page read as 51 alone (a misread).  Its tab still shows as a box of faint colour
round its light digits: such a box, found as the finder finds tabs turned any way
(:func:`~.parts.turned_tabs`), weighs as a tab lost when it lies on the page away from every
board (:func:`~.missed.lost_boards`).
"""

from __future__ import annotations

import cv2
import numpy as np

from visolve.puzzles.iq_xoxo.page.first_look import local_light
from visolve.puzzles.iq_xoxo.page.outline import SPECK_SHARE, kernel
from visolve.puzzles.iq_xoxo.page.parts import MARK_SHARE, turned_tabs
from visolve.vision.light import channel_max, channel_min

#: pale: the channels' ratios to their local light differ by more than PALE_SAT of the largest
#: (the finder's colour asks 0.22).  Measured on seed 271 page 91: the washed tab 0.12-0.16, the
#: paper around it 0.02; over the 100 pages of that seed such boxes lay away from every board
#: read only on pages that weighed already, and on page 91
PALE_SAT = 0.08
#: ... and at least PALE_LIGHT of that light (a dark coloured thing on a desk is no washed tab)
PALE_LIGHT = 0.6
#: the picture is smoothed over SMOOTH pitches first (noise, and a JPEG's chroma blocks, are no colour)
SMOOTH = 0.06


def pale_tabs(picture: np.ndarray, pitch: float) -> np.ndarray:
    """Centres (px of ``picture``, BGR uint8) of the boxes of pale colour shaped like a number tab
    turned any way, squares ``pitch`` px apart: the tab's digits closed over as the finder closes a
    piece's marks (:data:`~.parts.MARK_SHARE`).  The colour is measured against each channel's
    local light (:func:`~.first_look.local_light`: a cast of the light or the page is no colour).
    A tab of the finder's colour shows here too; the caller keeps those it knows once."""
    smooth = cv2.GaussianBlur(picture, (0, 0), max(0.5, SMOOTH * pitch))
    ratio = cv2.divide(smooth, local_light(picture), dtype=cv2.CV_32F)  # the light is 8 at least
    top, low = channel_max(ratio), channel_min(ratio)  # pairwise: numpy's max over the channel axis took 8x as long
    pale = cv2.bitwise_and(cv2.compare(top - low, PALE_SAT * top, cv2.CMP_GT),
                           cv2.compare(top, PALE_LIGHT, cv2.CMP_GE))
    pale = cv2.morphologyEx(pale, cv2.MORPH_CLOSE, kernel(MARK_SHARE * pitch, cv2.MORPH_ELLIPSE))
    pale = cv2.morphologyEx(pale, cv2.MORPH_OPEN, kernel(SPECK_SHARE * pitch))
    return turned_tabs(pale, pitch)
