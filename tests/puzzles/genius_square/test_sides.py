"""A piece whose shaded side is the board's colour: an empty-looking square is empty only with its
grid lines shown (issue 25: scene 73 of seed 9, the dark blue cube on a navy board read as empty)."""

from types import SimpleNamespace

import numpy as np
import pytest

from visolve.errors import ReadError
from visolve.puzzles.genius_square import model, sides
from visolve.puzzles.genius_square.board import drawing, make_level
from visolve.puzzles.genius_square.colours import EMPTY, Square
from visolve.puzzles.genius_square.reader import board_of, look, read
from visolve.puzzles.genius_square.sides import board_like, hidden_pieces, line_lifts, lines_shown
from visolve.testing.scenes import scene_case

LIT = (0.6, 0.65, 0.2, 0.55)  # a square's edges: three lines seen, one half hidden by a neighbour
HIDDEN = (0.1, 0.2, 0.2, 0.0)  # a cube's side over its square's lines (scene 73 of seed 9, F6)
TYPICAL = 0.6  # the board's median line


def test_the_dark_blue_piece_is_board_like_on_the_navy_board_only():
    assert board_like("smartgames") == ("1",)
    assert board_like("happy-puzzle") == ()  # black: no piece's lit side is that dark
    assert board_like("smartgames", (30, 30, 110)) != ("1",)  # a maroon print: not the blue


def test_an_empty_square_needs_three_lines_on_a_board_like_board():
    assert lines_shown(LIT, TYPICAL) == 3
    assert lines_shown(LIT, 0.3) == 4  # a dim scene's lines are dimmer: so is the bar
    assert hidden_pieces(EMPTY, LIT, TYPICAL, ("1",)) == ()
    assert hidden_pieces(EMPTY, HIDDEN, TYPICAL, ("1",)) == ("1",)
    assert hidden_pieces(EMPTY, HIDDEN, TYPICAL, ()) == ()  # no piece looks like this board
    assert hidden_pieces("3", HIDDEN, TYPICAL, ("1",)) == ()  # only squares read empty


def test_the_lines_are_found_beside_a_grid_fitted_a_little_off_them():
    """A drawn navy board, 32 px a square, its light lines 2 px wide; the grid taken 2 px off."""
    pitch, board, line = 32, np.array([90.0, 46, 27]), np.array([186.0, 183, 181])
    img = np.tile(board, (6 * pitch, 6 * pitch, 1))
    for k in range(7):
        img[max(k * pitch - 1, 0):k * pitch + 1, :] = line
        img[:, max(k * pitch - 1, 0):k * pitch + 1] = line
    img[2 * pitch + 1:3 * pitch - 1, 2 * pitch - 1:3 * pitch + 1] = board * 0.6  # a dark cube on C3
    view = SimpleNamespace(board_to_view=lambda pts: np.asarray(pts, float) * pitch + 2)
    lifts = line_lifts(img, view, np.tile(board, (6, 6, 1)), np.tile(np.full(3, 160.0), (6, 6, 1)))
    typical = float(np.median(lifts))
    assert lines_shown(lifts[1, 1], typical) == 4
    assert lines_shown(lifts[2, 2], typical) <= 2


def _squares(hidden_at: tuple[int, int], blue_at: tuple[int, int] | None):
    """A starter board read: seven discs of a roll, an orange three, and one square read empty with its
    lines hidden (``hidden_at``); the blue piece seen on ``blue_at`` (or nowhere)."""
    rows = ["#333..", "......", "#...#.", "....#.", "#.....", "#.#..."]
    squares = [[Square(ch) for ch in row] for row in rows]
    r, c = hidden_at
    squares[r][c] = Square(EMPTY, sides=("1",))
    if blue_at is not None:
        squares[blue_at[0]][blue_at[1]] = Square("1")
    return squares


def test_a_hidden_square_is_a_doubt_unless_the_piece_is_seen_elsewhere():
    with pytest.raises(ReadError, match="square F6: could be empty or piece 1"):
        board_of(_squares((5, 5), None), "smartgames")
    _blockers, pieces = board_of(_squares((5, 5), (1, 1)), "smartgames")
    assert pieces["1"] == ["B2"]  # the blue cube is on B2: F6 is empty


def _truth_but(squares, truth, edition: str, kept: tuple[int, int]):
    """``squares`` with every square but ``kept`` set to what the level ``truth`` has there."""
    at = {b: "#" for b in truth.blockers} | {c: p for p, cells in truth.pieces for c in cells}
    return [[squares[r][c] if (r, c) == kept else Square(at.get(model.name((r, c), edition), EMPTY))
             for c in range(6)] for r in range(6)]


def test_the_blue_cube_on_a_navy_board_is_a_doubt_in_itself(monkeypatch):
    """Scene 73 of seed 9: the blue cube on F6 leans off the grid; F6's middle shows its side, the
    navy's colour.  With every other square read right, F6 alone is a doubt (it was a misread: the
    scene was refused only for the orange cubes' shade on B2-D2)."""
    case = scene_case("genius-square", 73, 9)
    with pytest.raises(ReadError):
        read(case.image, case.name)
    _up, _view, squares, edition = look(case.image)
    assert squares[5][5].symbol == EMPTY and squares[5][5].sides == ("1",)
    with pytest.raises(ReadError, match="square F6: could be empty or piece 1"):
        board_of(_truth_but(squares, case.truth[0], edition, (5, 5)), edition)
    monkeypatch.setattr(sides, "LINED_EDGES", 0)  # as before: every square read empty is empty
    _up, _view, squares, edition = look(case.image)
    _blockers, pieces = board_of(_truth_but(squares, case.truth[0], edition, (5, 5)), edition)
    assert "1" not in pieces  # the misread


def test_the_last_square_left_is_not_covered_with_the_unseen_piece():
    """Every piece but the blue one laid, its square read empty with its lines hidden: a doubt, not
    the whole cover that lays the blue cube there (the level may be the blue cube still to place)."""
    roll = "A5 A6 B2 D3 D5 F3 F6".split()
    solution = model.solve_blockers(roll).solutions[0]
    pieces = {model.PIECES[pl.piece].name: [model.name(rc, "smartgames") for rc in model.BOARD.cells_of(pl.mask)]
              for pl in solution}
    rows = drawing(make_level("x", roll, pieces, edition="smartgames"))
    rows = [row.replace("1", EMPTY) for row in rows]
    squares = [[Square(ch, sides=("1",) if ch == EMPTY else ()) for ch in row] for row in rows]
    with pytest.raises(ReadError, match="could be empty or piece 1"):
        board_of(squares, "smartgames")
    plain = [[Square(ch) for ch in row] for row in rows]
    assert "1" not in board_of(plain, "smartgames")[1]  # its lines shown: empty, read as before
