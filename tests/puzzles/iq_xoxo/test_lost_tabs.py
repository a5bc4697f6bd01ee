"""What counts as a board's tab lost on a page: its distance measured in its nearest board's own pitch."""

import cv2
import numpy as np

from visolve.puzzles.iq_xoxo.page.missed import Coarse, board_distance, lost_boards


def _quad(x0: float, y0: float, side: float) -> np.ndarray:
    """A 10 x 5 board's quad (tl tr br bl), squares ``side`` px apart, its top-left at (x0, y0)."""
    return np.array([(x0, y0), (x0 + 10 * side, y0), (x0 + 10 * side, y0 + 5 * side), (x0, y0 + 5 * side)], np.float64)


def test_distances_are_in_the_nearest_boards_own_pitch_or_the_pages():
    big, small = _quad(10, 10, 20.0), _quad(300, 10, 5.0)  # the page's pitch is 10
    dist = board_distance((200, 400), [big, small], 10.0)
    assert np.isclose(dist[150, 110], 2.0, atol=0.05)  # 40 px below the big board: 2 of its pitches
    assert np.isclose(dist[20, 360], 1.0, atol=0.05)  # 10 px right of the small one: the page's pitch


def _page(side: float, tab_gap: float) -> tuple[Coarse, np.ndarray, np.ndarray]:
    """A white page with one board of squares ``side`` px apart (the page's pitch 10) and a tab
    ``tab_gap`` px below it; the coarse copy :func:`lost_boards` looks at, the tab's centre, the quad."""
    h, w = 260, 320
    light = np.full((h, w), 230, np.uint8)
    colour = np.zeros((h, w), bool)
    quad = _quad(40, 40, side)
    cv2.fillConvexPoly(light, np.round(quad).astype(np.int32), 170)
    top = int(quad[2, 1] + tab_gap)
    colour[top:top + 17, 100:146] = True  # a tab, about 2.3 x 0.85 of the big board's pitch
    flat = np.zeros((h, w), bool)
    tab = np.array([[123.0, top + 8.0]])
    return Coarse(1.0, 10.0, colour, light, flat), tab, quad


def test_a_large_boards_own_tab_is_not_lost():
    # randomized scene seed 0 page 14: a spread seen at a slant, its nearest board 1.5 times the
    # page's pitch; its tab reached past 1.5 of the page's pitches, counted as pieces lost, and the
    # page, every board read, was refused
    small, tab, quad = _page(20.0, 14.0)  # the tab's middle 22 px (1.1 board pitches) off the board
    assert lost_boards(small, tab, [quad]) == 0


def test_a_tab_as_far_from_a_board_of_the_pages_pitch_is_lost():
    small, tab, quad = _page(10.0, 14.0)  # the same 22 px: 2.2 pitches of this board
    assert lost_boards(small, tab, [quad]) == 1

