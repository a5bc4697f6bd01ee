"""The iq-circuit plugin: the four parts put behind the common interface."""

from __future__ import annotations

from visolve.puzzles.base import placement_family
from visolve.puzzles.iq_circuit.model import check_solution
from visolve.puzzles.iq_circuit.solver import placements_from_solution


def problems(level, solution: dict) -> list:
    """What a solved solution's placements break among the challenge's rules (empty: none)."""
    return check_solution(level, placements_from_solution(solution))


FAMILY = placement_family("iq-circuit", "IQ Circuit", "visolve.puzzles.iq_circuit", problems)
