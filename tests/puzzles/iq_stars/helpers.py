"""Shared helpers of the IQ Stars tests: the booklet's challenges, read from ../shared."""

from __future__ import annotations

import json

from tests.conftest import shared_path
from visolve.puzzles.iq_stars.model import Level


def booklet() -> list[dict]:
    """The 120 booklet challenges of ``../shared/iq-stars/challenges.json`` (skips without it)."""
    return json.loads(shared_path("iq-stars", "challenges.json").read_text())["challenges"]


def booklet_level(entry: dict, source: str = "") -> Level:
    """One booklet entry as a level numbered as in the booklet."""
    return Level(entry["number"], tuple(entry["challenge"]), source)
