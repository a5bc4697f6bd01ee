"""IQ Stars solutions on the tiling engine: the board, the count, a hint.

:func:`solve` asks the engine (:mod:`visolve.tiling`) for every completion
of the level (a booklet challenge has exactly one; the empty board 381) and
writes the family's solution dict: ``board`` (4 strings of colour letters),
``placements`` in the order to lay them (given pieces first, marked
``given``), ``count`` with ``proven``, ``unique``, and for a board that is
not full a ``hint``: the next piece to lay.
"""

from __future__ import annotations

import random

from visolve.puzzles.base import SolveOptions
from visolve.puzzles.iq_stars import model
from visolve.puzzles.iq_stars.board import CELLS, EMPTY, LETTERS, board_cell, constraints, level_problems
from visolve.puzzles.iq_stars.model import Level
from visolve.tiling import hint as tiling_hint

PUZZLE = "iq-stars"
#: solutions listed in full with ``all_solutions`` (the empty board has 381)
MAX_LISTED = 400


def _placement_dict(pl, given: set[str]) -> dict:
    letter = LETTERS[pl.piece]
    cells = [list(board_cell(c)) for c in model.BOARD.cells_of(pl.mask)]
    return {"piece": letter, "colour": model.COLOURS[letter], "cells": cells, "given": letter in given}


def _given_pieces(level: Level) -> set[str]:
    return {ch for row in level.rows for ch in row if ch in LETTERS}


def _board_rows(solution) -> list[str]:
    return model.solution_rows(solution)


def _hint_dict(level: Level, timeout: float | None) -> dict:
    """The next piece to lay on a board that is not full (see ``visolve.tiling.hint``)."""
    h = tiling_hint(model.engine(), constraints(level.rows), timeout=timeout)
    out = {"completable": h.solvable, "completions": h.count, "proven": h.proven,
           "piece": None, "cells": [], "reason": h.why or "no completion"}
    if h.placement is not None:
        letter = LETTERS[h.placement.piece]
        out["piece"] = letter
        out["cells"] = [list(board_cell(c)) for c in model.BOARD.cells_of(h.placement.mask)]
        out["reason"] = f"{model.COLOURS[letter]} piece: {h.why}" + (
            f" ({h.share} of {h.count})" if h.why != "in every completion" and h.proven else "")
    return out


def solve(level: Level, options: SolveOptions = SolveOptions()) -> dict:
    """Every completion of ``level``; the dict of the module docstring."""
    out = {"puzzle": PUZZLE, "level": level.level, "solved": False, "seconds": 0.0,
           "proven": False, "timed_out": False, "count": 0, "unique": False}
    problems = level_problems(level.rows)
    if problems:
        out.update(proven=True, reason=problems[0])
        return out
    keep = MAX_LISTED if options.all_solutions else 1
    res = model.engine().ask(constraints(level.rows), limit=0, keep=keep, timeout=options.timeout)
    given = _given_pieces(level)
    out.update(seconds=round(res.seconds, 4), proven=res.proven, timed_out=res.timed_out,
               count=res.count, unique=res.unique is True, nodes=res.nodes, solved=res.count > 0)
    if res.reason:
        out["reason"] = res.reason
    if res.solutions:
        first = res.solutions[0]
        out["board"] = _board_rows(first)
        out["placements"] = [_placement_dict(pl, given) for pl in first]
        if options.all_solutions:
            out["solutions"] = [_board_rows(s) for s in res.solutions]
    elif res.proven:
        out["reason"] = out.get("reason", "no way to fill the board")
    if level.filled < len(CELLS):
        out["hint"] = _hint_dict(level, options.timeout)
    return out


def placements_of(solution: dict) -> dict[str, list[tuple[int, int]]]:
    """A solution's placements as piece letter -> its cells ``(row, k)``."""
    return {p["piece"]: [tuple(c) for c in p["cells"]] for p in solution["placements"]}


def check_solution(level: Level, solution: dict) -> list[str]:
    """What is wrong with a solution's placements for ``level`` (empty: they solve it)."""
    from visolve.tiling.verify import tiling_problems

    pieces = placements_of(solution)
    problems = tiling_problems(model.engine().table, {p: [model.cell(r, k) for r, k in cells]
                                                      for p, cells in pieces.items()})
    owner = {cell: p for p, cells in pieces.items() for cell in cells}
    for r, k in CELLS:
        ch = level.rows[r][k]
        if ch != EMPTY and owner.get((r, k)) != ch.lower():
            problems.append(f"cell ({r}, {k}) shows {ch} but the solution puts {owner.get((r, k))} there")
    return problems


def random_filling(rng: random.Random) -> list[str]:
    """A random filling of the empty board (one of the 381), as 4 rows."""
    eng = model.engine()
    res = eng.enumerate(limit=0)
    return _board_rows(res.solutions[rng.randrange(len(res.solutions))])


def unique_count(rows) -> int:
    """How many solutions ``rows`` has, counted up to 2 (0, 1 or 2)."""
    return model.engine().unique(constraints(rows)).count


def challenges_among(readings) -> list[tuple[str, ...]]:
    """The distinct readings (each a level's rows, its pieces already checked to form their
    shapes) that have exactly one solution, as every challenge has
    (``../shared/iq-stars/RULES.md``): what settles two readings of one picture that the
    picture and the shapes left open.  The solver counts to two; nothing is guessed."""
    return sorted({tuple(rows) for rows in readings if unique_count(rows) == 1})
