"""The box under its closed clear lid: a logo over a few squares, settled by the cover."""

from __future__ import annotations

import numpy as np
import pytest

from visolve.errors import ReadError
from visolve.puzzles.iq_xoxo.board import EMPTY, mark
from visolve.puzzles.iq_xoxo.box.pieces import rows_of
from visolve.puzzles.iq_xoxo.box.squares import NO_COLOUR, BoxSquare

SOLVED = ("NIIIIILVVV", "NWWLLLLZZV", "NNWWTPPPZV", "UNUWTPPYZZ", "UUUTTTYYYY")
#: some of the solved box's pieces: the rest of the tray is floor
PART = tuple("".join(ch if ch in "LVZTPY" else EMPTY for ch in row) for row in SOLVED)


def _seen(rows, against=(), no_colour=()):
    """Squares read off an upright box showing ``rows``: the ``against`` ones with the other mark
    (a logo's X or O over them), the ``no_colour`` ones of no piece's colour (a badge over them)."""
    out = {}
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if (r, c) in no_colour:
                out[(r, c)] = BoxSquare("?", "?", (), f"{NO_COLOUR} (nearest I, 50 away)")
            elif ch == EMPTY:
                out[(r, c)] = BoxSquare("empty", "")
            else:
                seen = mark(r, c) if (r, c) not in against else {"X": "O", "O": "X"}[mark(r, c)]
                out[(r, c)] = BoxSquare("piece", seen, (ch,))
    return out


def test_a_mark_outvoted_by_the_others_is_settled_by_the_cover():
    assert rows_of(_seen(PART, against={(0, 7)})) == PART


def test_squares_of_no_pieces_colour_are_settled_by_the_cover_floor_or_piece():
    assert rows_of(_seen(PART, no_colour={(0, 0), (0, 8), (2, 1)})) == PART  # floor, piece, floor


def test_more_hidden_squares_than_a_piece_minus_one_are_refused():
    with pytest.raises(ReadError, match="r0c7"):
        rows_of(_seen(PART, against={(0, 7)}, no_colour={(0, 8), (0, 9), (1, 9), (2, 9)}))


def test_marks_split_about_evenly_are_still_refused():
    against = {(r, c) for r in range(2, 5) for c in range(5, 10) if PART[r][c] != EMPTY}
    with pytest.raises(ReadError, match="X/O pattern"):
        rows_of(_seen(PART, against=against))


def test_a_closed_box_whose_logo_lies_over_the_pieces_reads():
    from visolve.puzzles.iq_xoxo.box.reader import read_box
    from visolve.testing.scenes import xoxo_box

    rng = np.random.default_rng([1, 54])
    rng.random()  # the draw that made scene 54 of seed 1 a box scene
    image, level = xoxo_box.scene(rng, "scenes/box/box-54.jpg", closed=True)
    assert read_box(image, level.source).rows == level.rows
