"""Every registered puzzle family against the contract of ``visolve.puzzles.base``.

A new family gets these checks by being registered: no test of its own is
needed for the contract.  The family's ``testing`` module supplies the
levels (``sample_levels``, ``random_level``) and the pictures
(``draw_level``) the checks use.
"""

from __future__ import annotations

import dataclasses
import json
from importlib import import_module

import numpy as np
import pytest

from visolve import puzzles
from visolve.errors import LevelFormatError
from visolve.puzzles.base import SOLUTION_KEYS, SolveOptions, level_identity, level_key

FAMILIES = puzzles.names()
#: random levels per family for the round trips (each is cheap: no solving)
RANDOM_LEVELS = 5
#: seconds a sample level may take to solve before the contract calls it too big
SAMPLE_TIMEOUT = 60.0


def _family(name):
    return puzzles.get(name)


def _testing(name):
    family = _family(name)
    assert family.testing, f"{name}: PuzzleFamily.testing names no module"
    return import_module(family.testing)


def _samples(name):
    levels = list(_testing(name).sample_levels())
    assert levels, f"{name}: sample_levels() is empty"
    return levels


def _as_list(read_result):
    return list(read_result) if isinstance(read_result, (list, tuple)) else [read_result]


@pytest.mark.parametrize("name", FAMILIES)
def test_family_is_complete(name):
    family = _family(name)
    assert family.name == name
    testing = _testing(name)
    for hook in ("sample_levels", "draw_level", "random_level", "real_cases", "synthetic_cases"):
        assert callable(getattr(testing, hook, None)), f"{name}: testing module lacks {hook}()"
    for level in _samples(name):
        assert dataclasses.is_dataclass(level), f"{name}: a level must be a dataclass"
        fields = {f.name for f in dataclasses.fields(level)}
        assert {"level", "source"} <= fields, f"{name}: a level needs 'level' and 'source' fields"
        assert isinstance(level.level, (int, str))
        assert level_key(level.level).startswith("level_")


@pytest.mark.parametrize("name", FAMILIES)
def test_level_file_round_trip(name):
    family = _family(name)
    testing = _testing(name)
    rng = np.random.default_rng(12)
    levels = _samples(name) + [testing.random_level(rng) for _ in range(RANDOM_LEVELS)]
    for level in levels:
        text = family.format_level(level)
        again = family.parse_level(text, "round-trip.txt")
        assert again == level, f"{name}: parse_level(format_level(x)) != x for level {level.level}"
        assert family.format_level(again) == text


@pytest.mark.parametrize("name", FAMILIES)
def test_a_broken_level_file_names_its_line(name):
    family = _family(name)
    text = family.format_level(_samples(name)[0])
    lines = text.splitlines()
    # the last line is part of the level's body in every family's format
    lines[-1] = lines[-1] + " ~~~ not a level token ~~~"
    with pytest.raises(LevelFormatError) as info:
        family.parse_level("\n".join(lines) + "\n", "broken.txt")
    assert info.value.line == len(lines), f"{name}: the error should name line {len(lines)}"
    assert "broken.txt" in str(info.value)


@pytest.mark.parametrize("name", FAMILIES)
def test_level_identity_ignores_the_source_only(name):
    family = _family(name)
    rng = np.random.default_rng(3)
    level = _samples(name)[0]
    moved = dataclasses.replace(level, source="another picture.jpg")
    assert level_identity(family, level) == level_identity(family, moved)
    others = [_testing(name).random_level(rng) for _ in range(RANDOM_LEVELS)]
    assert any(level_identity(family, o) != level_identity(family, level) for o in others if o != level)


@pytest.mark.parametrize("name", FAMILIES)
def test_solve_rank_final_summary_paint(name):
    family = _family(name)
    for level in _samples(name):
        sol = family.solve(level, SolveOptions(timeout=SAMPLE_TIMEOUT))
        json.dumps(sol)  # JSON-ready
        missing = [k for k in SOLUTION_KEYS if k not in sol]
        assert not missing, f"{name}: solution lacks {missing}"
        assert sol["puzzle"] == name and sol["level"] == level.level
        assert isinstance(sol["solved"], bool) and isinstance(sol["proven"], bool)
        assert isinstance(sol["timed_out"], bool) and sol["seconds"] >= 0
        assert not (sol["proven"] and sol["timed_out"])
        if "count" in sol:
            assert isinstance(sol["count"], int) and sol["count"] >= (1 if sol["solved"] else 0)
        assert sol["solved"], f"{name}: sample level {level.level} should be solvable"
        unsolved = {**sol, "solved": False, "proven": False, "timed_out": True}
        assert family.rank(sol) <= family.rank(unsolved)
        assert family.final(sol) == sol["proven"]
        assert not family.final(unsolved)
        text = family.summary(sol)
        assert isinstance(text, str) and text and "\n" not in text
        _check_picture(family.paint(level, sol), name)
        if family.paint_hint is not None and isinstance(sol.get("hint"), dict):
            _check_picture(family.paint_hint(level, sol), name)


@pytest.mark.parametrize("name", FAMILIES)
def test_reads_back_what_its_painter_draws(name):
    family = _family(name)
    testing = _testing(name)
    for i, level in enumerate(_samples(name)):
        source = f"drawn_{i}.png"
        picture = testing.draw_level(level)
        _check_picture(picture, name)
        score = family.probe(picture)
        assert 0.0 < score <= 1.0, f"{name}: probe gives {score} for its own drawing"
        got = _as_list(family.read(picture, source))
        want = dataclasses.replace(level, source=source)
        assert want in got, f"{name}: read back {got} instead of {want}"


@pytest.mark.parametrize("name", FAMILIES)
def test_other_families_drawings_are_not_read(name):
    """A family's reader does not take another family's picture for its own."""
    family = _family(name)
    for other in FAMILIES:
        if other == name:
            continue
        picture = _testing(other).draw_level(_samples(other)[0])
        score = family.probe(picture)
        assert 0.0 <= score <= 1.0
        if score == 0.0:
            continue
        from visolve.errors import NotThisPuzzle, ReadError

        with pytest.raises((NotThisPuzzle, ReadError)):
            family.read(picture, "other.png")


def _check_picture(picture, name):
    assert isinstance(picture, np.ndarray), f"{name}: a picture must be a numpy array"
    assert picture.dtype == np.uint8 and picture.ndim == 3 and picture.shape[2] == 3, \
        f"{name}: a picture must be BGR uint8 (h, w, 3), got {picture.dtype} {picture.shape}"
    assert min(picture.shape[:2]) >= 16
