"""The IQ XOXO solver on the published challenges (their solutions are in ../shared) and hints."""

import json

from tests.conftest import shared_path
from visolve.puzzles.iq_xoxo.model import Level
from visolve.puzzles.iq_xoxo.plugin import FAMILY
from visolve.puzzles.iq_xoxo.solver import check, solve
from visolve.puzzles.iq_xoxo.testing import shared_challenges, challenge_of, fillings

C56 = (".W........", ".WW...T..V", "..WWTTT..V", "......TVVV", "..........")


def test_challenge_56_is_unique_and_verified():
    solution = solve(Level(56, C56))
    json.dumps(solution)
    assert solution["solved"] and solution["proven"] and solution["count"] == 1 and solution["unique"]
    assert solution["board"] == ["NWPPPUUUZZ", "NWWPPUTUZV", "NNWWTTTZZV", "LNYYYYTVVV", "LLLLYIIIII"]
    assert [p["piece"] for p in solution["placements"] if p["given"]] == ["W", "T", "V"]
    assert not check(Level(56, C56), solution) and FAMILY.verify(Level(56, C56), solution)


def test_published_solutions():
    known = shared_challenges(shared_path("iq-xoxo", "challenges.txt"))
    for number in (56, 119, 120):
        rows = known[number]
        solution = solve(Level(number, rows))
        assert solution["count"] == 1 and solution["proven"], number
        lines = [ln.strip() for ln in shared_path("iq-xoxo", "challenges.txt").read_text().splitlines()]
        start = lines.index(f"challenge = {number}")
        answer = lines.index("solution", start) + 1
        assert solution["board"] == lines[answer: answer + 5], number


def test_faces_follow_the_marks():
    solution = solve(Level(119, ("..........",) * 3 + ("PPP.......", "PP........")))
    faces = {p["piece"]: p["face"] for p in solution["placements"]}
    # the I lies on row 0 from column 2: X O X O X, the back of its O X O X O front
    i = next(p for p in solution["placements"] if p["piece"] == "I")
    assert i["squares"] == [[0, c] for c in range(2, 7)] and faces["I"] == "back"


def test_empty_board_counts_68_and_hints():
    solution = solve(Level("empty"))
    assert solution["count"] == 68 and solution["proven"]
    hint = solution["hint"]
    assert hint["completable"] is True and hint["completions"] == 68 and len(hint["cells"]) == 5


def test_a_stuck_board_is_not_completable():
    # the I along row 3 leaves row 4's first five squares a pocket only another I could fill
    pocket = ("..........", "..........", "..........", "IIIII.....", "..........")
    stuck = solve(Level("stuck", pocket))
    assert stuck["solved"] is False and stuck["proven"] and stuck["count"] == 0
    assert stuck["hint"]["completable"] is False and stuck["hint"]["piece"] is None


def test_fillings_and_revealed_challenges_are_unique():
    assert len(fillings()) == 68 and len(set(fillings())) == 68
    level = challenge_of(fillings()[0], list("IVWTLNPUYZ"), 1)
    solution = solve(level)
    assert solution["count"] == 1 and solution["board"] == list(fillings()[0])
