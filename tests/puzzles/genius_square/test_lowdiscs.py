"""A board read on a grid of the tall pieces' tops, checked for a disc seen off its own square
(genius_square.lowdiscs): the misreads of seed 139 scene 69 and seed 211 scene 62 refused."""

import numpy as np
import pytest

from tests.puzzles.genius_square.cameras import looking_at_the_board
from visolve.errors import ReadError
from visolve.puzzles.genius_square import reader
from visolve.puzzles.genius_square.board import BLOCKER, make_level
from visolve.puzzles.genius_square.colours import EMPTY, Square
from visolve.puzzles.genius_square.labelrows import NOMINAL
from visolve.puzzles.genius_square.lowdiscs import FLOOR_LOST, floor_kept, label_floor, moved_disc, surely_tops
from visolve.puzzles.genius_square.reader import read
from visolve.testing.scenes import scene_case
from visolve.vision.view import BoardView

BLOCKERS = ("A1", "B2", "C3", "D4", "E5", "F6", "A6")


def _towards(sure=(), doubtful=()) -> list[list[Square]]:
    """Squares read towards the camera: empty, but discs at ``sure`` and doubts at ``doubtful``."""
    def square(r, c):
        if (r, c) in sure:
            return Square(BLOCKER)
        return Square("", doubt="faint") if (r, c) in doubtful else Square(EMPTY)
    return [[square(r, c) for c in range(6)] for r in range(6)]


def test_a_disc_read_on_a_square_the_board_leaves_empty_is_refused():
    level = make_level("x", BLOCKERS, {"2": ["B5", "C5"]})  # Happy Puzzle: B5 is row 1, column 4
    assert moved_disc(level, _towards({(0, 0), (1, 1)}), "happy-puzzle") == ""  # on the board's own discs
    assert moved_disc(level, _towards({(1, 4)}), "happy-puzzle") == ""  # on a piece's square: not a disc's
    assert moved_disc(level, _towards(doubtful={(3, 0)}), "happy-puzzle") == ""  # a doubt says nothing
    assert moved_disc(level, _towards({(3, 0)}), "happy-puzzle").startswith("square D1: read as empty")


def test_a_grid_is_surely_the_tops_when_every_row_of_labels_says_so():
    """The camera in front of row 5: the tops lean up the board (-y), along the left edge (3).  The
    floor's labels, seen from the tops' lattice, lie towards the camera: slid +y on edge 3."""
    picture = np.zeros((800, 700, 3), np.uint8)
    view = BoardView.from_homography(picture, looking_at_the_board(np.array([3.0, 11.0, -20.0])), 6, 6, pitch=8)
    squeezed, against, along = (NOMINAL[0], 0.92, 0.0), (NOMINAL[0], 1.0, 0.25), (NOMINAL[0], 1.0, -0.25)
    assert surely_tops((squeezed, NOMINAL, NOMINAL, against), (0, 3), view)
    assert not surely_tops((squeezed, NOMINAL, NOMINAL, NOMINAL), (0, 3), view)  # one row at its place
    assert not surely_tops((squeezed, NOMINAL, NOMINAL, NOMINAL), (0,), view)  # squeezed only (seed 4 scene 47)
    assert not surely_tops((squeezed, NOMINAL, NOMINAL, along), (0, 3), view)  # slid the way the tops lean
    assert not surely_tops((NOMINAL, NOMINAL, NOMINAL, against), (3,), view)  # slid against, none squeezed
    assert surely_tops((NOMINAL, NOMINAL, NOMINAL, (NOMINAL[0], 0.92, 0.25)), (3,), view)
    assert not surely_tops(None, (0, 3), view)


