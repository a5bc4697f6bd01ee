"""Trust in the data folder: every case of issue 18, each in a temporary data folder.

Pictures are drawn by the project's own painters, level files written in the
project's own format.
"""

from __future__ import annotations

import dataclasses
import json
import os
import stat

import cv2
import numpy as np
import pytest

from tests.conftest import json_rows
from tests.test_cli import draw, invoke, scrambled_level
from visolve import pipeline, puzzles
from visolve.puzzles.base import level_from_filename, level_key
from visolve.puzzles.circuit500 import levelfile
from visolve.puzzles.circuit500.model import Tile, is_solved, replay
from visolve.puzzles.iq_circuit.testing import draw_level as draw_iq, sample_levels as iq_samples
from visolve.vision import imageio
from visolve.vision.imageio import load_image, save_image




def _write_level(data, level) -> os.PathLike:
    path = data / "levels" / "circuit500" / f"{level_key(level.level)}.txt"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(levelfile.format_level(level))
    return path


def _with_end_turned(level):
    """The same level with its end tile pointing another way (a hand correction)."""
    grid = [list(row) for row in level.grid]
    for r, row in enumerate(grid):
        for c, tile in enumerate(row):
            if tile.kind == "end":
                for arm in (1, 2, 4, 8):
                    if arm != tile.arms:
                        grid[r][c] = Tile("end", arm)
                        changed = dataclasses.replace(level, grid=tuple(tuple(x) for x in grid))
                        if not is_solved(changed.grid):
                            return changed
    raise AssertionError("no end tile")


# -- 1. a corrected level file gets a new solution ---------------------------------
def test_corrected_level_file_replaces_its_stale_solution(data):
    level = scrambled_level(1, 3)
    path = _write_level(data, level)
    assert invoke("--solve-all", "--data", str(data), "-j", "1").exit_code == 0
    first = json.loads((data / "solutions/circuit500/level_001.json").read_text())
    assert first["level_id"]

    corrected = _with_end_turned(level)
    path.write_text(levelfile.format_level(corrected))
    res = invoke("--solve-all", "--unsolved", "--data", str(data), "-j", "1", "--json")
    (row,) = json_rows(res)
    assert row["status"] != "skipped" and row["stale"]
    assert "earlier version of the level file" in row["message"]
    assert "1 stale solution replaced" in res.output
    now = json.loads((data / "solutions/circuit500/level_001.json").read_text())
    assert now["level_id"] != first["level_id"]
    if now["solved"]:
        final, actions, _ = replay(corrected.grid, now["taps"])
        assert is_solved(final) and actions == now["actions"]


def test_old_solution_without_record_is_stale_only_when_it_does_not_replay(data):
    level = scrambled_level(2, 4)
    _write_level(data, level)
    assert invoke("--solve-all", "--data", str(data), "-j", "1").exit_code == 0
    sol_path = data / "solutions/circuit500/level_002.json"
    old = json.loads(sol_path.read_text())
    del old["level_id"]  # as written by an earlier version
    sol_path.write_text(json.dumps(old))
    res = invoke("--solve-all", "--unsolved", "--data", str(data), "--json")
    assert json_rows(res)[0]["status"] == "skipped"  # it replays: still final

    old["taps"] = old["taps"][:-1]  # no longer reaches the end
    sol_path.write_text(json.dumps(old))
    res = invoke("--solve-all", "--unsolved", "--data", str(data), "--json")
    assert json_rows(res)[0]["stale"]


def test_iq_circuit_stale_solution_is_replaced(data):
    first, second = iq_samples()[:2]
    family = puzzles.get("iq-circuit")
    path = data / "levels" / "iq-circuit" / f"{level_key(first.level)}.txt"
    path.parent.mkdir(parents=True)
    path.write_text(family.format_level(first))
    assert invoke("--solve-all", "--data", str(data)).exit_code == 0
    path.write_text(family.format_level(dataclasses.replace(second, level=first.level)))
    res = invoke("--solve-all", "--unsolved", "--data", str(data), "--json")
    (row,) = json_rows(res)
    assert row["status"] == "solved" and row["stale"]


