"""The solution picture in a player's words: laying order numbers, edge labels, piece names (issue 26, item 16)."""

from __future__ import annotations

import random
import re

import numpy as np
import pytest

from tests.puzzles.iq_circuit.helpers import booklet_levels
from visolve.puzzles.base import SolveOptions
from visolve.puzzles.iq_circuit import painter
from visolve.puzzles.iq_circuit.model import PIECES, challenge_of
from visolve.puzzles.iq_circuit.solver import random_board, solve
from visolve.puzzles.iq_circuit.wording import FACE_WORDS, describe, face_words, player_name, steps

#: what a player never sees on a piece: the booklet codes, ids and face numbers
INTERNAL = re.compile(r"LINE\d|CORNER_|\bSQUARE\b|_PIECE|(?i:\bface\s*\d|\bpiece\s*\d|\bid\b)")


def _solved(kind: str, seed: int):
    board = random_board(random.Random(seed))
    keep = [pl.piece for pl in board if PIECES[pl.piece].faces[pl.face].has_dot][:2]
    level = challenge_of(board, kind, level=seed, keep=keep if kind == "master" else ())
    return level, solve(level, SolveOptions())


@pytest.mark.parametrize("kind, seed", [("master", 1), ("expert", 2), ("wizard", 3), ("master", 4)])
def test_numbers_drawn_on_the_board_follow_the_list(kind, seed, monkeypatch):
    level, solution = _solved(kind, seed)
    order = painter.solution_steps(level, solution)
    drawn = []
    real = painter.draw_number_mark
    monkeypatch.setattr(painter, "draw_number_mark",
                        lambda img, step, pitch, pad: drawn.append((step.number, step.mark, step.placement))
                        or real(img, step, pitch, pad))
    painter.paint_solution(level, solution)
    assert [s.number for s in order] == list(range(1, 11))
    assert [s.placement.piece for s in order] == solution["order"]  # the JSON's order is the list's
    assert drawn == [(s.number, s.mark, s.placement) for s in order]
    for s in order:
        assert s.text.lstrip().startswith(f"{s.number}. ")
        assert s.mark in {(x, y) for x, y, _m in s.placement.cells()}  # the number sits on its own piece
    pre = [s for s in order if s.preplaced]
    assert pre == order[: len(pre)] and {s.placement for s in pre} == set(level.pieces)


def test_the_list_under_the_picture_is_the_steps(monkeypatch):
    level, solution = _solved("master", 5)
    order = painter.solution_steps(level, solution)
    written = []
    real = painter.text_block  # records the lines the picture writes
    monkeypatch.setattr(painter, "text_block", lambda lines, width, *a: written.append(lines) or real(lines, width, *a))
    painter.paint_solution(level, solution)
    texts = [text for lines in written for text, _colour in lines]
    assert texts[texts.index(painter.ORDER_HEADING) + 1:] == [s.text for s in order]


def test_board_edges_carry_the_square_names():
    pitch, margin = 42, 0.15
    board = np.full((4 * pitch + 12, 8 * pitch + 12, 3), 90, np.uint8)
    out = painter.with_edge_labels(board, pitch, margin)
    band = out.shape[0] - board.shape[0]
    assert band == out.shape[1] - board.shape[1] > 0 and np.array_equal(out[band:, band:], board)
    pad = int(round(margin * pitch))
    ink = out.min(axis=2) < 120
    for x in range(8):  # a letter above every column, inside that column
        left = band + pad + x * pitch
        assert ink[:band, left + 4 : left + pitch - 4].any(), x
    for y in range(4):  # a number left of every row
        top = band + pad + y * pitch
        assert ink[top + 4 : top + pitch - 4, :band].any(), y
    assert not ink[:band, :band].any()  # the corner stays blank


def test_names_are_a_players_words():
    names = [player_name(p.id) for p in PIECES]
    assert len(set(names)) == 10
    for p in PIECES:
        assert len(FACE_WORDS[p.id]) == len(p.faces)
        assert len(set(FACE_WORDS[p.id])) == len(p.faces)  # every side is told apart
        for f in range(len(p.faces)):
            assert not INTERNAL.search(player_name(p.id) + " " + face_words(p.id, f))


def test_solution_lines_name_no_internal_ids():
    levels = booklet_levels()
    seen = set()
    for level in levels:
        solution = solve(level, SolveOptions())
        for step in painter.solution_steps(level, solution):
            assert not INTERNAL.search(step.text), (level.level, step.text)
            seen.add((step.placement.piece, step.placement.face))
    assert len(seen) >= 20  # the booklet's boards show most sides of most pieces


def test_describe_names_the_squares_and_the_dot():
    level, solution = _solved("expert", 6)
    order = [s.placement for s in painter.solution_steps(level, solution)]
    assert [s.placement for s in steps(level, order)] == order
    for step in steps(level, order):
        text = describe(step.placement)
        squares = sorted(f"{chr(65 + x)}{y + 1}" for x, y, _m in step.placement.cells())
        assert text.endswith(": " + " ".join(squares))
        has_dot = PIECES[step.placement.piece].faces[step.placement.face].has_dot
        assert ("dot on " in text) == has_dot
