"""Solved boards seen a little from the front (issue 25's held-out photo, :func:`genius.solved_front_case`):
a lattice that took the row of labels for squares, squares washed out by glare, and the grey piece whose
cubes read as flat empty squares between the tall pieces around them."""

import numpy as np
import pytest

from visolve.errors import NotThisPuzzle, ReadError
from visolve.puzzles.genius_square import finder, labelrows
from visolve.puzzles.genius_square.board import drawing, make_level
from visolve.puzzles.genius_square.colours import WOOD, Square, classify, prototypes
from visolve.puzzles.genius_square.reader import board_of, read
from visolve.testing.scenes import genius

ROLL = "A5 A6 B2 D3 D5 F3 F6".split()


def test_a_lattice_two_rows_off_the_board_is_moved_onto_it_by_its_labels(monkeypatch):
    """Case 8 of seed 0: the lattice of flat patches takes the board's top margin and the row of digits
    for its two top rows and misses rows E and F (tall pieces leaning towards the camera); the digits
    found two rows inside its top edge move it down two squares, where the labels read."""
    name, image, truth = genius.solved_front_case(8, 0)
    assert read(image, name) == truth
    monkeypatch.setattr(finder, "INNER_ROWS", ())  # the lattice as found: the board's outline and labels
    assert read(image, name) == truth  # place the grid too (finder.by_outlines)
    monkeypatch.setattr(finder, "by_outlines", lambda *a: iter(()))
    assert read(image, name) == truth  # one flat mask alone holds the lattice too (finder.EACH_MASK)
    monkeypatch.setattr(finder, "EACH_MASK", False)  # none of them: refused
    with pytest.raises((NotThisPuzzle, ReadError)):
        read(image, name)


def test_labels_inside_the_grid_are_found_on_their_edge():
    """A plain row of labels one square inside the top edge of a lattice (the lattice moved up one
    square over a drawn board) is found there, and no other edge holds one."""
    from visolve.puzzles.genius_square.draw import draw_board, square_box
    from visolve.vision.view import BoardView

    pitch = 44
    level = make_level("in", ROLL, edition="happy-puzzle", source="in.png")
    picture = draw_board(drawing(level), "happy-puzzle", pitch)
    x0, y0 = square_box(pitch, 0, 0)
    up = np.array([[pitch, 0, x0], [0, pitch, y0 - pitch], [0, 0, 1.0]])  # one square too high
    view = BoardView.from_homography(picture, up, 6, 6, pitch=labelrows.LABEL_PITCH,
                                     margin=labelrows.LABEL_MARGIN)
    assert (0, 1) in labelrows.inner_label_rows(view)
    assert all(edge in (0, 3) for edge, _rows in labelrows.inner_label_rows(view))


def test_a_washed_out_square_may_be_anything_for_the_shapes_to_settle():
    """A centre brighter than the label ink is no colour at all: every reading is an option (it was a
    doubt), and a piece that needs the square settles it."""
    protos = prototypes("happy-puzzle")
    square = classify(np.array([1.36, 1.17, 0.66]), [np.full(3, 1.2)] * 4, protos, "happy-puzzle")
    assert not square.symbol and not square.doubt
    assert {".", WOOD, *"123456789"} <= set(square.options)
    rows = drawing(make_level("x", ROLL, {"7": ["C1", "C2", "C3", "D2"]}))
    squares = [[Square(sym) for sym in row] for row in rows]
    squares[2][1] = square  # C2, the T's middle, washed out
    assert board_of(squares, "happy-puzzle")[1]["7"] == ["C1", "C2", "C3", "D2"]


def test_a_washed_out_square_no_piece_needs_is_not_guessed():
    """Washed out beside no piece: empty, the dark blue square, ... all fit: named, not guessed."""
    protos = prototypes("happy-puzzle")
    rows = drawing(make_level("x", ROLL))
    squares = [[Square(sym) for sym in row] for row in rows]
    squares[2][1] = classify(np.array([1.36, 1.17, 0.66]), [np.full(3, 1.2)] * 4, protos, "happy-puzzle")
    with pytest.raises(ReadError, match="^square C2: "):
        board_of(squares, "happy-puzzle")


def test_a_flat_grey_square_is_the_grey_piece_when_the_piece_seen_needs_it():
    """The grey piece's end cube between tall pieces reads flat, like an empty square in glare: it is
    the grey piece when three of its squares are surely grey beside it, and empty when it cannot be."""
    rows = drawing(make_level("x", ROLL, {"5": ["C1", "C2", "C3", "C4"]}))
    squares = [[Square(sym) for sym in row] for row in rows]
    squares[2][0] = Square(".", grey=True)  # C1 read flat and empty, of the grey piece's colour
    assert board_of(squares, "happy-puzzle")[1]["5"] == ["C1", "C2", "C3", "C4"]
    alone = [[Square(sym) for sym in row] for row in drawing(make_level("x", ROLL))]
    for c in range(3):  # glared flat squares, no grey piece seen and none fits: empty
        alone[2][c] = Square(".", grey=True)
    assert board_of(alone, "happy-puzzle")[1] == {}


@pytest.mark.parametrize("i", [13, 15])
def test_solved_boards_from_the_front_with_glare_or_a_flat_grey_cube_read(i):
    """Case 13 of seed 0 (the grey piece's end cube read flat and empty) and case 15 (a cube washed out
    by glare): refused before."""
    name, image, truth = genius.solved_front_case(i, 0)
    assert read(image, name) == truth


def test_dark_blue_in_glare_may_be_dark_blue():
    """Dark blue's red channel is the board's: under glare (mixed 0.45 towards white) it is the palest
    channel, and the mix at or just above it is tried (it was not: light blue or grey only)."""
    protos = prototypes("happy-puzzle")
    square = classify(np.array([0.81, 0.59, 0.4]), [np.full(3, 0.7)] * 4, protos, "happy-puzzle")
    assert "1" in square.options


def test_a_solved_board_with_dark_blue_in_glare_reads():
    """Case 9 of seed 0: the dark blue square under a glare spot (refused before: no option was it)."""
    name, image, truth = genius.solved_front_case(9, 0)
    assert read(image, name) == truth


def test_a_board_refused_for_its_squares_says_so_not_a_pages_tabs(monkeypatch):
    """Case 4 of seed 0 is refused for a square without its whole cover (a disc in glare taken for the
    grey piece); it was refused with "board 1 of 3: its tab's number cannot be read", the page reader's
    reason, although the picture is one board.  With the cover it reads."""
    from visolve.puzzles.genius_square import reader

    name, image, truth = genius.solved_front_case(4, 0)
    assert read(image, name) == truth
    monkeypatch.setattr(reader, "solved_cover", lambda *a: None)
    with pytest.raises(ReadError, match=r"^square [A-F][1-6]: "):
        read(image, name)
