"""The page at a square's corners, a corner tinted by a piece's colour left out.

Each square's body is white-balanced by the page at its corners
(:func:`visolve.puzzles.iq_xoxo.page.empty_grey.local_pages`).  On a small board seen
steeply, its outline a third of a square off, a grey square in the bend of a green L had
three corners showing the green: balanced by them, its grey turned magenta and was read as a
piece, and the L as an N (seed 79, scene 50, board 69: a misread).  A corner tinted against
the board's page (:data:`~visolve.puzzles.iq_xoxo.page.empty_grey.PAGE_TINT`) is no page.
"""

import numpy as np
import pytest

from visolve.errors import PartialRead
from visolve.puzzles.iq_xoxo.board import COLS, ROWS
from visolve.puzzles.iq_xoxo.page import empty_grey
from visolve.puzzles.iq_xoxo.reader import read
from visolve.testing.scenes import held_out_case, scene_case

PAGE = np.array([175.0, 197.0, 199.0])
GREEN = np.array([60.0, 175.0, 140.0])


def _corners(colour=PAGE) -> np.ndarray:
    return np.broadcast_to(np.asarray(colour, np.float64), (ROWS + 1, COLS + 1, 3)).copy()


def test_a_corner_tinted_by_a_piece_is_no_page():
    corners = _corners()
    corners[1, 8] = corners[1, 9] = corners[2, 9] = (PAGE + GREEN) / 2  # the bend of an L, half green
    got = empty_grey.local_pages(corners, [(1, 8)], PAGE)[0]
    assert np.allclose(got, PAGE)
    old = empty_grey.local_pages(corners, [(1, 8)])[0]  # without the board's page: as before
    assert not np.allclose(old, PAGE)


def test_a_square_with_every_corner_tinted_takes_the_boards_page():
    corners = _corners(GREEN)
    got = empty_grey.local_pages(corners, [(2, 4), (0, 0)], PAGE)
    assert np.allclose(got, PAGE)


def test_a_page_lighter_or_darker_but_untinted_is_kept():
    corners = _corners()
    corners[:, 5:] *= 0.8  # a shadow over the right half: darker, the same colour
    got = empty_grey.local_pages(corners, [(0, 7), (0, 2)], PAGE)
    assert np.allclose(got[0], 0.8 * PAGE) and np.allclose(got[1], PAGE)


def test_the_tint_bound_lies_between_the_page_and_a_mixed_corner():
    page_cast = PAGE * np.array([1.0, 1.03, 1.08])  # a colour cast over the page, as photos show
    assert not empty_grey.page_tinted(page_cast, PAGE)
    assert empty_grey.page_tinted((PAGE + GREEN) / 2, PAGE)


@pytest.mark.slow
def test_the_l_in_a_small_steep_board_is_not_read_as_an_n():
    case = scene_case("iq-xoxo", 50, 79)
    try:
        levels = read(case.image, case.name)
    except PartialRead as part:
        levels = part.levels
    truth = {lv.level: lv.rows for lv in case.truth}
    got = {lv.level: lv.rows for lv in levels}
    assert got.get(69, truth[69]) == truth[69]
    assert all(truth[n] == rows for n, rows in got.items())


@pytest.mark.slow
def test_a_page_with_a_board_read_faint_is_outlined_further():
    # open booklet 18 of seed 0: with the tinted corners left out, two boards read at first
    # only faint (their outlines off, gaps hardly seen); taken as they were, the page was
    # outlined no further and read 11 of its 12 boards, the one the first look missed (72)
    # unseen.  Outlined further, both read sharp and 72 is found
    case = held_out_case("iq-xoxo", 18, 0)
    levels = read(case.image, case.name)
    assert sorted(lv.level for lv in levels) == sorted(lv.level for lv in case.truth)
    truth = {lv.level: lv.rows for lv in case.truth}
    assert all(truth[lv.level] == lv.rows for lv in levels)
