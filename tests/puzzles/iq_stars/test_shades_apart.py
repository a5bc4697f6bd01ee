"""Stars read the same colour, orange or yellow, at shades too far apart for one piece
(:func:`visolve.puzzles.iq_stars.colours.shades_apart`)."""

import pytest

from visolve.errors import ReadError
from visolve.puzzles.iq_stars import reader
from visolve.puzzles.iq_stars.colours import ONE_SHADE, Verdict, shades_apart
from visolve.puzzles.iq_stars.reader import read
from visolve.puzzles.iq_stars.symbols import Star
from visolve.testing.scenes import scene_case

ROWS = ("..V....", "O...RO", ".......", "......")


def _stars(greens: dict) -> dict:
    """Every cell of ``ROWS`` as a Star, the orange ones with the given green shares."""
    free = Star(0.0, Verdict("b", 0.0, 50.0, "g"), 1.0)
    stars = {(r, k): free for r, row in enumerate(ROWS) for k in range(len(row))}
    for cell, green in greens.items():
        stars[cell] = Star(1.0, Verdict("o", 3.0, 4.0, "y"), 0.0, green=green)
    return stars


def test_two_oranges_far_apart_in_green_are_two_colours():
    why = shades_apart(_stars({(1, 0): 0.709, (1, 5): 0.442}), ROWS)
    assert why is not None
    assert "row 2 star 6 (0.44) and row 2 star 1 (0.71) both read orange" in why


def test_two_oranges_of_one_shade_stand():
    assert shades_apart(_stars({(1, 0): 0.50, (1, 5): 0.50 + ONE_SHADE['o'] - 0.01}), ROWS) is None
    one = ("..V....", "Y...RO", ".......", "......")  # one orange star: nothing to compare
    assert shades_apart(_stars({(1, 0): 0.50, (1, 5): 0.20}), one) is None


def test_two_yellows_a_little_apart_stand():
    # the painter's photo 21 of seed 0: two yellow stars of one piece at 0.84 and 0.96 (yellow's
    # larger shares spread more), read right
    yellows = ("..V....", "Y...RY", ".......", "......")
    stars = _stars({})
    for cell, green in {(1, 0): 0.84, (1, 5): 0.96}.items():
        stars[cell] = Star(1.0, Verdict("y", 3.0, 4.0, "o"), 0.0, green=green)
    assert shades_apart(stars, yellows) is None


def test_seed_16_scene_56_a_yellow_read_orange_beside_an_orange_is_split():
    # a photographed drawing: its yellow star measured 0.709 (orange's side of the band by 0.001)
    # and was read orange beside a true orange at 0.44, a misread; the two shades are two pieces
    case = scene_case("iq-stars", 56, 16)
    assert read(case.image, case.name) == case.truth[0]


def test_seed_16_scene_56_without_a_split_is_refused(monkeypatch):
    monkeypatch.setattr(reader, "split_by_shade", lambda stars, rows: None)
    case = scene_case("iq-stars", 56, 16)
    with pytest.raises(ReadError, match="both read orange, but their green shares"):
        read(case.image, case.name)


def test_seed_18_scene_3_a_yellow_read_orange_a_little_greener_than_an_orange_is_refused():
    # a diagram drawn with an orange-ish yellow (share 0.65) beside an orange (0.54): too close for a
    # split by shade, too far apart for one colour; read orange before, a misread
    case = scene_case("iq-stars", 3, 18)
    with pytest.raises(ReadError, match=r"row 1 star 2 \(0.54\) and row 4 star 5 \(0.65\) both read orange"):
        read(case.image, case.name)
