"""A page clipped in red around a board: an orange star's red is clipped too, so yellow is no sure reading."""

import numpy as np
import pytest

from tests.make.made_photos import made_page_photo, read_back
from visolve.puzzles.iq_stars.clipping import unclipped_points
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
    assert orange_rule(sure, points, balanced=True, clipped=True, points_clear=points) == sure
    doubt = orange_rule(sure, points, balanced=True, clipped=True, points_clear=None)
    assert (doubt.name, doubt.second, doubt.margin) == ("y", "o", 0.0)


def test_unclipped_points_between_the_bounds_leave_the_doubt():
    # a wizard star called yellow by its middle whose points say no colour (share 0.74) stays a doubt
    sure = Verdict("y", 3.0, 7.6, "o")
    points = np.array([190.0, 140.0, -20.0])
    middle = np.array([190.0, 160.0, -20.0])
    doubt = orange_rule(sure, points, balanced=True, core=middle, clipped=True, points_clear=points)
    assert (doubt.name, doubt.margin) == ("y", 0.0)


def test_a_yellow_read_by_its_unclipped_points_on_a_clipped_page():
    # scenes seed 35 diagram 55: a lemon yellow on a white page clipped in red, two of its six points'
    # red at 250 and over: a doubt with orange before, though the four others (red 230 - 242, green
    # 4 under it) show a share of 0.97
    navy, gains = np.array([48.0, 50.0, 78.0]), np.ones(3)
    points = np.array([[230, 226, 45], [242, 238, 44], [242, 238, 43], [233, 229, 45], [251, 247, 42],
                       [250, 245, 42]], np.float64)
    ring = np.array([190.4, 186.8, -35.3])
    clear = unclipped_points(points, navy, gains, ring)
    assert clear == pytest.approx([188.75, 182.75, -33.75])
    sure = Verdict("y", 5.7, 9.6, "g")
    assert orange_rule(sure, ring, balanced=True, clipped=True, points_clear=clear) == sure
    assert orange_rule(sure, ring, balanced=True, clipped=True, points_clear=None).margin == 0.0


def test_an_orange_clipped_at_some_points_is_no_yellow_by_the_others():
    # an orange whose clipped points raised the ring's share to a yellow's: with four points clipped
    # the two left are too few to say (None); with three, their share under UNCLIPPED_YELLOW (the
    # camera's curve near the clip raises it too: the made junior page of seed 133, 0.78) says
    # nothing either; with all six unclipped the ring itself is as drawn
    navy, gains = np.array([58.0, 50.0, 76.0]), np.ones(3)
    points = np.array([[252, 240, 40]] * 4 + [[240, 190, 40]] * 2, np.float64)
    ring = np.array([200.0, 180.0, -38.0])
    assert unclipped_points(points, navy, gains, ring) is None
    assert unclipped_points(points - 20, navy, gains, ring) is ring
    three = np.array([[251, 194, 9]] * 3 + [[219, 173, 33], [217, 189, 33], [234, 191, 19]], np.float64)
    assert unclipped_points(three, navy, gains, ring) is None
