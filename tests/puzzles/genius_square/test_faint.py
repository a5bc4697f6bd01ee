"""A piece as faint on its board as glare: brown on a maroon board."""

import numpy as np

from visolve.puzzles.genius_square.colours import EMPTY, classify, prototypes
from visolve.puzzles.genius_square.faint import faint_piece
from visolve.puzzles.genius_square.reader import read
from visolve.testing.scenes import scene_case

#: the maroon board of seed 17's scene 9 as balanced by its label ink (BGR)
MAROON = np.array([67.0, 42.0, 128.0])
#: a brown cube's square there as read (units of n): under OBJECT_MIN in every channel
FAINT_BROWN = np.array([-0.14, 0.19, 0.14])
BROWN_CORNERS = [FAINT_BROWN * f for f in (0.9, 1.0, 0.95, 1.05)]
BOARD_CORNERS = [np.array([0.01, 0.0, 0.02]), np.array([0.0, 0.01, -0.01]),
                 np.array([0.02, 0.02, 0.0]), np.array([-0.01, 0.0, 0.01])]


def test_a_faint_brown_cube_on_a_maroon_board_is_brown():
    """It was a doubt: "too faint for a piece or a blocker, too bright for an empty square"."""
    square = classify(FAINT_BROWN, BROWN_CORNERS, prototypes("smartgames", MAROON), "smartgames")
    assert square.symbol == "2" and not square.doubt


def test_with_its_corners_the_board_it_stays_a_doubt():
    """A cube fills its square: a faint colour whose corners show the board is no cube."""
    square = classify(FAINT_BROWN, BOARD_CORNERS, prototypes("smartgames", MAROON), "smartgames")
    assert not square.symbol and square.doubt


def test_brown_is_not_faint_on_the_navy_board():
    """On the navy board brown stands well clear of OBJECT_MIN: a square this faint is no cube of it."""
    assert faint_piece(FAINT_BROWN, BROWN_CORNERS, prototypes("smartgames")) == ""
    assert classify(FAINT_BROWN, BROWN_CORNERS, prototypes("smartgames"), "smartgames").doubt


def test_a_grey_lift_is_no_faint_piece():
    """Glare on the board lifts every channel alike: no piece's colour, faint or not."""
    grey = np.array([0.17, 0.18, 0.19])
    square = classify(grey, [grey] * 4, prototypes("smartgames", MAROON), "smartgames")
    assert square.symbol in ("", EMPTY) and faint_piece(grey, [grey] * 4, prototypes("smartgames", MAROON)) == ""


def test_the_maroon_board_of_seed_17_scene_9_reads():
    """Refused before at its brown piece's squares, "too faint" (n = (-0.14, 0.2, 0.14))."""
    case = scene_case("genius-square", 9, 17)
    assert read(case.image, case.name) == case.truth[0]
