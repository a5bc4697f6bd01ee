"""The IQ XOXO probe: a cheap first look for 5 x 10 boards of grey squares.

``probe(image)`` works on a thumbnail (long side :data:`PROBE_SIDE`) with
the finder's own steps (:func:`visolve.puzzles.iq_xoxo.page.finder.board_blocks`)
and the reader's grid check (:func:`visolve.puzzles.iq_xoxo.page.reading.grid_share`
on a small view):

* :data:`BOARD_SCORE` when a board-like block (about twice as wide as
  high, about 50 squares, filled) shows the gaps of a 10 x 5 grid;
* :data:`SQUARES_SCORE` when only grey squares on a grid (or a block
  without its grid) are seen: boards too small for the thumbnail;
* for a light, uncoloured page filling part of the picture the same
  again on a larger thumbnail (:data:`DETAIL_SIDE`: small boards), else
  :data:`PAGE_SCORE`: tried last;
* 0 otherwise.
"""

from __future__ import annotations

import cv2
import numpy as np

from visolve.puzzles.iq_xoxo.draw import GAP
from visolve.puzzles.iq_xoxo.page.quads import board_blocks
from visolve.puzzles.iq_xoxo.page.reading import MIN_GRID, page_colour, grid_share
from visolve.vision.geometry import rect_to_quad
from visolve.vision.glance import thumbnail
from visolve.vision.view import BoardView

#: long side of the probe's thumbnail (px) and pixels per square of its board views
PROBE_SIDE, PROBE_PITCH = 400, 12
BOARD_SCORE, SQUARES_SCORE, PAGE_SCORE = 0.8, 0.02, 0.005
#: a page: a share of the thumbnail within PAGE_SHARE at least PAGE_LIGHT bright and at most
#: PAGE_SAT saturated (a blank picture is no page); it is looked at again at DETAIL_SIDE
PAGE_SHARE, PAGE_LIGHT, PAGE_SAT = (0.1, 0.97), 150, 40
DETAIL_SIDE = 900
#: the page test is made white-balanced: each channel divided by its WHITE_PERCENTILE
#: (a colour cast or a dim photo of a white page is still a page)
WHITE_PERCENTILE = 98


def page_share(thumb: np.ndarray) -> float:
    """Share of ``thumb`` that is light, uncoloured page once white-balanced on its brightest pixels."""
    white = np.percentile(thumb.reshape(-1, 3), WHITE_PERCENTILE, axis=0)
    gain = 255.0 / np.maximum(white, 1.0)
    balanced = cv2.convertScaleAbs(thumb.astype(np.float32) * gain.astype(np.float32))
    hsv = cv2.cvtColor(balanced, cv2.COLOR_BGR2HSV)
    return float(((hsv[:, :, 2] >= PAGE_LIGHT) & (hsv[:, :, 1] <= PAGE_SAT)).mean())


def _shows_grid(thumb: np.ndarray, quad: np.ndarray) -> bool:
    g = GAP / 2
    hom = rect_to_quad((g, g, 10 - g, 5 - g), quad + 0.5)
    view = BoardView.from_homography(thumb, hom, 5, 10, pitch=PROBE_PITCH, margin=0.35).flat_fielded(size=1.5)
    return grid_share(view, page_colour(view)) >= MIN_GRID


def probe(image: np.ndarray) -> float:
    """How much ``image`` looks like IQ XOXO challenges: 0 (surely not) .. 1."""
    if not isinstance(image, np.ndarray) or image.ndim != 3 or min(image.shape[:2]) < 32:
        return 0.0
    picture = np.ascontiguousarray(image[:, :, :3])
    thumb = thumbnail(picture, PROBE_SIDE)
    quads, pitch = board_blocks(thumb)
    if any(_shows_grid(thumb, q) for q in quads):
        return BOARD_SCORE
    hsv = cv2.cvtColor(thumb, cv2.COLOR_BGR2HSV)
    page = float(((hsv[:, :, 2] >= PAGE_LIGHT) & (hsv[:, :, 1] <= PAGE_SAT)).mean())
    cast = not PAGE_SHARE[0] <= page <= PAGE_SHARE[1]
    if cast and not PAGE_SHARE[0] <= page_share(thumb) <= PAGE_SHARE[1]:
        return SQUARES_SCORE if pitch is not None else 0.0
    big = thumbnail(picture, DETAIL_SIDE)  # a page with small boards: a second, closer look
    quads, big_pitch = board_blocks(big)
    if any(_shows_grid(big, q) for q in quads):
        return BOARD_SCORE
    if pitch is not None or big_pitch is not None:
        return SQUARES_SCORE
    return 0.0 if cast else PAGE_SCORE
