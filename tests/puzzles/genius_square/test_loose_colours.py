"""A colour further than MAX_RESIDUAL from every piece is never read alone, on a square whose corners
show the board too (seed 97 scene 40: a disc's shadow on an empty square of a maroon board, nearest
wood, then 0.68 from dark blue, was read surely as the dark blue piece once wood was left out).  Its
two nearest colours are the options, wood among them when it is nearer (a pale disc, 0.41 from wood
and 0.83 from yellow, seed 1 scene 88: read as the disc the dice's count allows)."""

import numpy as np

from visolve.puzzles.genius_square.colours import EMPTY, MAX_RESIDUAL, WOOD, classify, prototypes
from visolve.puzzles.genius_square.reader import read
from visolve.testing.scenes import scene_case

#: the maroon SmartGames board of seed 97 scene 40, as the reader measured its print (BGR)
MAROON = np.array([78.0, 61.0, 156.0])


def test_a_square_with_free_corners_is_never_read_surely_as_a_far_colour():
    rng = np.random.default_rng(0)
    for edition, board in (("smartgames", MAROON), ("smartgames", None), ("happy-puzzle", None)):
        protos = prototypes(edition, board)
        for _ in range(1500):
            centre = rng.uniform(-0.6, 1.0, 3)
            corners = [np.zeros(3), np.zeros(3), 0.9 * centre, 0.8 * centre]  # two show the board
            square = classify(centre, corners, protos, edition)
            if square.symbol not in ("", WOOD, EMPTY):
                assert protos.distance(centre, square.symbol) <= MAX_RESIDUAL, (centre, square)


def test_a_disc_shadow_is_not_read_as_the_dark_blue_piece():
    case = scene_case("genius-square", 40, 97)
    assert read(case.image, case.name) == case.truth[0]


def test_a_pale_disc_far_from_wood_still_reads_as_a_disc():
    case = scene_case("genius-square", 88, 1)
    assert read(case.image, case.name) == case.truth[0]


#: the grey SmartGames board of seed 97 scene 45, as the reader measured its print (BGR)
GREY_BOARD = np.array([71.0, 68.0, 132.0])


def test_a_neutral_grey_far_from_every_piece_takes_no_hue_as_an_option():
    """Seed 97 scene 45: empty squares in glare, a neutral grey (0.31, 0.34, 0.31) 0.44 from the grey
    piece; the second nearest, yellow at 0.76, was added as an option (a cast moves a hue, and a grey
    has none) and the shapes laid the yellow piece on four such squares: a misread."""
    protos = prototypes("smartgames", GREY_BOARD)
    centre = np.array([0.308, 0.337, 0.31])
    corners = [np.array(v) for v in ([0.26, 0.29, 0.26], [0.32, 0.35, 0.31], [0.35, 0.38, 0.37], [0.49, 0.52, 0.45])]
    edges = [np.array(v) for v in ([0.31, 0.34, 0.32], [0.44, 0.48, 0.26], [0.29, 0.31, 0.27], [0.76, 0.79, 0.69])]
    assert classify(centre, corners, protos, "smartgames", edges).options == (EMPTY, "5")
    tinted = np.array([0.2, 0.34, 0.45])  # a hue: a cast may move it to its neighbour's, both are options
    assert len(classify(tinted, corners, protos, "smartgames", edges).options) >= 2


def test_glare_on_empty_squares_is_not_read_as_the_yellow_piece():
    case = scene_case("genius-square", 45, 97)
    assert read(case.image, case.name) == case.truth[0]
