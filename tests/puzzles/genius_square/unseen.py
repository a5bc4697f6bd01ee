"""A misread found on an unseen seed's scene, now refused: the check the new rule's tests share."""

from __future__ import annotations

import pytest

from visolve.errors import ReadError
from visolve.puzzles.genius_square.reader import read
from visolve.testing.scenes import scene_case


def refused_and_was_misread(monkeypatch, seed: int, index: int, module, rule: str, off, match: str | None = None):
    """Scene ``index`` of ``seed`` is refused (its reason matching ``match``), and read wrong with
    ``module``'s ``rule`` replaced by ``off`` (the rule as it was before: never finding anything)."""
    case = scene_case("genius-square", index, seed)
    with pytest.raises(ReadError, match=match):
        read(case.image, case.name)
    monkeypatch.setattr(module, rule, off)
    assert read(case.image, case.name) != case.truth[0]  # the misread
