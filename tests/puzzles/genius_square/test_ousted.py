"""A piece the shapes lay where another piece's cubes lean over (issue 25, new unseen seed 337):
scene 55, a SmartGames photo whose yellow piece stands on A2 B2 B3 C2, its tall cubes leaning over A1
and B1 (0.04 off yellow, 0.29 off orange); the shapes, yellow being laid, laid the orange piece on
A1 B1 C1 (a misread).  Such a piece is now a doubt."""

import pytest

from visolve.errors import ReadError
from visolve.puzzles.genius_square import resolve as resolve_module
from visolve.puzzles.genius_square.board import drawing, make_level
from visolve.puzzles.genius_square.colours import Square
from visolve.puzzles.genius_square.resolve import ousted_piece, resolve
from tests.puzzles.genius_square.unseen import refused_and_was_misread

ROLL = ("A3", "A5", "A6", "C3", "C6", "E4", "F3")
ORANGE = ("A1", "B1", "C1")


def _squares(near_yellow: tuple[float, float], far: tuple[float, float] = (0.71, 0.78)) -> list[list[Square]]:
    """The board of scene 55 as read: yellow sure, A1 and B1 yellow or orange at ``near_yellow``
    (yellow's, orange's residual), C1 at ``far``; the rest sure."""
    rows = drawing(make_level("x", ROLL, {"7": ["A2", "B2", "B3", "C2"], "3": list(ORANGE)}, edition="smartgames"))
    seen = sorted((r, c) for r, row in enumerate(rows) for c, sym in enumerate(row) if sym == "3")
    ranks = {cell: ((("7", near_yellow[0]), ("3", near_yellow[1])) if k < 2 else (("7", far[0]), ("3", far[1])))
             for k, cell in enumerate(seen)}
    return [[Square("", options=("7", "3"), ranks=ranks[(r, c)]) if (r, c) in ranks else Square(sym)
             for c, sym in enumerate(row)] for r, row in enumerate(rows)]


def test_a_piece_laid_where_a_laid_pieces_colour_shows_is_a_doubt():
    with pytest.raises(ReadError, match=r"piece 3 \(orange\) on .* only as the pieces' shapes allow, every square "
                                        r"nearer the colour of piece 7 \(yellow, 0.25 nearer there\)"):
        resolve(_squares((0.04, 0.29)), "smartgames")


def test_near_its_own_colour_somewhere_or_only_a_little_nearer_the_other_it_is_laid():
    rows = resolve(_squares((0.04, 0.29), far=(0.78, 0.71)), "smartgames")  # C1 nearer orange
    assert sum(row.count("3") for row in rows) == 3
    rows = resolve(_squares((0.25, 0.3)), "smartgames")  # 0.05 nearer yellow: under OUSTED_LEAD
    assert sum(row.count("3") for row in rows) == 3
    assert ousted_piece(tuple("." * 36), _squares((0.04, 0.29)), "smartgames") == ""  # nothing laid


@pytest.mark.slow
def test_seed_337_scene_55_is_refused_and_was_misread(monkeypatch):
    refused_and_was_misread(monkeypatch, 337, 55, resolve_module, "ousted_piece", lambda cells, squares, edition: "")
