"""Hints for part-filled boards."""

from __future__ import annotations

from tests.tiling import data
from visolve.puzzles.genius_square import model as gs
from visolve.puzzles.iq_xoxo import model as xoxo
from visolve.tiling import Constraints, hint
from visolve.tiling.hint import IN_ALL, IN_MOST, TIGHTEST


def _xoxo_board(rows):
    return xoxo.challenge_constraints(rows)


def test_a_board_with_one_completion_gets_a_placement_of_it(compiled):
    ch = data.xoxo_challenges()[120]
    h = hint(xoxo.engine(True, compiled), _xoxo_board(ch["challenge"]))
    assert h.solvable and h.count == 1 and h.proven and h.why == IN_ALL
    cells = xoxo.BOARD.cells_of(h.placement.mask)
    letter = xoxo.LETTERS[h.placement.piece]
    assert all(ch["solution"][r][c] == letter for r, c in cells)


def test_the_suggestion_is_in_the_most_completions(compiled):
    eng = xoxo.engine(True, compiled)
    h = hint(eng, Constraints())
    assert h.count == 68 and h.why == IN_MOST and 0 < h.share < 68
    every = eng.enumerate().solutions
    share = sum(1 for s in every if h.placement in s)
    assert share == h.share
    assert all(sum(1 for s in every if pl in s) <= share for s in every for pl in s)


def test_following_the_hints_fills_the_board(compiled):
    eng = gs.engine(compiled)
    blocked = [gs.square(b) for b in "B3 B4 F1 F2 F3 F4 F6".split()]
    placed = {}
    for _ in gs.PIECES:
        h = hint(eng, Constraints(blocked=blocked, placed=placed))
        assert h.solvable
        placed[gs.PIECES[h.placement.piece].name] = gs.BOARD.cells_of(h.placement.mask)
    done = hint(eng, Constraints(blocked=blocked, placed=placed))
    assert done.solvable and done.count == 1 and done.placement is None


def test_a_dead_end_board_says_so(compiled):
    eng = gs.engine(compiled)
    blocked = [gs.square(b) for b in "A3 A5 B4 C6 E2 E6 F1".split()]
    h = hint(eng, Constraints(blocked=blocked, placed={"1": [(0, 0)], "2": [(5, 4), (5, 5)]}))
    assert h.solvable is False and h.placement is None and h.count == 0


def test_out_of_time_falls_back_to_the_tightest_cell(compiled):
    h = hint(xoxo.engine(False, compiled), Constraints(), timeout=1e-4)
    assert not h.proven and h.why == TIGHTEST and h.placement is not None
