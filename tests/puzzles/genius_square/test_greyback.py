"""The grey piece read a square towards where its cubes lean (``genius_square.greyback``)."""

import pytest

from visolve.errors import ReadError
from visolve.puzzles.genius_square.reader import read
from visolve.testing.scenes import scene_case


def test_the_grey_piece_read_on_its_tops_is_refused():
    """Seed 227 scene 43 (new unseen seed): a Happy Puzzle board seen steeply, the grey piece on A1-A4
    read on A2-A5 at the squares' middles, A1 showing its first cube's shaded front: a misread."""
    case = scene_case("genius-square", 43, 227)
    with pytest.raises(ReadError, match="square A1: piece 5 .* A1 behind it, away from where the cubes' tops lean"):
        read(case.image, case.name)


def test_a_grid_of_the_tops_shows_the_front_behind_a_piece_read_right():
    """Seed 2 scene 73: the grid found on the tops (its labels slid), the grey piece read right, the
    square behind it a dim grey (its front): not asked."""
    case = scene_case("genius-square", 73, 2)
    assert read(case.image, case.name) == case.truth[0]


def test_a_grid_with_one_row_of_labels_at_its_print_is_asked_too():
    """Seed 307 scene 44 (new unseen seed): a Happy Puzzle board seen upside down, the grey piece's cubes
    leaning over the numbers beside it (found squeezed and slid, the letters at their print), the piece
    on A1-A4 read on A2-A5: a misread, now refused."""
    case = scene_case("genius-square", 44, 307)
    with pytest.raises(ReadError, match="square A1: piece 5 .* A1 behind it, away from where the cubes' tops lean"):
        read(case.image, case.name)
