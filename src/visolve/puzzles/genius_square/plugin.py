"""The genius-square plugin: the four parts put behind the common interface."""

from __future__ import annotations

from visolve.puzzles.base import PuzzleFamily, count_of, count_rank, default_final, proven_of, verify_by
from visolve.puzzles.genius_square.levelfile import format_level, parse_level
from visolve.puzzles.genius_square.painter import paint_hint, paint_solution
from visolve.puzzles.genius_square.probe import probe
from visolve.puzzles.genius_square.reader import debug_overlay, read
from visolve.puzzles.genius_square.solver import check, solve


def summary(solution: dict) -> str:
    """One line: the count (or why there is none), and a note when the blockers are no roll."""
    roll = "" if solution.get("legal_roll", True) else "; not a roll of the dice"
    hint = solution.get("hint")
    if not solution.get("solved"):
        if solution.get("timed_out"):
            return "unsolved (timed out)" + roll
        return "no solution (" + solution.get("reason", "search finished without one") + ")" + roll
    n = count_of(solution) or 1
    kind = "completion" if hint else "solution"
    counted = f"{n} {kind}{'s' if n != 1 else ''}" + ("" if proven_of(solution) else " found, count not finished")
    nxt = f"; next: piece {hint['piece']} on {' '.join(hint['cells'])}" if hint and hint.get("piece") else ""
    return f"solved, {counted}{nxt}{roll}"


FAMILY = PuzzleFamily(
    name="genius-square",
    title="The Genius Square",
    read=read,
    format_level=format_level,
    parse_level=parse_level,
    solve=solve,
    paint=paint_solution,
    rank=count_rank,
    final=default_final,
    summary=summary,
    probe=probe,
    log_columns=("count", "nodes", "seconds"),
    debug_overlay=debug_overlay,
    paint_hint=paint_hint,
    testing="visolve.puzzles.genius_square.testing",
    verify=verify_by(check),
)
