"""A straight four read as empty that may be the grey piece seen by its shaded side (``dimgrey``)."""

import pytest

from visolve.errors import ReadError
from visolve.puzzles.genius_square.colours import EMPTY, Square
from visolve.puzzles.genius_square.dimgrey import near_faint, no_dim_grey_piece

#: scene 66 of seed 6 with its left labels read where they stand: the grey piece on A2-A5, its shaded
#: side darker than the board; A2 a hundredth too colourful, A3 a hundredth too dark to be faint
SHADED_SIDE = {(1, 0): ((-0.31, -0.24, -0.22), False), (2, 0): ((-0.33, -0.27, -0.26), False),
               (3, 0): ((-0.23, -0.2, -0.16), True), (4, 0): ((-0.1, -0.06, -0.02), False)}


def _board(four: dict) -> list[list[Square]]:
    """Squares all read empty at the board's colour but ``four`` ((colour, faint) by square)."""
    return [[Square(EMPTY, colour=four.get((r, c), ((0.0, 0.0, 0.0), False))[0],
                    faint=four.get((r, c), (None, False))[1]) for c in range(6)] for r in range(6)]


def test_just_past_the_faint_window_is_near_faint():
    assert near_faint((-0.31, -0.24, -0.22)) and near_faint((-0.33, -0.27, -0.26))


def test_inside_the_faint_window_or_far_past_it_is_not():
    assert not near_faint((-0.17, -0.19, -0.2))  # read empty and not faint there: flat, in shade
    assert not near_faint((-0.4, -0.4, -0.44)) and not near_faint((-0.05, -0.05, -0.05))
    assert not near_faint((-0.3, -0.1, -0.2))  # colourful


def test_the_grey_pieces_shaded_side_just_past_faint_is_a_doubt():
    with pytest.raises(ReadError, match="four squares in a row read as empty, 3 of them faint"):
        no_dim_grey_piece(_board(SHADED_SIDE), "smartgames")


def test_flat_squares_in_shade_are_no_doubt():
    shade = {cell: ((-0.17, -0.19, -0.2), False) for cell in SHADED_SIDE}
    no_dim_grey_piece(_board(shade), "smartgames")
