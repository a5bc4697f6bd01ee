"""Tall pieces seen steeply: marks standing well off their squares."""

from __future__ import annotations

import numpy as np

from visolve.puzzles.iq_xoxo.box.alignment import ALIGN_MIN, common_shift
from visolve.puzzles.iq_xoxo.box.reader import read_box
from visolve.testing.scenes import scene_case


def test_the_shift_most_marks_agree_on_is_found_among_marks_of_the_next_square():
    rng = np.random.default_rng(0)
    # eight marks 0.3 of a square left of their squares, five of the next square's marks at the
    # search's edge (0.4 right): the common shift is the eight's
    own = np.column_stack([-0.3 + rng.uniform(-0.05, 0.05, 8), rng.uniform(-0.05, 0.05, 8)])
    edge = np.column_stack([0.4 + rng.uniform(-0.05, 0.05, 5), rng.uniform(-0.2, 0.2, 5)])
    shift = common_shift(np.float32(np.vstack([own, edge])))
    assert shift is not None and abs(shift[0] + 0.3) < 0.05 and abs(shift[1]) < 0.05
    assert common_shift(np.float32(own[:ALIGN_MIN - 1])) is None  # too few agree
    assert common_shift(np.float32(own * 0.1)) is None  # no shift worth taking


def test_marks_of_tall_pieces_seen_steeply_are_found_after_their_common_shift():
    case = scene_case("iq-xoxo", 88, 0)  # the marks 0.3 of a square off the floor's squares
    assert case.name.startswith("scenes/box/")
    assert read_box(case.image, case.name).rows == case.truth[0].rows
