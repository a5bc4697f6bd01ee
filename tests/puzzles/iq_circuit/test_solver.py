import random

import pytest

from tests.puzzles.iq_circuit.helpers import booklet_levels
from visolve.puzzles.base import SolveOptions
from visolve.puzzles.iq_circuit.levelfile import parse_level
from visolve.puzzles.iq_circuit.model import PIECES, Level, challenge_of, check_solution
from visolve.puzzles.iq_circuit.plugin import FAMILY
from visolve.puzzles.iq_circuit.solver import placements_from_solution, random_board, solve

TWIN_LEVELS = {58, 62, 65, 69, 70, 91, 92, 100}


def test_all_booklet_levels_have_one_board():
    for lv in booklet_levels():
        sol = solve(lv, SolveOptions())
        assert sol["solved"] and sol["proven"] and not sol["timed_out"], lv.level
        assert sol["count"] == 1, (lv.level, sol["count"])
        board = placements_from_solution(sol)
        assert check_solution(lv, board) == [], lv.level
        assert sorted(p["piece"] for p in sol["placements"]) == list(range(10))
        assert len(sol["board"]) == 4 and all(len(r) == 8 for r in sol["board"])
        assert FAMILY.final(sol) and FAMILY.summary(sol) == "solved, unique (1 solution)"


def test_twin_blank_bars_count_once_and_both_boards_listed():
    levels = {lv.level: lv for lv in booklet_levels()}
    for n in sorted(TWIN_LEVELS)[:3]:
        sol = solve(levels[n], SolveOptions(all_solutions=True))
        assert sol["count"] == 1
        assert len(sol["all_boards"]) == 1


def test_solution_dict_is_json_ready():
    import json

    lv = booklet_levels()[0]
    sol = solve(lv, SolveOptions())
    json.dumps(sol)
    for p in sol["placements"]:
        assert set(p) == {"piece", "face", "anchor", "rotation"}
        assert 0 <= p["face"] < len(PIECES[p["piece"]].faces)


def test_impossible_challenge_has_no_solution():
    # two dots side by side in a corner and nothing else: no piece set can do it
    lv = Level("x", "wizard", ("oo??????", "????????", "????????", "????????"))
    sol = solve(lv, SolveOptions())
    assert not sol["solved"] and sol["proven"] and sol["count"] == 0
    assert "placements" not in sol
    assert FAMILY.summary(sol).startswith("no solution")
    assert not FAMILY.final(sol)
    assert FAMILY.rank(sol) > FAMILY.rank(solve(booklet_levels()[0], SolveOptions()))


def test_inconsistent_expert_grid_is_no_solution():
    text = """puzzle = iq-circuit
level = 1
kind = expert

r-7.....
|.|.....
L-J.....
........
"""
    sol = solve(parse_level(text), SolveOptions())
    assert not sol["solved"] and sol["proven"]


def test_random_boards_solve_back():
    rng = random.Random(11)
    for _ in range(5):
        board = random_board(rng)
        for kind in ("expert", "wizard"):
            lv = challenge_of(board, kind)
            sol = solve(lv, SolveOptions())
            assert sol["solved"] and sol["proven"] and sol["count"] >= 1
            assert check_solution(lv, placements_from_solution(sol)) == []


def test_timeout_is_reported():
    lv = Level("x", "wizard", ("o??????o", "????????", "????????", "o??????o"))
    sol = solve(lv, SolveOptions(timeout=0.0))
    if sol["timed_out"]:
        assert not sol["proven"]
        assert not FAMILY.final(sol)
    else:  # finished within the first check interval
        assert sol["proven"]


@pytest.mark.parametrize("n", [98, 116, 118])
def test_hard_wizard_levels_are_solved_once(n):
    """The slowest booklet levels: one board, proven (their times: scripts/bench_iq_circuit.py --only 98 116 118)."""
    lv = {lv.level: lv for lv in booklet_levels()}[n]
    sol = solve(lv, SolveOptions())
    assert sol["solved"] and sol["proven"] and not sol["timed_out"] and sol["count"] == 1
    assert check_solution(lv, placements_from_solution(sol)) == []
