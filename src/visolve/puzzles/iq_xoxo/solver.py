"""Solve an IQ XOXO challenge on the tiling engine: the solution, its count, a hint.

:func:`solve` gives the family's solution dict.  Besides the common keys
(``puzzle``, ``level``, ``solved``, ``seconds``, ``proven``, ``timed_out``)
it writes:

``board``
    5 strings of 10 piece letters, top row first (the challenge as read,
    ``.`` for empty squares, when unsolved);
``placements``
    every piece of that solution, ``{"piece", "colour", "squares", "face",
    "given"}`` (``squares`` as ``[row, col]`` pairs; ``face`` ``front``
    when the piece shows the marks it has in the solved box, else
    ``back``): the given pieces first, then in the order the search laid
    them (the order the painter numbers);
``count``
    the number of solutions under the X/O rule, exact when ``proven``
    (every booklet challenge has exactly one: ``unique`` says so);
``unique``, ``nodes``, ``reason`` (why there is none);
``hint``
    the next step from the board as given: ``completable`` (True, False,
    or None when not known in time), ``completions``, the next ``piece``,
    its ``cells`` (``[row, col]`` pairs), ``face`` and ``reason``.
"""

from __future__ import annotations

import time

from visolve.puzzles.base import SolveOptions, search_keys
from visolve.puzzles.iq_xoxo import model
from visolve.puzzles.iq_xoxo.board import face_of, level_problems
from visolve.puzzles.iq_xoxo.model import Level
from visolve.tiling import Constraints, hint

PUZZLE = "iq-xoxo"


def constraints(level: Level) -> Constraints:
    """The engine's question for a level: its given pieces."""
    return model.challenge_constraints(level.rows)


def solve(level: Level, options: SolveOptions = SolveOptions()) -> dict:
    """The solution dict of ``level`` (see the module docstring)."""
    t0 = time.perf_counter()
    out = {"puzzle": PUZZLE, "level": level.level}
    problems = level_problems(level)
    if problems:
        return _none(out, level, t0, problems[0])
    found = hint(model.engine(), constraints(level), timeout=options.timeout)
    out["hint"] = _hint_dict(found)
    result = found.result
    if not result.solutions:
        why = result.reason or ("timed out before a solution was found" if result.timed_out
                                else "the given pieces cannot be completed")
        return _none(out, level, t0, why, result)
    out.update(search_keys(t0, result), board=model.solution_grid(result.solutions[0]),
               placements=_placements(result.solutions[0], level), reason="")
    out["unique"] = result.count == 1 if result.proven else None
    return out


def _none(out: dict, level: Level, t0: float, reason: str, result=None) -> dict:
    """The solution dict of a challenge without a solution (or none found in time)."""
    keys = search_keys(t0, result, solved=False)
    out.update(keys, board=list(level.rows), placements=[], reason=reason)
    out["unique"] = False if not keys["timed_out"] else None
    out.setdefault("hint", {"completable": None if keys["timed_out"] else False, "completions": 0,
                            "piece": None, "cells": [], "face": None, "reason": reason})
    return out


def _cells(mask: int) -> list[list[int]]:
    return [[r, c] for r, c in model.BOARD.cells_of(mask)]


def _placements(solution, level: Level) -> list[dict]:
    given = set(level.pieces())
    out = []
    for pl in solution:
        letter = model.LETTERS[pl.piece]
        out.append({"piece": letter, "colour": model.COLOURS[letter], "squares": _cells(pl.mask),
                    "face": face_of(pl.piece, pl.orientation), "given": letter in given})
    return out


def _hint_dict(found) -> dict:
    """The ``hint``: can the board as given be finished, and the next piece."""
    pl = found.placement
    if found.solvable is False:
        reason = found.result.reason or "the pieces on the board cannot be completed"
    elif pl is None:
        reason = "the board is full" if found.solvable else "not known in time"
    else:
        share = f"{found.share} of {found.count}" + ("" if found.proven else " found")
        reason = f"{found.why} ({share} completions)"
    return {
        "completable": found.solvable,
        "completions": found.count,
        "proven": found.proven,
        "piece": None if pl is None else model.LETTERS[pl.piece],
        "cells": [] if pl is None else _cells(pl.mask),
        "face": None if pl is None else face_of(pl.piece, pl.orientation),
        "reason": reason,
    }


def placements_of(solution: dict) -> dict[str, list[tuple[int, int]]]:
    """Piece -> squares of a solution dict."""
    return {p["piece"]: [tuple(sq) for sq in p["squares"]] for p in solution.get("placements", [])}


def check(level: Level, solution: dict) -> list[str]:
    """What is wrong with a solution's placements for ``level`` (empty: they solve it)."""
    from visolve.tiling.verify import tiling_problems

    placed = placements_of(solution)
    problems = tiling_problems(model.engine().table, placed)
    for letter, cells in level.pieces().items():
        if sorted(placed.get(letter, [])) != sorted(cells):
            problems.append(f"piece {letter} is not where the challenge has it")
    return problems
