"""Boards placed beside the boards read (issue #25): a blurred board found from its neighbour."""

import cv2
import numpy as np

from visolve.puzzles.iq_xoxo.board import COLS, ROWS
from visolve.puzzles.iq_xoxo.draw import GAP, board_origins, draw_page
from visolve.puzzles.iq_xoxo.page.neighbours import neighbour_quads
from visolve.puzzles.iq_xoxo.testing import sample_levels

P = 20.0


def _quad(x: float, y: float) -> np.ndarray:
    g = GAP / 2 * P
    return np.array([(x + g, y + g), (x + COLS * P - g, y + g), (x + COLS * P - g, y + ROWS * P - g),
                     (x + g, y + ROWS * P - g)])


def _page() -> tuple[np.ndarray, list[np.ndarray]]:
    """A page of two boards side by side, the right one blurred (its squares' gaps all but gone)."""
    levels = sample_levels()[:2]
    page = draw_page(levels, p=P, per_row=2)
    (x0, y0), (x1, y1) = board_origins(2, P, 2)
    right = page[:, int(x1 - P):]
    page[:, int(x1 - P):] = cv2.GaussianBlur(right, (0, 0), 0.2 * P)
    return page, [_quad(x0, y0), _quad(x1, y1)]


def test_a_blurred_board_is_placed_beside_the_board_read():
    page, (left, right) = _page()
    windows = neighbour_quads(page, [left], [left])
    assert windows, "no window beside the board read"
    # on the blurred board: its pieces pull the alignment a little (0.29 squares at one corner);
    # the reader fits the window further, a window a square off reads as no board
    assert np.abs(windows[0] - right).max() < 0.4 * P
    assert all(np.abs(w.mean(axis=0) - left.mean(axis=0)).max() > P for w in windows)  # none on the board read


def test_no_window_on_the_desk_beyond_the_page():
    page, (left, right) = _page()
    x = int(right[0, 0] - 0.5 * P)
    page[:, x:] = (40, 35, 30)  # the page ends beyond the left board: a dark desk
    assert neighbour_quads(page, [left], [left]) == []


def test_nothing_is_placed_without_a_board_read():
    page, _quads = _page()
    assert neighbour_quads(page, [], []) == []


def test_blurred_boards_of_a_spread_are_read_beside_the_board_read():
    from visolve.puzzles.iq_xoxo.page.boards import read_boards
    from visolve.testing.scenes import scene_case

    # seed 0 scene 13: a blurred spread, boards 9-20 px a square; the finder outlined two of six
    # and read one (67); its neighbours 68 and 69 (and 66, its tab in doubt) are placed beside it
    case = scene_case("iq-xoxo", 13, 0)
    truth = {level.level: level.rows for level in case.truth}
    readings, _weight = read_boards(case.image)
    read = {r.level.level: r.level.rows for r in readings if r.level is not None}
    assert {67, 68, 69} <= set(read)
    assert all(truth[number] == rows for number, rows in read.items())  # no misread


def test_a_board_washed_out_by_glare_is_placed_beside_the_board_read():
    # seed 0 scenes 5 and 13: glare lightens the page over a board past the light around the board
    # read, its squares left a few grey levels darker than the light lines around them: taken
    # against the page's light around the board read, they were all page
    levels = sample_levels()[:2]
    page = draw_page(levels, p=P, per_row=2)
    (x0, y0), (x1, y1) = board_origins(2, P, 2)
    left, right = _quad(x0, y0), _quad(x1, y1)
    washed = page[:, int(x1 - P):].astype(np.float32)
    page[:, int(x1 - P):] = np.clip(washed * 0.12 + 228, 0, 255).astype(np.uint8)  # light 228-255
    assert page[:, int(x1 - P):].min() >= 228
    windows = neighbour_quads(page, [left], [left])
    assert windows, "no window beside the board read"
    assert np.abs(windows[0] - right).max() < 0.4 * P
