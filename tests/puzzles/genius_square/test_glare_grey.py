"""Glare on empty squares is not the grey piece: when the grid lines stand out around it, or grey
squares lie beside it."""

import numpy as np
import pytest

from visolve.errors import ReadError
from visolve.puzzles.genius_square.colours import (CUBE_EDGE_MIN, EMPTY, GREY_PIECE, Square, classify,
                                                   prototypes)
from visolve.puzzles.genius_square.glared import GREY_BESIDE, glare_beside_grey
from visolve.puzzles.genius_square.reader import read
from visolve.puzzles.genius_square.testing import synthetic_case
from visolve.testing.scenes import scene_case

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


def _grey_at(cells) -> list[list[Square]]:
    """Squares read empty at the board's colour, those of ``cells`` flagged grey."""
    return [[Square(EMPTY, colour=(0.0,) * 3, grey=(r, c) in cells, ranks=(("#", 0.8),)) for c in range(6)]
            for r in range(6)]


def test_the_grey_piece_with_grey_squares_beside_it_may_be_glare():
    """113/78: glare on an empty black board, four squares read as the grey piece and more beside them
    as grey."""
    rows = ["......", "......", "......", "......", "......", ".5555."]
    beside = {(4, 2), (4, 3)}
    assert GREY_BESIDE == 2 and glare_beside_grey(_grey_at(beside), rows) == [(4, 2), (4, 3)]
    # ... nearest the grey piece's colour counts too; one such square beside it is no glare (17/95)
    squares = _grey_at({(4, 2)})
    squares[5][0] = Square(EMPTY, colour=(0.4,) * 3, ranks=(("5", 0.05),))
    assert glare_beside_grey(squares, rows) == [(4, 2), (5, 0)]
    assert glare_beside_grey(_grey_at({(4, 2)}), rows) == []
    # ... grey squares not beside it, or beside it but covered in the drawing: no
    assert glare_beside_grey(_grey_at({(0, 0), (0, 1)}), rows) == []
    assert glare_beside_grey(_grey_at(beside), ["......"] * 4 + ["..12..", ".5555."]) == []
    # ... the grey piece read surely on each of its squares: seen, whatever glare lies beside it
    sure = _grey_at(beside)
    for c in range(1, 5):
        sure[5][c] = Square("5")
    assert glare_beside_grey(sure, rows) == []


def test_glare_read_as_the_grey_piece_is_refused():
    case = scene_case("genius-square", 78, 113)
    with pytest.raises(ReadError):
        read(case.image, case.name)
