"""Colour casts on SmartGames photos: a grey board seen bluish is still read against its own colour, and
a tall disc seen by its shaded side is still wood."""

import numpy as np
import pytest

from visolve.puzzles.genius_square.board import drawing, make_level
from visolve.puzzles.genius_square.colours import WOOD, classify, prototypes
from visolve.puzzles.genius_square.draw import STYLE, WOOD_BGR, draw_board
from visolve.puzzles.genius_square.edition import navy
from visolve.puzzles.genius_square.reader import read
from visolve.testing.scenes import scene_case

ROLL = "A5 A6 B2 D3 D5 F3 F6".split()
GREY = (118, 114, 110)


def _recoloured(picture: np.ndarray, old, new) -> np.ndarray:
    out = picture.copy()
    out[np.all(np.abs(picture.astype(int) - np.array(old)) <= 6, axis=2)] = new
    return out


@pytest.mark.parametrize("gain", [(1.0, 1.0, 1.0), (1.12, 1.0, 0.9), (1.25, 1.0, 0.85)])
def test_a_grey_smartgames_board_under_a_blue_cast_reads_its_pieces(gain):
    """A blue cast gives the grey board a blue lead of 16-30 (read as navy by its colour alone): the
    purple piece was then 'neither clearly red nor purple'."""
    level = make_level("grey", ROLL, {"4": ["E1", "E2", "F1"]}, edition="smartgames", source="grey.png")
    picture = _recoloured(draw_board(drawing(level), "smartgames", 44), STYLE["smartgames"]["board"], GREY)
    cast = np.clip(picture * np.array(gain), 0, 255).astype(np.uint8)
    assert read(cast, "grey.png") == level


def test_the_balanced_board_colour_tells_navy_from_grey_and_maroon():
    assert navy(np.array(STYLE["smartgames"]["board"], float))
    assert not navy(np.array(GREY, float))
    assert not navy(np.array((48, 28, 112), float))
    assert not navy(np.array((140.0, 128.0, 125.0)))  # grey seen bluish, balanced by its labels


def test_a_grey_smartgames_scene_under_a_blue_cast_reads():
    """Randomized scene 27 of seed 0: a grey board with a purple piece, the board bluish in the photo."""
    case = scene_case("genius-square", 27, 0)
    assert "smartgames-photo" in case.name  # the scene drawn is the one this test is about
    assert read(case.image, case.name) == case.truth[0]


@pytest.mark.parametrize("board", [STYLE["smartgames"]["board"], GREY, (48, 28, 112)])
def test_a_disc_seen_by_its_shaded_side_is_wood(board):
    """A tall disc seen at an angle shows its side (wood at about half its light) at the square's
    centre: the nearest colour is wood (a solved board's cover weighs by it), and wood is what the
    square is, or one of its options when its shadow darkens the corners."""
    label = np.array(STYLE["smartgames"]["label"], float)
    span = label - np.array(board, float)
    side = (np.array(WOOD_BGR, float) * 0.55 - board) / span
    shadow = (np.array(board, float) * 0.55 - board) / span
    protos = prototypes("smartgames", board)
    assert protos.ranked(side)[0][1] == WOOD
    assert classify(side, [np.zeros(3)] * 4, protos, "smartgames").symbol == WOOD  # the board at its corners
    got = classify(side, [shadow] * 4, protos, "smartgames")
    assert WOOD in (got.symbol, *got.options), got


def test_a_brown_cube_top_nearer_brown_than_the_dark_wood_is_not_read_as_a_disc():
    """Randomized scene 87 of seed 0: on a grey board the brown domino's top (the board at its corners,
    seen beside lower discs) is near the shaded disc's wood too; brown is nearer, so both are options
    and the domino's shape settles it (it was read as a disc once the dark wood was a shade)."""
    case = scene_case("genius-square", 87, 0)
    assert "smartgames-photo" in case.name
    assert read(case.image, case.name) == case.truth[0]
    board = np.array(GREY, float)
    span = np.array(STYLE["smartgames"]["label"], float) - board
    brown = (np.array((35, 75, 140), float) * 0.95 - board) / span
    got = classify(brown, [np.zeros(3)] * 4, prototypes("smartgames", board), "smartgames")
    assert got.symbol != WOOD and "2" in (got.symbol, *got.options), got
