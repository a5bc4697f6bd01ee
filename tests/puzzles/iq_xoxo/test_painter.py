"""IQ XOXO pictures: the solution, the hint, the booklet drawing."""

import numpy as np

from visolve.puzzles.iq_xoxo.board import PIECE_BGR

from visolve.puzzles.iq_xoxo.draw import draw_page
from visolve.puzzles.iq_xoxo.model import Level
from visolve.puzzles.iq_xoxo.painter import PITCH, board_origin, paint_hint, paint_solution
from visolve.puzzles.iq_xoxo.solver import solve

C56 = Level(56, (".W........", ".WW...T..V", "..WWTTT..V", "......TVVV", ".........."))


def _colour_at(img, k, r, c):
    x, y = board_origin(k)
    # a quarter into the square: off the mark in its middle
    return tuple(int(v) for v in img[int(y + (r + 0.2) * PITCH), int(x + (c + 0.2) * PITCH)])


def test_solution_picture_shows_every_piece_in_its_colour():
    solution = solve(C56)
    img = paint_solution(C56, solution)
    assert img.dtype == np.uint8 and img.ndim == 3
    for r, row in enumerate(solution["board"]):
        for c, letter in enumerate(row):
            assert np.abs(np.subtract(_colour_at(img, 1, r, c), PIECE_BGR[letter])).max() <= 2, (r, c, letter)


def test_hint_picture_adds_only_the_next_piece():
    solution = solve(C56)
    img = paint_hint(C56, solution)
    hint = solution["hint"]
    cells = {tuple(c) for c in hint["cells"]}
    for r in range(5):
        for c in range(10):
            colour = _colour_at(img, 0, r, c)
            if (r, c) in cells:
                assert np.abs(np.subtract(colour, PIECE_BGR[hint["piece"]])).max() <= 2
            elif C56.rows[r][c] == ".":
                assert all(v < 215 and abs(v - colour[0]) < 4 for v in colour), (r, c, colour)


def test_booklet_page_has_one_board_per_challenge():
    page = draw_page([C56, C56, C56], 30, per_row=2)
    assert page.shape[1] > page.shape[0]
    assert draw_page([C56], 30).shape[1] < page.shape[1]
