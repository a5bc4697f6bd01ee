"""Every registered puzzle family against the written contract.

The contract is the module docstring of :mod:`visolve.puzzles.base` (and
``docs/families.md``, which says the same in prose).  Every test here is
parametrized by the family names of the registry, and everything a test needs
comes from the family itself or from its ``testing`` module
(``sample_levels``, ``draw_level``, ``random_level``, ``real_cases``,
``synthetic_cases``), so a newly registered family is green or red here
without a test of its own.

Reading back a drawing: a picture that prints no level number gets its number
(or name) from the file name, so the drawing of level ``N`` is read as the
file ``N.png`` -- the name the pipeline would see for such a picture -- and
must give the level with ``source="N.png"``.

The slow tests (``-m slow``) load the third-party pictures of ``../shared``.
Known breaches of a family are listed in :data:`BREACHES` (strict xfails).
"""

from __future__ import annotations

import dataclasses
import inspect
import json
import numbers
from functools import cache
from importlib import import_module

import cv2
import numpy as np
import pytest

from tests.conftest import SHARED
from visolve import puzzles
from visolve.errors import LevelFormatError, NotThisPuzzle, ReadError
from visolve.puzzles.base import (
    SOLUTION_KEYS,
    Case,
    PuzzleFamily,
    SolveOptions,
    count_of,
    level_identity,
    proven_of,
)

FAMILIES = puzzles.names()
#: the hooks every testing module provides (base.py, "Testing")
HOOKS = ("sample_levels", "draw_level", "random_level", "real_cases", "synthetic_cases")
#: seconds the solver gets for one sample level ("a few small levels the solver finishes quickly")
TIMEOUT = 20.0
#: random levels per family for the level-file round trip and for reading back a drawing
RANDOM_ROUND_TRIPS = 6
RANDOM_READ_BACKS = 2
#: keys of a placement family's ``hint`` dict (base.py, "Hints")
HINT_KEYS = ("completable", "completions", "piece", "cells", "reason")
#: a line that is no part of any level file
JUNK_LINE = "this line is no part of any level file"
#: every how many-th real case the slow test reads
REAL_STRIDE = 5

#: Known contract breaches, (check, family) -> why: that family's test of that
#: check is an ``xfail(strict=True)`` until the family is fixed (then it passes,
#: the strict xfail fails, and the entry goes).
BREACHES: dict[tuple[str, str], str] = {}


def _families(check: str) -> list:
    """The family names to parametrize ``check`` with, known breaches marked."""
    return [
        pytest.param(name, marks=pytest.mark.xfail(strict=True, reason=BREACHES[(check, name)]))
        if (check, name) in BREACHES else name
        for name in FAMILIES
    ]


# -- helpers (cached per family: the tests only read what they get) ----------------


@cache
def _family(name: str) -> PuzzleFamily:
    return puzzles.get(name)


@cache
def _testing(name: str):
    module = _family(name).testing
    assert module, f"{name}: the family names no testing module (PuzzleFamily.testing)"
    return import_module(module)


@cache
def _samples(name: str) -> tuple:
    return tuple(_testing(name).sample_levels())


@cache
def _random_levels(name: str, n: int, seed: int) -> tuple:
    rng = np.random.default_rng(seed)
    testing = _testing(name)
    return tuple(testing.random_level(rng) for _ in range(n))


@cache
def _solutions(name: str) -> tuple:
    """``(level, solution)`` for every sample level, solved once for the whole module."""
    family = _family(name)
    return tuple((level, family.solve(level, SolveOptions(timeout=TIMEOUT))) for level in _samples(name))


@cache
def _drawing(name: str, index: int) -> np.ndarray:
    return _testing(name).draw_level(_samples(name)[index])


@cache
def _random_readings(name: str) -> tuple:
    """``(level, source, levels read)`` for a few random levels drawn and read back as ``<level>.png``."""
    family, testing = _family(name), _testing(name)
    out = []
    for level in _random_levels(name, RANDOM_READ_BACKS, 7):
        source = _drawn_name(level)
        out.append((level, source, _levels_read(family.read(testing.draw_level(level), source))))
    return tuple(out)


