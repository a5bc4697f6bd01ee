"""Blurred boards (issue #25): which way up from the marks, unclear marks and a few against the
rest left out; a board whose gaps are not seen read when its squares read."""

import pytest

from visolve.errors import ReadError
from visolve.puzzles.iq_xoxo.board import COLS, ROWS, mark
from visolve.puzzles.iq_xoxo.page.upright import MAX_ODD, MIN_CLEAR, marks_upright
from visolve.puzzles.iq_xoxo.page.squares import Square

KEYS = [(r, c) for r in range(ROWS) for c in range(COLS)]


def _board(odd=(), unclear=(), turned=False) -> dict:
    """Every square empty, its mark as the pattern has it (the other when ``turned``), but the
    squares ``odd`` (the other mark) and ``unclear`` (``?``)."""
    other = {"X": "O", "O": "X"}
    out = {}
    for k in KEYS:
        m = mark(*k) if not turned else other[mark(*k)]
        if k in odd:
            m = other[m]
        out[k] = Square("empty", "?" if k in unclear else m, (200.0, 200.0, 200.0), 0.1, "dot contrast 0.30")
    return out


def test_marks_all_following_the_pattern_either_way():
    assert marks_upright(_board()) is True
    assert marks_upright(_board(turned=True)) is False


def test_a_few_marks_against_the_rest_are_left_out():
    assert marks_upright(_board(odd=KEYS[:MAX_ODD])) is True
    assert marks_upright(_board(odd=KEYS[:MAX_ODD], turned=True)) is False


def test_more_marks_against_the_rest_are_named():
    with pytest.raises(ReadError, match="X/O pattern at r0c0 r0c1 r0c2 r0c3"):
        marks_upright(_board(odd=KEYS[:MAX_ODD + 1]))


def test_marks_left_out_need_enough_marks_agreeing():
    left = len(KEYS) - MIN_CLEAR
    assert marks_upright(_board(unclear=KEYS[:left])) is True
    with pytest.raises(ReadError, match=r"square r0c0 of the view: dot contrast 0.30"):
        marks_upright(_board(unclear=KEYS[:left + 1]))
    with pytest.raises(ReadError, match="X/O pattern at r4c9"):
        marks_upright(_board(unclear=KEYS[:left], odd=KEYS[-1:]))


def _gapless_board(p: int = 30):
    """A drawn board whose light lines between squares are lost (nearly as grey as the squares: a
    blurred photo's show gaps between 0 - 25 % of its squares), its level and squares' outer corners."""
    import numpy as np

    from visolve.puzzles.iq_xoxo.draw import GAP, PAGE, SQUARE, board_origins, draw_page
    from visolve.puzzles.iq_xoxo.testing import sample_levels

    level = sample_levels()[0]
    page = draw_page([level], p=p, per_row=1)
    (x, y), = board_origins(1, p, 1)
    inside = page[int(y):int(y + ROWS * p), int(x):int(x + COLS * p)]
    inside[(inside == PAGE).all(axis=2)] = np.add(SQUARE, 4)
    g = GAP * p / 2
    corners = np.array([(x + g, y + g), (x + COLS * p - g, y + g), (x + COLS * p - g, y + ROWS * p - g),
                        (x + g, y + ROWS * p - g)])
    return page, level, corners


def test_a_board_that_shows_few_gaps_reads_when_its_squares_read():
    from visolve.puzzles.iq_xoxo.page.reading import MIN_GRID, PLACED_GRID, read_board

    page, level, corners = _gapless_board()
    for least in (MIN_GRID, PLACED_GRID):
        reading = read_board(page, corners, None, least)
        assert reading is not None and reading.level == level
        assert reading.faint == (least == MIN_GRID)  # outlined: counts only when no sharper outline reads


def test_a_block_that_shows_few_gaps_and_does_not_read_is_refused_by_its_gaps():
    from visolve.puzzles.iq_xoxo.draw import PIECE_BGR
    from visolve.puzzles.iq_xoxo.page.reading import MIN_GRID, read_board

    p = 30
    page, _level, corners = _gapless_board(p)
    x, y = corners[0]
    page[int(y + 2 * p):int(y + 3 * p), int(x + 2 * p):int(x + 3 * p)] = PIECE_BGR["I"]  # a lone blue square
    reading = read_board(page, corners, None, MIN_GRID)
    assert reading is not None and reading.level is None and "gaps between only" in reading.error
