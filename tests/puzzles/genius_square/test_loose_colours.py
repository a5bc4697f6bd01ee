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
