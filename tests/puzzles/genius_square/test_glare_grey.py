"""Glare on empty squares of the navy board is not the grey piece when the grid lines stand out around it."""

import numpy as np

from visolve.puzzles.genius_square.colours import CUBE_EDGE_MIN, EMPTY, GREY_PIECE, classify, prototypes
from visolve.puzzles.genius_square.reader import read
from visolve.puzzles.genius_square.testing import synthetic_case

GLARED = np.array([0.45, 0.43, 0.42])  # an empty square in glare: the board lifted towards white


def _edges(centre: np.ndarray, contrast: float) -> list[np.ndarray]:
    """Edge colours that give ``centre`` this contrast (centre over edges, per light left by glare)."""
    mean = float(centre.mean())
    return [np.full(3, mean - contrast * (1.0 - mean))] * 4


def test_a_glared_square_darker_than_its_lines_is_empty():
    protos = prototypes("smartgames")
    got = classify(GLARED, [GLARED] * 4, protos, "smartgames", _edges(GLARED, CUBE_EDGE_MIN["smartgames"] - 0.1))
    assert got.symbol == EMPTY and got.grey, got  # the grey piece only when it is seen elsewhere


def test_a_grey_cube_in_glare_keeps_the_grey_piece():
    protos = prototypes("smartgames")
    got = classify(GLARED, [GLARED] * 4, protos, "smartgames", _edges(GLARED, -0.3))  # measured: -0.41 and up
    assert GREY_PIECE in (got.symbol, *got.options), got


def test_painter_photo_with_a_glare_spot_on_empty_squares_reads():
    """Painter photo 99 of seed 0: a glare spot over 13 empty squares of a navy board, each read as
    empty or the grey piece, the shapes allowing the piece on several straight fours."""
    case = synthetic_case(99, 0)
    assert read(case.image, case.name) == case.truth[0]