@cache
def _synthetic(name: str) -> Case:
    return next(iter(_testing(name).synthetic_cases(1, 11)))


def _copy(solution: dict) -> dict:
    """A deep copy, so that no test can change what the next one sees."""
    return json.loads(json.dumps(solution))


def _drawn_name(level) -> str:
    return f"{level.level}.png"


def _assert_bgr(picture, what: str) -> None:
    assert isinstance(picture, np.ndarray), f"{what}: {type(picture).__name__}, not a numpy array"
    assert picture.dtype == np.uint8, f"{what}: dtype {picture.dtype}, not uint8"
    assert picture.ndim == 3 and picture.shape[2] == 3, f"{what}: shape {picture.shape}, not (h, w, 3)"
    assert picture.shape[0] > 0 and picture.shape[1] > 0, f"{what}: empty picture {picture.shape}"


def _assert_probe_score(score, what: str) -> None:
    assert isinstance(score, float), f"{what}: probe gave {type(score).__name__}, not a float"
    assert 0.0 <= score <= 1.0, f"{what}: probe score {score} outside [0, 1]"


def _levels_read(result) -> list:
    """``read`` gives a level or a list of levels (a booklet page)."""
    return list(result) if isinstance(result, list) else [result]


def _read_or_refuse(family: PuzzleFamily, image: np.ndarray, source: str) -> list | None:
    """The levels read, or None when the reader refuses the picture."""
    try:
        return _levels_read(family.read(image, source))
    except (NotThisPuzzle, ReadError):
        return None


def _assert_truth_or_refusal(family: PuzzleFamily, case: Case) -> None:
    """A reader never guesses: a case reads as its truth, or is refused (a refusal of a picture of nothing)."""
    got = _read_or_refuse(family, case.image, case.name)
    if case.truth is None:
        assert got is None, f"{family.name}: case {case.name} shows no level, read as {got}"
    elif got is not None:
        assert len(got) == len(case.truth) and all(level in got for level in case.truth), (
            f"{family.name}: case {case.name} misread: {[lv.level for lv in got]} for {[lv.level for lv in case.truth]}"
            f"\n read {got}\n truth {case.truth}"
        )
    for level in got or []:  # what a reader gives, the pipeline writes as a level file and solves from it
        _assert_parses_back(family, level, f"{family.name}: the reading of case {case.name}")


def _assert_parses_back(family: PuzzleFamily, level, what: str) -> None:
    """``parse_level(format_level(level)) == level``: a level file the family's own parser accepts, giving
    the level back (reader notes, left out of ``==``, may be comments that a second round trip drops)."""
    text = family.format_level(level)
    try:
        back = family.parse_level(text, "reading.txt")
    except LevelFormatError as exc:
        pytest.fail(f"{what}: its level file does not parse: {exc}\n{text}")
    assert back == level, f"{what}: the level file does not give the level back\n{text}"


def _assert_truths_round_trip(family: PuzzleFamily, cases) -> None:
    """Every level a case says its reader gives can be written as a level file and read back."""
    for case in cases:
        for level in case.truth or []:
            _assert_round_trip(family, level, f"{family.name}: the truth of case {case.name}")


def _grey() -> np.ndarray:
    return np.full((480, 640, 3), 128, np.uint8)


def _noise() -> np.ndarray:
    return np.random.default_rng(0).integers(0, 256, (480, 640, 3), dtype=np.uint8)


def _legacy(solution: dict) -> dict:
    """The solution as earlier versions wrote it: ``optimal`` for ``proven``, an integer ``solutions`` for ``count``."""
    old = _copy(solution)
    old["optimal"] = old.pop("proven")
    if "count" in old:
        old["solutions"] = old.pop("count")
    return old


# -- the family and its testing module ----------------------------------------------


def test_all_families_lists_the_registry_in_order():
    assert [f.name for f in puzzles.all_families()] == FAMILIES
    assert len(set(FAMILIES)) == len(FAMILIES)


