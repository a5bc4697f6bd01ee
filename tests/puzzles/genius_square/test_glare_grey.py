"""Glare on empty squares is not the grey piece: when the grid lines stand out around it, or grey
squares lie beside it."""

import numpy as np
import pytest

from visolve.errors import ReadError
from visolve.puzzles.genius_square.colours import (CUBE_EDGE_MIN, EMPTY, GREY_PIECE, Square, classify,
                                                   prototypes)
from visolve.puzzles.genius_square.glared import ALONG_LIFT, GREY_BESIDE, glare_along_grey, glare_beside_grey
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


def _lit(lift: dict[tuple[int, int], float]) -> list[list[Square]]:
    """Squares read at the board's colour but for ``lift`` (neutral, that much over it)."""
    return [[Square(EMPTY, colour=(lift.get((r, c), 0.0),) * 3) for c in range(6)] for r in range(6)]


def test_the_grey_piece_with_the_board_lit_on_both_sides_may_be_glare():
    """211/2: a streak of glare down column E of an empty board, the board beside it lit too."""
    rows = ["......", "......", "..5...", "..5...", "..5...", "..5..."]
    both = {(r, c): ALONG_LIFT + 0.02 for r in range(2, 6) for c in (1, 3)}
    assert glare_along_grey(_lit(both), rows) == sorted(both)
    # ... one side lit is a tall piece's side leaning over it, or light: no
    assert glare_along_grey(_lit({cell: v for cell, v in both.items() if cell[1] == 1}), rows) == []
    # ... a side with one square under the lift, or too few empty squares on a side: no
    assert glare_along_grey(_lit(both | {(4, 3): ALONG_LIFT / 2}), rows) == []
    covered = ["......", "......", ".#5...", ".#5#..", "..5#..", "..5#.."]
    assert glare_along_grey(_lit(both), covered) == []
    # ... the lift counts over the board's other empty squares, not over nought
    assert glare_along_grey(_lit({(r, c): both.get((r, c), ALONG_LIFT) for r in range(6) for c in range(6)}),
                            rows) == []


def test_a_streak_of_glare_read_as_the_grey_piece_is_refused():
    """Seed 211 scene 2: an empty SmartGames board, E3-E6 under a narrow streak of glare were read as
    the grey piece."""
    case = scene_case("genius-square", 2, 211)
    with pytest.raises(ReadError, match="glare"):
        read(case.image, case.name)
