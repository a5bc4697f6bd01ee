"""The iq-circuit plugin: the four parts put behind the common interface."""

from __future__ import annotations

from visolve.puzzles.base import PuzzleFamily, count_rank, count_summary, default_final
from visolve.puzzles.iq_circuit.levelfile import format_level, parse_level
from visolve.puzzles.iq_circuit.painter import paint_solution
from visolve.puzzles.iq_circuit.probe import probe
from visolve.puzzles.iq_circuit.reader import debug_overlay, read
from visolve.puzzles.iq_circuit.model import check_solution
from visolve.puzzles.iq_circuit.solver import placements_from_solution, solve


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
    rank=count_rank,
    final=default_final,
    summary=count_summary,
    probe=probe,
    log_columns=("count", "nodes", "seconds"),
    debug_overlay=debug_overlay,
    testing="visolve.puzzles.iq_circuit.testing",
    verify=verify,
)
