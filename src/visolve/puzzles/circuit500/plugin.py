"""The circuit500 plugin: the four parts put behind the common interface."""

from __future__ import annotations

from visolve.plural import counted
from visolve.puzzles.base import family_from, proven_of
from visolve.puzzles.circuit500.model import is_solved, replay


def rank(solution: dict) -> tuple:
    """Solved before unsolved, proven optimal first, then fewer actions, then fewer taps."""
    if not solution.get("solved"):
        return (1, 1, 0, 0)
    return (0, 0 if proven_of(solution) else 1, solution["actions"], len(solution["taps"]))


def summary(solution: dict) -> str:
    if not solution.get("solved"):
        why = "timed out" if solution.get("timed_out") else "no solution exists"
        return f"unsolved ({why})"
    text = f"{counted(solution['actions'], 'action')}, {counted(len(solution['taps']), 'tap')}"
    if proven_of(solution):
        return text + " (optimal)"
    return text + " (best found, not proven optimal: timed out)"


def verify(level, solution: dict) -> bool:
    """A solved solution's taps, replayed on the level, light the path at its action count."""
    if not solution.get("solved"):
        return True  # nothing to replay
    try:
        final, actions, _costs = replay(level.grid, solution["taps"])
    except (KeyError, TypeError, ValueError):
        return False
    return is_solved(final) and actions == solution.get("actions")


FAMILY = family_from(
    "circuit500", "circuit500", "visolve.puzzles.circuit500", rank=rank, summary=summary, verify=verify,
    log_columns=("nodes", "seconds", "taps", "actions", "proven"),
)
