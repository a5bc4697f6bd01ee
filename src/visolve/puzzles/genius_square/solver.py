"""Solve a Genius Square board on the tiling engine: the solution, the count, a hint.

:func:`solve` gives the family's solution dict.  Besides the common keys
(``puzzle``, ``level``, ``solved``, ``seconds``, ``proven``, ``timed_out``)
it writes:

``board``
    6 strings of 6 characters: the board as seen with its printed labels
    on top and on the left, top row first (``#`` blocker, ``1``-``9``
    piece); the board as read (``.`` for empty squares) when unsolved;
``edition``, ``labels``
    the edition the squares are named for, and the labels its board prints
    (``{"top": "ABCDEF", "left": "123456"}`` on a SmartGames board: the
    letters name columns there, rows on a Happy Puzzle board);
``placements``
    the pieces of that solution, each ``{"piece", "colour", "squares",
    "given"}`` (squares named as printed): the pieces already on the board first, then in the order
    the search laid them (the order the painter numbers);
``count``
    the number of solutions (of completions, with pieces placed): exact
    when ``proven``;
``legal_roll``, ``roll_note``
    whether a roll of the dice gives these blockers, and why not;
``difficulty``, ``blockers``, ``nodes``, ``reason`` (why there is none);
``hint``
    only with pieces already placed: ``completable`` (True, False, or None
    when not known in time), ``completions``, the next ``piece`` and its
    ``cells`` (square names), and ``reason`` (why that piece there).
"""

from __future__ import annotations

import time

from visolve.puzzles.base import SolveOptions, search_keys
from visolve.puzzles.genius_square import model
from visolve.puzzles.genius_square.board import Level, drawing, is_legal_roll, roll_note, sort_squares
from visolve.tiling import Constraints, hint

PUZZLE = "genius-square"
#: squares the pieces cover
PIECE_SQUARES = sum(p.size for p in model.PIECES)


def constraints(level: Level) -> Constraints:
    """The engine's question for a level: its blockers, pieces placed and difficulty."""
    return Constraints(
        blocked=[model.square(s, level.edition) for s in level.blockers],
        placed={piece: [model.square(s, level.edition) for s in cells] for piece, cells in level.pieces},
        apart=model.apart_groups(level.difficulty),
    )


def solve(level: Level, options: SolveOptions = SolveOptions()) -> dict:
    """The solution dict of ``level`` (see the module docstring)."""
    t0 = time.perf_counter()
    out = {
        "puzzle": PUZZLE,
        "level": level.level,
        "difficulty": level.difficulty,
        "edition": level.edition,
        "labels": dict(zip(("top", "left"), model.labels(level.edition))),
        "blockers": list(level.blockers),
        "legal_roll": is_legal_roll(level.blockers),
        "roll_note": roll_note(level.blockers),
    }
    free = model.SIZE * model.SIZE - len(level.blockers)
    if free != PIECE_SQUARES:
        return _none(out, level, t0, f"{free} free squares for pieces that cover {PIECE_SQUARES}")
    cons = constraints(level)
    if level.pieces:
        found = hint(model.engine(), cons, timeout=options.timeout)
        result = found.result
        out["hint"] = _hint_dict(found, level.edition)
    else:
        result = model.engine().ask(cons, limit=0, keep=1, timeout=options.timeout)
    if not result.solutions:
        why = result.reason or ("timed out before a solution was found" if result.timed_out
                                else "no way to fill the board")
        return _none(out, level, t0, why, result)
    out.update(search_keys(t0, result), board=model.solution_grid(result, level.blockers, edition=level.edition),
               placements=_placements(result.solutions[0], level), reason="")
    return out


def _none(out: dict, level: Level, t0: float, reason: str, result=None) -> dict:
    """The solution dict of a board without a solution (or none found in time)."""
    keys = search_keys(t0, result, solved=False)
    out.update(keys, board=drawing(level), placements=[], reason=reason)
    if level.pieces:
        out.setdefault("hint", {"completable": None if keys["timed_out"] else False, "completions": 0,
                                "piece": None, "cells": [], "reason": reason})
    return out


def _placements(solution, level: Level) -> list[dict]:
    given = {piece for piece, _cells in level.pieces}
    out = []
    for pl in solution:
        piece = model.PIECES[pl.piece].name
        squares = sort_squares(model.name(cell, level.edition) for cell in model.BOARD.cells_of(pl.mask))
        out.append({"piece": piece, "colour": model.COLOURS[piece], "squares": list(squares),
                    "given": piece in given})
    return out


def _hint_dict(found, edition: str) -> dict:
    """The ``hint`` of a partly played board (squares as ``edition`` prints them)."""
    pl = found.placement
    piece = None if pl is None else model.PIECES[pl.piece].name
    cells = [] if pl is None else list(sort_squares(model.name(c, edition) for c in model.BOARD.cells_of(pl.mask)))
    if found.solvable is False:
        reason = found.result.reason or "the pieces placed cannot be completed"
    elif pl is None:
        reason = "no piece left to place" if found.solvable else "not known in time"
    else:
        share = f"{found.share} of {found.count}" + ("" if found.proven else " found")
        reason = f"{found.why} ({share} completions)"
    return {"completable": found.solvable, "completions": found.count, "proven": found.proven,
            "piece": piece, "colour": model.COLOURS.get(piece), "cells": cells, "reason": reason}


def placements_of(solution: dict) -> dict[str, list[str]]:
    """Piece -> squares of a solution dict (for checking it against a level)."""
    return {p["piece"]: list(p["squares"]) for p in solution.get("placements", [])}


def check(level: Level, solution: dict) -> list[str]:
    """What is wrong with a solution's placements for ``level`` (empty: they solve it)."""
    from visolve.tiling.verify import tiling_problems

    placed = placements_of(solution)
    cells = {p: [model.square(s, level.edition) for s in sq] for p, sq in placed.items()}
    blocked = model.BOARD.mask(model.square(s, level.edition) for s in level.blockers)
    problems = tiling_problems(model.engine().table, cells, blocked)
    for piece, cells in level.pieces:
        if sorted(placed.get(piece, [])) != sorted(cells):
            problems.append(f"piece {piece} is not where the board has it")
    marked = model.apart_groups(level.difficulty)
    problems += _touching(cells, marked[0]) if marked else []
    return problems


def _touching(cells: dict, marked) -> list[str]:
    """Marked pieces that share an edge (difficulty levels above starter); ``cells``: piece -> cells."""
    where = {cell: p for p in marked for cell in cells.get(p, [])}
    out = set()
    for (r, c), p in where.items():
        for q in (where.get((r + 1, c)), where.get((r, c + 1))):
            if q is not None and q != p:
                out.add(f"pieces {min(p, q)} and {max(p, q)} share an edge")
    return sorted(out)
