"""The box reader's tray outline and light: a side a square off, the mark fit, a cast across the tray, pale squares."""

import numpy as np
import pytest

from visolve.errors import ReadError
from visolve.puzzles.iq_xoxo import testing
from visolve.puzzles.iq_xoxo.board import COLS, EMPTY, ROWS
from visolve.puzzles.iq_xoxo.box import alignment
from visolve.puzzles.iq_xoxo.box import reader as box_reader
from visolve.puzzles.iq_xoxo.box import rim as box_rim
from visolve.puzzles.iq_xoxo.box.drawing import draw_box, tray_corners
from visolve.puzzles.iq_xoxo.box.finder import refined
from visolve.puzzles.iq_xoxo.model import Level
from visolve.vision.view import BoardView

SOLVED = ("NIIIIILVVV", "NWWLLLLZZV", "NNWWTPPPZV", "UNUWTPPYZZ", "UUUTTTYYYY")
#: the solved box's pieces on the right half only: columns 0-2 are empty floor
RIGHT = Level("x", tuple("".join(ch if ch in "LVZ" else EMPTY for ch in row) for row in SOLVED))
P = 44


def _squares(picture, corners):
    view = BoardView.from_corners(picture, corners, ROWS, COLS, pitch=box_reader.PITCH, margin=box_reader.MARGIN)
    balanced = box_reader.balanced(view)
    return balanced, box_reader.read_squares(balanced)


def test_floor_beyond_a_side_is_told():
    # outlined one square to the right, the first column of floor lies beyond the left side:
    # the marks alone would read it as the box turned half round, every piece a square off
    picture = draw_box(RIGHT, P)
    assert box_reader.floor_beyond(*_squares(picture, tray_corners(P))) == ""
    assert box_reader.floor_beyond(*_squares(picture, tray_corners(P) + [P, 0])) == "left"


def test_a_side_a_square_in_is_moved_back_to_the_floors_edge():
    picture = draw_box(RIGHT, P)
    corners = tray_corners(P)
    off = corners.copy()
    off[[0, 3], 0] += P  # the left side a square in, as a finder that lost a light column gives it
    assert np.abs(refined(picture, off, ROWS, COLS) - corners).max() < 0.2 * P


def test_the_mark_fit_never_moves_the_far_corners_much():
    # marks in the two left columns only: a fit that scales the board is refused, a shift is kept
    seen = np.float32([(c + 0.5, r + 0.5) for r in range(ROWS) for c in range(2)])
    assert alignment._mark_fit(seen, seen * 1.2) is None
    fit = alignment._mark_fit(seen, seen + 0.1)
    assert fit is not None and np.allclose(fit[:2, 2], 0.1, atol=0.01)


def test_a_cast_changing_across_the_tray_is_taken_out(monkeypatch):
    # photo 42 of seed 0: the floor tinted after one white balance for the whole tray (saturation
    # 0.20), a square of it in doubt; the cast fitted over the rim takes the tint out
    case = testing.box_case(42, seed=0)
    assert box_reader.read_box(case.image, case.name) == case.truth[0]
    monkeypatch.setattr(box_rim, "_cast_evened", lambda view: view)
    with pytest.raises(ReadError, match="r1c0"):
        box_reader.read_box(case.image, case.name)


def _seen(level, pale=()):
    """Squares as read off an upright box showing ``level``; the ``pale`` ones a pale colour with
    no mark (a piece square keeps its letter and T as candidates, a floor square gets L)."""
    from visolve.puzzles.iq_xoxo.board import mark
    from visolve.puzzles.iq_xoxo.box.squares import BoxSquare

    out = {}
    for r, row in enumerate(level.rows):
        for c, ch in enumerate(row):
            if (r, c) in pale:
                out[(r, c)] = BoxSquare("pale", "?", (ch, "T") if ch != EMPTY else ("L",), "pale")
            else:
                out[(r, c)] = BoxSquare("piece", mark(r, c), (ch,)) if ch != EMPTY else BoxSquare("empty", "")
    return out


def test_pale_squares_are_settled_by_the_cover():
    # a washed-out square of a piece and a tinted square of floor: only one way covers them
    assert box_reader.rows_of(_seen(RIGHT, pale={(0, 7), (4, 0)})) == RIGHT.rows
    assert box_reader.rows_of(_seen(RIGHT, pale={(0, 0), (0, 7), (4, 0)})) == RIGHT.rows  # MAX_PALE 4 (was 2)
    with pytest.raises(ReadError, match="r0c0"):  # five are too many: a whole piece could hide
        box_reader.rows_of(_seen(RIGHT, pale={(0, 0), (0, 7), (4, 0), (1, 0), (2, 0)}))


def test_a_tray_outlined_as_a_sliver_or_off_the_picture_is_not_read():
    picture = np.full((400, 600, 3), 128, np.uint8)

    def view(corners):
        return BoardView.from_corners(picture, np.array(corners, float), ROWS, COLS, pitch=8)

    assert box_reader.outline_problem(view([[100, 100], [500, 100], [500, 300], [100, 300]]), picture.shape) == ""
    # seed 83 box-90: the sides snapped to a strip along the rim, 17 times as long as high
    sliver = box_reader.outline_problem(view([[100, 100], [500, 100], [500, 125], [100, 125]]), picture.shape)
    assert "16.0 times as long as high" in sliver
    # a tray's corner off the picture: the squares there are unseen
    off = box_reader.outline_problem(view([[200, -150], [600, -150], [600, 50], [200, 50]]), picture.shape)
    assert off.startswith("square r0c0 as seen lies outside the picture")


def test_a_tray_found_to_a_corner_off_the_picture_is_not_read_as_empty():
    from visolve.testing.scenes import scene_case

    case = scene_case("iq-xoxo", 90, 83)  # a W in a glared corner; a candidate snapped to a sliver read empty
    assert case.name.startswith("scenes/box/")
    with pytest.raises(ReadError):
        box_reader.read_box(case.image, case.name)
