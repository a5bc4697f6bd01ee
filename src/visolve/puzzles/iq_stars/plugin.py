"""The iq-stars plugin: the four parts put behind the common interface."""

from __future__ import annotations

from visolve.puzzles.base import placement_family
from visolve.puzzles.iq_stars.solver import check_solution

FAMILY = placement_family("iq-stars", "IQ Stars", "visolve.puzzles.iq_stars", check_solution)
