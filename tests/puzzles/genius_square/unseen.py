"""A misread found on an unseen seed's scene of The Genius Square, now refused (:mod:`tests.puzzles.unseen`)."""

from __future__ import annotations

from visolve.puzzles.genius_square.reader import read
from tests.puzzles import unseen


def refused_and_was_misread(monkeypatch, seed: int, index: int, module, rule: str, off, match: str | None = None):
    """Scene ``index`` of ``seed`` is refused (its reason matching ``match``), and read wrong with
    ``module``'s ``rule`` replaced by ``off`` (the rule as it was before: never finding anything)."""
    unseen.refused_and_was_misread(monkeypatch, "genius-square", read, seed, index, module, rule, off, match)
