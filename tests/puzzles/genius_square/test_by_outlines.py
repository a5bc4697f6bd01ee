"""Boards none of whose grid candidates has labelled edges (a pattern on the table taken for the
lattice, the board's squares too faint or hidden to show as one) found by the outline of the board
and its printed labels (``finder.by_outlines``), the grid moved onto its printed lines."""

import numpy as np
import pytest

from visolve.errors import NotThisPuzzle, ReadError
from visolve.puzzles.genius_square import finder, outlined
from visolve.puzzles.genius_square.reader import read
from visolve.testing.scenes import scene_case
from visolve.vision.gridfit import fit_to_lines
from visolve.vision.working import working_copy


def _scene(i, seed=0):
    case = scene_case("genius-square", i, seed)
    return case.image, case.name, case.truth[0]


def test_a_board_whose_squares_gave_no_lattice_reads_by_its_outline(monkeypatch):
    """Scene 81 of seed 0: refused before ("no 6 x 6 grid of squares found")."""
    image, name, truth = _scene(81)
    assert read(image, name) == truth
    monkeypatch.setattr(finder, "by_outlines", lambda *a: iter(()))
    assert read(image, name) == truth  # one flat mask alone holds the lattice too (finder.EACH_MASK)
    monkeypatch.setattr(finder, "EACH_MASK", False)
    assert read(image, name) == truth  # and the lattice of fewer squares (finder.FEW_FOUND)
    monkeypatch.setattr(finder, "FEW_FOUND", finder.MIN_FOUND)
    with pytest.raises((NotThisPuzzle, ReadError)):
        read(image, name)


def test_a_board_in_perspective_is_found_by_its_outline_and_read_where_its_tops_show():
    """Scene 99 of seed 0: a grey SmartGames board seen at an angle, the lattice found on a shape on
    the table ("no labelled edge" before).  Its outline and labels place the grid, moved onto the
    printed lines (their response grows); its tall leaning pieces, refused at the squares' middles
    (brown read on one square of its two), read where their tops show (genius_square.leaning)."""
    image, name, truth = _scene(99)
    small, f = working_copy(image, finder.WORK_SIDE)
    to_picture = np.diag([1 / f, 1 / f, 1.0])
    placed = list(finder.by_outlines(small, image))
    assert placed
    _fitted, before, after = fit_to_lines(image, to_picture @ placed[1], 6, 6)  # [0]: fitted, [1]: as placed
    assert after > before
    assert read(image, name) == truth


def test_the_refusal_says_the_outlines_were_looked_at_too(monkeypatch):
    """Scene 40 of seed 0 (no lattice of squares found when the groups of patches are not gathered,
    and no outline with six labels a row and a column): the reason names both searches.  (Its outline's
    grid placed by the digits and the letters left when a light spot in line with them is left out
    (``partlabels``) reads it, and so does the lattice of fewer squares (``finder.FEW_FOUND``, whose
    groups are gathered): both are left out here.)"""
    image, name, _truth = _scene(40)
    monkeypatch.setattr(finder, "GATHER", False)
    monkeypatch.setattr(finder, "FEW_FOUND", finder.MIN_FOUND)
    monkeypatch.setattr(outlined, "grid_from_labels_in_part", lambda *a: [])
    with pytest.raises(NotThisPuzzle, match="no 6 x 6 grid.*no plain outline holds a row and a column of six labels"):
        read(image, name)


def test_a_board_filling_its_picture_is_placed_by_its_labels_inside_the_picture_outline(monkeypatch):
    """Seed 40 starter's page photo (``visolve make``, frame page): glare pales board 1, whose squares
    give no lattice; cut out in its tab's whole area the board fills the picture and its pale outline
    runs into the rim (no plain region's outline: refused before).  Its labels, inside the picture's own
    outline, place the grid and it reads as made."""
    from visolve.make.generate import board_of, challenges
    from visolve.make.pages import draw_page, per_page
    from visolve.testing.photos import photograph
    from visolve.vision import page_regions
    from visolve.vision.tabs import look_at_page

    made = list(challenges("genius-square", "starter", per_page("genius-square"), 40))
    photo, _h = photograph(draw_page("genius-square", made), np.random.default_rng([40, 0]), 1.0)
    monkeypatch.setattr(page_regions, "cut_short", lambda boards: [True] * len(boards))  # the tabs' whole areas
    region = page_regions.board_regions(photo, look_at_page(photo))[0].image
    assert board_of(read(region, "region.png")) == board_of(made[0].level)
    monkeypatch.setattr(outlined, "edge_region_quads", lambda *a: [])
    small, _f = working_copy(region, finder.WORK_SIDE)
    assert list(finder.by_outlines(small, region))  # the picture's own outline still
