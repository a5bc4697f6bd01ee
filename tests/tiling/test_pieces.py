"""Orientations and placement tables: counts the rules state."""

from __future__ import annotations

import pytest

from visolve.puzzles.genius_square import model as gs
from visolve.puzzles.iq_stars import model as stars
from visolve.puzzles.iq_xoxo import model as xoxo
from visolve.tiling import Piece, hex_board, square_board
from visolve.tiling.geometry import HEX, SQUARE
from visolve.tiling.pieces import orientations
from visolve.tiling.placements import Table

PENTOMINOES = {  # letter: (cells, distinct orientations with flips)
    "F": (((0, 1), (0, 2), (1, 0), (1, 1), (2, 1)), 8),
    "I": (((0, 0), (0, 1), (0, 2), (0, 3), (0, 4)), 2),
    "X": (((0, 1), (1, 0), (1, 1), (1, 2), (2, 1)), 1),
    "T": (((0, 0), (0, 1), (0, 2), (1, 1), (2, 1)), 4),
}


@pytest.mark.parametrize("letter", PENTOMINOES)
def test_pentomino_orientations(letter):
    cells, n = PENTOMINOES[letter]
    assert len(orientations(Piece(letter, cells), SQUARE)) == n


def test_one_sided_pieces_keep_only_turns():
    f_cells = PENTOMINOES["F"][0]
    assert len(orientations(Piece("F", f_cells, flip=False), SQUARE)) == 4


def test_hex_turns_come_back_after_six():
    cell = (1, 3)
    for _ in range(6):
        cell = HEX.turn(cell)
    assert cell == (1, 3)
    assert HEX.turn((0, 2)) == (1, 1)  # a neighbour stays a neighbour


def test_iq_stars_rotations_and_placements():
    """RULES.md: distinct rotations and placements on the empty board per piece."""
    rotations = {"r": 3, "o": 6, "y": 6, "g": 6, "b": 6, "v": 3, "p": 6}
    for letter, n in rotations.items():
        assert len(orientations(stars.piece(letter), HEX)) == n
    want = {"r": 41, "o": 84, "y": 69, "g": 53, "b": 69, "v": 40, "p": 67}
    assert stars.engine().table.count_per_piece() == want


def test_iq_xoxo_placements_with_and_without_the_rule():
    """RULES.md: N 92/184, L 92/184, P 118/236, Y 92/184, Z 48/96; symmetric pieces either way."""
    ruled = Table(xoxo.BOARD, [xoxo.piece(p) for p in xoxo.LETTERS]).count_per_piece()
    free = Table(xoxo.BOARD, [xoxo.piece(p, False) for p in xoxo.LETTERS], False).count_per_piece()
    assert ruled == {"I": 40, "L": 92, "N": 92, "P": 118, "T": 96, "U": 118, "V": 96, "W": 96, "Y": 92, "Z": 48}
    assert free == {"I": 40, "L": 184, "N": 184, "P": 236, "T": 96, "U": 118, "V": 96, "W": 96, "Y": 184, "Z": 96}


def test_a_flip_that_swaps_marks_gives_new_orientations():
    """The I pentomino: 2 outlines, each with both mark patterns."""
    assert len(orientations(xoxo.piece("I"), SQUARE)) == 4
    assert len(orientations(xoxo.piece("I", marked=False), SQUARE)) == 2


def test_genius_square_pieces_cover_29_cells():
    assert sum(p.size for p in gs.PIECES) == 36 - 7
    assert len(gs.all_rolls()) == 62208


def test_boards_know_their_neighbours():
    grid = square_board(2, 3)
    assert grid.neighbours[0] == 0b001010  # (0,1) and (1,0)
    star = hex_board((7, 6, 7, 6))
    assert star.size == 26
    assert max(bin(n).count("1") for n in star.neighbours) == 6
    assert bin(star.neighbours[0]).count("1") == 2  # top left: right and below-right


def test_a_patch_grows_from_its_start_through_the_cells_given():
    cells = {(0, 1), (0, 2), (1, 2), (3, 3), (1, 1)}
    assert SQUARE.patch((0, 0), cells) == {(0, 0), (0, 1), (0, 2), (1, 2), (1, 1)}  # the start joins too
    assert SQUARE.patch((3, 3), cells) == {(3, 3)}  # alone: no neighbour given
    assert SQUARE.patch((2, 2), {(3, 3)}) == {(2, 2)}  # a corner is no edge
    assert HEX.patch((0, 0), {(1, 1), (2, 2), (0, 4)}) == {(0, 0), (1, 1), (2, 2)}  # (0, 4) two steps along
