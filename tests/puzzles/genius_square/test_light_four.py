"""The grey piece drawn lighter than its palette's grey (issue 25, new unseen seed 269): scene 76, a
SmartGames drawing whose grey piece on A1-D1 read (0.32, 0.35, 0.35), nearest no piece, each square
"empty or a disc", was settled empty by the roll and read without the grey piece (a misread); a
straight four that may be empty, of one flat neutral grey lighter than the board, is now a doubt."""

from dataclasses import replace

import pytest

from visolve.errors import ReadError
from visolve.puzzles.genius_square import dimgrey
from visolve.puzzles.genius_square.colours import EMPTY, Square
from visolve.puzzles.genius_square.dimgrey import light_four, no_dim_grey_piece
from tests.puzzles.genius_square.unseen import refused_and_was_misread

WOOD = "#"


def _board(four: dict, options=(EMPTY, WOOD)):
    """Squares read empty at the board's colour, but ``four`` (colour by square) read as ``options``."""
    return [[Square("", colour=four[(r, c)], options=options) if (r, c) in four else Square(EMPTY, colour=(0.0,) * 3)
             for c in range(6)] for r in range(6)]


LIGHT = {(0, c): (0.32, 0.35, 0.35) for c in range(4)}


def test_a_flat_light_grey_four_that_may_be_empty_is_found_and_a_doubt():
    assert light_four(_board(LIGHT)) == [(0, 0), (0, 1), (0, 2), (0, 3)]
    with pytest.raises(ReadError, match="one flat grey, lighter than the board"):
        no_dim_grey_piece(_board(LIGHT), "smartgames")


def test_glare_coloured_uneven_dark_or_surely_read_fours_are_not():
    uneven = {cell: (0.3 + 0.03 * k, 0.33, 0.33) for k, cell in enumerate(LIGHT)}  # light is smooth, not flat
    coloured = {cell: (0.2, 0.35, 0.5) for cell in LIGHT}
    dim = {cell: (0.1, 0.1, 0.1) for cell in LIGHT}  # within EMPTY_MAX: the faint rules weigh it
    for four in (uneven, coloured, dim):
        assert light_four(_board(four)) is None
    assert light_four(_board(LIGHT, options=(WOOD, "9"))) is None  # not empty: the shapes weigh it
    faint = _board(LIGHT)
    faint[0][2] = replace(faint[0][2], faint=True)  # uneven within the square: glare's, the faint rules'
    assert light_four(faint) is None


@pytest.mark.slow
def test_seed_269_scene_76_is_refused_and_was_misread(monkeypatch):
    refused_and_was_misread(monkeypatch, 269, 76, dimgrey, "light_four", lambda squares: None,
                            match="one flat grey, lighter than the board")
