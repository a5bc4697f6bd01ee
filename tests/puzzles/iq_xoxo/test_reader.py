"""The IQ XOXO reader on drawn booklet pages, turned pages, photos, the real booklet photo and other pictures."""

import random

import cv2
import numpy as np
import pytest

from tests.conftest import shared_path
from visolve.errors import NotThisPuzzle, ReadError
from visolve.puzzles.iq_xoxo import testing
from visolve.puzzles.iq_xoxo.draw import draw_page
from visolve.puzzles.iq_xoxo.model import Level
from visolve.puzzles.iq_xoxo.probe import probe
from visolve.puzzles.iq_xoxo.reader import debug_overlay, read
from visolve.testing import iter_distractors


def _levels(got):
    return got if isinstance(got, list) else [got]


def _challenges(n, seed):
    rng = random.Random(seed)
    return [testing.random_challenge(rng, rng.randint(1, 120)) for _ in range(n)]


@pytest.mark.parametrize("pitch", [30, 44, 64])
def test_a_drawn_page_of_three_reads_exactly(pitch):
    levels = _challenges(3, f"page-{pitch}")
    got = _levels(read(draw_page(levels, pitch, per_row=2), "page.png"))
    assert got == [Level(lv.level, lv.rows, "page.png") for lv in levels]


def test_an_upside_down_page_gives_the_same_challenges():
    levels = _challenges(2, "turned")
    page = cv2.rotate(draw_page(levels, 40, per_row=1), cv2.ROTATE_180)
    got = _levels(read(page, "turned.png"))
    assert sorted(got, key=lambda lv: lv.level) == sorted(
        [Level(lv.level, lv.rows, "turned.png") for lv in levels], key=lambda lv: lv.level)


def test_a_board_without_a_tab_takes_the_file_name():
    level = _challenges(1, "named")[0]
    picture = draw_page([Level("x", level.rows)], 40)
    assert read(picture, "challenge 77.png") == Level(77, level.rows, "challenge 77.png")
    two = draw_page([Level("x", level.rows), Level("y", level.rows)], 40)
    assert [lv.level for lv in _levels(read(two, "kitchen.jpg"))] == ["kitchen-1", "kitchen-2"]


@pytest.mark.slow
def test_synthetic_photos_read_exactly_or_are_refused():
    # photos of drawn pages: never a wrong challenge (a refusal is allowed; the
    # evaluation script measures how many are exact)
    exact = 0
    for case in testing.synthetic_cases(6, seed=3):
        try:
            got = _levels(read(case.image, case.name))
        except (NotThisPuzzle, ReadError):
            continue
        assert sorted(got, key=str) == sorted(case.truth, key=str), case.name
        exact += 1
    assert exact >= 2


def test_the_real_booklet_photo():
    path = shared_path("iq-xoxo", "photos", "booklet_119_120.jpg")
    image = cv2.imread(str(path))
    cases = testing.real_cases(path.parents[2])
    truth = next(c.truth for c in cases if c.name.endswith(path.name))
    got = _levels(read(image, cases[0].name))
    assert got == truth
    assert probe(image) > 0.5


def test_the_real_photo_turned_upside_down_is_never_misread():
    # read exactly or refused (today it is refused: the bent page's 119 board is not outlined
    # well enough when the photo is turned); never other challenges
    path = shared_path("iq-xoxo", "photos", "booklet_119_120.jpg")
    image = cv2.rotate(cv2.imread(str(path)), cv2.ROTATE_180)
    try:
        got = {lv.level: lv.rows for lv in _levels(read(image, "turned.jpg"))}
    except ReadError:
        return
    assert got[119][3:] == ("PPP.......", "PP........") and got[120][2] == "......ZZZ."


def test_pictures_of_nothing_are_refused():
    for name, image in iter_distractors(6, seed=5):
        with pytest.raises((NotThisPuzzle, ReadError)):
            read(image, f"{name}.png")
    grey = np.full((400, 600, 3), 128, np.uint8)
    with pytest.raises(NotThisPuzzle):
        read(grey, "grey.png")
    assert probe(grey) == 0.0


def test_debug_overlay_is_a_picture():
    level = _challenges(1, "overlay")[0]
    picture = draw_page([level], 40)
    out = debug_overlay(picture, "x.png")
    assert out.shape == picture.shape and out.dtype == np.uint8


