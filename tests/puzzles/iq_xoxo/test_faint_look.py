"""The faint look (:mod:`visolve.puzzles.iq_xoxo.page.faint_look`): a board whose gaps between
squares are only a few grey levels lighter than the squares (small boards in a blurred photo,
issue #25) is seen by it, though the first look runs its squares together and sees none."""

import cv2
import numpy as np

from visolve.puzzles.iq_xoxo.page.faint_look import edge_look, faint_look
from visolve.puzzles.iq_xoxo.page.first_look import (MIN_RANGE, RIDGE_STEP, ROUGH_ENOUGH, WORK_SIDE, closer_planes,
                                                    edged_planes, on_grid, planes, rough_look)

PITCH, GAP = 14, 2  #: a small board's squares at the working copy's scale (px)


def _page(gap_light: int) -> np.ndarray:
    """A light page (1000 x 700) with two 5 x 10 boards of grey squares whose gaps are
    ``gap_light`` grey levels lighter than the squares."""
    page = np.full((700, 1000, 3), 235, np.uint8)
    for x0, y0 in ((100, 100), (450, 400)):
        board = page[y0:y0 + 5 * PITCH, x0:x0 + 10 * PITCH]
        board[:] = 200 + gap_light
        for r in range(5):
            for c in range(10):
                board[r * PITCH:(r + 1) * PITCH - GAP, c * PITCH:(c + 1) * PITCH - GAP] = 200
    return page


#: the gaps drawn lighter than the squares: the denoising takes a grey level off a 2 px line,
#: which then stands RIDGE_STEP over the squares, no gap to the first look (lighter by more)
FAINT = RIDGE_STEP + 1


def test_faint_gaps_hide_the_squares_from_the_first_look():
    """Without this the test below proves nothing."""
    grey, coloured, _dull = planes(_page(FAINT))
    assert rough_look(grey, coloured) is None


def test_the_faint_look_sees_the_squares():
    work = _page(FAINT)
    made = planes(work)
    look = faint_look(work, 1.0, lambda: made)
    assert look is not None
    pitch, centres = look
    assert abs(pitch - PITCH) < 0.15 * PITCH
    # squares on both boards: enough to look for the boards from (the finder's crop spans both)
    assert len(centres) >= ROUGH_ENOUGH
    assert centres[:, 0].min() < 250 and centres[:, 0].max() > 450


def test_a_plain_page_shows_no_squares():
    work = np.full((700, 1000, 3), 235, np.uint8)
    made = planes(work)
    assert faint_look(work, 1.0, lambda: made) is None


#: a warm light clipping red and green on the page and the squares alike: the squares show in
#: the blue channel alone, 1.5 times the ink's least light range below the page (BGR)
CLIPPED_PAGE, BLUE_SQUARE = (255, 255, 255), (round(255 * (1 - 1.5 * MIN_RANGE)), 255, 255)


def _clipped_page() -> tuple[np.ndarray, float]:
    """A picture (1400 x 2048) of a clipped page with two boards whose squares show in blue alone,
    squares 2 PITCH apart (PITCH on the working copy), and the working copy's scale."""
    page = np.full((1400, 2048, 3), CLIPPED_PAGE, np.uint8)
    for x0, y0 in ((200, 200), (900, 800)):
        for r in range(5):
            for c in range(10):
                y, x = y0 + 2 * r * PITCH, x0 + 2 * c * PITCH
                page[y:y + 2 * (PITCH - GAP), x:x + 2 * (PITCH - GAP)] = BLUE_SQUARE
    return page, WORK_SIDE / 2048


def test_squares_seen_in_one_channel_alone_are_seen_by_the_faint_look():
    image, f = _clipped_page()
    work = cv2.resize(image, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
    made = planes(work)
    mean = image.astype(np.float64).mean(axis=2)  # the channels' mean keeps too little of them
    assert mean.max() - mean.min() < MIN_RANGE * 255
    assert rough_look(made[0], made[1]) is None and rough_look(made[2], made[1], 1) is None
    look = faint_look(image, f, lambda: made)
    assert look is not None
    pitch, centres = look
    assert abs(pitch - PITCH) < 0.15 * PITCH and len(centres) >= ROUGH_ENOUGH


#: near-white squares (7 % below a white page in blue alone, issue #25: seed 17 page 16) and
#: dark pieces beside every one of them, blurred: the pieces' pale edges pass for uncoloured
NEAR_WHITE, PIECE, EDGE_BLUR = (236, 250, 255), (200, 110, 30), 1.5


def _near_white_page() -> tuple[np.ndarray, float]:
    """A picture (1400 x 2048) of a white page with two boards of near-white squares 2 PITCH apart,
    every third column covered by a dark piece, blurred; and the working copy's scale."""
    page = np.full((1400, 2048, 3), 255, np.uint8)
    p, g = 2 * PITCH, 2 * GAP
    for x0, y0 in ((200, 200), (900, 800)):
        for r in range(5):
            for c in range(10):
                y, x = y0 + r * p, x0 + c * p
                if c % 3 == 0:
                    page[y - g // 2:y + p - g // 2, x - g // 2:x + p - g // 2] = PIECE
                else:
                    page[y:y + p - g, x:x + p - g] = NEAR_WHITE
    return cv2.GaussianBlur(page, (0, 0), EDGE_BLUR), WORK_SIDE / 2048


def test_near_white_squares_beside_pieces_are_seen_by_the_edge_look_alone():
    image, f = _near_white_page()
    work = cv2.resize(image, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
    made, closer = planes(work), closer_planes(image, f)
    assert rough_look(made[0], made[1]) is None
    assert faint_look(image, f, lambda: made, lambda: closer) is None  # the pieces' edges darken the reference
    look = edge_look(image, f, lambda: closer)
    assert look is not None
    pitch, centres = look
    assert abs(pitch - PITCH) < 0.15 * PITCH and on_grid(centres, pitch) >= ROUGH_ENOUGH


def test_the_boards_only_the_edge_look_sees_are_looked_for_on_its_planes():
    from visolve.puzzles.iq_xoxo.page import finder

    image, _f = _near_white_page()
    _work, _f2, work_planes, look, made = finder._looked(image)
    assert look is not None and made is edged_planes
    assert len(work_planes()) == 3
    # a page another look sees keeps the usual planes
    assert finder._looked(_page(FAINT))[4] is planes
