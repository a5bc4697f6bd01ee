"""Empty squares of the SmartGames board in a coloured glare: lighter than the board, darker than
their light grid lines, and near no colour of the game (seed 1 scenes 4 and 88), may be empty; the
shapes and the count of the dice's discs settle them."""

import numpy as np
import pytest

from visolve.errors import ReadError
from visolve.puzzles.genius_square.board import drawing, make_level
from visolve.puzzles.genius_square.colours import EMPTY, Square, classify, prototypes
from visolve.puzzles.genius_square.glared import GLARED_EDGE_MAX, board_in_glare
from visolve.puzzles.genius_square.resolve import resolve

#: measured: seed 1 scene 4, square F2 (row 6, column 2), an empty square in glare read as grey or purple
CENTRE = np.array([0.169, 0.225, 0.261])
CORNERS = [np.array(k) for k in ([0.119, 0.163, 0.188], [0.261, 0.35, 0.391], [0.112, 0.158, 0.178],
                                 [0.346, 0.433, 0.459])]
EDGES = [np.array(k) for k in ([0.105, 0.168, 0.188], [0.538, 0.667, 0.698], [0.431, 0.548, 0.563],
                               [0.495, 0.62, 0.631])]
ROLL = "A5 A6 B2 D3 D5 F3 F6".split()


def test_an_empty_square_in_glare_between_lighter_lines_may_be_empty():
    got = classify(CENTRE, CORNERS, prototypes("smartgames"), "smartgames", EDGES)
    assert got.symbol == "" and EMPTY in got.options and "5" in got.options, got


def test_a_square_as_light_as_its_edges_or_matched_to_a_colour_is_not():
    assert board_in_glare(CENTRE, GLARED_EDGE_MAX - 0.01, matched=False)
    assert not board_in_glare(CENTRE, GLARED_EDGE_MAX + 0.01, matched=False)
    assert not board_in_glare(CENTRE, GLARED_EDGE_MAX - 0.01, matched=True)
    assert not board_in_glare(-CENTRE, GLARED_EDGE_MAX - 0.01, matched=False)  # darker than the board: shade


def test_squares_empty_or_a_disc_beyond_the_seven_discs_seen_are_empty():
    """Eight squares each empty or a disc beside the seven discs seen: only one reading has seven discs
    (readings with more were counted towards the search's limit, and the board was too much in doubt)."""
    rows = drawing(make_level("x", ROLL))
    open_ = [(r, c) for r in range(6) for c in range(6) if rows[r][c] == EMPTY][:8]
    squares = [[Square("", options=(EMPTY, "#")) if (r, c) in open_ else Square(sym)
                for c, sym in enumerate(row)] for r, row in enumerate(rows)]
    assert resolve(squares, "smartgames") == rows


def test_a_square_the_shapes_leave_only_as_an_eighth_disc_is_named():
    rows = drawing(make_level("x", ROLL))
    squares = [[Square(sym) for sym in row] for row in rows]
    squares[2][0] = Square("", options=("#", "3"))  # C1: a disc, or an orange piece no placement fits
    with pytest.raises(ReadError, match=r"^square C1: .*more blockers than the 7 dice give"):
        resolve(squares, "happy-puzzle")
