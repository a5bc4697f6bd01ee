"""Boards all but covered by pieces: their tab joined to their top row's pieces, their gaps mostly
inside pieces, the same board outlined twice (open booklets [0, 1008] and [0, 1019])."""

import numpy as np
import pytest

from visolve.puzzles.iq_xoxo.page import boards
from visolve.puzzles.iq_xoxo.page.finder import Found
from visolve.puzzles.iq_xoxo.page.parts import board_parts, loose_tabs
from visolve.puzzles.iq_xoxo.page.reading import MIN_GRID, PLACED_GRID, BoardReading
from visolve.testing.scenes import xoxo


def test_a_tab_standing_a_few_px_above_its_boards_pieces_is_a_tab():
    pitch = 20.0
    coloured = np.zeros((220, 320), bool)
    coloured[80:180, 50:250] = True  # a board covered by pieces
    coloured[57:77, 125:175] = True  # its tab, 3 px above it (the marks' closing joins them)
    coloured[62:72, 140:146] = False  # a white digit
    grey = np.full(coloured.shape, 240, np.uint8)
    tabs = board_parts(grey, coloured, pitch).tabs
    assert not any(np.hypot(*(t - (150, 67))) < pitch for t in tabs)  # joined: no tab-shaped blob
    got = loose_tabs(tabs, coloured, pitch)
    assert sum(np.hypot(*(t - (150, 67))) < pitch / 2 for t in got) == 1


def test_a_window_placed_from_a_tab_needs_fewer_gaps(monkeypatch):
    asked = []
    monkeypatch.setattr(boards, "read_board", lambda picture, corners, squares, least, tabs_on=None: asked.append(least))
    quad = np.array([(10.0, 10.0), (110.0, 10.0), (110.0, 60.0), (10.0, 60.0)])
    picture = np.zeros((80, 120, 3), np.uint8)
    boards._read_group(picture, [Found(quad, 10.0, np.zeros((0, 2)), tentative=True), Found(quad, 10.0, np.zeros((0, 2)))])
    assert asked == [PLACED_GRID, MIN_GRID] and PLACED_GRID < MIN_GRID


def test_a_board_whose_squares_read_shadows_a_second_outline_of_it():
    quad = np.array([(0.0, 0.0), (100.0, 0.0), (100.0, 50.0), (0.0, 50.0)])
    doubt = BoardReading(None, rows=("." * 10,) * 5, tab_doubt=True, quad=quad, error="digit 1 unclear")
    off = BoardReading(None, error="a board-like block shows gaps between only 22% of its squares", quad=quad + (30, 5))
    elsewhere = BoardReading(None, error="square r0c0", quad=quad + (300, 0))
    assert boards.unshadowed([doubt, off, elsewhere]) == [doubt, elsewhere]


@pytest.mark.parametrize("i", [19])
def test_a_board_under_ten_pieces_is_read_from_its_tab(i):
    # open booklet 19: board 16 (48 squares under 10 pieces, 2 grey squares washed out) was outlined
    # only askew (gaps between 15-24 % of its squares); its window placed from the tab shows 33 %
    picture, levels = xoxo.open_booklet(np.random.default_rng([0, 1000 + i]))
    truth = {lv.level: lv.rows for lv in levels}
    readings, stray = boards.read_boards(picture)
    assert stray == 0 and len(readings) == 12
    assert any(r.rows == truth[16] for r in readings)


def test_two_boards_read_side_by_side_shadow_an_outline_across_both():
    # held-out kind, seed 3 open booklet 14: boards 49 and 50 a third of a square apart were also
    # outlined as one across the gap (its middle on neither), and the page of 12 read was refused
    quad = np.array([(0.0, 0.0), (100.0, 0.0), (100.0, 50.0), (0.0, 50.0)])
    left = BoardReading(None, rows=("." * 10,) * 5, tab_doubt=True, quad=quad, error="digit 1 unclear")
    right = BoardReading(None, rows=("." * 10,) * 5, tab_doubt=True, quad=quad + (103, 0), error="digit 1 unclear")
    across = BoardReading(None, error="square r0c4 of the view: neither grey nor a piece colour", quad=quad + (56.5, 0))
    assert boards.on_boards(across.quad, [left.quad.astype(np.float32), right.quad.astype(np.float32)]) == 0.9
    assert boards.unshadowed([left, across, right]) == [left, right]
    # with one of them read, 40 % of it lies on a board read: it stays (a board may stand beside a board)
    assert boards.unshadowed([left, across]) == [left, across]
    assert boards.on_boards(across.quad, []) == 0.0
