"""A board read on a copy of its picture (its light evened) takes its tab's number from the picture."""

import numpy as np

from visolve.puzzles.iq_xoxo.board import COLS, ROWS
from visolve.puzzles.iq_xoxo.draw import GAP, PAGE, draw_board, draw_tab, page_size, solid
from visolve.puzzles.iq_xoxo.page.reading import read_board
from visolve.puzzles.iq_xoxo.testing import sample_levels

LEVEL = sample_levels()[0]
P = 40.0


def _page(number: int | None) -> tuple[np.ndarray, np.ndarray]:
    """A page showing LEVEL with a tab of ``number`` (None: no tab), and the squares' outer corners."""
    w, h = page_size(1, P, 1)
    img = solid(h, w, PAGE)
    x0, y0 = 1.5 * P, 2.0 * P
    draw_board(img, x0, y0, P, LEVEL.rows)
    if number is not None:
        draw_tab(img, x0, y0, P, number)
    g = GAP * P / 2
    corners = np.array([(x0 + g, y0 + g), (x0 + COLS * P - g, y0 + g), (x0 + COLS * P - g, y0 + ROWS * P - g),
                        (x0 + g, y0 + ROWS * P - g)])
    return img, corners


def test_the_tab_is_read_on_the_picture_the_squares_on_the_copy():
    picture, corners = _page(7)
    copy, _ = _page(9)  # the copy's tab shows another number: only the picture's counts
    reading = read_board(copy, corners, tabs_on=picture)
    assert reading is not None and reading.level is not None, reading and reading.error
    assert reading.level.level == 7 and reading.level.rows == LEVEL.rows


def test_without_the_picture_the_copy_s_own_tab_is_read():
    _picture, corners = _page(7)
    copy, _ = _page(9)
    reading = read_board(copy, corners)
    assert reading is not None and reading.level is not None and reading.level.level == 9


def test_a_copy_whose_squares_differ_is_read_by_its_own_squares():
    # the squares come from the copy: a board blanked on the picture still reads on the copy
    copy, corners = _page(7)
    picture = solid(*copy.shape[:2], PAGE)
    draw_tab(picture, 1.5 * P, 2.0 * P, P, 7)
    reading = read_board(copy, corners, tabs_on=picture)
    assert reading is not None and reading.level is not None and reading.level.rows == LEVEL.rows
