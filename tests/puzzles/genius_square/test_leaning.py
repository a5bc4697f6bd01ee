"""A board refused at its squares' middles, read again where tall pieces' tops show (genius_square.leaning)."""

import numpy as np
import pytest

from visolve.errors import ReadError
from visolve.puzzles.genius_square.leaning import leaning_level
from visolve.puzzles.genius_square.model import Level
from visolve.puzzles.genius_square.reader import read
from visolve.testing.scenes import scene_case


def _level(blockers, pieces=()) -> Level:
    return Level(level="x", source="", edition="happy-puzzle", blockers=tuple(blockers),
                 pieces=tuple(pieces))


def test_no_lean_gives_a_board_the_first_refusal_stands():
    refused = ReadError("square A1: the first reason")

    def nothing(_shifts):
        raise ReadError("square B2: still out of shape")

    with pytest.raises(ReadError, match="the first reason"):
        leaning_level(refused, [np.zeros((6, 6, 2))] * 2, nothing)
    with pytest.raises(ReadError, match="the first reason"):
        leaning_level(refused, [], nothing)


def test_two_leans_giving_two_boards_are_a_doubt_naming_a_square():
    boards = iter([_level(["A1", "C3"]), ReadError("out of shape"), _level(["A2", "C3"])])

    def reading(_shifts):
        got = next(boards)
        if isinstance(got, ReadError):
            raise got
        return got

    with pytest.raises(ReadError, match="square A1: .*two boards"):
        leaning_level(ReadError("first"), [np.zeros((6, 6, 2))] * 3, reading)


def test_leans_agreeing_give_their_board():
    board = _level(["A1", "C3"], [("2", ("D1", "D2"))])
    assert leaning_level(ReadError("first"), [np.zeros((6, 6, 2))] * 2, lambda _s: board) is board


@pytest.mark.parametrize("i", [35, 40])
def test_tall_pieces_seen_steeply_read(i):
    """Scenes 35 and 40 of seed 0 (Happy Puzzle boards seen 44 and 32 degrees off the top: a brown
    cube's side on B2, the green piece's colour over six squares) were refused at the squares'
    middles and by top_shifts (its two principal points disagree); read where the tops show, they read."""
    case = scene_case("genius-square", i, 0)
    assert read(case.image, case.name) == case.truth[0]
