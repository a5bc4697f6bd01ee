"""Which way up by the marks, and whether a faint block is worth a second reading (page.upright)."""

import pytest

from visolve.errors import ReadError
from visolve.puzzles.iq_xoxo.board import COLS, ROWS, mark
from visolve.puzzles.iq_xoxo.page.squares import Square
from visolve.puzzles.iq_xoxo.page.upright import CLOSE_ODD, MAX_ODD, MIN_CLEAR, came_close, marks_upright

KEYS = [(r, c) for r in range(ROWS) for c in range(COLS)]
OTHER = {"X": "O", "O": "X"}


def _squares(marks: dict) -> dict:
    """Empty squares showing ``marks`` (key -> X / O / ?)."""
    return {k: Square("empty", m, (200.0, 200.0, 200.0), 0.1, "" if m != "?" else "dot contrast 0.30")
            for k, m in marks.items()}


def _pattern(odd=(), unclear=(), turned=False) -> dict:
    out = {}
    for k in KEYS:
        m = mark(*k) if not turned else OTHER[mark(*k)]
        out[k] = "?" if k in unclear else (OTHER[m] if k in odd else m)
    return _squares(out)


def test_a_block_whose_marks_follow_the_pattern_either_way_came_close():
    assert came_close(_pattern())
    assert came_close(_pattern(turned=True))
    assert came_close(_pattern(odd=KEYS[:MAX_ODD]))


def test_a_block_refused_only_for_unclear_marks_came_close():
    # the board's page may settle the marks the corners' page left unclear
    squares = _pattern(unclear=KEYS[:len(KEYS) - MIN_CLEAR + 1])
    with pytest.raises(ReadError, match="dot contrast"):
        marks_upright(squares)
    assert came_close(squares)


def test_a_window_a_square_off_the_board_did_not_come_close():
    # every mark one column over: the pattern turned on each square, half of them odd
    shifted = _squares({(r, c): mark(r, c + 1) if c % 2 else mark(r, c) for r, c in KEYS})
    with pytest.raises(ReadError, match="X/O pattern"):
        marks_upright(shifted)
    assert not came_close(shifted)


def test_a_few_marks_more_than_are_left_out_came_close():
    # 4 against 39 (short of ODD_RATIO): the board's page may turn a dot or two
    squares = _pattern(odd=KEYS[:MAX_ODD], unclear=KEYS[-(len(KEYS) - MAX_ODD - 39):])
    with pytest.raises(ReadError, match="X/O pattern"):
        marks_upright(squares)
    assert came_close(squares)
    assert came_close(_pattern(odd=KEYS[:CLOSE_ODD]))


def test_more_marks_against_the_pattern_than_close_did_not_come_close():
    assert not came_close(_pattern(odd=KEYS[:CLOSE_ODD + 1]))
    assert not came_close(_pattern(odd=KEYS[:CLOSE_ODD + 1], turned=True))
