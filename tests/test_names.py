"""Hostile file names and pictures that give one level (issue 26 items 2, 3 and 6).

A name with a newline or bytes that are no UTF-8 is written escaped wherever it
is written (level file, output lines, ``history.log``, run log, page); two
different pictures never share a level without an error naming both.
"""

from __future__ import annotations

import os

import pytest

from tests.conftest import json_rows, shared_path
from tests.test_cli import draw, invoke, scrambled_level
from visolve.names import brief_list, original_name, shown_name, shown_text
from visolve.puzzles.base import level_from_filename
from visolve.puzzles.circuit500 import levelfile




def _history(data) -> list[list[str]]:
    return [line.split("\t") for line in (data / "logs" / "history.log").read_text().splitlines()]


def test_shown_names_are_one_printable_line_and_can_be_undone():
    for name in ["a.png", "new\nline.png", "tab\tx.png", "bad\udcffname.png", "back\\slash\\n.png",
                 "\u202eevil.png", "\x1bx.png", "\x85y.png", "ÿ.png"]:
        shown = shown_name(name)
        assert shown.isprintable() and "\n" not in shown, shown
        shown.encode("utf-8")  # no lone surrogate left
        assert original_name(shown) == name
    assert shown_name("a.png") == "a.png" and shown_name("new\nline.png") == "new\\nline.png"
    assert shown_name("bad\udcffname.png") == "bad\\xffname.png"


def test_a_newline_in_a_picture_name_breaks_no_file_line_or_row(data):
    draw(data, "new\nline.png", scrambled_level(4, 3))
    res = invoke("--handle-all", "--data", str(data), "-j", "1", "--log")
    assert res.exit_code == 0, res.output
    text = (data / "levels/circuit500/level_004.txt").read_text()
    assert "source = new\\nline.png\n" in text
    assert levelfile.parse_level(text).source == "new\\nline.png"
    out = [line for line in res.stdout.splitlines() if line.startswith(("prepare:", "solve:"))]
    assert out[0] == "prepare: new\\nline.png: circuit500 level 4 -> level_004.txt", out
    assert len(res.stdout.splitlines()) == 2, res.stdout  # one line per item, none split
    rows = _history(data)
    assert [len(r) for r in rows] == [5, 5] and rows[0][2] == "new\\nline.png"
    (log,) = (data / "logs").glob("run_*.tsv")
    table = log.read_text().splitlines()
    columns = table[1].split("\t")
    assert all(len(line.split("\t")) == len(columns) for line in table[2:]) and len(table) == 4
    assert [row.split("\t")[columns.index("picture")] for row in table[2:]] == ["new\\nline.png"] * 2
    # the next run reads its own level file back: up to date, and solved again from it
    res = invoke("--handle-all", "--data", str(data), "-j", "1", "--json")
    assert res.exit_code == 0, res.output
    assert [r["status"] for r in json_rows(res)] == ["unchanged", "solved"]


def test_undecodable_bytes_in_names_end_the_batch_as_usual(data):
    picture = os.fsdecode(b"bad\xffname.png")
    draw(data, picture, scrambled_level(5, 2))
    broken = data / "levels" / "circuit500" / os.fsdecode(b"level_a\xffb.txt")
    broken.parent.mkdir(parents=True)
    broken.write_text(levelfile.format_level(scrambled_level(8, 1)))
    res = invoke("--handle-all", "--data", str(data), "-j", "1")
    assert res.exit_code == 0, res.output
    assert "prepare: bad\\xffname.png: circuit500 level 5" in res.output
    assert "done: 2 items" in res.output and "internal error" not in res.output
    assert "source = bad\\xffname.png" in (data / "levels/circuit500/level_005.txt").read_text()
    res = invoke("--solve-all", "--data", str(data), "-j", "1")
    assert res.exit_code == 1  # the level file says level 8: its name disagrees
    assert "error: circuit500/level_a\\xffb: level_a\\xffb.txt:line" in res.output, res.output
    assert "done: 2 items" in res.output
    rows = _history(data)
    assert len(rows) == 4 and {r[2] for r in rows} >= {"bad\\xffname.png", "circuit500/level_a\\xffb"}
    assert (data / "index.html").is_file()


def test_a_failed_picture_with_an_escaped_name_is_on_the_page(data):
    picture = data / "raw" / os.fsdecode(b"broken\n\xfe.png")
    picture.write_bytes(b"not a picture")
    draw(data, "good.png", scrambled_level(3, 1))
    res = invoke("--prepare-all", "--data", str(data), "-j", "1")
    assert res.exit_code == 1
    assert "error: broken\\n\\xfe.png: not a readable image" in res.output, res.output
    page = (data / "index.html").read_text(encoding="utf-8")
    assert "broken\\n\\xfe.png" in page


