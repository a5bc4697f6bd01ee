"""The iq-circuit plugin: the four parts put behind the common interface."""

from __future__ import annotations

from visolve.puzzles.base import PuzzleFamily, count_of, default_final, proven_of
from visolve.puzzles.iq_circuit.levelfile import format_level, parse_level
from visolve.puzzles.iq_circuit.painter import paint_solution
from visolve.puzzles.iq_circuit.probe import probe
from visolve.puzzles.iq_circuit.reader import debug_overlay, read
from visolve.puzzles.iq_circuit.model import check_solution
from visolve.puzzles.iq_circuit.solver import placements_from_solution, solve


def rank(solution: dict) -> tuple:
    """Solved before unsolved, then a proven count before an unfinished search."""
    if not solution.get("solved"):
        # a proof that nothing exists beats a search that was cut short
        return (1, 0 if proven_of(solution) else 1)
    return (0, 0 if proven_of(solution) else 1)


def summary(solution: dict) -> str:
    if not solution.get("solved"):
        if solution.get("timed_out"):
            return "unsolved (timed out)"
        return "no solution (" + solution.get("reason", "search finished without one") + ")"
    n = count_of(solution) or 1
    if not proven_of(solution):
        return f"solved ({n} solution{'s' if n != 1 else ''} found, count not proven: timed out)"
    if n == 1:
        return "solved, unique (1 solution)"
    return f"solved, {n} solutions (not unique)"


def verify(level, solution: dict) -> bool:
    """A solved solution's placements fill the board under every rule of the challenge."""
    if not solution.get("solved"):
        return True  # nothing to replay
    try:
        return not check_solution(level, placements_from_solution(solution))
    except (KeyError, TypeError, ValueError, IndexError):
        return False


FAMILY = PuzzleFamily(
    name="iq-circuit",
    title="IQ Circuit",
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
    testing="visolve.puzzles.iq_circuit.testing",
    verify=verify,
)
