"""The IQ Circuit reader refuses an IQ XOXO board: its 10 x 5 grey squares hold many 8 x 4 windows."""

import random

import pytest

from visolve.errors import NotThisPuzzle
from visolve.puzzles.iq_circuit.reader import read
from visolve.puzzles.iq_xoxo import testing as xoxo
from visolve.puzzles.iq_xoxo.board import Level

#: a challenge with two pieces along the top: its lower 8 x 4 squares were read as an empty
#: Wizard challenge before the reader asked whether the grid runs on past the board
TWO_PIECES = ("IIIII.UUU.", "......U.U.", "..........", "..........", "..........")


def test_a_nearly_empty_xoxo_board_is_no_circuit_challenge():
    with pytest.raises(NotThisPuzzle, match="runs on"):
        read(xoxo.draw_level(Level(1, TWO_PIECES)), "xoxo.png")


@pytest.mark.parametrize("seed", range(3))
def test_xoxo_challenges_with_one_piece_are_refused(seed):
    rng = random.Random(f"one-piece-{seed}")
    filling = rng.choice(xoxo.fillings())
    letter = rng.choice("ILNPTUVWYZ")
    rows = tuple("".join(ch if ch == letter else "." for ch in row) for row in filling)
    with pytest.raises(NotThisPuzzle):
        read(xoxo.draw_level(Level(7, rows)), "xoxo.png")
