"""An empty square in a tall piece's shadow: the board's colour darkened (genius_square.shaded)."""

import numpy as np
import pytest

from visolve.puzzles.genius_square.colours import EMPTY, Square, in_shade
from visolve.puzzles.genius_square.draw import PIECE_BGR
from visolve.puzzles.genius_square.reader import read
from visolve.puzzles.genius_square.shaded import SHADE_DEPTH, shade_depth
from visolve.testing.scenes import scene_case

#: a navy board and its labels' white (BGR), as the SmartGames board is drawn
BOARD = np.array([92.0, 46.0, 26.0])
WHITE = np.array([235.0, 235.0, 235.0])


def _n(bgr) -> np.ndarray:
    return (np.asarray(bgr, np.float64) - BOARD) / (WHITE - BOARD)


def test_the_board_darkened_is_shade_of_its_depth():
    for k in (0.3, 0.55, 0.8):
        assert abs(shade_depth(_n(BOARD * k), BOARD / (WHITE - BOARD)) - (1 - k)) < 1e-9


def test_no_shade_too_light_to_name_nor_a_piece_of_another_hue():
    board = BOARD / (WHITE - BOARD)
    assert shade_depth(_n(BOARD * (1 - SHADE_DEPTH[0] / 2)), board) is None
    for piece in ("3", "6", "7", "8"):  # orange, green, yellow, red, even in shade
        assert shade_depth(_n(np.asarray(PIECE_BGR[piece]) * 0.4), board) is None


def test_a_doubt_in_shade_gets_empty_and_the_nearest_colours_as_options():
    board = BOARD / (WHITE - BOARD)
    centre = _n(BOARD * 0.5)
    doubt = Square("", "colour ... is neither clearly piece 7 nor piece 3", ranks=(("7", 0.4), ("3", 0.5), ("1", 0.9)))
    settled = in_shade(doubt, centre, board)
    assert settled.doubt == "" and settled.options == (EMPTY, "7", "3")
    sure = Square("1", ranks=(("1", 0.1),))
    assert in_shade(sure, centre, board) is sure  # a square read is left as read


@pytest.mark.parametrize("seed, i", [(1, 38), (1, 73)])
def test_an_empty_square_in_a_pieces_shadow_on_a_navy_board_reads(seed, i):
    """Scenes 38 and 73 of seed 1: an empty square in a tall piece's shadow on a navy SmartGames
    board (n about (-0.17, -0.05, -0.04), the board at 0.5-0.6 of its light) was refused as "too
    faint for a piece or a blocker"; the shapes now settle it as empty."""
    case = scene_case("genius-square", i, seed)
    assert read(case.image, case.name) == case.truth[0]