def test_labels_found_squeezed_place_the_floor_inside_the_lattice():
    """A label beside square k stands at 3 + (k - 3) * squeeze + slide: the floor's squares lie that
    far off the lattice's, the columns by the top (or bottom) row, the rows by the left (or right)."""
    places = ((0.0, 0.92, -0.375), NOMINAL, NOMINAL, (0.0, 0.92, 0.125))
    field = label_floor(places, (0, 3))
    assert field.shape == (6, 6, 2)
    assert np.allclose(field[:, 5, 0], 3 + 2.5 * 0.92 - 0.375 - 5.5)  # F's column: 0.575 towards E
    assert np.allclose(field[0, :, 1], 3 - 2.5 * 0.92 + 0.125 - 0.5)
    assert np.allclose(field[:, 0, 0], field[0, 0, 0]) and np.allclose(field[0, :, 1], field[0, 0, 1])
    assert np.allclose(label_floor((NOMINAL,) * 4, (0, 3)), 0.0)


def test_a_floor_from_the_labels_is_believed_only_where_it_keeps_the_level_s_discs():
    level = make_level("x", BLOCKERS, {})
    on_discs = {(0, 0), (1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (0, 5)}  # Happy Puzzle: A1 is (0, 0)
    assert floor_kept(level, _towards(on_discs), "happy-puzzle")
    one_moved = _towards(on_discs - {(4, 4)} | {(4, 3)})
    assert FLOOR_LOST == 1 and floor_kept(level, one_moved, "happy-puzzle")
    assert not floor_kept(level, _towards(on_discs - {(4, 4), (5, 5)}), "happy-puzzle")  # seed 1 scene 1
    doubts = _towards(on_discs - {(4, 4), (5, 5)}, doubtful={(4, 4), (5, 5)})
    assert floor_kept(level, doubts, "happy-puzzle")  # a doubt loses no disc


@pytest.mark.slow
def test_a_disc_read_off_its_corner_on_a_grid_of_tops_seen_from_above_is_refused(monkeypatch):
    """Seed 211 scene 62: a camera nearly over the board (no lean to read towards), the grid found on
    the tall pieces' tops, both rows of labels found squeezed (0.92); F1's disc, in the corner, showed
    on E1 and the shapes and the roll made E1 the blocker.  Read where the labels place the floor, F1
    is a disc and the level's other discs are kept.  (E1 beside F2, one die's faces, with F1 empty
    beside it is also the shifted-disc rule's doubt, which speaks first: it is left out here.)"""
    case = scene_case("genius-square", 62, 211)
    with pytest.raises(ReadError, match="but would be with E1's disc on F1 beside it"):
        read(case.image, case.name)
    monkeypatch.setattr(reader, "shifted_disc_problem", lambda blockers, pieces, edition: "")
    with pytest.raises(ReadError, match="square F1: read as empty, but read where the labels"):
        read(case.image, case.name)


@pytest.mark.slow
def test_a_disc_read_in_front_of_its_square_on_a_grid_of_tops_is_refused():
    """Seed 139 scene 69: the grid found on the cubes' tops (its top labels squeezed and both rows
    slid against the lean), E5's disc seen in D5's far half; at the middles D5 read in doubt and E5
    empty, and the shapes and the roll made D5 the blocker (a misread).  Read towards the camera, E5
    is a disc."""
    case = scene_case("genius-square", 69, 139)
    with pytest.raises(ReadError, match="square E5: read as empty, but read nearer the camera"):
        read(case.image, case.name)


@pytest.mark.slow
@pytest.mark.parametrize("seed, i", [(4, 47), (17, 17), (0, 80), (1, 1)])
def test_boards_looser_tests_of_the_grid_refused_still_read(seed, i):
    """4/47: a board of discs only, its one labelled row squeezed (no slide); 17/17: read at the leans
    (off the middles already); 0/80: a grid not on the floor, its labels squeezed but not slid; 1/1:
    labels found squeezed beside the floor's grid, which read where they place the floor lose three
    discs and gain one."""
    case = scene_case("genius-square", i, seed)
    assert read(case.image, case.name) == case.truth[0]
