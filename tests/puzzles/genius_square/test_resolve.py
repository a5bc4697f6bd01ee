"""Squares whose colour does not say are settled by the pieces' shapes, or named; the edition's doubt."""

import numpy as np
import pytest

from visolve.errors import ReadError
from visolve.puzzles.genius_square.board import drawing, make_level
from visolve.puzzles.genius_square.colours import Square
from visolve.puzzles.genius_square.edition import edition_of
from visolve.puzzles.genius_square.draw import draw_board, square_box
from visolve.puzzles.genius_square.reader import read
from visolve.puzzles.genius_square.resolve import resolve

ROLL = "A5 A6 B2 D3 D5 F3 F6".split()
PITCH = 44


def _squares(rows, options=None):
    """Squares as read from a drawing; ``options`` maps (row, column) -> the options of a square in doubt."""
    options = options or {}
    return [[Square("", options=options[(r, c)]) if (r, c) in options else Square(sym)
             for c, sym in enumerate(row)] for r, row in enumerate(rows)]


def test_a_colour_between_two_pieces_is_settled_by_their_shapes():
    rows = drawing(make_level("x", ROLL, {"3": ["C1", "C2", "C3"]}))
    got = resolve(_squares(rows, {(2, 0): ("2", "3")}), "happy-puzzle")  # C1: brown or orange
    assert got == rows


def test_glare_or_the_grey_piece_is_settled_when_no_straight_four_fits():
    rows = drawing(make_level("x", ROLL))
    got = resolve(_squares(rows, {(2, 0): (".", "5"), (2, 1): (".", "5")}), "happy-puzzle")
    assert got == rows


def test_two_choices_that_both_fit_name_the_square():
    rows = drawing(make_level("x", ROLL))
    doubt = {(4, c): (".", "5") for c in range(4)}  # E1-E4: empty in glare, or the grey piece
    with pytest.raises(ReadError, match=r"^square E1: could be empty or piece 5 \(grey\)"):
        resolve(_squares(rows, doubt), "happy-puzzle")


def test_no_choice_that_fits_names_the_shape_problem():
    rows = drawing(make_level("x", ROLL))
    with pytest.raises(ReadError, match=r"^square C1: piece 3 \(orange\)"):
        resolve(_squares(rows, {(2, 0): ("3", "7")}), "happy-puzzle")


def test_a_square_in_doubt_is_still_named_first():
    rows = drawing(make_level("x", ROLL))
    squares = _squares(rows)
    squares[1][3] = Square("", "colour (0.3, 0.3, 0.3) is neither clearly piece 5 (grey) nor piece 6 (green)")
    with pytest.raises(ReadError, match=r"^square B4: colour"):
        resolve(squares, "happy-puzzle")


def _glare(picture, r, c, amount, sigma):
    """A soft spot of white light centred on square (r, c) (sigma in squares)."""
    x, y = square_box(PITCH, r, c)
    yy, xx = np.mgrid[0:picture.shape[0], 0:picture.shape[1]].astype(np.float64)
    spot = amount * np.exp(-0.5 * (((xx - x - PITCH / 2) ** 2 + (yy - y - PITCH / 2) ** 2) / (sigma * PITCH) ** 2))
    return np.clip(picture + (255.0 - picture) * spot[:, :, None], 0, 255).astype(np.uint8)


@pytest.mark.parametrize("edition", ["happy-puzzle", "smartgames"])
def test_glare_on_empty_squares_reads_them_empty(edition):
    level = make_level("g", ROLL, edition=edition, source="g.png")
    picture = _glare(draw_board(drawing(level), edition, PITCH), 3, 0, 0.7, 1.0)  # round D1, empty
    assert read(picture, "g.png") == level


