"""The grey piece on a grey SmartGames board whose label ink reads dim: its prototype out of true."""

import numpy as np

from visolve.puzzles.genius_square.colours import EMPTY, GREY_PIECE, WOOD, classify, lifted_grey, prototypes
from visolve.puzzles.genius_square.reader import read
from visolve.testing.scenes import scene_case

#: the grey board of seed 19's scene 20 as balanced by its dim label ink (BGR): the grey piece's
#: prototype comes out darker than the board there, (-0.36, -0.36, -0.57)
OUT_OF_TRUE = (177.0, 176.0, 184.0)
#: one of that scene's grey piece's squares as read (units of n), its corners of it too
GREY_CUBE = np.array([0.45, 0.47, 0.43])
CORNERS = [GREY_CUBE * f for f in (0.95, 1.0, 1.02, 0.97)]


def test_a_lifted_grey_no_colour_matches_is_the_grey_piece_or_glare():
    """It was a doubt: "neither clearly a wooden blocker nor piece 7 (yellow)"."""
    square = classify(GREY_CUBE, CORNERS, prototypes("smartgames", OUT_OF_TRUE), "smartgames")
    assert not square.doubt and not square.symbol
    assert square.options == (EMPTY, GREY_PIECE)


def test_a_coloured_or_dim_square_is_no_lifted_grey():
    assert not lifted_grey(np.array([0.65, 0.32, 0.65]))  # purple in glare (seed 0 scene 23): coloured
    assert not lifted_grey(np.array([0.15, 0.16, 0.15]))  # too faint for an object
    assert not lifted_grey(np.array([0.45, 0.47, 0.1]))  # one channel at the board's
    assert lifted_grey(GREY_CUBE)


def test_a_coloured_square_no_colour_matches_stays_a_doubt():
    """Seed 0 scene 23's purple cube in a coloured light on the grey board: nothing is guessed."""
    centre = np.array([0.65, 0.32, 0.65])
    square = classify(centre, [centre] * 4, prototypes("smartgames", (129.0, 114.0, 99.0)), "smartgames")
    assert square.doubt and not square.options


def test_the_grey_board_of_seed_17_scene_27_reads():
    """Refused before at F1: "colour (0.41, 0.42, 0.42) is neither clearly a wooden blocker nor piece 5"."""
    case = scene_case("genius-square", 27, 17)
    assert read(case.image, case.name) == case.truth[0]


def test_a_lifted_grey_whose_corners_show_the_board_is_glare_a_disc_or_the_grey_piece():
    """Seed 0 scene 39's grey piece end square A1 (its top seen off its square): it was a doubt, "its
    corners show the board, but colour (0.33, 0.35, 0.35) is not wood"; an empty square in glare and
    a disc with such corners are as grey (seed 0 scenes 3 and 49)."""
    square = classify(np.array([0.33, 0.35, 0.35]), [np.zeros(3)] * 4, prototypes("smartgames", (125.0, 122.0, 119.0)),
                      "smartgames")
    assert not square.doubt and not square.symbol
    assert square.options == (EMPTY, WOOD, GREY_PIECE)
