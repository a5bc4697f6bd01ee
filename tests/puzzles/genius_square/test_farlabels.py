"""Rows of labels slid along the grid's edges by most of a square or a whole one: a lattice of tall
pieces' tops, or a grid a square off the floor (``farlabels``), and the slides of a grid turned."""

import numpy as np
import pytest

from tests.puzzles.genius_square.cameras import looking_at_the_board
from visolve.errors import NotThisPuzzle
from visolve.puzzles.genius_square import finder, reader
from visolve.puzzles.genius_square.farlabels import moved_by_lean
from visolve.puzzles.genius_square.finder import Upright
from visolve.puzzles.genius_square.nearedge import quarter_turn, turned_places
from visolve.puzzles.genius_square.reader import read
from visolve.testing.scenes import scene_case
from visolve.vision.geometry import map_points
from visolve.vision.working import working_copy

SHAPE = (800, 700, 3)
#: a camera 8 squares up, 7 squares left of the board's middle: seen from the tops, the floor's
#: labels along the top edge show 0.6-0.78 squares towards it (-u), those along the left edge not
#: along it at all
HOM = looking_at_the_board(np.array([-4.0, 3.0, -8.0]), size=SHAPE[:2])


def _option(edge: int, slide: float) -> Upright:
    places = [(0.0, 1.0, 0.0)] * 4
    places[edge] = (0.0, 1.0, slide)
    return Upright(HOM, 0, False, (0.05, 0.0, 0.0, 0.0), tuple(places), (edge,))


def _moved(edge: int, slide: float):
    return moved_by_lean(_option(edge, slide), np.eye(3), SHAPE)


def test_labels_slid_as_far_as_the_tops_lean_keep_the_grid():
    way = _moved(0, -0.75)
    assert np.allclose(way.homography, HOM) and way.places[0] == (0.0, 1.0, -0.75)


def test_labels_a_whole_square_along_with_no_lean_move_the_grid_by_it():
    way = _moved(3, 1.0)
    assert way.places[3] == (0.0, 1.0, 0.0)
    assert np.allclose(map_points(way.homography, [(0.0, 0.0)]), map_points(HOM, [(0.0, 1.0)]))


def test_slides_the_near_search_sees_are_left_to_it():
    assert _moved(0, -0.5) is None


def test_slides_that_fit_the_floor_and_the_tops_moved_two_ways_are_a_doubt():
    assert _moved(0, -0.875) is None  # the floor a square on (0.125 off), or the tops as they stand


def test_slides_that_fit_neither_are_refused():
    assert _moved(0, 0.75) is None


@pytest.mark.parametrize("turns", range(4))
def test_a_turned_grid_keeps_its_labels_where_they_are(turns):
    """A label slid along an edge stands at the same board point whichever way the grid is turned."""
    places = ((0.0, 1.0, 0.25), (0.1, 1.0, -0.375), (0.2, 1.0, 0.5), (0.3, 1.0, -0.125))
    turned = turned_places(places, turns)

    def label(edge, k, slide):  # the middle of the label beside square k of an edge, slid along it
        a = k + 0.5 + slide
        return {0: (a, -0.6), 1: (6.6, a), 2: (a, 6.6), 3: (-0.6, a)}[edge]

    for edge in range(4):
        old = (edge + turns) % 4
        for k in range(6):
            here = map_points(quarter_turn(turns), [label(edge, k, turned[edge][2])])[0]
            along = [np.allclose(here, label(old, j, places[old][2])) for j in range(6)]
            assert sum(along) == 1
        assert turned[edge][:2] == places[old][:2]


@pytest.mark.parametrize("seed, scene", [(0, 46), (17, 36)])
def test_boards_whose_labels_stand_slid_far_read(seed, scene):
    """Scene 46 of seed 0: a lattice of tall pieces' tops, its letters slid 0.75 of a square (the tops'
    lean); scene 36 of seed 17: a lattice a square off the floor, its digits slid a whole square.
    Refused before ("one edge looks labelled ... 0 of the 2 ways up")."""
    case = scene_case("genius-square", scene, seed)
    assert read(case.image, case.name) == case.truth[0]


@pytest.mark.parametrize("seed, scene", [(0, 46), (17, 36)])
def test_without_the_far_slides_they_are_refused(monkeypatch, seed, scene):
    case = scene_case("genius-square", scene, seed)
    monkeypatch.setattr(finder, "slid_ways", lambda *a: [])
    monkeypatch.setattr(reader, "CLOSER_SIDE", 10**6)  # the first look alone (a closer copy finds a grid
    # whose labels do not read: refused too, for them)
    with pytest.raises(NotThisPuzzle, match="0 of the 2 ways up"):
        read(case.image, case.name)


@pytest.mark.parametrize("seed, scene, slide", [(0, 65, -0.25), (6, 66, 0.25)])
def test_a_turned_board_reads_its_slid_left_labels_where_they_stand(seed, scene, slide):
    """Boards turned a quarter whose left labels stand slid a quarter square along: the row is read at
    its slide (scene 65 of seed 0: ink 0.070 there, 0.017 at the mirrored slide, where the rows found
    within LABEL_SLIDES were read with their slides' signs kept)."""
    case = scene_case("genius-square", scene, seed)
    small, f = working_copy(case.image, finder.WORK_SIDE)
    (way,) = finder.find_upright(small, case.image)
    assert way.turns == 1 and way.places[3][2] == slide


def test_squares_off_moves_the_grid_a_whole_square_each_way():
    from visolve.puzzles.genius_square.farlabels import squares_off

    moved = squares_off(HOM)
    assert len(moved) == 4
    origins = {tuple(np.round(map_points(m, [(0.0, 0.0)])[0], 6)) for m in moved}
    expected = {tuple(np.round(map_points(HOM, [p])[0], 6)) for p in ((0.0, -1.0), (0.0, 1.0), (-1.0, 0.0), (1.0, 0.0))}
    assert origins == expected


def test_a_lattice_a_square_off_the_floor_is_moved_to_where_its_labels_stand():
    # seed 3 scene 26: the first row covered by four grey cubes and a disc, the lattice took the
    # margin beyond the last row for squares; its letters stood a square further out than printed
    # and its digits a square along: refused for labels not legible, now read on the grid a square up
    case = scene_case("genius-square", 26, 3)
    got = read(case.image, case.name)
    assert (got.blockers, got.pieces) == (case.truth[0].blockers, case.truth[0].pieces)
