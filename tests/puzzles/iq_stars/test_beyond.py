"""A coloured star on the board a row beyond the lattice read (seed 22 scene 92: a lattice a row off,
a misread)."""

import pytest

from visolve.puzzles.iq_stars import layout
from visolve.puzzles.iq_stars.beyond import star_beyond
from visolve.vision.palette import Verdict
from visolve.puzzles.iq_stars.reader import read
from visolve.puzzles.iq_stars.symbols import Star
from visolve.puzzles.iq_stars.tray import DrawnStarsError

DRAWN = (0.0, 0.0, layout.BOARD_W, layout.BOARD_H)
WIDE = (-0.5, -1.5, layout.BOARD_W + 0.5, layout.BOARD_H + 0.5)  # room for a row before the first


def _stars(coloured: bool, outline: float = 1.0):
    """Stars as measured: every one free, or every one a clear blue wizard star (its black outline
    ``outline`` of the board's median star's)."""
    from visolve.puzzles.iq_stars.board import CELLS

    verdict = Verdict("b", 2.0, 20.0, "g", 0)
    strength = 2.0 if coloured else 0.0
    return {cell: Star(strength, verdict, 0.0, outline, 1.0, strength, 0.5) for cell in CELLS}


def test_a_drawn_board_has_no_room_for_a_row_beyond_and_is_not_measured_again():
    def fail(*_a):
        raise AssertionError("measured")

    assert star_beyond(fail, None, DRAWN) == ""


def test_a_coloured_star_beyond_the_first_row_on_a_wide_board_says_the_lattice_is_off():
    import numpy as np

    seen = []

    def stars_at(hom, edge):
        seen.append(edge)
        return _stars(coloured=len(seen) == 1)

    assert "a star read B stands on the board a row before the lattice's first row" in star_beyond(
        stars_at, np.eye(3), WIDE)
    seen.clear()
    assert star_beyond(lambda h, e: _stars(False), np.eye(3), WIDE) == ""  # free stars beyond: nothing said
    # a colour with no star's outline there (a number tab in the margin: seeds 22/82 and 20/11)
    assert star_beyond(lambda h, e: _stars(True, outline=0.2), np.eye(3), WIDE) == ""


def test_the_diagram_read_a_row_off_is_refused():
    from visolve.testing.scenes import scene_case

    case = scene_case("iq-stars", 92, 22)
    with pytest.raises(DrawnStarsError, match="a star read B stands on the board a row before"):
        read(case.image, case.name)


@pytest.mark.parametrize("seed, index", [(22, 82), (20, 11), (21, 89)])
def test_a_number_tab_in_the_margin_is_no_star_beyond(seed, index):
    from visolve.testing.scenes import scene_case

    case = scene_case("iq-stars", index, seed)
    assert read(case.image, case.name) == case.truth[0]


SIDE_WIDE = (-1.1, 0.0, layout.BOARD_W + 1.1, layout.BOARD_H)  # room for a star before each row's first


def test_a_coloured_star_before_a_rows_first_star_on_a_wide_board_says_the_lattice_is_off():
    import numpy as np

    moved = []

    def stars_at(hom, edge):
        moved.append(edge)
        return _stars(coloured=edge[0] > SIDE_WIDE[0])  # coloured where the lattice moved a star back
    why = star_beyond(stars_at, np.eye(3), SIDE_WIDE)
    assert "a star read B stands on the board before the first star of a row" in why
    assert star_beyond(lambda h, e: _stars(False), np.eye(3), SIDE_WIDE) == ""
    assert star_beyond(lambda h, e: _stars(True), np.eye(3), DRAWN) == ""  # no room beside the rows


@pytest.mark.slow
def test_the_small_page_read_a_star_along_and_turned_is_refused_and_did_not_crash():
    """Seed 49 scene 64: the lattice a star along and turned half round; looked at a row off, the
    star lattice fell outside the board's view, and measuring its outlines crashed (an empty window)."""
    from visolve.testing.scenes import scene_case

    case = scene_case("iq-stars", 64, 49)
    with pytest.raises(DrawnStarsError, match="a star read R stands on the board before the first star of a row"):
        read(case.image, case.name)
