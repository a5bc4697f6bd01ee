"""The grey piece drawn a shade off a board as grey as it (issue 25, new unseen seed 239): scene 3, a
SmartGames drawing whose grey piece's four squares read (-0.05, -0.01, 0.02) and every other empty
square (0, 0, 0), was read without the grey piece (a misread); it is now refused."""

import numpy as np
import pytest

from visolve.errors import ReadError
from visolve.puzzles.genius_square import dimgrey
from visolve.puzzles.genius_square.colours import EMPTY, Square
from visolve.puzzles.genius_square.dimgrey import apart_four, no_dim_grey_piece
from visolve.puzzles.genius_square.reader import read
from visolve.testing.scenes import scene_case


def _board(colours: dict[tuple[int, int], tuple[float, float, float]], rest=(0.0, 0.0, 0.0)):
    """Squares all read empty, ``colours`` giving some their centres' ``n``, the others ``rest``."""
    return [[Square(EMPTY, colour=colours.get((r, c), rest)) for c in range(6)] for r in range(6)]


FOUR = {(0, c): (-0.05, -0.01, 0.02) for c in range(4)}


def test_four_in_a_row_of_one_colour_unlike_the_other_empty_squares_are_found():
    assert apart_four(_board(FOUR)) == [(0, 0), (0, 1), (0, 2), (0, 3)]
    down = {(r, 5): (0.04, 0.04, 0.04) for r in range(1, 5)}
    assert apart_four(_board(down)) == [(1, 5), (2, 5), (3, 5), (4, 5)]
    with pytest.raises(ReadError, match="square A1: four squares in a row read as empty are of one colour"):
        no_dim_grey_piece(_board(FOUR), "smartgames")


def test_a_four_like_the_board_or_unlike_itself_is_no_grey_piece():
    assert apart_four(_board({(0, c): (0.02, 0.02, 0.02) for c in range(4)})) is None  # under APART_FOUR
    uneven = {(0, c): (0.05 + 0.01 * c, 0.05, 0.05) for c in range(4)}  # 0.03 apart: light, not paint
    assert apart_four(_board(uneven)) is None
    lit = _board(FOUR)
    lit[5][5] = Square(EMPTY, colour=(0.08, 0.0, 0.0))  # another empty square as far off: the light varies
    assert apart_four(lit) is None
    full = [[Square("3", colour=(0.5, 0.5, 0.5)) for _c in range(6)] for _r in range(6)]
    full[0][:4] = [Square(EMPTY, colour=FOUR[(0, c)]) for c in range(4)]
    assert apart_four(full) is None  # no other empty square to tell the board's colour


def test_a_board_of_one_even_colour_is_no_grey_piece():
    rng = np.random.default_rng(0)
    noisy = [[Square(EMPTY, colour=tuple(np.round(rng.normal(0, 0.02, 3), 2))) for _c in range(6)] for _r in range(6)]
    assert apart_four(noisy) is None


def test_seed_239_scene_3_is_refused_and_was_misread(monkeypatch):
    case = scene_case("genius-square", 3, 239)
    with pytest.raises(ReadError, match="of one colour, unlike every other empty square"):
        read(case.image, case.name)
    monkeypatch.setattr(dimgrey, "APART_FOUR", np.inf)  # as before: no such four is ever found
    assert read(case.image, case.name) != case.truth[0]  # the misread
