"""A tall piece's top leaning off the grid (issue 25, new unseen seed 337): scene 38, the brown domino
on E6 F6 of a black Happy Puzzle board seen steeply, its tops standing on the margin beyond the grid
and its squares showing its dark side, read empty (a misread).  Such a board is now a doubt."""

import numpy as np
import pytest

from visolve.errors import ReadError
from visolve.puzzles.genius_square import offgrid, reader
from visolve.puzzles.genius_square.board import drawing, make_level
from visolve.puzzles.genius_square.colours import Square
from visolve.puzzles.genius_square.offgrid import top_off_grid
from visolve.testing.scenes import scene_case
from tests.puzzles.genius_square.unseen import refused_and_was_misread

ROLL = ("A1", "B2", "C3", "D4", "E1", "F2", "A6")
LEVEL = make_level("x", ROLL, {"6": ["B4", "B5", "C4", "C5"]})


def _read_as(level, at: dict):
    """Squares of ``level`` as read (its drawing), those of ``at`` ((r, c) -> Square) instead."""
    rows = drawing(level)
    return [[at.get((r, c), Square(sym, ranks=((sym, 0.05),))) for c, sym in enumerate(row)]
            for r, row in enumerate(rows)]


def _lean(monkeypatch, way=(0.0, 0.9)):
    """Every cube's top ``way`` (columns, rows) off its square: down the board, off its last row."""
    monkeypatch.setattr(offgrid, "mean_shifts", lambda view, height: np.broadcast_to(np.array(way), (6, 6, 2)))


def test_a_piece_the_board_lacks_seen_beyond_an_empty_edge_square_is_a_doubt(monkeypatch):
    _lean(monkeypatch)
    middles = _read_as(LEVEL, {})
    beyond = _read_as(LEVEL, {(5, 5): Square("2", ranks=(("2", 0.03), ("3", 0.5)))})
    why = top_off_grid(LEVEL, middles, None, lambda shift: (None, beyond, "happy-puzzle"))
    assert why.startswith("square F6 read empty, and beyond the grid where its cube's top would stand the colour "
                          "is piece 2's (brown)")


def test_unsure_grey_laid_or_within_the_grid_is_no_doubt(monkeypatch):
    middles = _read_as(LEVEL, {})
    cases = [Square("2", ranks=(("2", 0.3), ("3", 0.5))),  # not surely brown
             Square("5", ranks=(("5", 0.02),)),  # grey: the margin's labels
             Square("6", ranks=(("6", 0.02),))]  # laid on the board already
    _lean(monkeypatch)
    for seen in cases:
        beyond = _read_as(LEVEL, {(5, 5): seen})
        assert top_off_grid(LEVEL, middles, None, lambda shift: (None, beyond, "happy-puzzle")) == ""
    _lean(monkeypatch, (0.0, 0.3))  # the tops on their own squares: read there already
    beyond = _read_as(LEVEL, {(5, 5): Square("2", ranks=(("2", 0.03),))})
    assert top_off_grid(LEVEL, middles, None, lambda shift: (None, beyond, "happy-puzzle")) == ""


@pytest.mark.slow
def test_seed_337_scene_38_is_refused_and_was_misread(monkeypatch):
    refused_and_was_misread(monkeypatch, 337, 38, reader, "top_off_grid", lambda level, squares, view, read: "",
                            match="square F6 read empty, and beyond the grid")


def test_a_top_as_far_off_as_a_steep_view_leans_counts_and_the_table_beyond_does_not(monkeypatch):
    """Seed 499 scene 66: a top 0.72 squares off; the table, where loose pieces lie, starts past
    :data:`~visolve.puzzles.genius_square.offgrid.OFF_MOST` (right boards showed a piece's colour there
    at 1.14 and 1.32 squares off)."""
    middles = _read_as(LEVEL, {})
    beyond = _read_as(LEVEL, {(5, 5): Square("2", ranks=(("2", 0.03),))})
    _lean(monkeypatch, (0.0, 1.2))  # 0.7 off the last row's edge
    assert top_off_grid(LEVEL, middles, None, lambda shift: (None, beyond, "happy-puzzle")) != ""
    _lean(monkeypatch, (0.0, 1.8))  # 1.3 off: the table
    assert top_off_grid(LEVEL, middles, None, lambda shift: (None, beyond, "happy-puzzle")) == ""


@pytest.mark.slow
def test_seed_499_scene_66_is_refused_and_was_misread(monkeypatch):
    case = scene_case("genius-square", 66, 499)
    with pytest.raises(ReadError, match="square A6 read empty, and beyond the grid"):
        reader.read(case.image, case.name)
    monkeypatch.setattr(offgrid, "OFF_MOST", 0.7)  # the bound before: A6's top, 0.72 off, not looked at
    assert reader.read(case.image, case.name) != case.truth[0]