@pytest.mark.parametrize("name", FAMILIES)
def test_family_is_complete(name):
    family = _family(name)
    assert isinstance(family, PuzzleFamily)
    assert family.name == name
    assert isinstance(family.title, str) and family.title.strip()
    for part in ("read", "format_level", "parse_level", "solve", "paint", "rank", "final", "summary", "probe"):
        assert callable(getattr(family, part)), f"{name}: {part} is not callable"
    for part in ("debug_overlay", "paint_hint", "verify"):
        value = getattr(family, part, None)
        assert value is None or callable(value), f"{name}: {part} is neither None nor callable"
    assert isinstance(family.log_columns, tuple) and all(isinstance(c, str) for c in family.log_columns)


@pytest.mark.parametrize("name", FAMILIES)
def test_testing_module_provides_the_hooks(name):
    family = _family(name)
    assert isinstance(family.testing, str) and family.testing, f"{name}: no testing module named"
    testing = import_module(family.testing)
    missing = [hook for hook in HOOKS if not callable(getattr(testing, hook, None))]
    assert not missing, f"{family.testing} lacks {missing}"
    params = inspect.signature(testing.synthetic_cases).parameters
    assert "strength" in params and params["strength"].default == 1.0, (
        f"{family.testing}.synthetic_cases must take strength=1.0"
    )


@pytest.mark.parametrize("name", FAMILIES)
def test_sample_levels_are_levels(name):
    samples = _samples(name)
    assert len(samples) >= 2, f"{name}: sample_levels() gives {len(samples)} level(s); a few are needed"
    for level in samples:
        assert dataclasses.is_dataclass(level) and not isinstance(level, type)
        assert type(level).__dataclass_params__.frozen, f"{name}: {type(level).__name__} is not frozen"
        fields = {f.name for f in dataclasses.fields(level)}
        assert {"level", "source"} <= fields, f"{name}: level fields {sorted(fields)}"
        number = level.level
        assert (isinstance(number, int) and not isinstance(number, bool)) or (
            isinstance(number, str) and number
        ), f"{name}: level {number!r} is neither a number nor a name"
        assert isinstance(level.source, str)
    assert len(set(samples)) == len(samples), f"{name}: two sample levels are equal"


# -- level files ---------------------------------------------------------------------


def _assert_round_trip(family: PuzzleFamily, level, what: str) -> None:
    text = family.format_level(level)
    assert isinstance(text, str) and text.strip(), f"{what}: empty level file"
    back = family.parse_level(text, "round_trip.txt")
    assert back == level, f"{what}: the level file does not give the level back\n{text}"
    assert family.format_level(back) == text, f"{what}: the level file text changes on a second round trip"


@pytest.mark.parametrize("name", FAMILIES)
def test_level_file_round_trip_of_the_samples(name):
    family = _family(name)
    for level in _samples(name):
        _assert_round_trip(family, level, f"{name} sample {level.level}")
        # as the reader gives it: with the picture's file name
        _assert_round_trip(family, dataclasses.replace(level, source="shots/my picture.png"),
                           f"{name} sample {level.level} with a source")


@pytest.mark.parametrize("name", FAMILIES)
def test_level_file_round_trip_of_random_levels(name):
    family = _family(name)
    for k, level in enumerate(_random_levels(name, RANDOM_ROUND_TRIPS, 20261124)):
        _assert_round_trip(family, level, f"{name} random level {k} (level {level.level})")


@pytest.mark.parametrize("name", FAMILIES)
def test_broken_level_file_names_its_line(name):
    family = _family(name)
    text = family.format_level(_samples(name)[0])
    broken = text + JUNK_LINE + "\n"
    line = len(broken.splitlines())
    with pytest.raises(LevelFormatError) as info:
        family.parse_level(broken, "broken.txt")
    assert info.value.line == line, f"{name}: error names line {info.value.line}, not {line}: {info.value}"
    assert "broken.txt" in str(info.value), f"{name}: error does not name the file: {info.value}"
    with pytest.raises(LevelFormatError):
        family.parse_level("", "empty.txt")


def _with_header_line(text: str, key: str, line: str) -> tuple[str, int]:
    """``text`` with ``line`` put just after its ``key = ...`` header line, and that new line's number."""
    lines = text.splitlines()
    at = next(i for i, ln in enumerate(lines) if ln.replace(" ", "").startswith(key + "="))
    return "\n".join(lines[:at + 1] + [line] + lines[at + 1:]) + "\n", at + 2