def test_edition_from_a_washed_out_board_colour_needs_the_grid_lines():
    washed = np.array([136.0, 114.0, 113.0])  # a SmartGames board in glare: blue lead 23
    assert edition_of(washed, 0.6) == "smartgames"
    assert edition_of(washed, 0.1) == "happy-puzzle"
    with pytest.raises(ReadError, match="neither edition"):
        edition_of(washed, 0.38)
    assert edition_of(np.array([34.0, 34.0, 33.0]), 0.6) == "happy-puzzle"
    assert edition_of(np.array([90.0, 46.0, 27.0]), 0.1) == "smartgames"


@pytest.mark.parametrize("edition", ["happy-puzzle", "smartgames"])
@pytest.mark.parametrize("amount, sigma", [(0.5, 0.3), (0.85, 0.3), (0.85, 0.45), (0.85, 0.6)])
def test_a_small_glare_spot_is_never_read_as_a_blocker(edition, amount, sigma):
    """A spot of glare half a square wide looks like a disc (grey, corners dark): never wood."""
    level = make_level("g", ROLL, edition=edition, source="g.png")
    picture = _glare(draw_board(drawing(level), edition, PITCH), 3, 0, amount, sigma)  # D1, empty
    try:
        got = read(picture, "g.png")
    except ReadError:
        return
    assert got == level


def test_a_piece_only_the_shapes_lay_on_a_board_that_is_no_roll_is_a_doubt():
    """Painter seed 9, picture 46: squares in glare (empty or grey, wood or grey) allowed one reading,
    the grey piece across them and two discs on one die: the shapes chose the discs too, and the roll
    says the choice is wrong.  Refused, naming the piece's first square."""
    rows = ["......", "......", "......", "......", "......", "......"]
    blockers = {(0, 5), (1, 5), (3, 5), (5, 3), (1, 4)}  # with two more below: seven, two on one die
    doubt = {(2, 0): (".", "5"), (2, 1): ("#", "5"), (2, 2): ("5", "#"), (2, 3): (".", "5"),
             (3, 1): ("#", "5"), (3, 2): ("5", "#")}
    grid = [[("#" if (r, c) in blockers else rows[r][c]) for c in range(6)] for r in range(6)]
    squares = _squares(["".join(row) for row in grid], doubt)
    with pytest.raises(ReadError, match=r"^square A3: piece 5 \(grey\) on A3 B3 C3 D3 only as the pieces' shapes"):
        resolve(squares, "smartgames")


def _solved_with_open_domino(brown_off: float):
    """A solved board's squares as read, the brown domino's two squares open to the wood or brown,
    nearest the wood, ``brown_off`` from brown's colour."""
    from visolve.puzzles.genius_square import model

    solution = model.solve_blockers(ROLL).solutions[0]
    pieces = {model.PIECES[pl.piece].name: [f"{'ABCDEF'[r]}{c + 1}" for r, c in model.BOARD.cells_of(pl.mask)]
              for pl in solution}
    rows = drawing(make_level("x", ROLL, pieces, edition="happy-puzzle"))
    ranks = (("#", 0.16), ("2", brown_off))
    return [[Square("", options=("#", "2"), ranks=ranks) if sym == "2" else Square(sym) for sym in row]
            for row in rows]


def test_a_domino_only_the_shapes_lay_far_off_its_colour_is_a_doubt():
    """Seed 313 scene 88: two squares showing the orange cubes' shaded fronts, nearest the wood and
    0.64-0.67 off brown, were laid as the brown domino by the shapes (a misread)."""
    with pytest.raises(ReadError, match="piece 2 \\(brown\\) there only as the pieces' shapes allow, its colour "
                                        "up to 0.67 off that piece's: two squares side by side have no shape"):
        resolve(_solved_with_open_domino(0.67), "happy-puzzle")
    rows = resolve(_solved_with_open_domino(0.45), "happy-puzzle")  # near enough its colour: laid
    assert sum(row.count("2") for row in rows) == 2


def test_the_orange_cubes_fronts_are_not_read_as_the_brown_domino():
    from visolve.testing.scenes import scene_case

    case = scene_case("genius-square", 88, 313)
    with pytest.raises(ReadError, match="piece 2 \\(brown\\) there only as the pieces' shapes allow"):
        read(case.image, case.name)
