"""A picture read in part (a page with a board refused): the levels read are written and solved,
the picture's line is an error naming what was not read, and the exit code says so."""

from __future__ import annotations

import dataclasses
import json

import pytest

from tests.test_cli import draw, invoke, scrambled_level
from visolve import puzzles
from visolve.errors import PartialRead

REFUSAL = "board 2 of 3: square r2c3 of the view: X 0.4 / O 0.4"


READS = []


def _read_in_part(_image, source=""):
    READS.append(source)
    levels = [dataclasses.replace(scrambled_level(n, n), source=source) for n in (4, 6)]
    raise PartialRead(REFUSAL, levels)


@pytest.fixture
def partial_reader(monkeypatch):
    """circuit500 dressed up as a family whose pictures are pages read in part."""
    fake = dataclasses.replace(puzzles.get("circuit500"), read=_read_in_part, read_again=None)
    monkeypatch.setitem(puzzles._loaded, "circuit500", fake)


def test_the_levels_read_are_written_and_solved_and_the_refusal_named(data, partial_reader):
    draw(data, "page.png", scrambled_level(9, 9))
    res = invoke("--handle", "page.png", "--puzzle", "circuit500", "--data", str(data), "--json")
    assert res.exit_code == 1, res.output
    rows = [json.loads(line) for line in res.stdout.splitlines() if line.startswith("{")]
    prepared = rows[0]
    assert prepared["action"] == "prepare" and not prepared["ok"]
    assert "read in part" in prepared["message"] and REFUSAL in prepared["message"]
    assert sorted(p.name for p in (data / "levels" / "circuit500").iterdir()) == ["level_004.txt", "level_006.txt"]
    assert sorted((r["action"], r["level"], r["status"]) for r in rows[1:]) == [("solve", 4, "solved"),
                                                                              ("solve", 6, "solved")]
    assert (data / "solutions" / "circuit500" / "level_006.json").exists()


def test_a_batch_reads_each_page_in_part_once(data, partial_reader):
    draw(data, "a.png", scrambled_level(9, 9))
    draw(data, "b.png", scrambled_level(8, 8))
    READS.clear()
    res = invoke("--prepare-all", "--data", str(data), "--jobs", "1")
    assert res.exit_code == 1, res.output
    assert sorted(READS) == ["a.png", "b.png"]  # the second through the last family's quick path, once
    assert res.output.count("read in part") == 2