@pytest.mark.parametrize("name", FAMILIES)
def test_unknown_header_key_is_refused_naming_its_line(name):
    family = _family(name)
    text, line = _with_header_line(family.format_level(_samples(name)[0]), "puzzle", "colour = red")
    with pytest.raises(LevelFormatError) as info:
        family.parse_level(text, "colour.txt")
    assert info.value.line == line and "colour" in str(info.value), f"{name}: {info.value}"


@pytest.mark.parametrize("name", FAMILIES)
def test_a_level_number_out_of_range_is_a_name_or_says_the_range(name):
    """Digits outside 1-9999 are no level number: a name where the family takes names, else refused."""
    family = _family(name)
    text = family.format_level(_samples(name)[0])
    lines = text.splitlines()
    at = next(i for i, ln in enumerate(lines) if ln.replace(" ", "").startswith("level="))
    with_level = lambda value: "\n".join(lines[:at] + [f"level = {value}"] + lines[at + 1:]) + "\n"
    if family.parse_level(with_level("7"), "7.txt").level != 7:
        pytest.skip(f"{name}: the level is always a name (no level numbers to check)")
    try:
        takes_names = family.parse_level(with_level("my photo"), "named.txt").level == "my photo"
    except LevelFormatError:
        takes_names = False
    for value in ("1" + "0" * 30, "0", "9" * 5000, "\u00b2"):
        if takes_names:
            level = family.parse_level(with_level(value), "big.txt")
            assert level.level == value, f"{name}: level {value[:20]!r} read as {level.level!r}"
            _assert_round_trip(family, level, f"{name} level {value[:20]!r}")
            continue
        with pytest.raises(LevelFormatError) as info:
            family.parse_level(with_level(value), "big.txt")
        message = str(info.value)
        assert info.value.line == at + 1 and "1 to 9999" in message, f"{name}: {message[:200]}"
        assert "positive" not in message and len(message) < 200, f"{name}: {message[:200]}"


@pytest.mark.parametrize("name", FAMILIES)
def test_level_identity_ignores_only_the_source(name):
    family = _family(name)
    samples = _samples(name)
    first, second = samples[0], samples[1]
    ident = level_identity(family, first)
    assert isinstance(ident, str) and ident
    assert level_identity(family, dataclasses.replace(first, source="x")) == ident
    assert level_identity(family, dataclasses.replace(first, source="other/picture.jpg")) == ident
    # what the pipeline compares: the identity of the level solved and of its level file read again
    assert level_identity(family, family.parse_level(family.format_level(first), "level.txt")) == ident
    assert level_identity(family, second) != ident, f"{name}: samples {first.level} and {second.level} share an identity"
    all_idents = {level_identity(family, level) for level in samples}
    assert len(all_idents) == len(samples)


# -- solutions -----------------------------------------------------------------------


@pytest.mark.parametrize("name", FAMILIES)
def test_solve_writes_the_common_keys(name):
    family = _family(name)
    for level, solution in _solutions(name):
        what = f"{name} sample {level.level}"
        assert isinstance(solution, dict), f"{what}: solve gave {type(solution).__name__}"
        missing = [key for key in SOLUTION_KEYS if key not in solution]
        assert not missing, f"{what}: solution lacks {missing}"
        json.dumps(solution)  # JSON-ready
        assert solution["puzzle"] == family.name, f"{what}: puzzle is {solution['puzzle']!r}"
        assert solution["level"] == level.level, f"{what}: level is {solution['level']!r}"
        assert solution["solved"] is True, f"{what}: a sample level is not solved: {family.summary(solution)}"
        assert isinstance(solution["proven"], bool), f"{what}: proven is {solution['proven']!r}"
        assert isinstance(solution["timed_out"], bool), f"{what}: timed_out is {solution['timed_out']!r}"
        assert not (solution["proven"] and solution["timed_out"]), f"{what}: proven after a timeout"
        seconds = solution["seconds"]
        assert isinstance(seconds, numbers.Real) and not isinstance(seconds, bool) and seconds >= 0, (
            f"{what}: seconds is {seconds!r}"
        )
        if "count" in solution:
            count = solution["count"]
            assert isinstance(count, int) and not isinstance(count, bool), f"{what}: count is {count!r}"
            assert count >= 1, f"{what}: solved with a count of {count}"


