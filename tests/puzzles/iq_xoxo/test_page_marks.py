"""Pieces far from every board found count only when they show a piece's marks.

Seed 4's scenes 43 (a page of three seen at a slant: its far board's squares too faint to be
seen, its pieces more than four pitches from the boards read) and 85 (an open booklet whose
other page's board is all but covered by pieces) were read in part; pieces anywhere on the
page counted refused them, but also pages with a desk's shape by the page's edge.
"""

import cv2
import numpy as np
import pytest

from visolve.errors import NotThisPuzzle, ReadError
from visolve.puzzles.iq_xoxo.page.marks import MARK_FLOOR, MARK_SHARE, least_share, marked_blobs
from visolve.puzzles.iq_xoxo.reader import read
from visolve.testing.scenes import scene_case

PITCH = 20
PAGE, PIECE = (236, 240, 238), (140, 60, 200)  # BGR: a pale page, a magenta piece


def _piece(marks: bool, shade: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """A page with a piece of 3 x 2 squares (its marks drawn or not), and its blob (0/255)."""
    picture = np.full((8 * PITCH, 8 * PITCH, 3), PAGE, np.uint8)
    x0, y0 = 2 * PITCH, 3 * PITCH
    cv2.rectangle(picture, (x0, y0), (x0 + 3 * PITCH - 1, y0 + 2 * PITCH - 1), PIECE, -1)
    if shade:  # a desk's shape lit unevenly: darker to one side, no strokes
        ramp = np.linspace(0.7, 1.0, 3 * PITCH)[None, :, None]
        part = picture[y0:y0 + 2 * PITCH, x0:x0 + 3 * PITCH].astype(np.float64) * ramp
        picture[y0:y0 + 2 * PITCH, x0:x0 + 3 * PITCH] = part.astype(np.uint8)
    if marks:
        for r in range(2):
            for c in range(3):
                cx, cy = x0 + c * PITCH + PITCH // 2, y0 + r * PITCH + PITCH // 2
                if (r + c) % 2:
                    cv2.circle(picture, (cx, cy), PITCH // 4, (255, 255, 255), 2)
                else:
                    d = PITCH // 4
                    cv2.line(picture, (cx - d, cy - d), (cx + d, cy + d), (255, 255, 255), 2)
                    cv2.line(picture, (cx - d, cy + d), (cx + d, cy - d), (255, 255, 255), 2)
    blob = np.zeros(picture.shape[:2], np.uint8)
    blob[y0:y0 + 2 * PITCH, x0:x0 + 3 * PITCH] = 255
    return cv2.GaussianBlur(picture, (3, 3), 0), blob


def test_a_piece_with_its_marks_is_marked():
    picture, blob = _piece(marks=True)
    assert (marked_blobs(blob, picture, PITCH) > 0).sum() == (blob > 0).sum()


@pytest.mark.parametrize("shade", [False, True])
def test_a_plain_coloured_shape_is_not(shade):
    picture, blob = _piece(marks=False, shade=shade)
    assert not marked_blobs(blob, picture, PITCH).any()


def test_no_blobs_none_marked():
    picture, blob = _piece(marks=True)
    assert not marked_blobs(np.zeros_like(blob), picture, PITCH).any()


# seed 2's scene 53: a page of two, the lower board washed out by glare: neither its squares nor
# its pieces seen, only a yellow piece's end shaped like a tab (counted with or without digits);
# seed 227's scene 31: a spread whose two far boards were not seen, their pieces' marks faint
# (0.02 - 0.05 of their area, as the pieces of the boards read): read as 2 of its 4 challenges
@pytest.mark.parametrize("seed, i", [(4, 43), (4, 85), (2, 53), (227, 31)])
def test_a_board_seen_by_its_pieces_alone_far_away_is_not_left_out(seed, i):
    case = scene_case("iq-xoxo", i, seed, 1.0)
    try:
        got = read(case.image, case.name)
    except (NotThisPuzzle, ReadError):
        return  # refused: never read in part
    got = got if isinstance(got, list) else [got]
    assert sorted(lv.level for lv in got) == sorted(lv.level for lv in case.truth)


def _page_with_a_piece_below_a_board(marks: bool, piece_too: bool = True) -> tuple:
    """A pale page, a board's quad (not drawn: only where it lies matters) and a piece of
    3 x 2 squares (its marks drawn or not) three pitches below it, nearer than STRAY_REACH;
    the coarse copy the finder weighs with (marks looked for) and one without the picture."""
    from visolve.puzzles.iq_xoxo.page.missed import coarse

    pitch = 12
    picture = np.full((30 * pitch, 24 * pitch, 3), PAGE, np.uint8)
    piece, blob = _piece(marks)  # its squares PITCH px apart: scaled to the page's pitch
    if not piece_too:
        piece, blob = np.full_like(piece, PAGE), np.zeros_like(blob)
    piece = cv2.resize(piece, None, fx=pitch / PITCH, fy=pitch / PITCH, interpolation=cv2.INTER_AREA)
    blob = cv2.resize(blob, None, fx=pitch / PITCH, fy=pitch / PITCH, interpolation=cv2.INTER_NEAREST)
    y0, x0 = 10 * pitch, 4 * pitch  # the piece 3 pitches in from the tile's corner: 13 down, 6 across
    picture[y0:y0 + piece.shape[0], x0:x0 + piece.shape[1]] = piece
    blobs = np.zeros(picture.shape[:2], np.uint8)
    blobs[y0:y0 + blob.shape[0], x0:x0 + blob.shape[1]] = blob
    quad = np.array([[5, 5], [15, 5], [15, 10], [5, 10]], np.float64) * pitch
    grey = cv2.cvtColor(picture, cv2.COLOR_BGR2GRAY)
    return quad, coarse(blobs, blobs, grey, pitch, picture, marks=True), coarse(blobs, blobs, grey, pitch)


def test_a_piece_near_the_boards_counts_only_with_its_marks():
    # the page's round badge seen at a slant (scenes seed 0 page2/page-3) is no disc, and lay
    # within STRAY_REACH of a board: its page was refused as a board left out
    from visolve.puzzles.iq_xoxo.page.missed import lost_boards

    quad, looked, blind = _page_with_a_piece_below_a_board(marks=False)
    assert lost_boards(looked, np.zeros((0, 2)), [quad]) == 0
    assert lost_boards(blind, np.zeros((0, 2)), [quad]) == 1  # no picture to look for marks in
    quad, looked, _blind = _page_with_a_piece_below_a_board(marks=True)
    assert lost_boards(looked, np.zeros((0, 2)), [quad]) == 1


def test_a_tab_without_digits_still_counts():
    # scenes seed 2 page2/page-53: a board washed out by glare shows only a yellow piece's end,
    # shaped like a tab; counting tabs only with digits read the page's other board alone
    from visolve.puzzles.iq_xoxo.page.missed import lost_boards

    quad, looked, _blind = _page_with_a_piece_below_a_board(marks=False, piece_too=False)
    tab = np.array([[11.5, 20.0]]) * 12  # on the plain page, far from the board
    assert lost_boards(looked, tab, [quad]) == 1
    assert lost_boards(looked, np.zeros((0, 2)), [quad]) == 0



def test_the_boards_read_set_how_faint_a_mark_may_be():
    """The pieces on the boards read show how marks look on this page (seed 227 spread 31: a median
    share of 0.040): a blob elsewhere shows marks at half of that, never below MARK_FLOOR."""
    assert least_share(np.array([0.014, 0.058, 0.003, 0.043, 0.040])) == pytest.approx(0.020)
    assert least_share(np.array([0.2, 0.3, 0.25])) == MARK_SHARE  # sharp marks: the share as before
    assert least_share(np.array([0.0, 0.004, 0.01])) == MARK_FLOOR  # a desk's plain shapes stay out
    assert least_share(np.array([0.01, 0.02])) == MARK_SHARE  # too few pieces to tell


def test_a_piece_with_faint_marks_counts_beside_boards_whose_pieces_show_as_faint():
    """The piece three pitches below the board shows marks on 0.02 of its area: it counts when three
    pieces on the board show theirs on 0.04-0.05, not when they show them on 0.2."""
    from visolve.puzzles.iq_xoxo.page.missed import board_distance

    quad, looked, _blind = _page_with_a_piece_below_a_board(marks=True)
    dist = board_distance(looked.colour.shape, [quad * looked.scale], looked.pitch)
    labels, _shares = looked.shares
    labels = labels.copy()
    for k, x in enumerate((6, 9, 12), start=2):  # three pieces' blobs on the board, a pitch square each
        labels[6 * 12:7 * 12, x * 12:(x + 1) * 12] = k
    looked.__dict__["shares"] = (labels, np.array([0.0, 0.02, 0.04, 0.05, 0.04]))
    far = looked.marked(dist) & (dist > 0)
    assert far.any()
    looked.__dict__["shares"] = (labels, np.array([0.0, 0.02, 0.2, 0.2, 0.2]))
    assert not (looked.marked(dist) & (dist > 0)).any()


@pytest.mark.slow
def test_seed_389_page_33_a_washed_board_beyond_the_run_is_not_left_out_unsaid():
    """Seed 389 page 33: a page of three whose third board (44), under a glare, shows no grey
    square; its tab touches its washed cyan piece, one blob whose marks cover 0.032 of it.  With
    two blobs on the boards read (too few to tell), a blob needed MARK_SHARE (then 0.05): the page
    was read as 42 and 43, one run, the third board left out unsaid (a misread)."""
    assert MARK_SHARE <= 0.032
    case = scene_case("iq-xoxo", 33, 389)
    with pytest.raises(ReadError):
        read(case.image, case.name)