# -- item 3: pictures that give one level ------------------------------------------------------
def test_a_number_glued_to_a_word_is_part_of_the_name():
    assert level_from_filename("anu_render_step1.png") == "anu_render_step1"
    assert level_from_filename("anu_render_wStep1.png") == "anu_render_wStep1"
    assert level_from_filename("anu_render_wCompletedGame2.png") == "anu_render_wCompletedGame2"
    assert level_from_filename("level12.png") == 12 and level_from_filename("no7.png") == 7
    assert level_from_filename("stars 12.png") == 12 and level_from_filename("challenge #12.png") == 12
    # a name's '#' would start a comment in its level file's "level = ..." line
    assert level_from_filename("my#puzzle.png") == "my_puzzle"
    assert level_from_filename("new\nline.png") == "new\\nline"


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_two_different_pictures_of_one_level_are_an_error_naming_both(data, jobs):
    draw(data, "a.png", scrambled_level(7, 1))
    draw(data, "b.png", scrambled_level(7, 2))
    res = invoke("--prepare-all", "--data", str(data), "-j", jobs, "--json")
    assert res.exit_code == 1, res.output
    rows = {r["name"]: r for r in json_rows(res)}
    failed = [r for r in rows.values() if not r["ok"]]
    assert len(failed) == 1, rows
    other = "a.png" if failed[0]["name"] == "b.png" else "b.png"
    assert other in failed[0]["message"] and "both give" in failed[0]["message"]
    assert "done: 2 items" in res.output and "1 failed" in res.output


def test_a_second_picture_of_the_same_level_and_a_rerun_stay_fine(data):
    draw(data, "a.png", scrambled_level(7, 1))
    assert invoke("--prepare-all", "--data", str(data), "-j", "1").exit_code == 0
    draw(data, "b.png", scrambled_level(7, 1), size=(750, 1334))  # the same level, another phone
    res = invoke("--prepare-all", "--data", str(data), "-j", "1", "--json")
    assert res.exit_code == 0, res.output
    assert sorted(r["status"] for r in json_rows(res)) == ["unchanged", "unchanged"]
    # a level file hand-edited after its picture was read is still kept for that picture
    path = data / "levels/circuit500/level_007.txt"
    lines = path.read_text().splitlines()
    lines[-1] = "empty empty empty empty"
    path.write_text("\n".join(lines) + "\n")
    (data / "raw" / "b.png").unlink()
    res = invoke("--prepare-all", "--data", str(data), "-j", "1", "--json")
    assert res.exit_code == 0 and [r["status"] for r in json_rows(res)] == ["kept"]


def test_iq_stars_step_pictures_are_not_dropped(data):
    pictures = shared_path("iq-stars", "pictures")
    names = ["anu_render_step1.png", "anu_render_wStep1.png"]
    res = invoke("--prepare", *[str(pictures / n) for n in names], "--data", str(data), "-j", "1", "--json")
    rows = json_rows(res)
    assert [r["ok"] for r in rows] == [True, True], res.output
    assert sorted(r["level"] for r in rows) == sorted(n.removesuffix(".png") for n in names)
    assert len(list((data / "levels" / "iq-stars").glob("level_*.txt"))) == 2


def test_messages_are_one_short_line_and_long_lists_are_brief():
    assert len(shown_text("x" * 1_000_000)) < 700 and "1000000 characters" in shown_text("x" * 1_000_000)
    assert shown_text("a\nb\tc") == "a\\nb\\tc"
    assert brief_list([f"f{i}" for i in range(2000)]) == "f0, f1, f2, f3, f4 and 1995 more"


def test_a_hash_in_a_picture_name_is_no_comment_and_no_other_picture(data):
    draw(data, "shot#7.png", scrambled_level(7, 1))
    draw(data, "my #8.png", scrambled_level(8, 1))
    draw(data, " blank first.png", scrambled_level(9, 1))  # the source line loses the outer blank
    assert invoke("--prepare-all", "--data", str(data), "-j", "1").exit_code == 0
    seven = data / "levels/circuit500/level_007.txt"
    assert levelfile.parse_level(seven.read_text()).source == "shot#7.png"
    # a hand-edited level file of a picture whose name a comment cuts ("my #8.png" reads as "my")
    # is still that picture's: kept, not taken for another picture's level
    for path in (seven, data / "levels/circuit500/level_008.txt", data / "levels/circuit500/level_009.txt"):
        lines = path.read_text().splitlines()
        lines[-1] = "empty empty empty empty"
        path.write_text("\n".join(lines) + "\n")
    res = invoke("--prepare-all", "--data", str(data), "-j", "1", "--json")
    assert res.exit_code == 0, res.output
    assert [r["status"] for r in json_rows(res)] == ["kept", "kept", "kept"]
