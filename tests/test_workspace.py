"""The data folder: layout, picture discovery, atomic writes."""

import json
import os

import pytest

from visolve import workspace
from visolve.puzzles.base import level_key
from visolve.workspace import Workspace, atomic_write_json, atomic_write_text


def test_layout_and_discovery(tmp_path):
    ws = Workspace.at(tmp_path)
    assert ws.raw_pictures() == []
    ws.raw.mkdir()
    for name in ("b.PNG", "a.jpg", ".hidden.png", "notes.txt", "c.jpeg"):
        (ws.raw / name).write_bytes(b"x")
    assert [p.name for p in ws.raw_pictures()] == ["a.jpg", "b.PNG", "c.jpeg"]
    assert ws.resolve_picture("a.jpg") == ws.raw / "a.jpg"
    assert ws.level_file("circuit500", "level_007") == tmp_path / "levels/circuit500/level_007.txt"
    assert ws.solution_png("x", "level_1").name == "level_1.png"


def test_level_key():
    assert level_key(7) == "level_007"
    assert level_key(1234) == "level_1234"
    assert level_key("page 3") == "level_page_3"
    # other characters are replaced and a hash of the name keeps such names apart
    assert level_key("page 3/b").startswith("level_page_3_b-")
    assert level_key("my challenge!") != level_key("my challenge?")


def test_atomic_write_replaces_and_leaves_no_temp(tmp_path):
    target = tmp_path / "deep" / "f.json"
    atomic_write_json(target, {"a": 1})
    atomic_write_json(target, {"a": 2})
    assert json.loads(target.read_text()) == {"a": 2}
    assert os.listdir(target.parent) == ["f.json"]


def test_failed_write_keeps_the_old_file(tmp_path, monkeypatch):
    target = tmp_path / "f.txt"
    atomic_write_text(target, "old")

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(workspace.os, "replace", broken_replace)
    with pytest.raises(OSError):
        atomic_write_text(target, "new")
    assert target.read_text() == "old"
    assert os.listdir(tmp_path) == ["f.txt"]


def test_load_solution_tolerates_garbage(tmp_path):
    ws = Workspace.at(tmp_path)
    path = ws.solution_json("circuit500", "level_001")
    path.parent.mkdir(parents=True)
    path.write_text("{not json")
    assert ws.load_solution("circuit500", "level_001") is None
    assert ws.load_solution("circuit500", "level_002") is None
