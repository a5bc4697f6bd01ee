"""visolve make iq-circuit: forms, an independent brute force on Expert challenges, grades."""

from __future__ import annotations

import json

import pytest

from tests.conftest import shared_path
from visolve.make import circuit
from visolve.make.generate import challenges
from visolve.make.grade import spearman
from visolve.puzzles.base import SolveOptions
from visolve.puzzles.iq_circuit import solver
from visolve.puzzles.iq_circuit.levelfile import from_booklet_data
from visolve.puzzles.iq_circuit.model import (
    HEIGHT, OPEN_DOT, PIECES, SYMBOL_MASK, UNKNOWN, WIDTH, Placement, board_symbols, check_solution,
)


def brute_force_boards(level) -> set:
    """Every full board matching an Expert challenge, found without the engine: each piece's
    layings that draw exactly the grid's cells, an exact cover, every board checked by
    ``model.check_solution``; boards that look the same (symbols and piece outlines) are one."""
    options = []
    for piece in PIECES:
        mine = []
        for face in range(len(piece.faces)):
            for r in range(4):
                for x in range(WIDTH):
                    for y in range(HEIGHT):
                        pl = Placement(piece.id, face, x, y, r)
                        cells = pl.cells()
                        if all(0 <= cx < WIDTH and 0 <= cy < HEIGHT and SYMBOL_MASK[level.grid[cy][cx]] == m
                               for cx, cy, m in cells):
                            mine.append((pl, frozenset((cx, cy) for cx, cy, _m in cells)))
        options.append(mine)
    found = set()

    def place(k, used, laid):
        if k == len(PIECES):
            if not check_solution(level, laid):
                outline = frozenset(cells for _pl, cells in laid_cells(laid))
                found.add((board_symbols(laid), outline))
            return
        for pl, cells in options[k]:
            if not cells & used:
                place(k + 1, used | cells, laid + [pl])

    place(0, frozenset(), [])
    return found


def laid_cells(laid):
    return [(pl, frozenset((x, y) for x, y, _m in pl.cells())) for pl in laid]


def test_made_expert_challenges_have_one_board_by_brute_force():
    for made in challenges("iq-circuit", "expert", 3, seed=2):
        assert all(ch not in (UNKNOWN, OPEN_DOT) for row in made.level.grid for ch in row)
        boards = brute_force_boards(made.level)
        assert len(boards) == 1 and next(iter(boards))[0] == made.solution


def test_the_brute_force_sees_two_boards_where_there_are_two():
    # a board cut differently: a whole track whose solver count is 2 or more, found by drawing
    import random

    rng = random.Random(0)
    for _ in range(200):
        drawn = solver.random_challenge(rng, "expert")
        count = solver.solve(drawn, SolveOptions())["count"]
        if count >= 2:
            assert len(brute_force_boards(drawn)) == count
            return
    pytest.skip("no Expert board with two solutions in 200 draws")  # the test needs one to compare


@pytest.mark.parametrize("level", ["master", "wizard"])
def test_made_master_and_wizard_challenges_have_their_form_and_one_solution(level):
    for made in challenges("iq-circuit", level, 3, seed=4):
        lv = made.level
        assert lv.kind == level and lv.level.startswith(f"{level}-4-")
        shown = [ch for row in lv.grid for ch in row if ch != UNKNOWN]
        if level == "wizard":
            assert not lv.pieces and set(shown) == {OPEN_DOT} and len(shown) in (2, 4, 6)
        else:
            assert 1 <= len(lv.pieces) <= 4 and all(PIECES[p.piece].faces[p.face].has_dot for p in lv.pieces)
        out = solver.solve(lv, SolveOptions(all_solutions=True))
        assert out["proven"] and out["count"] == 1 and tuple(out["symbols"]) == made.solution
        low, high = circuit.GRADE_RANGES[level]
        assert low <= lv.grade <= high


def test_grade_ranges_are_the_booklets_and_grade_follows_its_order():
    entries = json.loads(shared_path("iq-circuit", "levels.json").read_text())["levels"]
    numbers, grades, measured = [], [], {}
    for entry in entries:
        level = from_booklet_data(entry)
        out = solver.solve(level, SolveOptions())
        assert out["count"] == 1
        low, high = measured.get(level.kind, (out["nodes"], out["nodes"]))
        measured[level.kind] = (min(low, out["nodes"]), max(high, out["nodes"]))
        numbers.append(entry["level"])
        grades.append(out["nodes"])
    assert measured == circuit.GRADE_RANGES
    # measured 0.832 on the 72: the search's size follows the booklet's order, not exactly
    assert spearman(numbers, grades) > 0.8
