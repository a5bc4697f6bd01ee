"""The floor's grid under a lattice found on tall pieces' tops (``floorgrid``), and two opposite
labelled edges taken each for the one labelled edge (``finder.upright_options``' ``opposite``)."""

import numpy as np
import pytest

from visolve.errors import NotThisPuzzle
from visolve.puzzles.genius_square import finder
from visolve.puzzles.genius_square.floorgrid import floor_grids
from visolve.vision.geometry import map_points

SHAPE = (800, 700, 3)
CORNERS = [(0.0, 0.0), (6.0, 0.0), (6.0, 6.0), (0.0, 6.0), (3.0, 3.0)]


def _plane(camera, height: float, f: float = 700.0) -> np.ndarray:
    """Board -> picture of the plane ``height`` squares above the board (a camera at ``camera``, board
    units, over the board at negative z, aimed at the board's middle, principal point in the middle)."""
    camera = np.asarray(camera, np.float64)
    ahead = np.array([3.0, 3.0, 0.0]) - camera
    ahead /= np.linalg.norm(ahead)
    right = np.cross(ahead, [0.0, 1.0, 0.0])
    right /= np.linalg.norm(right)
    rot = np.stack([right, np.cross(ahead, right), ahead])
    k = np.array([[f, 0, SHAPE[1] / 2], [0, f, SHAPE[0] / 2], [0, 0, 1.0]])
    t = -rot @ camera
    return k @ np.stack([rot[:, 0], rot[:, 1], rot[:, 2] * -height + t], axis=1)


@pytest.mark.parametrize("height", [0.75, 1.0])
def test_the_floor_under_tops_is_found_for_the_tops_height(height):
    camera = (-3.0, 9.0, -12.0)  # a camera at a slant, in front of the board and to its left
    tops, floor = _plane(camera, height), _plane(camera, 0.0)
    grids = floor_grids(tops, np.eye(3), SHAPE)
    want = map_points(floor, CORNERS)
    off = [float(np.abs(map_points(g, CORNERS) - want).max()) for g in grids]
    side = float(np.linalg.norm(want[1] - want[0])) / 6
    assert min(off) < 0.1 * side  # within a tenth of a square of the floor's grid
    assert float(np.abs(map_points(tops, CORNERS) - want).max()) > 0.3 * side  # the tops' own grid is not


def _blank_upright(monkeypatch, ink, opposite):
    monkeypatch.setattr(finder, "label_rows", lambda *a, **k: (list(ink), [(0.0, 1.0, 0.0)] * 4))
    image = np.zeros((240, 240, 3), np.uint8)
    hom = np.array([[30.0, 0.0, 30.0], [0.0, 30.0, 30.0], [0.0, 0.0, 1.0]])
    return finder.upright_options(image, hom, opposite=opposite)


def test_two_opposite_labelled_edges_give_no_way_up_unless_asked(monkeypatch):
    with pytest.raises(NotThisPuzzle):
        _blank_upright(monkeypatch, (0.05, 0.0, 0.05, 0.0), opposite=False)
    ways = _blank_upright(monkeypatch, (0.05, 0.0, 0.05, 0.0), opposite=True)
    assert sorted((w.turns, w.edges) for w in ways) == [(0, (0,)), (1, (3,)), (2, (0,)), (3, (3,))]


def test_two_adjacent_labelled_edges_are_unchanged_by_opposite(monkeypatch):
    ways = _blank_upright(monkeypatch, (0.05, 0.0, 0.0, 0.05), opposite=True)
    assert [(w.turns, w.edges) for w in ways] == [(0, (0, 3))]


@pytest.mark.slow
def test_a_solved_board_whose_top_labels_hide_and_whose_letters_lie_in_a_haze_is_found():
    # scenes seed 257 scene 9: a solved Happy Puzzle board seen steeply, the digits 1-6 under the grey
    # piece, the letters A-F plainly printed but in a glare's haze (no edge's plain ink reached
    # MIN_INK).  The floor's grid under the tops' lattice shows the letters against their own
    # strokes (``own``), one edge alone: the board is found, and what stops it now is a square of its
    # steep view in doubt, not "no labelled edge" (the tall pieces' sides read there left for later)
    from visolve.errors import ReadError
    from visolve.puzzles.genius_square.reader import read
    from visolve.testing.scenes import scene_case

    case = scene_case("genius-square", 9, 257)
    try:
        got = read(case.image, case.name)
    except (NotThisPuzzle, ReadError) as exc:
        got = exc
    assert not isinstance(got, NotThisPuzzle), got
    assert isinstance(got, ReadError) and str(got).startswith("square ") or got == case.truth[0]
