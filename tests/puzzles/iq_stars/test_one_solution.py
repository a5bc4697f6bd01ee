"""Two readings of one picture that the picture and the pieces' shapes leave open are settled by
the rule that a challenge has exactly one solution (drawn stars in doubt); tied tray placements
are settled only when they read alike."""

import random

import pytest

from visolve.errors import ReadError
from visolve.puzzles.iq_stars import tray
from visolve.puzzles.iq_stars.board import CELLS, LETTERS, level_problems
from visolve.puzzles.iq_stars.challenges import random_challenge
from visolve.puzzles.iq_stars.colours import Verdict
from visolve.puzzles.iq_stars.solver import challenges_among, unique_count
from visolve.puzzles.iq_stars.symbols import Star, rows_of
from visolve.puzzles.iq_stars.tray_pieces import TrayCellError
from tests.puzzles.iq_stars.test_weak_stars import clear_stars


def _with(rows, cell, symbol):
    grid = [list(r) for r in rows]
    grid[cell[0]][cell[1]] = symbol
    return tuple("".join(r) for r in grid)


def _wizard_doubt(unique_other: bool):
    """A wizard challenge, a wizard star of it and another colour that also fits its shapes: the
    level with that colour there has exactly one solution (``unique_other``) or not."""
    for seed in range(200):
        level = random_challenge(random.Random(seed), "wizard", level=1)
        for cell in (c for c in CELLS if level.rows[c[0]][c[1]].isupper()):
            for other in LETTERS:
                rows = _with(level.rows, cell, other.upper())
                if other == level.rows[cell[0]][cell[1]].lower() or level_problems(rows):
                    continue
                if (unique_count(rows) == 1) == unique_other:
                    return level, cell, other
    raise AssertionError("no such wizard challenge")


def _doubt_at(level, cell, other) -> dict:
    stars = clear_stars(level.rows)
    truth = level.rows[cell[0]][cell[1]].lower()
    stars[cell] = Star(1.0, Verdict(other, 3.0, 0.5, truth), 0.0)  # nearer the other colour, by 0.5 degrees
    return stars


def test_a_doubt_whose_other_reading_is_no_one_solution_challenge_reads_as_the_challenge():
    level, cell, other = _wizard_doubt(unique_other=False)
    assert rows_of(_doubt_at(level, cell, other)) == level.rows


def test_a_doubt_whose_two_readings_both_have_one_solution_is_refused_naming_the_star():
    level, cell, other = _wizard_doubt(unique_other=True)
    with pytest.raises(ReadError, match=f"row {cell[0] + 1} star {cell[1] + 1}.*2 of them with exactly one solution"):
        rows_of(_doubt_at(level, cell, other))


def test_challenges_among_keeps_the_distinct_readings_with_one_solution():
    level = random_challenge(random.Random(3), "pieces", level=1)
    free = tuple("." * len(r) for r in level.rows)  # the empty board: 381 fillings
    assert challenges_among([level.rows, free, level.rows]) == [level.rows]


def _tie(monkeypatch, readings: dict) -> tray.TiedPlacements:
    """A tie between placements named by the keys of ``readings`` (rows, or an error to raise)."""
    def rows_placed(placement, _axial, _members):
        got = readings[placement]
        if isinstance(got, Exception):
            raise got
        return got
    monkeypatch.setattr(tray, "rows_placed", rows_placed)
    return tray.TiedPlacements("tied", frozenset(), tuple(readings))


def test_tied_tray_placements_reading_apart_are_refused_even_when_one_has_one_solution(monkeypatch):
    # a tray may show a board in play (no completion, or several): one solution settles nothing
    level = random_challenge(random.Random(5), "pieces", level=1)
    free = tuple("." * len(r) for r in level.rows)
    tie = _tie(monkeypatch, {"a": free, "b": level.rows})
    with pytest.raises(tray.TiedPlacements, match="2 different boards"):
        tray.settle_tie(tie, None, [])


def test_tied_tray_placements_reading_alike_are_no_tie(monkeypatch):
    free = tuple("." * len(r) for r in random_challenge(random.Random(5)).rows)
    assert tray.settle_tie(_tie(monkeypatch, {"a": free, "b": free}), None, []) == free


def test_tied_tray_placements_are_refused_when_one_cannot_be_read_or_two_are_challenges(monkeypatch):
    one, two = (random_challenge(random.Random(s), "pieces", level=1).rows for s in (5, 6))
    with pytest.raises(tray.TiedPlacements, match="2 different boards"):
        tray.settle_tie(_tie(monkeypatch, {"a": one, "b": two}), None, [])
    with pytest.raises(tray.TiedPlacements, match="^tied; 1 of the 2 cannot be read on their own, the first: row 1 star 1"):
        tray.settle_tie(_tie(monkeypatch, {"a": one, "b": TrayCellError("row 1 star 1: no pit")}), None, [])
    with pytest.raises(tray.TiedPlacements, match="^tied$"):
        tray.settle_tie(_tie(monkeypatch, {}), None, [])


def test_tied_tray_placements_each_refused_give_the_best_ones_cell(monkeypatch):
    # a glare spot hiding free pits leaves the right placement and a wrong one short of pits:
    # the refusal names the cell the best placement could not settle, not just the tie
    tie = _tie(monkeypatch, {"a": TrayCellError("row 1 star 1: no pit"), "b": TrayCellError("row 4 star 6: no pit")})
    with pytest.raises(tray.TiedPlacements, match="^tied; each is refused on its own, the best: row 1 star 1: no pit$"):
        tray.settle_tie(tie, None, [])
