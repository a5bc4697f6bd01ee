"""The command line end to end, in a temporary data folder (typer's CliRunner).

Pictures are drawn by the project's own painter; level files are written with
the project's own level format.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import cv2
import numpy as np
import pytest
import typer
from typer.testing import CliRunner

from visolve import cli, puzzles
from visolve.puzzles.circuit500 import levelfile, painter
from visolve.puzzles.circuit500.model import Level, is_solved, make_grid, parse_token, replay, tap
from visolve.vision.imageio import save_image

runner = CliRunner()

# A small level that needs a few actions: built from a solved board by reverse play.
SOLVED_ROWS = [
    "empty   cross     empty      empty",
    "start:r junction:rdl corner:dl  empty",
    "empty   cross     corner:ur   end:l",
    "empty   empty     cross       empty",
    "corner:rd corner:dl gap       empty",
    "empty   empty     cross       empty",
]


def solved_grid():
    return make_grid([[parse_token(t) for t in row.split()] for row in SOLVED_ROWS])


def scrambled_level(number: int, seed: int) -> Level:
    """A level that is not solved yet: a few random taps away from a solved board."""
    rng = random.Random(seed)
    grid = solved_grid()
    assert is_solved(grid)
    while True:
        g = grid
        for _ in range(3):
            r, c = rng.randrange(6), rng.randrange(4)
            step = tap(g, r, c)
            if step:
                g = step[0]
        if not is_solved(g):
            return Level(number, g, source="")


def invoke(*args: str):
    return runner.invoke(cli.app, cli._translate(list(args)))



def draw(data, name: str, level: Level, size=(640, 1136)):
    save_image(data / "raw" / name, painter.render_screenshot(level, size=size))


def test_prepare_all_solve_all_and_unsolved(data):
    draw(data, "a.png", scrambled_level(7, 1))
    draw(data, "b.png", scrambled_level(12, 2), size=(750, 1334))
    res = invoke("--prepare-all", "--data", str(data), "--jobs", "1")
    assert res.exit_code == 0, res.output
    files = sorted(p.name for p in (data / "levels" / "circuit500").iterdir())
    assert files == ["level_007.txt", "level_012.txt"]
    lvl = levelfile.parse_level((data / "levels/circuit500/level_007.txt").read_text())
    assert lvl.grid == scrambled_level(7, 1).grid and lvl.source == "a.png"

    res = invoke("--solve-all", "--data", str(data), "--jobs", "2", "--log")
    assert res.exit_code == 0, res.output
    sol = json.loads((data / "solutions/circuit500/level_007.json").read_text())
    assert sol["solved"] and sol["proven"] and sol["level"] == 7
    final, actions, _ = replay(lvl.grid, sol["taps"])
    assert is_solved(final) and actions == sol["actions"]
    assert cv2.imread(str(data / "solutions/circuit500/level_007.png")) is not None
    logs = list((data / "logs").glob("run_*.tsv"))
    assert len(logs) == 1
    lines = logs[0].read_text().splitlines()
    assert lines[0].startswith("# visolve --solve-all")
    assert lines[1].split("\t")[:4] == ["action", "puzzle", "level", "status"]
    assert len(lines) == 4  # header, column names, two levels

    res = invoke("solve", "--all", "--unsolved", "--data", str(data), "--json")
    assert res.exit_code == 0, res.output
    rows = [json.loads(line) for line in res.stdout.splitlines() if line.startswith("{")]
    assert sorted(r["status"] for r in rows) == ["skipped", "skipped"]


def test_handle_named_file_and_json(data):
    draw(data, "shot.png", scrambled_level(3, 5))
    res = invoke("--handle", "shot.png", "--data", str(data), "--json")
    assert res.exit_code == 0, res.output
    rows = [json.loads(line) for line in res.stdout.splitlines() if line.startswith("{")]
    assert [(r["action"], r["status"]) for r in rows] == [("prepare", "read"), ("solve", "solved")]
    assert rows[1]["data"]["proven"] is True
    assert (data / "solutions/circuit500/level_003.png").exists()


def test_solve_selection_and_ranges(data):
    folder = data / "levels" / "circuit500"
    folder.mkdir(parents=True)
    for n in (1, 2, 5):
        (folder / f"level_{n:03d}.txt").write_text(levelfile.format_level(scrambled_level(n, n)))
    res = invoke("--solve", "1-2", "--data", str(data), "--json", "-j", "1")
    assert res.exit_code == 0, res.output
    done = sorted(json.loads(l)["level"] for l in res.stdout.splitlines() if l.startswith("{"))
    assert done == [1, 2]
    res = invoke("--solve", "9", "--data", str(data))
    assert res.exit_code == 1 and "level 9: no level file" in res.output


def test_bad_inputs_are_clear_errors_and_the_batch_goes_on(data):
    raw = data / "raw"
    draw(data, "good.png", scrambled_level(4, 4))
    (raw / "notes.png").write_text("this is text, not a picture\n")
    good_bytes = (raw / "good.png").read_bytes()
    (raw / "cut.png").write_bytes(good_bytes[: len(good_bytes) // 2])
    (raw / "empty.jpg").write_bytes(b"")
    rng = np.random.default_rng(0)
    noise = rng.integers(0, 255, size=(900, 600, 3), dtype=np.uint8)
    save_image(raw / "noise.png", noise)
    scene = np.full((1136, 640, 3), (200, 120, 40), np.uint8)  # a "photo" of something else
    cv2.circle(scene, (320, 500), 200, (30, 200, 250), -1)
    cv2.rectangle(scene, (100, 900), (540, 1000), (20, 20, 20), -1)
    save_image(raw / "scene.jpg", scene)

    res = invoke("--prepare-all", "--data", str(data), "-j", "2")
    assert res.exit_code == 1
    out = res.output
    for name in ("notes.png", "cut.png", "empty.jpg", "noise.png", "scene.jpg"):
        lines = [l for l in out.splitlines() if l.startswith(f"error: {name}:")]
        assert len(lines) == 1, (name, out)
    assert "not a readable image" in out
    assert "not a picture of a known puzzle" in out
    assert (data / "levels/circuit500/level_004.txt").exists()


def test_bad_level_file_names_the_line_and_others_are_still_solved(data):
    folder = data / "levels" / "circuit500"
    folder.mkdir(parents=True)
    (folder / "level_001.txt").write_text(levelfile.format_level(scrambled_level(1, 1)))
    text = levelfile.format_level(scrambled_level(2, 2)).splitlines()
    text[-1] = "cross pipe:ur cross cross"
    (folder / "level_002.txt").write_text("\n".join(text) + "\n")
    res = invoke("--solve-all", "--data", str(data), "-j", "1")
    assert res.exit_code == 1
    assert f"line {len(text)}" in res.output and "unknown tile kind 'pipe'" in res.output
    assert (data / "solutions/circuit500/level_001.json").exists()
    assert not (data / "solutions/circuit500/level_002.json").exists()


def test_a_better_stored_solution_is_never_overwritten(data):
    folder = data / "levels" / "circuit500"
    folder.mkdir(parents=True)
    level = scrambled_level(8, 8)
    (folder / "level_008.txt").write_text(levelfile.format_level(level))
    stored = data / "solutions/circuit500/level_008.json"
    stored.parent.mkdir(parents=True)
    # Stored claim with fewer actions than possible, recorded as solving this very level:
    # any real result ranks worse.  (Without the record it would not replay, so it is stale.)
    from visolve import puzzles
    from visolve.puzzles.base import level_identity

    better = {"puzzle": "circuit500", "level": 8, "solved": True, "optimal": True,
              "actions": 0, "taps": [], "nodes": 0, "seconds": 0.0,
              "level_id": level_identity(puzzles.get("circuit500"), level)}
    stored.write_text(json.dumps(better))
    res = invoke("--solve-all", "--data", str(data), "--json", "-j", "1")
    assert res.exit_code == 0, res.output
    row = json.loads(next(l for l in res.stdout.splitlines() if l.startswith("{")))
    assert row["status"] == "kept"
    assert json.loads(stored.read_text()) == better


def test_dry_run_writes_nothing(data):
    draw(data, "a.png", scrambled_level(5, 5))
    res = invoke("--handle-all", "--dry", "--log", "--data", str(data))
    assert res.exit_code == 0, res.output
    assert not (data / "levels").exists() and not (data / "solutions").exists()
    assert not (data / "logs").exists()


def test_empty_folder_and_usage_errors(data):
    res = invoke("--prepare-all", "--data", str(data))
    assert res.exit_code == 1 and "nothing to prepare" in res.output
    res = invoke("--solve-all", "--data", str(data))
    assert res.exit_code == 1 and "no level files" in res.output
    assert invoke("--data", str(data)).exit_code == 2
    assert invoke("--prepare-all", "--solve-all", "--data", str(data)).exit_code == 2
    assert invoke("--prepare", "--data", str(data)).exit_code == 2
    assert invoke("--solve", "9-3", "--data", str(data)).exit_code == 2
    assert invoke("--solve-all", "--puzzle", "sudoku", "--data", str(data)).exit_code == 2


def test_changed_reading_keeps_a_hand_edited_level_file(data):
    draw(data, "a.png", scrambled_level(6, 6))
    assert invoke("--prepare-all", "--data", str(data)).exit_code == 0
    path = data / "levels/circuit500/level_006.txt"
    edited = path.read_text().replace("source = a.png", "source = a.png  # checked by hand")
    lines = edited.splitlines()
    lines[-1] = "empty empty empty empty"
    path.write_text("\n".join(lines) + "\n")
    res = invoke("--prepare-all", "--data", str(data), "--json")
    row = json.loads(next(l for l in res.stdout.splitlines() if l.startswith("{")))
    assert row["status"] == "kept" and path.read_text() == "\n".join(lines) + "\n"
    res = invoke("--prepare-all", "--data", str(data), "--force", "--json")
    row = json.loads(next(l for l in res.stdout.splitlines() if l.startswith("{")))
    assert row["status"] == "read"
    assert levelfile.parse_level(path.read_text()).grid == scrambled_level(6, 6).grid


def test_version_and_module_entry():
    res = runner.invoke(cli.app, ["--version"])
    assert res.exit_code == 0 and res.output.startswith("visolve ")


def test_debug_writes_overlays_even_for_rejected_pictures(data):
    draw(data, "a.png", scrambled_level(5, 5))
    save_image(data / "raw" / "blank.png", np.full((800, 500, 3), 40, np.uint8))
    res = invoke("--prepare-all", "--debug", "--data", str(data), "-j", "1")
    assert res.exit_code == 1
    debug = data / "logs" / "debug"
    assert (debug / "a.circuit500.png").exists()
    rejected = sorted(p.name for p in debug.glob("blank.*.png"))
    assert rejected, "a picture no family accepts still gets an overlay per family tried"
    assert cv2.imread(str(debug / "a.circuit500.png")) is not None


# -- help and usage text (issue 26, item 17) ------------------------------------------------
def _help_at(width: int, monkeypatch, *args: str) -> str:
    monkeypatch.setenv("COLUMNS", str(width))
    res = runner.invoke(cli.app, list(args) or ["--help"], terminal_width=width)
    assert res.exit_code == 0, res.output
    return res.output


def _words(text: str) -> str:
    return " ".join(text.split())


def test_help_at_80_columns_shows_every_option_text_whole(monkeypatch):
    out = _help_at(80, monkeypatch)
    assert max(len(line) for line in out.splitlines()) <= 80
    flat = _words(out)
    for param in typer.main.get_command(cli.app).params:
        text = getattr(param, "help", None)
        if text:
            assert _words(text) in flat, f"cut or missing at 80 columns: {text!r}"
    assert "…" not in out
    assert "draw only the next piece to place (level_X.hint.png instead of the solution picture)" in flat
    tokens = set(re.findall(r"[\w-]+", out))  # a family name broken at its hyphen is no token
    assert set(puzzles.names()) <= tokens, set(puzzles.names()) - tokens


@pytest.mark.parametrize("name", ["prepare", "solve", "handle", "watch"])
def test_subcommand_help_fits_80_columns(name, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    text = cli.subcommand_help(name)
    assert max(len(line) for line in text.splitlines()) <= 80, text
    assert "--data DIR" in text and "--help" in text
    if name != "watch":
        assert "Every picture / level file" not in text and "--all" in text


def test_dash_h_alone_says_it_is_handle_and_where_help_is(data):
    res = invoke("-h", "--data", str(data))
    assert res.exit_code == 2
    assert "-h is --handle (as in the C++ solver)" in res.output and "--help" in res.output
    res = invoke("--prepare", "--data", str(data))
    assert res.exit_code == 2 and "--prepare needs at least one picture" in res.output


def test_every_command_and_option_is_in_the_readme():
    readme = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
    commands = readme[readme.index("## Commands"):readme.index("### Data safety")]
    for param in typer.main.get_command(cli.app).params:
        for flag in param.opts:
            if flag.startswith("-"):
                assert f"`{flag}" in commands or f" {flag} " in commands, f"{flag} is not in the README's Commands"
    for name in ("prepare", "solve", "handle", "watch"):
        assert f"visolve {name}" in commands, name


def test_a_level_named_by_a_digit_that_is_no_number_solves_and_shows(data):
    """'²'.isdigit() is true but int('²') fails: level_id_of and the page's sort crashed on it."""
    import dataclasses

    from visolve.puzzles.base import level_key
    from visolve.puzzles.iq_stars.levelfile import format_level
    from visolve.puzzles.iq_stars.testing import sample_levels

    level = dataclasses.replace(sample_levels()[0], level="\u00b2", source="")
    folder = data / "levels" / "iq-stars"
    folder.mkdir(parents=True)
    (folder / f"{level_key(level.level)}.txt").write_text(format_level(level), encoding="utf-8")
    res = invoke("--solve", "\u00b2", "--data", str(data))
    assert res.exit_code == 0, res.output
    assert (data / "index.html").is_file() and "Traceback" not in res.output


def test_a_level_argument_longer_than_any_file_name_is_a_short_usage_error(data):
    res = invoke("--solve", "9" * 5000, "--data", str(data))
    assert res.exit_code == 2 and "(5000 characters) is no level" in res.output
    assert len(res.output) < 300, res.output[:300]
