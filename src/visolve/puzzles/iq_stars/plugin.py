"""The iq-stars plugin: the four parts put behind the common interface."""

from __future__ import annotations

from visolve.puzzles.base import PuzzleFamily, count_of, default_final, proven_of
from visolve.puzzles.iq_stars.levelfile import format_level, parse_level
from visolve.puzzles.iq_stars.painter import paint_hint, paint_solution
from visolve.puzzles.iq_stars.probe import probe
from visolve.puzzles.iq_stars.reader import debug_overlay, read
from visolve.puzzles.iq_stars.solver import check_solution, solve


def rank(solution: dict) -> tuple:
    """Solved before unsolved, then a proven count before an unfinished search."""
    return (0 if solution.get("solved") else 1, 0 if proven_of(solution) else 1)


def summary(solution: dict) -> str:
    """One line: unique, how many solutions, or why none."""
    if not solution.get("solved"):
        if solution.get("timed_out"):
            return "unsolved (timed out)"
        return "no solution (" + str(solution.get("reason", "search finished without one")) + ")"
    n = count_of(solution) or 1
    if not proven_of(solution):
        return f"solved ({n} solution{'s' if n != 1 else ''} found, count not proven: timed out)"
    return "solved, unique (1 solution)" if n == 1 else f"solved, {n} solutions (not unique)"


def verify(level, solution: dict) -> bool:
    """A solved solution's placements fill the board and keep every given star."""
    if not solution.get("solved"):
        return True  # nothing to replay
    try:
        return not check_solution(level, solution)
    except (KeyError, TypeError, ValueError, IndexError):
        return False


FAMILY = PuzzleFamily(
    name="iq-stars",
    title="IQ Stars",
    read=read,
    format_level=format_level,
    parse_level=parse_level,
    solve=solve,
    paint=paint_solution,
    rank=rank,
    final=default_final,
    summary=summary,
    probe=probe,
    log_columns=("count", "nodes", "seconds"),
    debug_overlay=debug_overlay,
    paint_hint=paint_hint,
    testing="visolve.puzzles.iq_stars.testing",
    verify=verify,
)
