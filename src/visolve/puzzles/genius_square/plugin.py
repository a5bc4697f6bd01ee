"""The genius-square plugin: the four parts put behind the common interface."""

from __future__ import annotations

from visolve.puzzles.base import count_of, placement_family, proven_of
from visolve.puzzles.genius_square.solver import check


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


FAMILY = placement_family("genius-square", "The Genius Square", "visolve.puzzles.genius_square", check,
                          summary=summary)
