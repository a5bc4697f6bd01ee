"""Discs a maroon board makes look grey: wood or empty, for the dice's count to settle."""

import numpy as np
import pytest

from visolve.puzzles.genius_square.colours import EMPTY, WOOD, classify, prototypes
from visolve.puzzles.genius_square.greywood import grey_wood
from visolve.puzzles.genius_square.reader import read
from visolve.testing.scenes import scene_case

#: the maroon board of seed 17's scene 48 as balanced by its label ink (BGR)
MAROON = (39.5, 54.4, 124.7)
#: one of that scene's discs as read (units of n), and corners showing the board
GREYED_DISC = np.array([0.47, 0.62, 0.58])
BOARD_CORNERS = [np.array([0.01, 0.01, 0.01]), np.array([0.02, 0.0, -0.02]),
                 np.array([0.03, 0.02, 0.0]), np.array([0.6, 0.7, 0.8])]


def test_a_greyed_disc_on_a_maroon_board_is_wood_or_empty():
    """Its channels are close (grey, as glare gives), and it was a doubt: "not wood"."""
    square = classify(GREYED_DISC, BOARD_CORNERS, prototypes("smartgames", MAROON), "smartgames")
    assert not square.doubt and not square.symbol
    assert square.options == (EMPTY, WOOD)


def test_the_same_grey_on_a_black_board_is_no_greyed_wood():
    """The black board leaves the grey piece grey: there a grey centre may be it, in glare."""
    assert not grey_wood(GREYED_DISC, prototypes("happy-puzzle"))
    assert grey_wood(GREYED_DISC, prototypes("smartgames", MAROON))


def test_a_board_shade_is_no_greyed_wood():
    """A centre darker than the board in some channel is no wood in any light."""
    assert not grey_wood(np.array([0.3, 0.4, -0.05]), prototypes("smartgames", MAROON))


@pytest.mark.parametrize("seed, index", [(17, 48), (17, 55)])
def test_maroon_boards_with_greyed_discs_read(seed, index):
    """Refused before: "its corners show the board, but colour (0.47, 0.62, 0.58) is not wood"."""
    case = scene_case("genius-square", index, seed)
    assert read(case.image, case.name) == case.truth[0]