def test_unsolved_draws_a_lost_picture_again_without_solving(data):
    """Pictures are not forced to the disk (they come from the JSON): --unsolved puts a lost one back."""
    _write_level(data, scrambled_level(3, 4))
    assert invoke("--solve-all", "--data", str(data), "-j", "1").exit_code == 0
    png = data / "solutions/circuit500/level_003.png"
    json_path = data / "solutions/circuit500/level_003.json"
    drawn, stored = png.read_bytes(), json_path.read_text()
    png.write_bytes(b"")  # what a power cut can leave
    (row,) = json_rows(invoke("--solve-all", "--unsolved", "--data", str(data), "--json"))
    assert row["status"] == "skipped" and "drawn again" in row["message"]
    assert png.read_bytes() == drawn and json_path.read_text() == stored
    (row,) = json_rows(invoke("--solve-all", "--unsolved", "--data", str(data), "--json"))
    assert "drawn again" not in row["message"]  # nothing lost this time


def test_an_empty_level_file_is_replaced_by_the_picture(data):
    """New files are not forced to the disk: a power cut may leave one empty; prepare fills it."""
    draw(data, "level_005.png", scrambled_level(5, 3))
    empty = data / "levels" / "circuit500" / "level_005.txt"
    empty.parent.mkdir(parents=True)
    empty.write_text("")
    (row,) = json_rows(invoke("--prepare-all", "--data", str(data), "--json"))
    assert row["status"] == "read", row
    assert levelfile.parse_level(empty.read_text(), str(empty)).level == 5


# -- 3. a dry handle does the whole job -----------------------------------------------
def test_dry_handle_prepares_and_solves_and_says_so(data):
    draw(data, "a.png", scrambled_level(366, 5))
    res = invoke("--handle-all", "--dry", "--data", str(data), "--json")
    assert res.exit_code == 0, res.output
    rows = json_rows(res)
    assert [r["action"] for r in rows] == ["prepare", "solve"]
    assert rows[1]["data"]["solved"]
    assert all("dry run: nothing written" in r["message"] for r in rows)
    assert sorted(p.name for p in data.iterdir()) == ["raw"]


# -- 4. names and identity ------------------------------------------------------------
def test_second_picture_of_the_same_level_is_up_to_date(data):
    level = scrambled_level(9, 6)
    draw(data, "a.png", level)
    assert invoke("--prepare-all", "--data", str(data)).exit_code == 0
    cv2.imwrite(str(data / "raw" / "b.jpg"), cv2.imread(str(data / "raw" / "a.png")),
                [cv2.IMWRITE_JPEG_QUALITY, 95])
    res = invoke("--prepare", "b.jpg", "--data", str(data), "--json")
    (row,) = json_rows(res)
    assert row["status"] == "unchanged", row["message"]


def test_names_that_differ_in_odd_characters_keep_their_own_files(data):
    first, second = iq_samples()[:2]
    save_image(data / "raw" / "my challenge!.png", draw_iq(first))
    save_image(data / "raw" / "my challenge?.png", draw_iq(second))
    res = invoke("--prepare-all", "--data", str(data), "--json")
    assert res.exit_code == 0, res.output
    files = sorted((data / "levels" / "iq-circuit").glob("level_*.txt"))
    assert len(files) == 2
    family = puzzles.get("iq-circuit")
    names = {family.parse_level(p.read_text(), p.name).level for p in files}
    assert names == {"my challenge!", "my challenge?"}


def test_a_name_that_would_share_a_file_is_an_error(data):
    family = puzzles.get("iq-circuit")
    a, b = (dataclasses.replace(lv, level=name) for lv, name in zip(iq_samples(), ("a b", "a_b")))
    opts = pipeline.RunOptions(data=data)
    assert pipeline._store_level(family, a, "x.png", opts).ok
    item = pipeline._store_level(family, b, "y.png", opts)
    assert not item.ok and "rename the picture" in item.message


def test_a_number_comes_from_a_file_name_only_when_it_is_clearly_the_level():
    assert level_from_filename("86.png") == 86
    assert level_from_filename("level_12.png") == 12
    assert level_from_filename("challenge 120.jpg") == 120
    assert level_from_filename("2024-05-01 puzzle.png") == "2024-05-01 puzzle"
    assert level_from_filename("IMG_5635.JPG") == "IMG_5635"
    assert level_from_filename("") == "unnamed"
    # a long name of letters: an earlier pattern backtracked for minutes on such names
    long_name = "anu_render_blankBoardNumbered" + "x" * 40
    assert level_from_filename(long_name + ".png") == long_name


