"""``scripts/eval_reader.py --record/--cache`` and ``scripts/compare_evals.py``: a reader change is
judged picture by picture, on scenes drawn once."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"


def _script(monkeypatch, file: str, name: str):
    """``scripts/<file>`` loaded as the module ``name`` (registered: its dataclasses look it up)."""
    spec = importlib.util.spec_from_file_location(name, SCRIPTS / file)
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)
    spec.loader.exec_module(module)
    return module


def test_scenes_are_drawn_once_and_every_picture_is_recorded(tmp_path, monkeypatch, capsys):
    reader = _script(monkeypatch, "eval_reader.py", "eval_reader_for_records")
    args = ["--puzzle", "iq-circuit", "--scenes", "2", "--seed", "1", "--runs", "1", "--synth-only",
            "--cache", str(tmp_path / "cache")]
    reader.main(args + ["--record", str(tmp_path / "first.jsonl")])
    kept = list((tmp_path / "cache").glob("*/*.pkl"))
    assert len(kept) == 2 and all(p.parent.name.startswith("iq-circuit-scenes-1-1.0-") for p in kept)

    from visolve.testing import scenes

    def not_drawn(*_a, **_k):
        raise AssertionError("a cached scene was drawn again")

    monkeypatch.setattr(scenes, "scene_case", not_drawn)
    reader.main(args + ["--record", str(tmp_path / "second.jsonl")])
    first = [json.loads(line) for line in (tmp_path / "first.jsonl").read_text().splitlines()]
    second = [json.loads(line) for line in (tmp_path / "second.jsonl").read_text().splitlines()]
    assert len(first) == 2
    assert [(r["name"], r["outcome"], r["why"]) for r in first] == [(r["name"], r["outcome"], r["why"]) for r in second]
    assert all(r["outcome"] in ("exact", "refused", "misread") and r["levels"] == 1 for r in first)
    out = capsys.readouterr().out
    assert out.count("scenes (seed 1, strength 1.0): ") == 2


def _line(name: str, outcome: str, why: str = "", levels: int = 1, exact: int = 0) -> str:
    return json.dumps({"set": "scenes", "name": name, "outcome": outcome, "why": why, "ms": 1.0,
                       "levels": levels, "exact_levels": exact})


def test_comparison_names_each_picture_that_changed_misreads_first(tmp_path, monkeypatch, capsys):
    compare = _script(monkeypatch, "compare_evals.py", "compare_evals_for_test")
    before = tmp_path / "before.jsonl"
    after = tmp_path / "after.jsonl"
    before.write_text("\n".join([_line("a.jpg", "exact", exact=1), _line("b.jpg", "refused", "square A1: glare"),
                                 _line("c.jpg", "refused", "no board")]) + "\n")
    after.write_text("\n".join([_line("a.jpg", "misread", "WRONG levels differ"), _line("b.jpg", "exact", exact=1),
                                _line("c.jpg", "refused", "no board")]) + "\n")
    assert compare.main([str(before), str(after)]) == 1  # a picture read right before is misread now
    out = capsys.readouterr().out
    assert "scenes: 1 exact / 2 refused / 0 misread; levels 1 of 3" in out
    assert "scenes: 1 exact / 1 refused / 1 misread; levels 1 of 3" in out
    assert "2 pictures changed" in out and "c.jpg" not in out
    assert out.index("a.jpg (scenes): exact -> misread") < out.index("b.jpg (scenes): refused -> exact")
    assert compare.main([str(before), str(before)]) == 0


def test_comparison_refuses_a_file_that_is_no_record(tmp_path, monkeypatch):
    compare = _script(monkeypatch, "compare_evals.py", "compare_evals_for_bad")
    bad = tmp_path / "bad.jsonl"
    bad.write_text(_line("a.jpg", "exact") + "\nnot json\n")
    with pytest.raises(SystemExit, match="line 2 is not a record line"):
        compare.load(bad)
