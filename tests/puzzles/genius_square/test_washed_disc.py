"""A disc washed out by glare (its centre brighter than WASHED_OUT) whose corners show the board is
read by the disc test, not left as "anything at all" (scene 51 of seed 1: discs on A5, A6, F5 and F6
read where the tops show, n about (0.78, 1.28, 1.45), each left with every option, and the shapes
could not settle the board)."""

import numpy as np

from visolve.puzzles.genius_square.colours import EMPTY, WASHED_OUT, WOOD, classify, prototypes

WASHED_DISC = np.array([0.78, 1.28, 1.45])  # measured, scene 51 of seed 1 (Happy Puzzle board)
BOARD = np.zeros(3)


def test_a_washed_out_disc_with_the_board_at_its_corners_is_a_blocker():
    assert float(WASHED_DISC.mean()) > WASHED_OUT
    got = classify(WASHED_DISC, [BOARD] * 4, prototypes("happy-puzzle"), "happy-puzzle")
    assert got.symbol == WOOD, got


def test_a_washed_out_square_with_its_corners_filled_is_still_anything():
    """Corners as bright as the centre (a cube, or glare all over the square): every option stays."""
    got = classify(WASHED_DISC, [WASHED_DISC] * 4, prototypes("happy-puzzle"), "happy-puzzle")
    assert got.symbol == "" and EMPTY in got.options and WOOD in got.options and "7" in got.options, got
