"""Grey squares whose gaps blur almost away: neighbours a little farther apart than their size
says are still linked, and squares run together into one ink blob are cut at the faint gaps."""

import cv2
import numpy as np

from visolve.puzzles.iq_xoxo.page.parts import board_parts
from visolve.puzzles.iq_xoxo.page.first_look import SQUARE_SHARE, planes
from visolve.puzzles.iq_xoxo.page.lattice import find_lattice


def test_neighbours_up_to_the_step_bound_are_linked():
    # open booklet 19: a board's lower rows measured 15-18 px squares 23.3 px apart (rounded
    # corners, a dot left out of the area): steps of 1.20-1.24 local pitches, within STEP's
    # 1.25, were dropped by the 0.2 slack meant for links across squares; the board was not found
    pitch, side = 23.3, 16.5
    centres = np.array([(20 + c * pitch, 20 + r * pitch) for r in range(2) for c in range(6)], np.float64)
    sides = np.full(len(centres), side)
    blank = np.zeros((100, 200), np.uint8)
    lattice = find_lattice(centres, sides, blank, blank + 240, blank, pitch, SQUARE_SHARE)
    assert 1.2 < pitch / (side / SQUARE_SHARE) < 1.25
    assert lattice.grouped.all()  # every square linked to its neighbours


def _faint_gaps(pitch: float = 21.0, lift: int = 3) -> np.ndarray:
    """A 5 x 10 board of grey squares on a white page whose gaps are only ``lift`` levels lighter
    than the squares (blurred, washed out), a white dot on every other square."""
    page = np.full((int(9 * pitch), int(14 * pitch), 3), 244, np.uint8)
    x0, y0 = 2 * pitch, 2 * pitch
    g = 0.08 * pitch
    cv2.rectangle(page, (int(x0 + g), int(y0 + g)), (int(x0 + 10 * pitch - g), int(y0 + 5 * pitch - g)),
                  (208 + lift,) * 3, -1)  # the gaps between the squares, not around the board
    for r in range(5):
        for c in range(10):
            x, y = x0 + c * pitch, y0 + r * pitch
            cv2.rectangle(page, (int(x + g), int(y + g)), (int(x + pitch - g), int(y + pitch - g)), (208,) * 3, -1)
            if (r + c) % 2 == 0:
                cv2.circle(page, (int(x + pitch / 2), int(y + pitch / 2)), int(0.1 * pitch), (250,) * 3, -1)
    return cv2.GaussianBlur(page, (0, 0), 0.8)


def test_squares_run_together_are_cut_at_faint_gaps():
    # open booklet 18: gaps 1.5 px wide and a few levels lighter ran the squares of three boards
    # into blocks (no grey square seen: the boards were outlined half a square off, or not at all);
    # here gaps 1-2 px wide, 10 levels lighter, blurred: none seen before, 38 of 50 after
    grey, coloured, dull = planes(_faint_gaps(lift=10))
    assert len(board_parts(grey, coloured, 21.0, dull).centres) < 10  # the first look: no squares
    parts = board_parts(grey, coloured, 21.0, dull, split=True)  # boards outlined further: cut apart
    assert len(parts.centres) >= 30
    assert np.all(np.abs(parts.sides / (SQUARE_SHARE * 21.0) - 1) < 0.5)


def test_the_split_pass_reuses_the_first_look_at_the_ink():
    # the split pass labelled the whole ink again (board_parts(split=True)), as long as the first
    # pass on a refused spread: now the squares run together are cut from the first parts' ink
    from visolve.puzzles.iq_xoxo.page.parts import with_runs_split

    grey, coloured, dull = planes(_faint_gaps(lift=10))
    first = board_parts(grey, coloured, 21.0, dull)
    cut = with_runs_split(first, grey, 21.0, dull)
    fresh = board_parts(grey, coloured, 21.0, dull, split=True)
    assert len(cut.centres) >= 30 and np.array_equal(cut.centres, fresh.centres)
    assert np.array_equal(cut.labels, fresh.labels) and np.array_equal(cut.square, fresh.square)
    g2, c2, _d2 = planes(_faint_gaps(lift=60))  # clear gaps: nothing run together, the same parts back
    clear = board_parts(g2, c2, 21.0)
    assert with_runs_split(clear, g2, 21.0) is clear
