"""A piece only the widened colours lay (issue 25, new unseen seed 349): scene box-22, tall pieces
leaning half a square off their floor squares, was read with the green Z over squares all dark
purple, where the U lies (a misread).  A piece none of whose seen squares has its colour near is
now a doubt: a cast moves every colour alike, and some square of a piece laid right keeps it near."""

import pytest

from visolve.errors import ReadError
from visolve.puzzles.iq_xoxo import reader
from visolve.puzzles.iq_xoxo.board import EMPTY
from visolve.puzzles.iq_xoxo.box import pieces
from visolve.puzzles.iq_xoxo.box.pieces import foreign_piece, rows_of
from visolve.puzzles.iq_xoxo.box.squares import BoxSquare
from visolve.testing.scenes import scene_case

from .test_box_cast import PART, _seen

Y_SQUARES = {(r, c) for r, row in enumerate(PART) for c, ch in enumerate(row) if ch == "Y"}


def test_a_piece_whose_every_square_is_nearer_another_colour_is_refused():
    with pytest.raises(ReadError, match="square r3c7: piece Y lies there only with the colours widened"):
        rows_of(_seen(PART, off=Y_SQUARES))


def test_one_square_near_its_colour_is_enough():
    assert rows_of(_seen(PART, off=Y_SQUARES - {(3, 7)})) == PART


def test_hidden_squares_do_not_count_either_way():
    squares = _seen(PART, off=Y_SQUARES)
    way = {k: PART[k[0]][k[1]] for k, s in squares.items() if s.kind == "piece"}
    assert "piece Y" in foreign_piece(squares, way)
    seen_near = dict(squares)
    seen_near[(4, 6)] = BoxSquare("hidden", "?", ("N",), "its O goes against the X/O squares")
    assert "piece Y" in foreign_piece(seen_near, way)  # hidden: not a seen square near Y
    all_hidden = {k: (BoxSquare("hidden", "?", ("N",)) if k in Y_SQUARES else s) for k, s in squares.items()}
    assert foreign_piece(all_hidden, way) == ""
    assert all(PART[r][c] == EMPTY or (r, c) in way for r in range(5) for c in range(10))


@pytest.mark.slow
def test_seed_349_box_22_is_refused_and_was_misread(monkeypatch):
    case = scene_case("iq-xoxo", 22, 349)
    with pytest.raises(ReadError):
        reader.read(case.image, case.name)
    monkeypatch.setattr(pieces, "foreign_piece", lambda squares, way: "")
    assert reader.read(case.image, case.name) != case.truth  # the misread
