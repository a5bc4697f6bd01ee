"""Puzzle families.  Adding one = one package + one line in ``_FAMILIES``.

Families are imported lazily so that importing one family's rules does not
pull in every reader and solver.
"""

from __future__ import annotations

from importlib import import_module

from visolve.puzzles.base import PuzzleFamily, SolveOptions, level_key

#: puzzle name -> module that defines ``FAMILY``
_FAMILIES = {
    "circuit500": "visolve.puzzles.circuit500.plugin",
    "iq-circuit": "visolve.puzzles.iq_circuit.plugin",
    "genius-square": "visolve.puzzles.genius_square.plugin",
    "iq-xoxo": "visolve.puzzles.iq_xoxo.plugin",
    "iq-stars": "visolve.puzzles.iq_stars.plugin",
}

_loaded: dict[str, PuzzleFamily] = {}


def names() -> list[str]:
    return list(_FAMILIES)


def get(name: str) -> PuzzleFamily:
    """The family called ``name``; ``KeyError`` with the known names otherwise."""
    if name not in _FAMILIES:
        known = ", ".join(_FAMILIES)
        raise KeyError(f"unknown puzzle {name!r} (known: {known})")
    if name not in _loaded:
        _loaded[name] = import_module(_FAMILIES[name]).FAMILY
    return _loaded[name]


def all_families() -> list[PuzzleFamily]:
    return [get(name) for name in _FAMILIES]


__all__ = ["PuzzleFamily", "SolveOptions", "all_families", "get", "level_key", "names"]
