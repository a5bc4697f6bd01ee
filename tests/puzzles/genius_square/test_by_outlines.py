"""Boards none of whose grid candidates has labelled edges (a pattern on the table taken for the
lattice, the board's squares too faint or hidden to show as one) found by the outline of the board
and its printed labels (``finder.by_outlines``), the grid moved onto its printed lines."""

import numpy as np
import pytest

from visolve.errors import NotThisPuzzle, ReadError
from visolve.puzzles.genius_square import finder
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
    and no outline with six labels a row and a column): the reason names both searches."""
    image, name, _truth = _scene(40)
    monkeypatch.setattr(finder, "GATHER", False)
    with pytest.raises(NotThisPuzzle, match="no 6 x 6 grid.*no plain outline holds a row and a column of six labels"):
        read(image, name)