def test_a_page_whose_board_is_cut_off_is_refused_with_the_pages_reason():
    # half a board: grey squares on a grid but no whole 5 x 10 board; the refusal is the
    # page reader's (what it saw), not the box reader's "no tray found"
    page = draw_page(_challenges(1, "cut"), 40)
    with pytest.raises(ReadError, match="grey squares on a grid seen") as refused:
        read(page[:, : page.shape[1] // 2], "cut.png")
    assert "box" not in str(refused.value)


def test_a_picture_with_no_grid_and_no_tray_gives_both_reasons_the_pages_first():
    blank = np.full((300, 400, 3), 235, np.uint8)
    with pytest.raises(NotThisPuzzle, match="^no 5 x 10 board of grey squares found; the box reader: no IQ XOXO"):
        read(blank, "blank.png")


def _washed(page: np.ndarray, contrast: float) -> np.ndarray:
    """``page`` washed out to ``contrast`` of its contrast against white."""
    return (255 - (255 - page.astype(np.float32)) * contrast).astype(np.uint8)


def test_a_faint_page_the_box_reader_takes_for_a_tray_is_refused_with_the_pages_reason():
    # washed out to 20 % of its contrast, a page shows no board the finder outlines; the box reader
    # takes its board for a tray and refuses it: that reason alone was shown, the page's leads now
    page = draw_page(_challenges(2, "faint"), 14, per_row=2)
    with pytest.raises((NotThisPuzzle, ReadError), match="^no 5 x 10 board of grey squares found; the box reader"):
        read(_washed(page, 0.2), "faint.png")


def test_a_page_washed_to_30_percent_reads_by_its_pale_tabs():
    # at 30 % its tabs are pastel, under the finder's colour: refused as above until the pale tabs
    # weighed (issue 25, page.pale_tabs); the page is then looked at with its lightness evened
    page = draw_page(_challenges(2, "faint"), 14, per_row=2)
    got = read(_washed(page, 0.3), "faint.png")
    assert sorted(((lv.level, lv.rows) for lv in got), key=str) == \
        sorted(((lv.level, lv.rows) for lv in _challenges(2, "faint")), key=str)


def test_a_page_the_box_reader_refuses_leads_with_the_pages_reason():
    # painter-set photo 71 (seed 0): squares too light or blurred for the first look, and a tray
    # the box reader could not read: its reason alone was shown ("box: square r0c0 ...")
    case = testing.synthetic_case(71, 0)
    with pytest.raises((NotThisPuzzle, ReadError)) as refused:
        read(case.image, case.name)
    # the page reader's reason first: no board seen, or the boards it saw and that one was left out
    assert str(refused.value).startswith(("no 5 x 10 board of grey squares found",
                                          "squares of a grid or a number tab lie outside"))


def test_a_faint_board_beside_a_board_read_is_found_and_read():
    # painter-set photo 36 (seed 0), refused like photo 71 above until its faint board was looked
    # for beside the board read (page.neighbours): both boards now read, each under its own tab
    case = testing.synthetic_case(36, 0)
    got = read(case.image, case.name)
    assert sorted(_levels(got), key=str) == sorted(case.truth, key=str)


def test_the_refusal_takes_the_page_readers_first_look_again():
    # a picture neither reader read: the refusal told how many grey squares the page reader's first
    # look saw by taking that look again (a large picture's closer look: about 100 ms more)
    from visolve.puzzles.iq_xoxo.page import finder

    blank = np.full((600, 900, 3), 200, np.uint8)
    noted = {"look": (0.5, (8.0, np.array([(10.0 + 8 * k, 10.0) for k in range(3)] + [(10.0, 18.0)])))}
    calls = []
    real = finder._looked
    try:
        finder._looked = lambda image: calls.append(1) or real(image)
        seen, pitch = finder.squares_seen(blank, noted)
    finally:
        finder._looked = real
    assert not calls and seen == 2 and pitch == 16.0


ROWS_TWICE = ("..........",) * 5


def test_a_number_read_twice_on_a_page_is_refused():
    # painter set seed 0 page 153: one board outlined twice, both read as 103
    from visolve.puzzles.iq_xoxo.model import Level
    from visolve.puzzles.iq_xoxo.reader import read_twice

    board = Level(level=103, rows=ROWS_TWICE)
    assert read_twice([Level(level=20, rows=ROWS_TWICE), board, board, Level(level=85, rows=ROWS_TWICE)]) == (1, 2)
    assert read_twice([Level(level=20, rows=ROWS_TWICE), board]) is None
    assert read_twice([Level(level=None, rows=ROWS_TWICE), Level(level=None, rows=ROWS_TWICE)]) is None
