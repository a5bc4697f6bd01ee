"""Pink against violet when the angle leaves them in doubt, and a solid middle measured against
every shade of its colour (randomized scenes of issue 25: violet wizard stars refused)."""

import numpy as np

from visolve.errors import ReadError
from visolve.puzzles.iq_stars.colours import MIN_MARGIN, SOLID_BELOW, WHITE_ABOVE, Verdict, middle_share
from visolve.puzzles.iq_stars.colours import pink_violet_rule, white_share
from visolve.puzzles.iq_stars.reader import read
from visolve.testing.scenes import scene_case

DOUBT = Verdict("p", 8.0, 0.0, "v")
#: differences from navy as measured: a violet wizard star's solid middle, a pink one's, a white middle
VIOLET_MIDDLE = np.array([85.0, 25.0, 81.0])
PINK_MIDDLE = np.array([135.0, 24.0, 78.0])
WHITE_MIDDLE = np.array([210.0, 215.0, 175.0])


def test_a_pink_or_violet_doubt_is_settled_by_the_solid_middles_blue_share():
    assert pink_violet_rule(DOUBT, VIOLET_MIDDLE, VIOLET_MIDDLE).name == "v"
    assert pink_violet_rule(DOUBT, PINK_MIDDLE, PINK_MIDDLE).name == "p"
    assert pink_violet_rule(DOUBT, VIOLET_MIDDLE, VIOLET_MIDDLE).margin >= MIN_MARGIN


def test_a_blue_share_between_pink_and_violet_stays_a_doubt():
    between = np.array([100.0, 20.0, 76.0])  # (76 - 15) / 100 = 0.61
    assert pink_violet_rule(DOUBT, between, between) == DOUBT


def test_a_clear_verdict_its_middle_agrees_with_and_other_doubts_are_left_alone():
    clear = Verdict("p", 3.0, 10.0, "v")
    assert pink_violet_rule(clear, PINK_MIDDLE, PINK_MIDDLE) == clear
    between = np.array([100.0, 20.0, 76.0])  # 0.61: says neither
    assert pink_violet_rule(clear, between, between) == clear
    red_pink = Verdict("p", 3.0, 0.0, "r")
    assert pink_violet_rule(red_pink, VIOLET_MIDDLE, VIOLET_MIDDLE) == red_pink


def test_a_placed_pieces_doubt_is_left_to_the_shapes():
    # a violet piece's points measured 0.54 beside its white middle (seed 1 scene 86): no guide
    violet_points = np.array([90.0, 20.0, 61.5])
    assert pink_violet_rule(DOUBT, violet_points, WHITE_MIDDLE) == DOUBT


def test_a_solid_middle_between_shades_is_read_solid_against_the_plastic_shade():
    middle = np.array([106.0, 24.0, 120.0])  # a violet middle: 0.51 against the booklet's pink
    assert SOLID_BELOW <= white_share(middle, "p", 0) <= WHITE_ABOVE  # alone: neither white nor solid
    assert middle_share(middle, DOUBT) < SOLID_BELOW
    assert middle_share(WHITE_MIDDLE, DOUBT) > WHITE_ABOVE


def test_violet_wizard_stars_in_doubt_with_pink_read():
    case = scene_case("iq-stars", 5, 4)  # two violet wizard stars, each a pink-or-violet doubt
    try:
        got = read(case.image, case.name)
    except ReadError as exc:  # refused before: "p or v? ... the pieces' shapes allow 4 readings"
        raise AssertionError(str(exc)) from None
    assert got == case.truth[0]


def test_a_clear_verdict_its_solid_middle_contradicts_is_a_doubt():
    # seed 43 scene 37: a violet wizard star's points 5.4 degrees nearer pink, its middle's share 0.77
    sure_pink = Verdict("p", 10.9, 5.4, "v")
    got = pink_violet_rule(sure_pink, VIOLET_MIDDLE, VIOLET_MIDDLE)
    assert got.margin < MIN_MARGIN and {got.name, got.second} == {"p", "v"}
    sure_violet = Verdict("v", 10.0, 6.0, "p")
    assert pink_violet_rule(sure_violet, PINK_MIDDLE, PINK_MIDDLE).margin < MIN_MARGIN


def test_a_violet_wizard_star_whose_points_look_pink_is_refused_not_misread():
    case = scene_case("iq-stars", 37, 43)  # read as a pink wizard star before
    try:
        got = read(case.image, case.name)
    except ReadError as exc:
        assert "p or v?" in str(exc)
    else:
        assert got == case.truth[0]
