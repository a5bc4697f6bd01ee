"""Shared helpers for the iq-circuit tests: the booklet levels from ../shared."""

from __future__ import annotations

import json
from functools import lru_cache

from tests.conftest import shared_path
from visolve.puzzles.iq_circuit.levelfile import from_booklet_data


@lru_cache(maxsize=1)
def _entries(path: str) -> tuple:
    return tuple(json.loads(open(path).read())["levels"])


def booklet_levels():
    """Levels 49-120 as Level objects (skips the test when ../shared is absent)."""
    path = shared_path("iq-circuit", "levels.json")
    return [from_booklet_data(e) for e in _entries(str(path))]
