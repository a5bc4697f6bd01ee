"""Puzzle families.  Adding one = one package + one line in ``_FAMILIES``."""

from __future__ import annotations

from visolve.puzzles.base import PuzzleFamily, SolveOptions, level_key
from visolve.puzzles.circuit500 import FAMILY as _circuit500

_FAMILIES = (
    _circuit500,
)

REGISTRY: dict[str, PuzzleFamily] = {f.name: f for f in _FAMILIES}


def get(name: str) -> PuzzleFamily:
    try:
        return REGISTRY[name]
    except KeyError:
        known = ", ".join(sorted(REGISTRY))
        raise KeyError(f"unknown puzzle {name!r} (known: {known})") from None


__all__ = ["REGISTRY", "PuzzleFamily", "SolveOptions", "get", "level_key"]
