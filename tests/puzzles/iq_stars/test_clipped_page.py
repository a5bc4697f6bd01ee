"""A page clipped in red around a board: an orange star's red is clipped too, so yellow is no sure reading."""

import numpy as np

from tests.make.made_photos import made_page_photo, read_back
from visolve.puzzles.iq_stars.colours import orange_rule
from visolve.vision.palette import Verdict


def test_a_star_called_yellow_on_a_clipped_page_is_a_doubt_with_orange():
    sure = Verdict("y", 3.0, 7.6, "o")
    points = np.array([168.0, 135.0, -50.0])  # green share 0.80: yellow by the share
    assert orange_rule(sure, points, balanced=True) == sure
    doubt = orange_rule(sure, points, balanced=True, clipped=True)
    assert (doubt.name, doubt.second, doubt.margin) == ("y", "o", 0.0)


def test_an_orange_star_on_a_clipped_page_stays_orange():
    # clipping only raises the share: a share that says orange still does
    called = Verdict("o", 3.0, 6.0, "y")
    points = np.array([200.0, 120.0, -50.0])  # share 0.60
    assert orange_rule(called, points, balanced=True, clipped=True) == called


def test_a_page_whose_orange_star_read_yellow_surely_reads_whole():
    # scripts/bench_make.py --photos, seed 133 junior: the page around board 2 is clipped (250/245/246),
    # its orange star at row 3 star 1 measured a green share of 0.81 and was read yellow, 7.6 degrees
    # clear; only the orange piece's shape kept the board from a misread (refused).  As a doubt, the
    # shapes settle it with the two orange stars beside it
    photo, truth = made_page_photo("iq-stars", "junior", 133, 1)
    assert read_back("iq-stars", photo) == truth


def test_a_yellow_whose_points_were_seen_unclipped_stays_yellow_on_a_clipped_page():
    # seed 1 scene 38: a yellow wizard star whose middle clipped (253) and whose six points did
    # not (243 and under); the points' share, which nothing raised, says yellow too
    sure = Verdict("y", 3.0, 7.6, "o")
    points = np.array([190.0, 170.0, -20.0])  # share 0.89
    assert orange_rule(sure, points, balanced=True, clipped=True, points_clear=True) == sure
    doubt = orange_rule(sure, points, balanced=True, clipped=True, points_clear=False)
    assert (doubt.name, doubt.second, doubt.margin) == ("y", "o", 0.0)


def test_unclipped_points_between_the_bounds_leave_the_doubt():
    # a wizard star called yellow by its middle whose points say no colour (share 0.74) stays a doubt
    sure = Verdict("y", 3.0, 7.6, "o")
    points = np.array([190.0, 140.0, -20.0])
    middle = np.array([190.0, 160.0, -20.0])
    doubt = orange_rule(sure, points, balanced=True, core=middle, clipped=True, points_clear=True)
    assert (doubt.name, doubt.margin) == ("y", 0.0)