@pytest.mark.parametrize("name", FAMILIES)
def test_solve_writes_the_log_columns(name):
    family = _family(name)
    for level, solution in _solutions(name):
        missing = [c for c in family.log_columns if c not in solution]
        assert not missing, f"{name} sample {level.level}: log columns {missing} not in the solution"


@pytest.mark.parametrize("name", FAMILIES)
def test_rank_final_summary(name):
    family = _family(name)
    ranks = []
    for level, solution in _solutions(name):
        what = f"{name} sample {level.level}"
        key = family.rank(_copy(solution))
        assert isinstance(key, tuple), f"{what}: rank gave {type(key).__name__}"
        assert key == family.rank(_copy(solution)) and key <= family.rank(_copy(solution)), (
            f"{what}: rank {key!r} does not compare with itself"
        )
        ranks.append(key)
        final = family.final(_copy(solution))
        assert isinstance(final, bool), f"{what}: final gave {final!r}"
        if solution["solved"] and solution["proven"]:
            assert final, f"{what}: solved and proven, but final says something better can be found"
        text = family.summary(_copy(solution))
        assert isinstance(text, str) and text.strip(), f"{what}: empty summary"
        assert "\n" not in text, f"{what}: summary is not one line: {text!r}"
    sorted(ranks)  # the ranks of different solutions compare with each other (TypeError otherwise)


@pytest.mark.parametrize("name", FAMILIES)
def test_stored_and_old_solutions_rank_the_same(name):
    """What the pipeline compares: a solution read back from its JSON file, and one of an earlier version."""
    family = _family(name)
    for level, solution in _solutions(name):
        what = f"{name} sample {level.level}"
        for label, stored in (("from JSON", _copy(solution)), ("old keys", _legacy(solution))):
            assert family.rank(stored) == family.rank(solution), f"{what}: rank {label} differs"
            assert family.final(stored) == family.final(solution), f"{what}: final {label} differs"
            assert family.summary(stored) == family.summary(solution), f"{what}: summary {label} differs"


@pytest.mark.parametrize("name", FAMILIES)
def test_an_unproven_solution_is_worse_and_not_final(name):
    """The same solution cut short by the timeout: never replaces the proven one, and is solved again."""
    family = _family(name)
    for level, solution in _solutions(name):
        if not solution["proven"]:
            continue
        what = f"{name} sample {level.level}"
        cut = _copy(solution)
        cut["proven"], cut["timed_out"] = False, True
        assert family.rank(solution) < family.rank(cut), f"{what}: the unproven copy ranks as well as the proven one"
        assert family.final(cut) is False, f"{what}: an unproven solution is final"


@pytest.mark.parametrize("name", FAMILIES)
def test_verify_accepts_its_own_solutions(name):
    family = _family(name)
    verify = getattr(family, "verify", None)
    if verify is None:
        pytest.skip(f"{name} gives no verify")
    solved = _solutions(name)
    for level, solution in solved:
        assert verify(level, _copy(solution)) is True, f"{name} sample {level.level}: verify refuses its own solution"
    first, s1 = solved[0]
    second = solved[1][0]
    assert verify(second, _copy(s1)) is False, f"{name}: the solution of {first.level} verifies on {second.level}"


@pytest.mark.parametrize("name", FAMILIES)
def test_paint_gives_a_picture(name):
    family = _family(name)
    for level, solution in _solutions(name):
        _assert_bgr(family.paint(level, _copy(solution)), f"{name} paint of sample {level.level}")


@pytest.mark.parametrize("name", FAMILIES)
def test_paint_hint_gives_a_picture(name):
    family = _family(name)
    hinted = [(level, s) for level, s in _solutions(name) if "hint" in s]
    if not hinted:
        pytest.skip(f"no sample solution of {name} carries a 'hint' (only partly filled placement boards do)")
    assert family.paint_hint is not None, f"{name}: solutions carry a 'hint' but the family has no paint_hint"
    for level, solution in hinted:
        hint = solution["hint"]
        assert isinstance(hint, dict)
        missing = [key for key in HINT_KEYS if key not in hint]
        assert not missing, f"{name} sample {level.level}: hint lacks {missing}"
        _assert_bgr(family.paint_hint(level, _copy(solution)), f"{name} paint_hint of sample {level.level}")


