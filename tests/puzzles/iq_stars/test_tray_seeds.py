"""Seed triangles of the tray's lattice of piece tops, tops found under glare, white middles on free cells."""

import cv2
import numpy as np
import pytest

from visolve.puzzles.iq_stars import tray, tray_seeds, tray_tops
from visolve.puzzles.iq_stars.tray_pieces import TrayCellError
from visolve.puzzles.iq_stars.tray_shapes import SHAPES, colour_groups
from visolve.testing.scenes import scene_case


def _chain_points() -> np.ndarray:
    """Three tops, picture px: two neighbour steps at a third of a turn (a bent chain)."""
    return np.array([[100.0, 100.0], [150.0, 100.0], [175.0, 143.3]])


def test_a_bent_chain_of_three_tops_is_a_seed():
    seeds = tray_seeds.triangles(_chain_points(), np.full(3, 40.0), tray_tops.AREA_RANGE)
    assert ((0, 1, 2), True) in seeds and ((0, 1, 2), False) in seeds


def test_a_bent_chain_puts_its_middle_second():
    order = tray_seeds.seed_order(_chain_points(), (0, 1, 2), True)
    assert order[1] == 1 and set(order) == {0, 1, 2}
    assert tray_seeds.seed_order(_chain_points(), (0, 1, 2), False) == (0, 1, 2)


def test_pieces_of_chains_only_grow_their_true_lattice():
    # scene 62 of seed 2: a pink chain of four and an orange chain of three hold no triangle
    # of mutual neighbours; grown from one that is none, the lattice left a pink top off and
    # broke the pink piece, and the free pits tied two placements
    case = scene_case("iq-stars", 62, 2)
    _work, tops = tray_tops.find_tops(case.image)
    _hom, axial, members = tray_tops.fit_lattice(tops, tray.MIN_TOPS)
    letters = [tray_tops.classify_plastic(tray_tops.balanced(t)).name for t in members]
    groups = colour_groups({tuple(int(v) for v in a): letter for a, letter in zip(axial, letters)})
    assert len(members) == 7 and sorted(map(len, groups)) == [3, 4]
    for group in groups:
        a = np.array(group)
        assert tuple(sorted(map(tuple, (a - a.min(axis=0)).tolist()))) in SHAPES


def test_a_violet_top_washed_by_glare_is_found():
    # scene 1 of seed 2: glare pales a violet ring (0.2 saturated, 0.11 from grey divided by
    # its middle) and the glared page round it is as white as the middle, so the middle was
    # lost in one large blob; it is the brightest there and is looked for again
    case = scene_case("iq-stars", 1, 2)
    _work, tops = tray_tops.find_tops(case.image)
    near = [t for t in tops if np.hypot(t.x - 616, t.y - 640) < 15]
    assert len(near) == 1 and tray_tops.classify_plastic(tray_tops.balanced(near[0])).name == "v"
    assert tray.read_tray(case.image, case.name) == case.truth[0]


def test_a_middle_whose_pale_ring_glare_washed_is_a_top():
    # scene 65 of seed 2: a violet top's middle of a top's size whose ring is only 0.17
    # coloured above the ring's saturation, all of it above the glare's
    case = scene_case("iq-stars", 65, 2)
    _work, tops = tray_tops.find_tops(case.image)
    near = [t for t in tops if np.hypot(t.x - 349, t.y - 477) < 10]
    assert len(near) == 1 and tray_tops.classify_plastic(tray_tops.balanced(near[0])).name == "v"


def test_white_middles_where_free_pits_should_be_are_seen():
    # a white star on the tops' plane where the board leaves a cell free is a piece whose top
    # was not found (or a drawn white star), never a free pit: a white disc among navy
    from visolve.puzzles.iq_stars.tray_white import white_cells

    work = np.full((200, 200, 3), (90, 50, 40), np.uint8)
    cv2.circle(work, (50, 50), 12, (250, 250, 250), -1)
    hom = np.array([[40.0, 0.0, 50.0], [0.0, 40.0, 50.0], [0.0, 0.0, 1.0]])  # metric (0, 0) at (50, 50)
    got = white_cells(work, hom, np.array([[0.0, 0.0], [1.0, 0.0], [9.0, 9.0]]), 250.0)
    assert got.tolist() == [True, False, False]


def test_a_drawing_whose_white_stars_fall_on_free_cells_is_refused():
    # scene 29 of seed 3: a drawn board in a photo; its lime piece's white stars were no tops,
    # and the board placed at a shift where their cells met the drawing's dark outlines read
    # them as free pits (a misread); they are white on the tops' plane: pieces whose tops were
    # missed, and the colours beside them fit no piece's shape there (tray_pieces.call_pieces)
    case = scene_case("iq-stars", 29, 3)
    with pytest.raises(TrayCellError, match=r"row \d star \d: (a white star|no way to colour)"):
        tray.read_rows(case.image)