def test_header_that_disagrees_with_the_file_name_is_an_error_naming_the_line(data):
    level = scrambled_level(41, 7)
    path = data / "levels" / "circuit500" / "level_001.txt"
    path.parent.mkdir(parents=True)
    path.write_text(levelfile.format_level(level))
    res = invoke("--solve-all", "--data", str(data))
    assert res.exit_code == 1
    line = next(i for i, row in enumerate(path.read_text().splitlines(), 1) if row.startswith("level"))
    assert f"level_001.txt:line {line}: level = 41 disagrees with the file name" in res.output
    assert not (data / "solutions").exists()


# -- 5. errors that are one clear line ---------------------------------------------------
def test_a_solution_file_of_the_wrong_shape_is_replaced(data):
    _write_level(data, scrambled_level(3, 8))
    sol = data / "solutions/circuit500/level_003.json"
    sol.parent.mkdir(parents=True)
    sol.write_text(json.dumps({"solved": True}))
    res = invoke("--solve-all", "--data", str(data), "--json")
    assert res.exit_code == 0, res.output
    (row,) = json_rows(res)
    assert "not understood" in row["message"] and row["status"] == "solved"
    assert "actions" in json.loads(sol.read_text())


def test_unwritable_solutions_and_logs_give_one_line(data):
    _write_level(data, scrambled_level(4, 9))
    (data / "solutions").mkdir()
    (data / "solutions" / "circuit500").write_text("a file where the folder should be")
    (data / "logs").write_text("a file where the folder should be")
    res = invoke("--solve-all", "--data", str(data))
    assert res.exit_code == 1
    errors = [line for line in res.output.splitlines() if line.startswith("error:")]
    assert any("cannot write" in e and "solutions/circuit500" in e for e in errors), errors
    assert any("cannot write the log" in e for e in errors), errors
    assert "Traceback" not in res.output


def test_data_folder_that_is_a_file_or_missing(tmp_path):
    afile = tmp_path / "notes.txt"
    afile.write_text("x")
    res = invoke("--prepare-all", "--data", str(afile))
    assert res.exit_code == 1 and "is a file, not a folder" in res.output
    missing = tmp_path / "nowhere"
    res = invoke("--prepare-all", "--data", str(missing))
    assert res.exit_code == 1 and "no such folder" in res.output
    res = invoke("--solve-all", "--data", str(missing))
    assert res.exit_code == 1
    assert not missing.exists()


def test_level_file_with_a_byte_order_mark(data):
    path = _write_level(data, scrambled_level(5, 10))
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    res = invoke("--solve-all", "--data", str(data))
    assert res.exit_code == 0, res.output