# -- pictures: probe and read --------------------------------------------------------


@pytest.mark.parametrize("name", FAMILIES)
def test_probe_scores(name):
    family = _family(name)
    for index, (level, solution) in enumerate(_solutions(name)):
        _assert_probe_score(family.probe(family.paint(level, solution)), f"{name} painted sample {level.level}")
        drawn = family.probe(_drawing(name, index))
        _assert_probe_score(drawn, f"{name} drawn sample {level.level}")
        assert drawn > 0.0, f"{name}: probe says its own drawing of sample {level.level} is surely not {name}"
    _assert_probe_score(family.probe(_grey()), f"{name} plain grey")
    _assert_probe_score(family.probe(_noise()), f"{name} noise")


@pytest.mark.parametrize("name", _families("drawn samples"))
def test_drawn_samples_read_back_exactly(name):
    family = _family(name)
    for index, level in enumerate(_samples(name)):
        source = _drawn_name(level)
        got = _levels_read(family.read(_drawing(name, index), source))
        want = dataclasses.replace(level, source=source)
        assert want in got, f"{name}: drawing of sample {level.level} read as {got}"


@pytest.mark.parametrize("name", FAMILIES)
def test_drawn_random_levels_read_back_exactly(name):
    for level, source, got in _random_readings(name):
        want = dataclasses.replace(level, source=source)
        assert want in got, f"{name}: drawing of random level {level.level} read as {got}"


@pytest.mark.parametrize("name", FAMILIES)
def test_a_reading_has_the_identity_of_its_level(name):
    """Reader notes (fields left out of ``==``) and the source do not change what a solution solves."""
    family = _family(name)
    for level, source, got in _random_readings(name):
        same = [read_level for read_level in got if read_level == dataclasses.replace(level, source=source)]
        if not same:
            pytest.fail(f"{name}: drawing of random level {level.level} read as {got}")
        assert level_identity(family, same[0]) == level_identity(family, level), (
            f"{name}: the reading of level {level.level} has another identity than the level: {same[0]}"
        )


@pytest.mark.parametrize("picture", ["grey", "noise"])
@pytest.mark.parametrize("name", FAMILIES)
def test_reader_refuses_a_picture_of_nothing(name, picture):
    family = _family(name)
    image = _grey() if picture == "grey" else _noise()
    with pytest.raises((NotThisPuzzle, ReadError)) as info:
        family.read(image, f"{picture}.png")
    reason = str(info.value)
    assert reason.strip() and "\n" not in reason, f"{name}: reason is not one line: {reason!r}"


@pytest.mark.parametrize("name", FAMILIES)
def test_no_other_family_reads_this_familys_drawings(name):
    others = [other for other in FAMILIES if other != name]
    if not others:
        pytest.skip(f"{name} is the only registered family")
    for index, level in enumerate(_samples(name)):
        for other in others:
            with pytest.raises((NotThisPuzzle, ReadError)):
                _family(other).read(_drawing(name, index), _drawn_name(level))


@pytest.mark.parametrize("name", FAMILIES)
def test_read_again_gives_what_read_gives_or_nothing(name):
    """The batch fast path reads exactly as ``read`` does, and never accepts what ``read`` refuses."""
    family = _family(name)
    if family.read_again is None:
        pytest.skip(f"{name} has no read_again fast path (the pipeline probes and reads)")
    for index, level in enumerate(_samples(name)):
        picture, source = _drawing(name, index), _drawn_name(level)
        want = _levels_read(family.read(picture, source))
        again = family.read_again(picture, source)
        assert again is not None, f"{name}: read_again does not read sample {level.level} just read by read"
        assert _levels_read(again) == want, f"{name}: read_again gave {again}, read gave {want}"
        for other in (_grey(), _noise()):  # the same size: any remembered place applies to it
            assert family.read_again(cv2.resize(other, picture.shape[1::-1]), source) is None, (
                f"{name}: read_again read a picture of nothing"
            )


