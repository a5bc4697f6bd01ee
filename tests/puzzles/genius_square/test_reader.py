"""The Genius Square reader on the project's drawings, synthetic photos and the real photos."""

import cv2
import numpy as np
import pytest

from tests.conftest import SHARED, shared_path
from visolve.errors import NotThisPuzzle, ReadError
from visolve.puzzles.genius_square import testing
from visolve.puzzles.genius_square.board import drawing, make_level
from visolve.puzzles.genius_square.draw import draw_board, square_box
from visolve.puzzles.genius_square.probe import probe
from visolve.puzzles.genius_square.reader import debug_overlay, level_name, read

ROLL = "A5 A6 B2 D3 D5 F3 F6".split()
PLAYED = make_level("played", ROLL, {"6": ["E1", "E2", "F1", "F2"], "5": ["C1", "C2", "C3", "C4"]},
                    edition="smartgames", source="played.png")
PITCH = 44
#: a colour half way between two pieces' colours
BETWEEN_YELLOW_AND_GREEN = (40, 200, 155)
#: synthetic photos every test run reads (the evaluation reads 500+: scripts/eval_reader.py)
PHOTOS = 6


@pytest.mark.parametrize("edition", ["happy-puzzle", "smartgames"])
@pytest.mark.parametrize("turns", [0, 1, 2, 3])
def test_a_drawn_board_reads_the_same_at_every_rotation(edition, turns):
    level = make_level("played", PLAYED.blockers, dict(PLAYED.pieces), edition=edition, source="played.png")
    picture = np.ascontiguousarray(np.rot90(draw_board(drawing(level), edition, 44), turns))
    assert read(picture, "played.png") == level


def test_squares_are_named_from_the_labelled_corner():
    """A blocker drawn in the top-left square stays A1 whichever way the board is turned."""
    level = make_level("corner", "A1 A2 B4 A4 D5 A5 A6".split(), edition="happy-puzzle", source="corner.png")
    for turns in range(4):
        picture = np.ascontiguousarray(np.rot90(draw_board(drawing(level), "happy-puzzle", 44), turns))
        assert read(picture, "corner.png").blockers == level.blockers


def test_a_board_with_no_legal_roll_is_still_read():
    level = make_level("odd", "A1 C1 D1 B4 C5 E6 F6".split(), edition="smartgames", source="odd.png")
    assert read(draw_board(drawing(level), "smartgames", 44), "odd.png") == level


def test_a_square_in_doubt_is_named():
    level = make_level("doubt", ROLL, edition="happy-puzzle", source="doubt.png")
    picture = draw_board(drawing(level), "happy-puzzle", PITCH)
    x, y = square_box(PITCH, 2, 0)  # C1
    picture[int(y) + 10:int(y) + PITCH - 10, int(x) + 10:int(x) + PITCH - 10] = BETWEEN_YELLOW_AND_GREEN
    with pytest.raises(ReadError, match=r"^square C1: "):
        read(picture, "doubt.png")


def test_a_piece_of_the_wrong_shape_is_refused():
    rows = drawing(make_level("x", ROLL))
    rows[2] = "3333.."  # a straight three four squares long
    with pytest.raises(ReadError, match="square C1: piece 3"):
        read(draw_board(rows, "happy-puzzle", 44), "x.png")


@pytest.mark.parametrize("picture", [np.zeros((400, 400, 3), np.uint8),
                                     np.random.default_rng(1).integers(0, 256, (400, 500, 3), dtype=np.uint8)])
def test_pictures_of_nothing_are_not_this_puzzle(picture):
    with pytest.raises(NotThisPuzzle):
        read(picture, "nothing.png")
    assert probe(picture) < 0.5


def test_level_name_is_the_file_stem():
    assert level_name("photos/2024 kitchen.jpg") == "2024 kitchen"
    assert level_name("12.png") == "12"
    assert level_name("") == "unnamed"


def test_synthetic_photos_read_exactly_or_are_refused():
    read_right = 0
    for case in testing.synthetic_cases(PHOTOS, 3):
        try:
            got = read(case.image, case.name)
        except (NotThisPuzzle, ReadError):
            continue
        assert got == case.truth[0], case.name
        read_right += 1
    assert read_right >= PHOTOS // 2  # photo effects (glare) may make a few refuse; evaluation: scripts/


def test_debug_overlay_is_a_picture_for_a_board_and_for_nothing():
    board = draw_board(drawing(PLAYED), "smartgames", 44)
    for picture in (board, np.zeros((300, 300, 3), np.uint8)):
        out = debug_overlay(picture, "x.png")
        assert out.shape == picture.shape and out.dtype == np.uint8


def test_real_boards_read_exactly():
    shared_path("genius-square", "photos", "photos.tsv")
    cases = testing.real_cases(SHARED)
    boards = [c for c in cases if c.truth]
    assert len(boards) >= 2
    for case in cases:
        if case.truth:
            assert read(case.image, case.name) == case.truth[0], case.name
        else:
            with pytest.raises((NotThisPuzzle, ReadError)):
                read(case.image, case.name)


def test_real_board_photos_make_the_probe_look():
    shared_path("genius-square", "photos", "photos.tsv")
    for case in testing.real_cases(SHARED):
        if case.truth:
            assert probe(case.image) > 0.5, case.name


def test_a_smartgames_board_is_named_by_its_printed_labels():
    """The letters across the top name columns there: a disc under E, beside 1, is E1 (not A5)."""
    rows = ["....#.", ".#.#..", ".....#", ".#....", "...#..", "#....."]
    for turns in (0, 1):
        picture = np.ascontiguousarray(np.rot90(draw_board(rows, "smartgames", 44), turns))
        assert read(picture, "x.png").blockers == ("A6", "B2", "B4", "D2", "D5", "E1", "F3")


def test_the_smartgames_artwork_reads_as_printed():
    path = shared_path("genius-square", "photos", "smartgames_artwork_solved_board.jpg")
    level = read(cv2.imread(str(path), cv2.IMREAD_COLOR), path.name)
    assert level.edition == "smartgames"
    assert level.blockers == ("A6", "B2", "B4", "D2", "D5", "E1", "F3")  # photos.tsv; not a legal roll


@pytest.mark.parametrize("edition", ["happy-puzzle", "smartgames"])
def test_a_board_without_blockers_is_refused_with_its_reason(edition):
    picture = draw_board(["......"] * 6, edition, 44)
    with pytest.raises(ReadError, match="no blockers on the board: roll the dice first"):
        read(picture, "empty.png")
    assert probe(picture) > 0.5  # it is the game's board: the pipeline tries this reader first and says why


def test_the_empty_smartgames_artwork_is_refused():
    path = shared_path("genius-square", "photos", "smartgames_artwork_empty_board.jpg")
    with pytest.raises(ReadError, match="no blockers"):
        read(cv2.imread(str(path), cv2.IMREAD_COLOR), path.name)


def test_a_page_of_boards_without_tabs_is_still_refused():
    # two boards side by side and no tab says which challenge each is: never numbered by a guess
    from visolve.errors import SeveralBoards
    from visolve.make.generate import challenges

    made = challenges("genius-square", "starter", 2, 1)
    boards = [draw_board(drawing(m.level), m.level.edition, pitch=60)[:, :, :3] for m in made]
    gap = np.full((boards[0].shape[0], 120, 3), 255, np.uint8)
    page = cv2.copyMakeBorder(np.hstack([boards[0], gap, boards[1]]), 150, 150, 150, 150, cv2.BORDER_CONSTANT,
                              value=(255, 255, 255))
    with pytest.raises(SeveralBoards, match="no number tab"):
        read(page, "page.png")
