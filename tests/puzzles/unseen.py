"""A misread found on an unseen seed's scene, now refused: the check the new rules' tests share."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from visolve.errors import ReadError
from visolve.testing.scenes import scene_case


def refused_and_was_misread(monkeypatch, family: str, read: Callable, seed: int, index: int, module, rule: str, off,
                            match: str | None = None, error: type[Exception] = ReadError):
    """Scene ``index`` of ``family``'s ``seed`` is refused by ``read`` (an ``error`` whose reason matches
    ``match``), and read wrong with ``module``'s ``rule`` replaced by ``off`` (the rule as it was
    before: never finding anything)."""
    case = scene_case(family, index, seed)
    with pytest.raises(error, match=match):
        read(case.image, case.name)
    monkeypatch.setattr(module, rule, off)
    assert read(case.image, case.name) != case.truth[0]  # the misread
