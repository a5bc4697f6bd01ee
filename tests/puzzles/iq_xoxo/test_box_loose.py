"""With colours widened, no piece is made mostly of squares without a clear mark (a piece is
known by its marks)."""

from __future__ import annotations

import pytest

from visolve.errors import ReadError
from visolve.puzzles.iq_xoxo.board import mark
from visolve.puzzles.iq_xoxo.box.squares import MAX_LOOSE, UNCLEAR, BoxSquare, covers


def _row_of_i(unclear: set) -> dict:
    """The I along row 0, columns 0-4, its colour cast so that only the widened colours allow it
    (T nearest, which no straight row of five is); the ``unclear`` squares without a clear mark."""
    def square(c):
        if c in unclear:
            return BoxSquare("piece", "?", ("T",), f"{UNCLEAR} (X 0.05 / O 0.02)", ("T", "I"))
        return BoxSquare("piece", mark(0, c), ("T",), "", ("T", "I"))
    return {(0, c): square(c) for c in range(5)}


def test_a_cast_piece_with_two_unclear_marks_is_read_with_the_widened_colours():
    assert MAX_LOOSE == 2
    assert covers(_row_of_i({3, 4})) == [{(0, c): "I" for c in range(5)}]


def test_a_cast_piece_lying_mostly_on_unclear_squares_is_refused():
    # the sides of tall pieces over the floor, their colours widened: a piece of their own
    with pytest.raises(ReadError, match="no set of pieces"):
        covers(_row_of_i({1, 2, 3}))
