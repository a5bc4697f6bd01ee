"""Genius Square pictures: the solution, the hint, and the drawing of both editions."""

import cv2
import numpy as np

from visolve.puzzles.genius_square import model
from visolve.puzzles.genius_square.board import drawing, make_level
from visolve.puzzles.genius_square.draw import FONT, PIECE_BGR, WOOD_BGR, canvas_size, draw_board, square_box
from visolve.puzzles.genius_square.painter import PITCH, caption_lines, paint_hint, paint_solution
from visolve.puzzles.genius_square.solver import solve

ROLL = "A5 A6 B2 D3 D5 F3 F6".split()


def _colour_at(picture, square, at=0.5, edition="happy-puzzle"):
    x, y = square_box(PITCH, *model.square(square, edition))
    return picture[int(y + at * PITCH), int(x + at * PITCH)].astype(int)


def test_the_solution_picture_shows_every_piece_in_its_colour():
    level = make_level("x", ROLL, edition="smartgames")
    solution = solve(level)
    picture = paint_solution(level, solution)
    assert picture.dtype == np.uint8 and picture.ndim == 3
    for placement in solution["placements"]:
        got = _colour_at(picture, placement["squares"][0], at=0.2, edition="smartgames")  # beside the order number
        assert np.abs(got - PIECE_BGR[placement["piece"]]).max() <= 2, (placement, got)


def test_the_hint_picture_draws_only_the_next_piece():
    level = make_level("x", ROLL, {"6": ["E1", "E2", "F1", "F2"]}, edition="happy-puzzle")
    solution = solve(level)
    hint = solution["hint"]
    picture = paint_hint(level, solution)
    board = draw_board(drawing(level), "happy-puzzle", PITCH)
    for r in range(6):
        for c in range(6):
            square = model.name((r, c))
            differs = np.abs(_colour_at(picture, square) - _colour_at(board, square)).max() > 10
            assert differs == (square in hint["cells"]), square


def test_an_unsolvable_board_is_drawn_as_read():
    level = make_level("x", "A2 B1 F5 E6 C3 C4 D2".split(), edition="happy-puzzle")
    picture = paint_solution(level, solve(level))
    board = draw_board(drawing(level), "happy-puzzle", PITCH)
    assert np.array_equal(picture[: board.shape[0]], board)


def test_the_solution_picture_puts_the_caption_squares_under_the_printed_labels():
    """On a SmartGames board the letter printed across the top names the column: E1 is top row, fifth column."""
    level = make_level("x", "A6 B2 B4 D2 D5 E1 F3".split(), edition="smartgames")
    solution = solve(level)
    picture = paint_solution(level, solution)
    wood = np.array(WOOD_BGR)
    for name in solution["blockers"]:  # the names the caption prints
        column, row = "ABCDEF".index(name[0]), int(name[1]) - 1
        x, y = square_box(PITCH, row, column)
        got = picture[int(y + 0.3 * PITCH), int(x + 0.3 * PITCH)].astype(int)
        assert np.abs(got - wood).max() <= 40, (name, got)
    assert solution["labels"] == {"top": "ABCDEF", "left": "123456"}


def test_the_caption_of_a_board_that_is_no_roll_stays_legible():
    """Why the blockers are no roll goes on a line of its own: no line has to be shrunk to fit."""
    level = make_level("x", "A6 B2 B4 D2 D5 E1 F3".split(), edition="smartgames")
    lines = caption_lines(solve(level))
    assert any("D2 and F3" in line for line in lines) and any("A6 B2 B4 D2 D5 E1 F3" in line for line in lines)
    width = canvas_size(PITCH)[0] - 20
    for line in lines:
        assert cv2.getTextSize(line, FONT, PITCH / 120.0, 1)[0][0] <= width, line


def test_the_hint_picture_of_a_smartgames_board_draws_the_piece_where_its_squares_are_printed():
    level = make_level("x", "A6 B1 B5 C3 D5 E2 F2".split(), {"9": ["D2", "D3", "E3", "F3"]}, edition="smartgames")
    solution = solve(level)
    picture = paint_hint(level, solution)
    board = draw_board(drawing(level), "smartgames", PITCH)
    for name in solution["hint"]["cells"]:
        x, y = square_box(PITCH, int(name[1]) - 1, "ABCDEF".index(name[0]))  # letter: column; digit: row
        at = (int(y + PITCH / 2), int(x + PITCH / 2))
        assert np.abs(picture[at].astype(int) - board[at].astype(int)).max() > 10, name
