"""Numbers and nouns agree in what the user reads: ``1 tap``, never ``1 taps`` or ``tap(s)``."""

import pytest

from visolve.errors import LevelFormatError
from visolve.plural import counted
from visolve.puzzles.circuit500.model import Tile, grid_problems, make_grid, parse_token
from visolve.puzzles.circuit500.plugin import summary
from visolve.puzzles.iq_circuit.levelfile import parse_level as parse_iq_circuit
from visolve.puzzles.iq_stars.board import located_problems
from visolve.puzzles.iq_xoxo.board import piece_problem


@pytest.mark.parametrize("n, text", [(0, "0 taps"), (1, "1 tap"), (2, "2 taps")])
def test_counted(n, text):
    assert counted(n, "tap") == text


def test_counted_takes_an_irregular_plural():
    assert counted(1, "box", "boxes") == "1 box" and counted(3, "box", "boxes") == "3 boxes"


def test_circuit500_summary_of_a_one_tap_solution():
    one = {"solved": True, "proven": True, "actions": 1, "taps": [[0, 0]], "nodes": 1, "seconds": 0.0}
    assert summary(one).startswith("1 action, 1 tap ")
    assert summary({**one, "actions": 2, "taps": [[0, 0], [1, 1]]}).startswith("2 actions, 2 taps ")


def test_circuit500_tile_and_grid_problems():
    assert Tile("corner", 1).problem() == "corner needs 2 arms, got 1"
    assert Tile("start", 3).problem() == "start needs 1 arm, got 2"
    rows = [["start:r", "start:l", "end:l", "empty"]] + [["empty"] * 4] * 5
    grid = make_grid([[parse_token(t) for t in row] for row in rows])
    assert "exactly 1 start tile allowed, found 2" in grid_problems(grid)


def test_iq_xoxo_piece_of_one_square():
    assert "covers 1 square (" in piece_problem("L", [(0, 0)])


def test_iq_stars_one_placed_cell():
    rows = ("r......", "......", ".......", "......")
    texts = [text for _row, text in located_problems(rows)]
    assert any("the 1 red cell (r) does not form the red piece" in t for t in texts), texts


def test_iq_circuit_one_dot():
    text = "puzzle = iq-circuit\nlevel = 1\nkind = wizard\n\no???????\n????????\n????????\n????????\n"
    with pytest.raises(LevelFormatError, match="1 dot on the board"):
        parse_iq_circuit(text)


def test_the_closing_line_of_one_item(capsys):
    from visolve.items import Item
    from visolve.report import Reporter

    Reporter(as_json=False, quiet=False, verbose=False).summary([Item("solve", "level_001.txt", True, "solved", "", stale=True)])
    line = capsys.readouterr().err
    assert line.startswith("done: 1 item: ") and "1 stale solution replaced" in line, line


def test_iq_circuit_level_problems_of_one_dot():
    from visolve.puzzles.iq_circuit.model import Level, level_problems

    level = Level(1, "wizard", ("o???????", "????????", "????????", "????????"), (), "")
    assert "1 dot: a solvable challenge has an even number" in level_problems(level)


def test_overview_page_of_one_row():
    from datetime import datetime

    from visolve.overview_page import Row, render

    page = render([Row("circuit500", "1", "proven", "1 action, 1 tap", 0.0)], datetime(2026, 1, 1))
    assert '<div class="meta">1 row: 1 proven.' in page


def test_genius_square_one_blocker_and_a_piece_on_one_square():
    from visolve.puzzles.genius_square.board import EDITIONS, roll_note, shape_problem

    assert roll_note(["A1"]).startswith("1 blocker, a roll gives 7")
    assert "covers 1 square A1," in shape_problem("2", ["A1"], EDITIONS[0])
