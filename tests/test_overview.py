"""The overview page ``DATA/index.html``, parsed back with the standard library's HTML parser."""

from __future__ import annotations

import json
import os
from html.parser import HTMLParser

import numpy as np

from visolve import puzzles
from visolve.overview import THUMB_HEIGHT, THUMB_WIDTH, thumbnail_path, write_index, write_thumbnail
from visolve.puzzles.base import SolveOptions, level_identity, level_key
from visolve.puzzles.circuit500.model import Level, make_grid, parse_token
from visolve.vision.imageio import load_image, save_image
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
        self.images: list[dict] = []
        self.sorts: list[str] = []
        self.urls: list[str] = []  # every href and src
        self._select = None
        self._cell = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.urls += [value for name, value in attrs if name in ("href", "src")]
        if tag == "tr" and "data-status" in a:
            self.rows.append({"family": a["data-family"], "status": a["data-status"], "when": a.get("data-when"),
                              "cells": [],
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
            self.images.append(a)
        elif tag == "th" and "data-sort" in a:
            self.sorts.append(a["data-sort"])

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


def test_rows_are_sorted_by_family_then_level_number_not_by_time(tmp_path):
    ws = Workspace.at(tmp_path)
    for number, stamp in ((10, 5_000_000), (9, 1_000_000), (100, 3_000_000), (2, 2_000_000)):
        _solve_into(ws, _level(number))
        os.utime(ws.solution_json("circuit500", level_key(number)), (stamp, stamp))
    # a level of another family, named (not numbered), with its level file only
    stars = puzzles.get("iq-stars")
    atomic_write_text(ws.level_file("iq-stars", "level_a-b"), "not a level of iq-stars")
    ws.raw.mkdir(parents=True)
    (ws.raw / "blurry.png").write_bytes(b"x")
    ws.logs.mkdir(parents=True)
    ws.logs.joinpath("history.log").write_text("2030-01-01T00:00:00\tprepare\tblurry.png\terror\tno puzzle\n")
    page = _parse(write_index(ws))
    order = [(row["family"], row["cells"][2]) for row in page.rows]
    assert order == [("-", "blurry.png"), ("circuit500", "2"), ("circuit500", "9"), ("circuit500", "10"),
                     ("circuit500", "100"), (stars.name, "a-b")]
    whens = {row["cells"][2]: row["when"] for row in page.rows}
    assert int(whens["10"]) == 5_000_000 and int(whens["9"]) == 1_000_000  # what the sort by time uses
    assert set(page.sorts) == {"level", "status", "when"}


def test_thumbnails_are_the_head_of_the_picture_at_one_size_and_load_lazily(tmp_path):
    ws = Workspace.at(tmp_path)
    _solve_into(ws, _level(2))
    # a tall sheet: its first 400 rows red, the rest blue; the thumbnail shows the head, 160x100
    sheet = np.zeros((4000, 648, 3), np.uint8)
    sheet[:400] = (0, 0, 255)
    sheet[400:] = (255, 0, 0)
    save_image(ws.solution_png("circuit500", "level_002"), sheet)
    page = _parse(write_index(ws))  # the page makes the missing thumbnail
    thumb = tmp_path / "thumbs/circuit500/level_002.jpg"
    small = load_image(thumb)
    assert small.shape[:2] == (THUMB_HEIGHT, THUMB_WIDTH)
    assert small[..., 2].mean() > 200 and small[..., 0].mean() < 60  # red: the head only
    # a short, wide picture keeps its proportions (no taller than it is)
    write_thumbnail(ws, "circuit500", "level_wide", np.full((100, 800, 3), 128, np.uint8))
    assert load_image(thumbnail_path(ws, "circuit500", "level_wide")).shape[:2] == (20, THUMB_WIDTH)
    (img,) = page.images
    assert img["loading"] == "lazy"
    assert (img["width"], img["height"]) == (str(THUMB_WIDTH), str(THUMB_HEIGHT))  # the row's height known early
    assert page.rows[0]["links"]["picture"] == "solutions/circuit500/level_002.png"  # the whole sheet


def test_names_from_files_are_escaped_and_links_encoded(tmp_path):
    ws = Workspace.at(tmp_path)
    # a level file whose name holds markup, quotes, a newline and a byte that is no UTF-8; it does not parse
    odd = os.fsdecode(b'level_<b>"q\'\nx\xff.txt')
    folder = ws.levels("circuit500")
    folder.mkdir(parents=True)
    (folder / odd).write_text("level = <script>alert(1)</script>\n")
    ws.raw.mkdir(parents=True)
    (ws.raw / "a&b#1?.png").write_bytes(b"x")
    ws.logs.mkdir(parents=True)
    ws.logs.joinpath("history.log").write_text(
        "2030-01-01T00:00:00\tprepare\ta&b#1?.png\terror\t<i>bad</i> \"reason\"\n")
    path = write_index(ws)
    text = path.read_bytes().decode("utf-8")  # the page is UTF-8, whatever the names held
    assert "<b>" not in text and "<i>" not in text and "<script>alert" not in text
    rows = {row["family"]: row for row in _parse(path).rows}
    level_row, failed = rows["circuit500"], rows["-"]
    assert level_row["cells"][2] == '<b>"q\'\\nx\\xff'  # as the parser unescapes it: newline and byte spelled out
    assert level_row["links"]["level file"] == "levels/circuit500/level_%3Cb%3E%22q%27%0Ax%FF.txt"
    assert failed["cells"][2] == "a&b#1?.png" and "<i>bad</i>" in failed["cells"][4]
    assert failed["links"]["picture"] == "raw/a%26b%231%3F.png"


def test_the_page_needs_no_network(tmp_path):
    ws = Workspace.at(tmp_path)
    _solve_into(ws, _level(2))
    path = write_index(ws)
    text = path.read_text(encoding="utf-8")
    page = _parse(path)
    assert page.urls and all(":" not in url and not url.startswith("/") for url in page.urls)  # relative only
    for outside in ("http:", "https:", "//", "url(", "@import", "<link", "<script src", "<iframe"):
        assert outside not in text.replace("<!DOCTYPE html>", "")


def test_a_broken_solution_file_does_not_break_the_page(tmp_path):
    ws = Workspace.at(tmp_path)
    _solve_into(ws, _level(7))
    ws.solution_json("circuit500", "level_007").write_text(json.dumps({"solved": True}))
    rows = _parse(write_index(ws)).rows
    assert len(rows) == 1 and "not understood" in rows[0]["cells"][4]


def _browser_tools():
    """scripts/screenshot_overview.py (and its chromium_pipe), or skip when Chromium is not installed."""
    import importlib.util
    from pathlib import Path

    import pytest

    scripts = Path(__file__).resolve().parents[1] / "scripts"
    spec = importlib.util.spec_from_file_location("screenshot_overview", scripts / "screenshot_overview.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if module.find_chromium() is None:
        pytest.skip("Chromium is not installed (apt-get install chromium): the page is not opened in a browser")
    return module


def test_in_chromium_search_sort_filters_and_one_row_height(tmp_path):
    tools = _browser_tools()
    ws = Workspace.at(tmp_path)
    for number in range(1, 13):
        _solve_into(ws, _level(number))
        stamp = 1_000_000 + (number * 5 % 12) * 1000  # solved in another order than their numbers
        os.utime(ws.solution_json("circuit500", level_key(number)), (stamp, stamp))
    ws.raw.mkdir(parents=True)
    (ws.raw / "blurry.png").write_bytes(b"x")
    ws.logs.mkdir(parents=True)
    ws.logs.joinpath("history.log").write_text(
        "2030-01-01T00:00:00\tprepare\tblurry.png\terror\t" + "no family read it; " * 40 + "\n")
    url = write_index(ws).resolve().as_uri()
    by_time = [str(n) for n in sorted(range(1, 13), key=lambda n: -(n * 5 % 12))]
    levels = ("Array.prototype.filter.call(document.querySelectorAll('tbody tr'), function (tr) {"
              " return tr.getClientRects().length > 0; }).map(function (tr) { return tr.cells[2].textContent; })")
    click = "document.querySelector('th[data-sort={}] button').click()"
    with tools.Chromium(width=1000, height=700) as page:
        page.open(url, before=tools.FIRST_SCREEN)
        assert page.evaluate("window.__firstScreen") is not None
        found = page.evaluate(tools.SEARCH_ALL)
        assert (found["checked"], found["bad"], found["all_back"]) == (12, [], 13)
        heights = page.evaluate("Array.prototype.map.call(document.querySelectorAll('tbody tr'),"
                                " function (tr) { return tr.getBoundingClientRect().height; })")
        assert len(set(heights)) == 1, heights  # the long reason of the failed row is clipped
        assert page.evaluate(levels) == ["blurry.png"] + [str(n) for n in range(1, 13)]
        page.evaluate(click.format("when"))
        assert page.evaluate(levels) == ["blurry.png"] + by_time  # 2030 is the newest
        page.evaluate(click.format("when"))
        assert page.evaluate(levels) == by_time[::-1] + ["blurry.png"]
        page.evaluate(click.format("status"))
        assert page.evaluate(levels)[0] == "blurry.png"
        page.evaluate(click.format("level"))
        assert page.evaluate(levels) == ["blurry.png"] + [str(n) for n in range(1, 13)]
        page.evaluate("var s = document.getElementById('status'); s.value = 'failed';"
                      " s.dispatchEvent(new Event('change'))")
        assert page.evaluate(levels) == ["blurry.png"]
        page.evaluate("var s = document.getElementById('status'); s.value = '';"
                      " s.dispatchEvent(new Event('change'))")
        page.type_text("#q", "circuit500 12")
        assert page.evaluate(levels) == ["12"]
        page.open("about:blank")  # (from the page itself, only the hash would change: no new load)
        page.open(url + "#7")
        assert page.evaluate(levels) == ["7"]


def test_a_solved_circuit500_level_gets_a_thumbnail_of_its_solved_board(tmp_path):
    # issue 29: a thumbnail of the solved board; the head of the sheet showed the board before tap 1
    from visolve.puzzles.circuit500.painter import paint_thumbnail
    from visolve.puzzles.circuit500.testing import sample_levels

    family = puzzles.get("circuit500")
    level = sample_levels()[0]
    solution = family.solve(level, SolveOptions())
    assert solution["solved"] and solution["taps"]
    before, after = paint_thumbnail(level, {"solved": False}), paint_thumbnail(level, solution)
    assert before.shape == after.shape and not np.array_equal(before, after)  # the taps turned tiles
    ws = Workspace.at(tmp_path)
    write_thumbnail(ws, "circuit500", "level_x", after, whole=True)
    small = load_image(thumbnail_path(ws, "circuit500", "level_x"))
    # the whole board (4 x 6 tiles) fitted in the box, not its head cut off
    assert small.shape[0] == THUMB_HEIGHT and abs(small.shape[1] - THUMB_HEIGHT * 4 / 6) <= 2
    assert family.paint_thumbnail is paint_thumbnail  # the pipeline's worker draws it with the sheet
