"""Genius Square solutions: counts of RULES.md's cases, hints, unsolvable boards, verify."""

import pytest

from visolve.puzzles.base import SolveOptions
from visolve.puzzles.genius_square.board import is_legal_roll, make_level, shape_problem
from visolve.puzzles.genius_square.plugin import FAMILY
from visolve.puzzles.genius_square.solver import check, solve


@pytest.mark.parametrize(
    "blockers, count, legal",
    [
        ("A3 A5 B4 C6 E2 E6 F1", 11, True),  # the fewest solutions of any roll (RULES.md)
        ("B3 B4 F1 F2 F3 F4 F6", 22317, True),  # the most
        ("A4 B3 B5 C1 C2 C4 C6", 1, False),  # not a roll, exactly one
        ("A5 A6 B2 D3 D5 F3 F6", 2638, True),  # the Happy Puzzle photo's roll (photos.tsv)
    ],
)
def test_counts(blockers, count, legal):
    level = make_level("x", blockers.split())
    solution = solve(level)
    assert solution["solved"] and solution["proven"]
    assert solution["count"] == count
    assert solution["legal_roll"] is legal
    assert not check(level, solution)
    assert len(solution["board"]) == 6 and all(len(row) == 6 for row in solution["board"])
    assert sorted(p["piece"] for p in solution["placements"]) == [str(k) for k in range(1, 10)]


def test_an_unsolvable_board_says_so():
    solution = solve(make_level("x", "A2 B1 F5 E6 C3 C4 D2".split()))
    assert solution["solved"] is False and solution["proven"] is True and solution["count"] == 0
    assert "no solution" in FAMILY.summary(solution)
    assert "not a roll" in FAMILY.summary(solution)


def test_a_wrong_number_of_blockers_is_no_solution():
    solution = solve(make_level("x", ["A1", "B2"]))
    assert solution["solved"] is False and "34 free squares" in solution["reason"]


def test_a_partly_played_board_gets_a_hint():
    level = make_level("x", "A5 A6 B2 D3 D5 F3 F6".split(), {"6": ["E1", "E2", "F1", "F2"]})
    solution = solve(level)
    hint = solution["hint"]
    assert hint["completable"] is True and hint["completions"] == solution["count"] > 0
    assert hint["piece"] in "123456789" and hint["piece"] != "6" and len(hint["cells"]) >= 1
    assert not shape_problem(hint["piece"], hint["cells"], level.edition)
    assert not set(hint["cells"]) & (set(level.blockers) | {"E1", "E2", "F1", "F2"})
    placed = [p for p in solution["placements"] if p["given"]]
    assert [p["piece"] for p in placed] == ["6"]
    assert not check(level, solution)


def test_a_board_that_cannot_be_completed():
    touching = make_level("x", "A5 A6 B2 D3 D5 F3 F6".split(), {"1": ["A2"], "2": ["A3", "A4"]}, difficulty="junior")
    solution = solve(touching)  # pieces 1 and 2 may not share an edge at Junior
    assert solution["hint"]["completable"] is False and solution["solved"] is False
    assert FAMILY.summary(solution).startswith("no solution")


def test_difficulty_keeps_marked_pieces_apart():
    level = make_level("x", "A5 A6 B2 D3 D5 F3 F6".split(), difficulty="wizard")
    solution = solve(level)
    assert solution["solved"] and solution["count"] < solve(make_level("x", level.blockers))["count"]
    assert not check(level, solution)


def test_verify_refuses_a_solution_of_another_board():
    a = make_level("a", "A5 A6 B2 D3 D5 F3 F6".split())
    b = make_level("b", "A3 A5 B4 C6 E2 E6 F1".split())
    assert FAMILY.verify(a, solve(a)) and not FAMILY.verify(b, solve(a))


def test_timeout_is_reported():
    solution = solve(make_level("x", "B3 B4 F1 F2 F3 F4 F6".split()), SolveOptions(timeout=1e-9))
    assert solution["timed_out"] or solution["proven"]  # the compiled search may finish before checking the clock


def test_legal_roll():
    assert is_legal_roll("A5 A6 B2 D3 D5 F3 F6".split())
    assert not is_legal_roll("A1 C1 B2 D3 D5 F3 F6".split())  # A1 and C1 are on one die


def test_a_smartgames_solution_names_squares_as_printed():
    """The board as seen (labels on top and on the left); on SmartGames the letter names the column."""
    level = make_level("x", "A6 B2 B4 D2 D5 E1 F3".split(), {"2": ["D3", "D4"]}, edition="smartgames")
    solution = solve(level)
    assert solution["solved"] and not check(level, solution)
    assert solution["edition"] == "smartgames" and solution["labels"] == {"top": "ABCDEF", "left": "123456"}
    board = solution["board"]
    for name in level.blockers:
        assert board[int(name[1]) - 1]["ABCDEF".index(name[0])] == "#", name
    for placement in solution["placements"]:
        for name in placement["squares"]:
            assert board[int(name[1]) - 1]["ABCDEF".index(name[0])] == placement["piece"], name
    assert board[2][3] == board[3][3] == "2"  # D3 and D4: column D, rows 3 and 4
