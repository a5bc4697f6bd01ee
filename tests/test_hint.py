"""``--hint``: a family's next-step picture is written instead of the whole solution picture."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from tests.test_cli import invoke, scrambled_level
from visolve import puzzles
from visolve.puzzles.circuit500 import levelfile

HINT_COLOUR = (0, 0, 255)
REAL_SOLVE = puzzles.get("circuit500").solve


def _solve_with_hint(level, options):
    solution = REAL_SOLVE(level, options)
    solution["hint"] = {"completable": True, "completions": 1, "piece": "tap", "cells": [solution["taps"][0]],
                        "reason": "first tap of the solution"}
    return solution


def _paint_hint(_level, solution):
    assert solution["hint"]["reason"]
    return np.full((20, 30, 3), HINT_COLOUR, np.uint8)


@pytest.fixture
def hinting(monkeypatch):
    """circuit500 dressed up as a family that gives hints."""
    fake = dataclasses.replace(puzzles.get("circuit500"), solve=_solve_with_hint, paint_hint=_paint_hint)
    monkeypatch.setitem(puzzles._loaded, "circuit500", fake)


def _level_file(data) -> None:
    path = data / "levels" / "circuit500" / "level_003.txt"
    path.parent.mkdir(parents=True)
    path.write_text(levelfile.format_level(scrambled_level(3, 3)))


def test_hint_writes_only_the_next_step(tmp_path, hinting):
    data = tmp_path / "data"
    _level_file(data)
    res = invoke("solve", "3", "--hint", "--data", str(data))
    assert res.exit_code == 0, res.output
    folder = data / "solutions" / "circuit500"
    assert "hint -> level_003.hint.png" in res.output
    assert (folder / "level_003.hint.png").exists() and not (folder / "level_003.png").exists()
    assert (folder / "level_003.json").exists()


def test_hint_on_a_family_without_hints_draws_the_solution_and_says_so(tmp_path):
    data = tmp_path / "data"
    _level_file(data)
    res = invoke("solve", "3", "--hint", "--data", str(data))
    assert res.exit_code == 0, res.output
    assert "this family gives no hints" in res.output
    assert (data / "solutions" / "circuit500" / "level_003.png").exists()
