"""A row of dice beside the grid taken for one of its labelled edges: the way up a third, faintly
labelled edge allows is kept when its glyphs read and the first way's do not (``nearedge``)."""

import numpy as np
import pytest

from visolve.errors import NotThisPuzzle, ReadError
from visolve.puzzles.genius_square import finder
from visolve.puzzles.genius_square.finder import Upright
from visolve.puzzles.genius_square.nearedge import near_ways, quarter_turn, turned_if_legible
from visolve.puzzles.genius_square.reader import read
from visolve.testing.scenes import scene_case

PLACES = ((0.1, 1.0, 0.0), (0.2, 1.0, 0.0), (0.3, 1.0, 0.0), (0.4, 1.0, 0.0))


def _option(ink) -> Upright:
    return Upright(np.eye(3), 0, False, tuple(ink), PLACES, (0, 3))


def test_no_near_edge_no_other_way():
    assert near_ways(_option((0.05, 0.01, 0.0, 0.05))) == []
    assert near_ways(_option((0.05, 0.03, 0.0, 0.05))) == []  # a labelled edge is not a near one


def test_a_faint_bottom_puts_the_left_on_top():
    (way,) = near_ways(_option((0.03, 0.0, 0.02, 0.04)))
    assert way.turns == 3 and way.edges == (0, 3)
    assert way.ink == (0.04, 0.03, 0.0, 0.02) and way.places == (PLACES[3], *PLACES[:3])
    assert np.allclose(way.homography, quarter_turn(3))


def test_a_faint_right_puts_the_right_on_top():
    (way,) = near_ways(_option((0.03, 0.02, 0.0, 0.04)))
    assert way.turns == 1 and way.ink == (0.02, 0.0, 0.04, 0.03)


def test_the_near_way_kept_only_when_it_alone_reads():
    option = _option((0.03, 0.02, 0.02, 0.04))  # two near ways: turned 1 and 3
    asked = []

    def reads(turns):
        def legible(way):
            asked.append(way.turns)
            return way.turns in turns
        return legible

    assert turned_if_legible(option, reads({0, 3})) is None  # the first way reads: it stands
    assert asked == [0]
    assert [w.turns for w in turned_if_legible(option, reads({3}))] == [3]
    assert turned_if_legible(option, reads({1, 3})) is None  # two read: the doubt stays
    assert turned_if_legible(option, reads(set())) is None
    asked.clear()
    assert turned_if_legible(_option((0.03, 0.0, 0.0, 0.04)), reads(set())) is None
    assert asked == []  # no near way: the glyphs are not read here


def test_a_board_whose_dice_stand_beside_it_reads():
    """Scene 62 of seed 17: a maroon SmartGames board turned a quarter, the dice in a row along the
    edge above it as seen (ink 0.026) and its digits' edge faint (0.024); refused before ("0 of 12
    labels legible": the dice's row was taken for a labelled edge)."""
    case = scene_case("genius-square", 62, 17)
    assert read(case.image, case.name) == case.truth[0]


def test_without_the_near_ways_it_is_refused(monkeypatch):
    case = scene_case("genius-square", 62, 17)
    monkeypatch.setattr(finder, "turned_if_legible", lambda *a: None)
    # the ink taken against the strokes near the labels finds the right way up too (the dice's row is
    # no labelled edge there): without it as well, the board is refused
    assert read(case.image, case.name) == case.truth[0]
    monkeypatch.setattr(finder, "glared_way", lambda *a: None)
    with pytest.raises(ReadError, match="0 of 12 labels legible"):
        read(case.image, case.name)


def test_a_board_whose_letters_tall_pieces_half_hide_reads():
    """Scene 74 of seed 17: a maroon SmartGames board, no lattice (tall pieces), its digits whole and
    only B, C and D of its letters seen, a grey piece's lit top in line with them; its outline's
    labels place the grid, and both edges' glyphs read (refused before: "no 6 x 6 grid of squares
    found")."""
    case = scene_case("genius-square", 74, 17)
    assert read(case.image, case.name) == case.truth[0]


def test_one_labelled_edge_is_not_enough_where_two_must_read(monkeypatch):
    case = scene_case("genius-square", 74, 17)
    monkeypatch.setattr(finder, "both_edges_read", lambda *a: False)
    with pytest.raises(NotThisPuzzle, match="no 6 x 6 grid"):
        read(case.image, case.name)
