"""Messages, logs and dry runs (issue 26 items 11, 12, 13 and 14).

A failed write names the file that failed; a level file's megabyte line and a
folder of thousands of junk files give short lines; a dry run says so on every
line; the run log has the README's columns, a row per level and the picture.
"""

from __future__ import annotations

import errno
import re
from pathlib import Path

from tests.conftest import json_rows
from tests.test_cli import draw, invoke, scrambled_level
from visolve.puzzles.base import level_key
from visolve.puzzles.circuit500 import levelfile
from visolve.puzzles.iq_xoxo.testing import drawn_page
from visolve.vision import imageio
from visolve.vision.imageio import save_image

README = Path(__file__).resolve().parents[1] / "README.md"




def _write_level(data, level) -> Path:
    path = data / "levels" / "circuit500" / f"{level_key(level.level)}.txt"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(levelfile.format_level(level))
    return path


def _run_log(data) -> list[list[str]]:
    (log,) = (data / "logs").glob("run_*.tsv")
    return [line.split("\t") for line in log.read_text().splitlines()[1:]]


# -- item 11 ---------------------------------------------------------------------------------
def test_a_failed_write_names_the_file_that_failed(data, monkeypatch):
    _write_level(data, scrambled_level(50, 3))
    real_save = imageio.save_image

    def too_large(path, image, *args, **kwargs):
        if Path(path).name == "level_050.png":
            raise OSError(errno.EFBIG, "File too large")  # as write() raises it: no file name
        return real_save(path, image, *args, **kwargs)

    monkeypatch.setattr(imageio, "save_image", too_large)
    res = invoke("--solve-all", "--data", str(data), "-j", "1")
    assert res.exit_code == 1
    (line,) = [line for line in res.output.splitlines() if line.startswith("error:")]
    assert line.startswith("error: circuit500/level_050: cannot write "), line
    assert line.endswith("solutions/circuit500/level_050.png: File too large"), line


# -- item 12 ---------------------------------------------------------------------------------
def test_a_megabyte_line_is_quoted_by_an_excerpt(data):
    path = _write_level(data, scrambled_level(3, 1))
    lines = path.read_text().splitlines()
    lines[-1] = "x" * 1_000_000 + " empty empty empty"
    path.write_text("\n".join(lines) + "\n")
    _write_level(data, scrambled_level(4, 1))
    res = invoke("--solve-all", "--data", str(data), "-j", "1")
    assert res.exit_code == 1
    (line,) = [line for line in res.output.splitlines() if line.startswith("error:")]
    assert len(line) < 300 and re.search(r"\(100000\d characters\)", line), line[:400]
    assert (data / "index.html").stat().st_size < 100_000
    assert max(len(row) for row in (data / "logs" / "history.log").read_text().splitlines()) < 1000


def test_thousands_of_junk_files_give_a_short_summary_and_still_the_page(data):
    for i in range(2000):
        (data / "raw" / f"junk_{i:04d}.txt").write_text("x")
    res = invoke("--prepare-all", "--data", str(data), "-j", "1")
    assert res.exit_code == 1
    (done,) = [line for line in res.output.splitlines() if line.startswith("done:")]
    assert len(done) < 600, len(done)
    assert re.search(r"2000 files? in raw/ passed over: junk_0000.txt", done) and "and 1995 more" in done
    assert (data / "index.html").is_file()


# -- item 13 ---------------------------------------------------------------------------------
def test_every_line_of_a_dry_run_says_so(data):
    draw(data, "a.png", scrambled_level(5, 5))
    draw(data, "b.png", scrambled_level(6, 6))
    (data / "raw" / "c.png").write_bytes(b"not a picture")
    assert invoke("--prepare", "a.png", "--data", str(data), "-j", "1").exit_code == 0
    res = invoke("--handle-all", "--dry", "--data", str(data), "-j", "1")
    lines = [line for line in res.output.splitlines() if line.strip()]
    assert len(lines) >= 6, lines  # unchanged, read, error, two solves, done
    for line in lines:
        assert "dry run: nothing written" in line, line
    res = invoke("--handle-all", "--dry", "--json", "--data", str(data), "-j", "1")
    rows = json_rows(res)
    assert len(rows) == 5 and all(r["dry"] is True for r in rows)
    res = invoke("--handle-all", "--json", "--data", str(data), "-j", "1")
    assert all(r["dry"] is False for r in json_rows(res))


# -- item 14 ---------------------------------------------------------------------------------
def test_the_run_log_has_the_readme_columns_seconds_and_pictures(data):
    draw(data, "a.png", scrambled_level(5, 5))
    res = invoke("--handle-all", "--log", "--data", str(data), "-j", "1")
    assert res.exit_code == 0, res.output
    header, *rows = _run_log(data)
    readme_row = next(line for line in README.read_text().splitlines() if line.startswith("| `--log`"))
    named = set(re.findall(r"`([a-z_]+)`", readme_row))
    assert set(header) <= named, set(header) - named
    assert "optimal" not in named  # solutions say "proven" since version 0.4
    at = {name: i for i, name in enumerate(header)}
    prepare, solve = rows
    assert prepare[at["action"]] == "prepare" and float(prepare[at["seconds"]]) > 0
    assert prepare[at["picture"]] == "a.png" and solve[at["picture"]] == "a.png"
    assert prepare[at["level"]] == solve[at["level"]] == "5"
    assert solve[at["proven"]] == "True" and int(solve[at["actions"]]) > 0


def test_a_booklet_page_has_a_run_log_row_per_level(data):
    image, levels = drawn_page(1, 1)
    assert len(levels) == 2  # the page drawn for this test shows two challenges
    save_image(data / "raw" / "page.png", image)
    res = invoke("--prepare-all", "--log", "--data", str(data), "-j", "1")
    assert res.exit_code == 0, res.output
    header, *rows = _run_log(data)
    at = {name: i for i, name in enumerate(header)}
    assert sorted(int(r[at["level"]]) for r in rows) == sorted(lv.level for lv in levels)
    assert all(r[at["picture"]] == "page.png" and r[at["status"]] == "read" for r in rows)