def test_not_a_picture_is_named_without_its_content(data, tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("root:x:0:0:the first line of a private file\n")
    (data / "raw" / "link.png").symlink_to(secret)
    res = invoke("--prepare-all", "--data", str(data))
    assert res.exit_code == 1
    assert "link.png: not a readable image" in res.output and "root:x" not in res.output


def test_unsupported_files_in_raw_are_named_in_the_summary(data):
    draw(data, "a.png", scrambled_level(6, 11))
    (data / "raw" / "photo.heic").write_bytes(b"not really")
    (data / "raw" / "album").mkdir()
    (data / "raw" / "gone.png").symlink_to(data / "nothing-here.png")
    res = invoke("--prepare-all", "--data", str(data))
    summary = res.output.strip().splitlines()[-1]
    assert "3 files in raw/ passed over" in summary
    for phrase in ("photo.heic (not a supported picture type: .heic)", "album (folder)",
                   "gone.png (link to nothing)"):
        assert phrase in summary


# -- 6. bounded resources ---------------------------------------------------------------
def test_jobs_are_capped_at_the_cores(data):
    _write_level(data, scrambled_level(7, 12))
    res = invoke("--solve-all", "--jobs", "1000", "--data", str(data))
    assert res.exit_code == 0 and "--jobs 1000 capped at" in res.output


def test_ranges_are_walked_lazily_and_missing_levels_named(data):
    for n in (1, 2):
        _write_level(data, scrambled_level(n, n))
    res = invoke("--solve", "1-1000000000", "--data", str(data), "--json")
    assert res.exit_code == 0, res.output
    assert sorted(r["level"] for r in json_rows(res)) == [1, 2]
    res = invoke("--solve", "1", "99", "--data", str(data))
    assert res.exit_code == 1 and "level 99: no level file" in res.output


def test_large_pictures_are_decoded_reduced(tmp_path, monkeypatch):
    # a small limit stands in for the 24 MP one, so the test needs no 100 MP picture
    monkeypatch.setattr(imageio, "WORK_PIXELS", 40_000)
    img = np.zeros((600, 800, 3), np.uint8)
    img[100:500, 200:600] = (0, 200, 255)
    for name in ("big.jpg", "big.png"):
        cv2.imwrite(str(tmp_path / name), img)
        got = load_image(tmp_path / name)
        assert got.shape[0] * got.shape[1] <= 40_000
        assert abs(got.shape[1] / got.shape[0] - 800 / 600) < 0.05


@pytest.mark.slow
def test_a_108_megapixel_photo_loads(tmp_path):
    img = np.full((9000, 12000, 3), 90, np.uint8)
    cv2.imwrite(str(tmp_path / "phone.jpg"), img, [cv2.IMWRITE_JPEG_QUALITY, 80])
    got = load_image(tmp_path / "phone.jpg")
    assert got.shape[0] * got.shape[1] <= imageio.WORK_PIXELS


# -- 7. permissions and help -------------------------------------------------------------
def test_files_get_the_usual_permissions(data):
    umask = os.umask(0)
    os.umask(umask)
    _write_level(data, scrambled_level(8, 13))
    assert invoke("--solve-all", "--data", str(data)).exit_code == 0
    for path in (data / "solutions/circuit500").iterdir():
        assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~umask, path.name


def test_each_subcommand_has_its_own_help(capsys):
    from visolve import cli

    for name, must in (("solve", "--unsolved"), ("prepare", "--force"), ("watch", "--poll")):
        with pytest.raises(SystemExit) as ended:
            cli.main([name, "--help"])
        assert ended.value.code == 0
        out = capsys.readouterr().out
        assert out.startswith(f"Usage: visolve {name}") and must in out
    with pytest.raises(SystemExit):
        cli.main(["solve", "--help"])
    assert "--force" not in capsys.readouterr().out


# -- 8. levels/ refuses what is not a file (issue 26, item 8) -----------------------------
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_or_a_device_link_in_levels_is_passed_over(data, monkeypatch):
    """Before, --solve-all waited for good on a FIFO and read /dev/zero until memory ran out."""
    from tests.conftest import visolve_process
    from visolve import workspace

    folder = _write_level(data, scrambled_level(1, 3)).parent
    os.mkfifo(folder / "level_002.txt")
    (folder / "level_003.txt").symlink_to("/dev/zero")
    (folder / "level_004.txt").write_bytes(b"#" * (workspace.LEVEL_FILE_LIMIT + 1))
    with visolve_process("--solve-all", "--data", str(data), "-j", "1", "--json") as proc:
        out, err = proc.communicate(timeout=120)  # hang guard only: it takes a second or two
    rows = {row["name"]: row for row in (json.loads(line) for line in out.splitlines() if line.startswith("{"))}
    assert rows["circuit500/level_001"]["ok"]
    assert "too large" in rows["circuit500/level_004"]["message"]
    assert set(rows) == {"circuit500/level_001", "circuit500/level_004"}
    assert "in levels/ passed over: circuit500/level_002.txt (a FIFO), circuit500/level_003.txt (a device)" in err
    assert proc.returncode == 1  # the over-large file is an error naming it
    assert (data / "index.html").exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_or_a_device_link_as_a_stored_solution_is_never_read(data):
    """Before, the stored solution's read waited for good on a FIFO (the solve and the page)."""
    from tests.conftest import visolve_process

    _write_level(data, scrambled_level(1, 3))
    _write_level(data, scrambled_level(2, 3))
    sols = data / "solutions" / "circuit500"
    sols.mkdir(parents=True)
    os.mkfifo(sols / "level_001.json")
    (sols / "level_002.json").symlink_to("/dev/zero")
    with visolve_process("--solve-all", "--data", str(data), "-j", "1") as proc:
        _out, err = proc.communicate(timeout=120)  # hang guard only: it takes a second or two
    assert proc.returncode == 0, err
    for n in (1, 2):  # each replaced by a solution file (the link itself, not /dev/zero)
        path = sols / f"level_00{n}.json"
        assert stat.S_ISREG(path.lstat().st_mode) and json.loads(path.read_text())["solved"]
    assert (data / "index.html").exists()
