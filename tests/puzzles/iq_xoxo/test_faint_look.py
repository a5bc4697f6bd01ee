"""The faint look (:mod:`visolve.puzzles.iq_xoxo.page.faint_look`): a board whose gaps between
squares are only a few grey levels lighter than the squares (small boards in a blurred photo,
issue #25) is seen by it, though the first look runs its squares together and sees none."""

import numpy as np

from visolve.puzzles.iq_xoxo.page.faint_look import faint_look
from visolve.puzzles.iq_xoxo.page.first_look import RIDGE_STEP, ROUGH_ENOUGH, planes, rough_look

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
