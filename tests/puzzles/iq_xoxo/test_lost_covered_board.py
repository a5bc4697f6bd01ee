"""A board covered whole, its pieces and tab one blob, cut off the page by a shadow and the fold (issue
25, new unseen seed 463): spread 75, board 9's pieces (54 squares with its tab) lay beyond the page's
region around board 10, and looked at on the page's hull they were left out as a blob larger than a
board (a desk's colour): the spread was read as board 10 alone, a misread.  A blob counts up to
``marks.MOST`` squares, as large as a covered board with its tab can be."""

import pytest

from visolve.puzzles.iq_xoxo.board import COLS, ROWS
from visolve.puzzles.iq_xoxo.page import missed
from visolve.puzzles.iq_xoxo.page.marks import MOST
from visolve.puzzles.iq_xoxo.reader import read
from tests.puzzles.unseen import refused_and_was_misread


def test_a_covered_board_with_its_tab_is_no_larger_than_a_blob_counted():
    assert COLS * ROWS + 4 < MOST  # 50 squares and a tab of about four


@pytest.mark.slow
def test_seed_463_spread_75_is_refused_and_was_misread(monkeypatch):
    refused_and_was_misread(monkeypatch, "iq-xoxo", read, 463, 75, missed, "MOST", COLS * ROWS)
