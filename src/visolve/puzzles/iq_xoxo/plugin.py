"""The iq-xoxo plugin: the four parts put behind the common interface."""

from __future__ import annotations

from visolve.puzzles.base import placement_family
from visolve.puzzles.iq_xoxo.solver import check

FAMILY = placement_family("iq-xoxo", "IQ XOXO", "visolve.puzzles.iq_xoxo", check)
