"""A cast or a haze that moves the pieces' colours: the cover settles them with wider colours."""

from __future__ import annotations

import pytest

from visolve.errors import ReadError
from visolve.puzzles.iq_xoxo.board import EMPTY, LETTERS, mark
from visolve.puzzles.iq_xoxo.box.pieces import rows_of
from visolve.puzzles.iq_xoxo.box.squares import BoxSquare, cover, covers

SOLVED = ("NIIIIILVVV", "NWWLLLLZZV", "NNWWTPPPZV", "UNUWTPPYZZ", "UUUTTTYYYY")
#: some of the solved box's pieces: the rest of the tray is floor
PART = tuple("".join(ch if ch in "LVZTPY" else EMPTY for ch in row) for row in SOLVED)


def _seen(rows, off=(), wider=lambda ch: (ch, "N", "U")):
    """Squares read off an upright box showing ``rows``; the ``off`` ones with a colour moved
    nearer another piece's (their close candidates leave the true piece out, their wider ones
    keep it)."""
    out = {}
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch == EMPTY:
                out[(r, c)] = BoxSquare("empty", "")
            else:
                near = ("N",) if (r, c) in off else (ch,)
                out[(r, c)] = BoxSquare("piece", mark(r, c), near, "", tuple(dict.fromkeys(wider(ch))))
    return out


def test_colours_moved_off_their_piece_are_settled_by_the_wider_colours():
    # three squares of the red Y read nearer the pink N: no cover with the close colours alone
    assert rows_of(_seen(PART, off={(3, 7), (4, 6), (4, 9)})) == PART


def test_wider_colours_that_allow_two_ways_are_refused():
    # every square allowing every piece: the part's squares are covered more than one way
    squares = _seen(PART, off={(0, 6)}, wider=lambda ch: LETTERS)
    assert len(cover({k: LETTERS for k, s in squares.items() if s.kind == "piece"})) == 2
    with pytest.raises(ReadError, match="no set of pieces"):
        covers(squares)


def test_without_wider_colours_no_cover_stays_a_refusal():
    with pytest.raises(ReadError, match="no set of pieces"):
        rows_of(_seen(PART, off={(3, 7)}, wider=lambda ch: ()))


def test_four_pale_squares_of_a_hazed_light_piece_are_settled_by_the_cover():
    # the light blue V under the closed lid's haze: four of its squares pale, without a clear mark
    squares = _seen(PART)
    for k in ((0, 7), (0, 8), (1, 9), (2, 9)):
        squares[k] = BoxSquare("pale", "?", ("V", "Z"), "neither the floor nor a piece", ("V", "Z"))
    assert rows_of(squares) == PART
    squares[(0, 9)] = BoxSquare("pale", "?", ("V", "Z"), "neither the floor nor a piece", ("V", "Z"))
    with pytest.raises(ReadError, match="r0c7"):  # five: a whole piece might be the floor
        rows_of(squares)
