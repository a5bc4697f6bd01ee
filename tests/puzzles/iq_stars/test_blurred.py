"""Made IQ Stars pages photographed small and blurred: their boards' lattices found all the same."""

import numpy as np
import pytest

from tests.make.made_photos import made_page_photo, read_back
from visolve.puzzles.iq_stars import finder, layout
from visolve.puzzles.iq_stars.blurred import blurred_lattice, stars_moved
from visolve.puzzles.iq_stars.outlines import quad_homography, shifted
from visolve.vision.page_regions import board_regions
from visolve.vision.tabs import look_at_page


@pytest.mark.parametrize("level, seed, n", [("starter", 64, 0), ("starter", 86, 0)])
def test_a_blurred_page_reads_whole(level, seed, n):
    # photo seeds 64 and 86: both boards blurred past their outlines (they matched 0.19-0.28 at
    # best), refused before
    photo, truth = made_page_photo("iq-stars", level, seed, n)
    got = read_back("iq-stars", photo)
    assert got == truth


def _first_board():
    """Board 1's region of the seed-64 photo and its page-hole quad."""
    photo, _truth = made_page_photo("iq-stars", "starter", 64, 0)
    region = board_regions(photo, look_at_page(photo))[0]
    quad, exact = finder.board_quads(region.image)[0]
    assert exact
    return region.image, quad


def test_the_outlines_seen_coarser_confirm_the_page_holes_lattice():
    image, quad = _first_board()
    found = blurred_lattice(image, quad)
    assert found is not None
    hom, rho, up = found
    assert np.allclose(hom, quad_homography(quad)) and rho >= 0.35 and up > 0


def test_a_page_hole_a_third_of_a_row_off_is_not_confirmed():
    # the quad moved a third of a row down: the drawings' margins then put the lattice between the
    # stars, where the outlines do not stay
    image, quad = _first_board()
    hom = quad_homography(quad)
    step = shifted(hom, 0.0, layout.ROW_STEP / 3)
    corners = np.array([[0, 0], [layout.BOARD_W, 0], [layout.BOARD_W, layout.BOARD_H], [0, layout.BOARD_H]], float)
    moved_quad = (step @ np.c_[corners, np.ones(4)].T)
    moved_quad = (moved_quad[:2] / moved_quad[2]).T
    assert blurred_lattice(image, moved_quad) is None


def test_stars_moved_measures_each_stars_shift():
    hom = np.diag([40.0, 40.0, 1.0])
    assert np.allclose(stars_moved(hom, shifted(hom, 0.3, 0.0)), 0.3)
