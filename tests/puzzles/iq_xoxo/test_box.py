"""Photos of the IQ XOXO box with pieces in it: drawn boxes, synthetic photos, the real solved box."""

import random

import cv2
import numpy as np
import pytest

from tests.conftest import shared_path
from visolve.errors import NotThisPuzzle, ReadError
from visolve.puzzles.iq_xoxo import testing
from visolve.puzzles.iq_xoxo.board import EMPTY
from visolve.puzzles.iq_xoxo.box.drawing import draw_box, empty_level
from visolve.puzzles.iq_xoxo.box.reader import read_box
from visolve.puzzles.iq_xoxo.box.squares import cover
from visolve.puzzles.iq_xoxo.model import Level
from visolve.testing import photograph

SOLVED = ("NIIIIILVVV", "NWWLLLLZZV", "NNWWTPPPZV", "UNUWTPPYZZ", "UUUTTTYYYY")


def _partial(seed, keep):
    """A random filling with ``keep`` of its pieces left in the box."""
    rng = random.Random(seed)
    filling = rng.choice(testing.fillings())
    letters = rng.sample(sorted(set("".join(filling))), keep)
    return Level("x", tuple("".join(ch if ch in letters else EMPTY for ch in row) for row in filling))


@pytest.mark.parametrize("keep", [0, 1, 3, 6, 10])
def test_a_drawn_box_reads_exactly(keep):
    level = _partial(f"drawn-{keep}", keep)
    got = read_box(draw_box(level, 48, np.random.default_rng(keep)), "my box.png")
    assert got == Level("my box", level.rows, "my box.png")


def test_an_upside_down_box_gives_the_same_board():
    level = _partial("turned", 4)
    picture = cv2.rotate(draw_box(level, 44), cv2.ROTATE_180)
    assert read_box(picture, "turned.jpg").rows == level.rows


def test_the_solved_box_drawn_at_the_real_photos_scale():
    assert read_box(draw_box(Level("x", SOLVED), 75), "solved.png").rows == SOLVED


@pytest.mark.parametrize("i", [2, 4, 9, 12])
def test_synthetic_photos_read_exactly(i):
    # photos the reader reads at seed 0 (others are refused: scripts/eval_xoxo_box.py counts them)
    case = testing.box_case(i, seed=0)
    got = read_box(case.image, case.name)
    assert got == case.truth[0]


def test_a_picture_without_a_box_is_not_this_puzzle():
    with pytest.raises(NotThisPuzzle):
        read_box(np.full((300, 400, 3), 128, np.uint8), "grey.png")


def test_a_piece_that_cannot_be_is_refused_naming_a_square():
    # four squares of the pink piece: no whole piece covers them
    rows = ("NNNN......", "..........", "..........", "..........", "..........")
    with pytest.raises(ReadError, match="r0c0"):
        read_box(draw_box(Level("x", rows), 44), "four.png")


def test_a_washed_out_tray_is_refused_or_read_exactly():
    picture = draw_box(_partial("washed", 4), 44)
    washed = (picture.astype(np.float32) * 0.3 + 175).astype(np.uint8)
    try:
        got = read_box(washed, "washed.png")
    except (ReadError, NotThisPuzzle):
        return
    assert got.rows == _partial("washed", 4).rows  # read, then never wrongly


def test_the_cover_settles_colours_that_allow_two_pieces():
    # the yellow T and the orange W look alike in a photo: the shapes tell them apart
    candidates = {(r, c): ("T", "W") if ch in "TW" else (ch,) for r, row in enumerate(SOLVED) for c, ch in enumerate(row)}
    ways = cover(candidates)
    assert len(ways) == 1 and all(SOLVED[r][c] == letter for (r, c), letter in ways[0].items())
    assert len(cover({(0, c): ("I",) for c in range(5)})) == 1
    assert cover({(0, c): ("I",) for c in range(4)}) == []


def test_an_empty_box_is_an_empty_level():
    assert read_box(draw_box(empty_level(), 40), "empty.png").rows == empty_level().rows


def test_the_real_photo_of_the_solved_box():
    path = shared_path("iq-xoxo/photos/box_solved.jpg")
    if path is None or not path.is_file():
        pytest.skip("../shared/iq-xoxo/photos/box_solved.jpg is not here")
    image = cv2.imread(str(path), cv2.IMREAD_COLOR)
    assert read_box(image, path.name) == Level("box_solved", SOLVED, path.name)
    assert read_box(cv2.rotate(image, cv2.ROTATE_180), path.name).rows == SOLVED  # upside down: the marks say


def test_photograph_is_what_the_cases_use():
    level = _partial("photo", 5)
    photo, _h = photograph(draw_box(level, 40), np.random.default_rng(5), 0.0, frame="none")
    assert read_box(photo, "p.jpg").rows == level.rows


def test_noise_filling_the_picture_is_no_empty_box():
    # a uniform picture's whole frame is about twice as high as wide: no rim around it, no tray
    from visolve.testing import iter_distractors

    for k, (_label, picture) in enumerate(iter_distractors(34, 0)):
        if k in (0, 33):
            with pytest.raises(NotThisPuzzle):
                read_box(picture, f"noise_{k}.png")


def test_the_family_reader_reads_a_box_photo_when_no_booklet_page_is_seen():
    from visolve.puzzles.iq_xoxo.reader import read

    level = _partial("family", 5)
    assert read(draw_box(level, 48), "kitchen table.png") == Level("kitchen table", level.rows, "kitchen table.png")


@pytest.mark.parametrize("shift", [(1, 0), (-1, 0), (0, 1), (0, -1)])
def test_a_tray_outlined_a_square_off_is_refused(shift):
    # the rim or the hinge read as floor would move every piece by a square: a misread
    from visolve.puzzles.iq_xoxo.box.reader import read_tray
    from visolve.puzzles.iq_xoxo.box.drawing import tray_corners

    level = Level("x", tuple("".join(ch if ch in "IVZY" else EMPTY for ch in row) for row in SOLVED))
    reading = read_tray(draw_box(level, 44), tray_corners(44) + np.array(shift) * 44)
    assert reading is None or reading.rows is None


def test_a_booklet_board_is_no_box():
    # grey squares with the page between them are a booklet's, not the box's even floor
    case = testing.synthetic_case(2, 0)  # a photo of a page of two challenges
    with pytest.raises(NotThisPuzzle, match="booklet"):
        read_box(case.image, case.name)