@pytest.mark.parametrize("name", FAMILIES)
def test_debug_overlay_gives_a_picture(name):
    family = _family(name)
    if family.debug_overlay is None:
        pytest.skip(f"{name} gives no debug_overlay")
    level = _samples(name)[0]
    _assert_bgr(family.debug_overlay(_drawing(name, 0), _drawn_name(level)), f"{name} debug overlay")


# -- cases ---------------------------------------------------------------------------


def _assert_case(name: str, case) -> None:
    assert isinstance(case, Case), f"{name}: {type(case).__name__} is not a Case"
    _assert_bgr(case.image, f"{name} case {case.name}")
    if case.truth is not None:
        assert isinstance(case.truth, list) and case.truth, f"{name} case {case.name}: truth {case.truth!r}"
        for level in case.truth:
            assert level.source == case.name, f"{name} case {case.name}: truth source {level.source!r}"


@pytest.mark.parametrize("name", FAMILIES)
def test_real_cases_are_empty_without_the_pictures(name, tmp_path):
    assert list(_testing(name).real_cases(tmp_path)) == []


@pytest.mark.parametrize("name", FAMILIES)
def test_synthetic_cases_are_cases_and_deterministic(name):
    first = _synthetic(name)
    _assert_case(name, first)
    again = list(_testing(name).synthetic_cases(1, 11))
    assert len(again) == 1, f"{name}: synthetic_cases(1, 11) gave {len(again)} cases"
    assert again[0].name == first.name and again[0].truth == first.truth
    assert np.array_equal(again[0].image, first.image), f"{name}: synthetic case 0 of seed 11 differs"


@pytest.mark.parametrize("name", _families("synthetic read"))
def test_synthetic_case_reads_as_its_truth_or_is_refused(name):
    _assert_truth_or_refusal(_family(name), _synthetic(name))


@pytest.mark.parametrize("name", FAMILIES)
def test_synthetic_truths_round_trip(name):
    """The kinds of level a reader gives (rolls, pieces placed, editions ...) survive their level file."""
    _assert_truths_round_trip(_family(name), _testing(name).synthetic_cases(RANDOM_ROUND_TRIPS, 11))


@pytest.mark.slow
@pytest.mark.parametrize("name", FAMILIES)
def test_real_cases_are_cases(name):
    cases = _testing(name).real_cases(SHARED)
    if not cases:
        pytest.skip(f"no third-party pictures of {name} in {SHARED}")
    for case in cases:
        _assert_case(name, case)
    names = [case.name for case in cases]
    assert len(set(names)) == len(names), f"{name}: two real cases share a name"


@pytest.mark.slow
@pytest.mark.parametrize("name", FAMILIES)
def test_real_truths_round_trip(name):
    """Every level a real picture is to be read as (an empty board, an odd blocker set ...) survives its level
    file: a reader never gives a level its own parser refuses (the truths are the readings allowed)."""
    cases = _testing(name).real_cases(SHARED)
    if not cases:
        pytest.skip(f"no third-party pictures of {name} in {SHARED}")
    _assert_truths_round_trip(_family(name), cases)


@pytest.mark.slow
@pytest.mark.parametrize("name", _families("real read"))
def test_real_cases_read_as_their_truth_or_are_refused(name):
    cases = _testing(name).real_cases(SHARED)
    if not cases:
        pytest.skip(f"no third-party pictures of {name} in {SHARED}")
    family = _family(name)
    for case in cases[::REAL_STRIDE]:
        _assert_truth_or_refusal(family, case)


# -- solutions of earlier versions ---------------------------------------------------


def test_proven_of_and_count_of_read_the_old_keys():
    assert proven_of({"optimal": True}) is True
    assert proven_of({"optimal": False}) is False
    assert proven_of({}) is False
    assert proven_of({"proven": True, "optimal": False}) is True
    assert proven_of({"proven": False, "optimal": True}) is False
    assert count_of({"solutions": 3}) == 3
    assert count_of({"solutions": [["a"], ["b"]]}) is None  # a list of solutions is no count
    assert count_of({"count": 2, "solutions": 5}) == 2
    assert count_of({}) is None
