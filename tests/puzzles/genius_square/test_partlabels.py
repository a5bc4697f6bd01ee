"""A board whose tall pieces hide part of one edge's labels: its grid placed by the whole row of labels
along the other edge and the labels left of the hidden one (``partlabels``)."""

import numpy as np
import pytest

from visolve.errors import NotThisPuzzle, ReadError
from visolve.puzzles.genius_square import finder, outlined
from visolve.puzzles.genius_square.partlabels import part_grids
from visolve.puzzles.genius_square.reader import read
from visolve.testing.scenes import scene_case

STEP, GAP, X0, Y0, SIZE = 30.0, 0.7, 60.0, 50.0, 12.0


def _labels(column: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """A whole row of six glyphs above a grid (left X0, top Y0, STEP px a square) and the glyphs
    ``column`` (square indices) of the column left of it, both GAP squares outside: the row as
    (x, y) centres, and every glyph as (x, y, size)."""
    row = np.array([[X0 + (k + 0.5) * STEP, Y0 - GAP * STEP] for k in range(6)])
    left = np.array([[X0 - GAP * STEP, Y0 + (k + 0.5) * STEP] for k in column])
    glyphs = np.column_stack([np.vstack([row, left]), np.full(6 + len(column), SIZE)])
    return row, glyphs


@pytest.mark.parametrize("column", [[0, 1, 2, 5], [1, 2, 3, 4, 5], [3, 4, 5], [0, 2, 5]])
def test_the_row_and_part_of_the_column_place_the_grid(column):
    row, glyphs = _labels(column)
    (placed,) = part_grids(row, 0, glyphs)
    assert np.allclose(placed, (X0, Y0, STEP, STEP), atol=0.5)


def test_a_column_standing_further_out_than_the_row_places_nothing():
    """Glyphs beside squares 1-3 only of a column half a square further out than the row: no place
    along sets the two rows of labels equally far outside the grid."""
    row, glyphs = _labels([1, 2, 3])
    assert part_grids(row, 0, glyphs)
    glyphs[6:, 0] -= 0.5 * STEP
    assert part_grids(row, 0, glyphs) == []


def test_glyphs_not_whole_squares_apart_place_nothing():
    row, glyphs = _labels([0, 1, 2])
    glyphs[7, 1] += 0.4 * STEP
    assert part_grids(row, 0, glyphs) == []


def test_a_board_whose_near_labels_tall_pieces_hide_reads():
    """Scene 79 of seed 1: a Happy Puzzle board seen from low down, the yellow and brown pieces
    leaning over D, E and the logo; no lattice, and the outline holds the whole row 1-6 but only
    A, B, C and F of the letters (refused before: "no 6 x 6 grid of squares found")."""
    case = scene_case("genius-square", 79, 1)
    assert read(case.image, case.name) == case.truth[0]


def test_without_the_partial_column_it_is_refused(monkeypatch):
    case = scene_case("genius-square", 79, 1)
    monkeypatch.setattr(outlined, "grid_from_labels_in_part", lambda *a: [])
    # one flat mask alone holds the lattice too, but the brown domino leaning over F5-F6 shows there
    # 0.68 off its colour, laid only by the shapes: a doubt since seed 313 scene 88 (two cubes' fronts
    # so laid as the brown domino, a misread)
    with pytest.raises(ReadError, match="square F5: piece 2 .brown. there only as the pieces' shapes allow"):
        read(case.image, case.name)
    monkeypatch.setattr(finder, "EACH_MASK", False)
    assert read(case.image, case.name) == case.truth[0]  # and the lattice of fewer squares
    monkeypatch.setattr(finder, "FEW_FOUND", finder.MIN_FOUND)
    with pytest.raises((NotThisPuzzle, ReadError), match="no plain outline holds a row and a column"):
        read(case.image, case.name)


def test_a_light_spot_in_line_with_the_partial_column_is_left_out():
    """A glyph-sized light spot 1.4 squares before the column's first label (a piece's lit top
    beside a hidden label): the others still place the grid (before: nothing placed)."""
    row, glyphs = _labels([1, 2, 3])
    spot = [X0 - GAP * STEP, Y0 + 0.1 * STEP, SIZE]
    (placed,) = part_grids(row, 0, np.vstack([glyphs, spot]))
    assert np.allclose(placed, (X0, Y0, STEP, STEP), atol=0.5)

