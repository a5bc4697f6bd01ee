"""The overview page ``DATA/index.html``, parsed back with the standard library's HTML parser."""

from __future__ import annotations

import json
import os
from html.parser import HTMLParser

from visolve import puzzles
from visolve.overview import write_index
from visolve.puzzles.base import SolveOptions, level_identity, level_key
from visolve.puzzles.circuit500.model import Level, make_grid, parse_token
from visolve.vision.imageio import save_image
from visolve.workspace import Workspace, atomic_write_json, atomic_write_text

GRID = [
    ["cross", "corner:ul", "junction:url", "cross"],
    ["corner:ul", "empty", "cross", "corner:ur"],
    ["corner:dl", "cross", "corner:dl", "cross"],
    ["junction:url", "cross", "junction:udl", "junction:url"],
    ["cross", "start:l", "corner:dl", "junction:rdl"],
    ["gap", "cross", "end:l", "corner:dl"],
]


class _Page(HTMLParser):
    """Collects the table rows (their data-* attributes, cell texts, links, images)."""

    def __init__(self):
        super().__init__()
        self.rows: list[dict] = []
        self.options: dict[str, list[str]] = {}
        self._select = None
        self._cell = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "tr" and "data-status" in a:
            self.rows.append({"family": a["data-family"], "status": a["data-status"], "cells": [],
                              "links": {}, "imgs": []})
        elif tag == "select":
            self._select = a["id"]
            self.options[self._select] = []
        elif tag == "option" and self._select:
            self.options[self._select].append(a["value"])
        elif self.rows and tag == "td":
            self.rows[-1]["cells"].append("")
            self._cell = True
        elif self.rows and tag == "a":
            self._href = a["href"]
        elif self.rows and tag == "img":
            self.rows[-1]["imgs"].append(a["src"])

    def handle_endtag(self, tag):
        if tag == "select":
            self._select = None
        if tag == "td":
            self._cell = None
        if tag == "a":
            self._href = None

    def handle_data(self, data):
        if self._cell and self.rows:
            self.rows[-1]["cells"][-1] += data
            if getattr(self, "_href", None):
                self.rows[-1]["links"][data] = self._href
                self._href = None


def _parse(path):
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def _level(number):
    return Level(number, make_grid([[parse_token(t) for t in row] for row in GRID]), source="x.png")


def _solve_into(ws, level):
    family = puzzles.get("circuit500")
    key = level_key(level.level)
    atomic_write_text(ws.level_file("circuit500", key), family.format_level(level))
    sol = family.solve(level, SolveOptions())
    sol["level_id"] = level_identity(family, level)
    atomic_write_json(ws.solution_json("circuit500", key), sol)
    save_image(ws.solution_png("circuit500", key), family.paint(level, sol))
    return sol


def test_every_level_and_failed_picture_is_listed(tmp_path):
    ws = Workspace.at(tmp_path)
    _solve_into(ws, _level(2))
    _solve_into(ws, _level(3))
    # level 3's file is corrected by hand afterwards: its solution is stale
    text = ws.level_file("circuit500", "level_003").read_text().replace("end:l", "end:u")
    atomic_write_text(ws.level_file("circuit500", "level_003"), text)
    # level 4 has a level file and no solution
    atomic_write_text(ws.level_file("circuit500", "level_004"), puzzles.get("circuit500").format_level(_level(4)))
    # a picture whose reading failed, with a debug overlay, and one that failed but is gone now
    ws.raw.mkdir(parents=True)
    (ws.raw / "blurry.png").write_bytes(b"not really")
    ws.debug.mkdir(parents=True)
    (ws.debug / "blurry.circuit500.png").write_bytes(b"overlay")
    ws.logs.joinpath("history.log").write_text(
        "2026-01-01T10:00:00\tprepare\tblurry.png\terror\tcircuit500: tile (2,3) in doubt\n"
        "2026-01-01T10:00:00\tprepare\tgone.png\terror\tnot an image\n"
        "2026-01-01T10:00:01\tsolve\tcircuit500/level_002\tsolved\t3 actions\n"
    )

    page = _parse(write_index(ws))
    by_level = {row["cells"][2]: row for row in page.rows}
    assert set(by_level) == {"2", "3", "4", "blurry.png"}
    assert by_level["2"]["status"] == "proven"
    assert by_level["3"]["status"] == "stale"
    assert by_level["4"]["status"] == "not solved"
    failed = by_level["blurry.png"]
    assert failed["status"] == "failed" and "tile (2,3) in doubt" in failed["cells"][4]
    assert failed["links"]["picture"] == "raw/blurry.png"
    assert failed["links"]["debug (circuit500)"] == "logs/debug/blurry.circuit500.png"
    two = by_level["2"]
    assert "action" in two["cells"][4]  # "1 action, 1 tap" or "N actions, M taps"
    assert two["links"] == {"level file": "levels/circuit500/level_002.txt",
                            "JSON": "solutions/circuit500/level_002.json",
                            "picture": "solutions/circuit500/level_002.png"}
    assert two["imgs"] == ["thumbs/circuit500/level_002.jpg"]
    assert (tmp_path / "thumbs/circuit500/level_002.jpg").is_file()
    assert page.options["family"] == ["", "circuit500"]
    assert set(page.options["status"]) == {"", "proven", "stale", "not solved", "failed"}


def test_newest_first_and_names_are_escaped(tmp_path):
    ws = Workspace.at(tmp_path)
    _solve_into(ws, _level(5))
    _solve_into(ws, _level(6))
    old = ws.solution_json("circuit500", "level_006")
    os.utime(old, (1_000_000, 1_000_000))
    ws.raw.mkdir(parents=True)
    (ws.raw / "<b>x.png").write_bytes(b"x")
    ws.logs.mkdir(parents=True, exist_ok=True)
    ws.logs.joinpath("history.log").write_text("2030-01-01T00:00:00\tprepare\t<b>x.png\terror\t<i>bad</i>\n")
    path = write_index(ws)
    text = path.read_text()
    assert "<b>x.png" not in text and "&lt;b&gt;x.png" in text
    levels = [row["cells"][2] for row in _parse(path).rows]
    assert levels == ["<b>x.png", "5", "6"]


def test_a_broken_solution_file_does_not_break_the_page(tmp_path):
    ws = Workspace.at(tmp_path)
    _solve_into(ws, _level(7))
    ws.solution_json("circuit500", "level_007").write_text(json.dumps({"solved": True}))
    rows = _parse(write_index(ws)).rows
    assert len(rows) == 1 and "not understood" in rows[0]["cells"][4]
