"""visolve make as a command: files written, read back, kept, refused options."""

from __future__ import annotations

import pytest

from visolve import cli, puzzles
from visolve.make.command import make_run


def run_cli(*args: str) -> int:
    with pytest.raises(SystemExit) as info:
        cli.main(list(args))
    return info.value.code or 0


def test_make_writes_level_files_that_read_back_with_their_grade(tmp_path, capsys):
    assert run_cli("make", "iq-stars", "--level", "expert", "--count", "3", "--seed", "4",
                   "--data", str(tmp_path)) == 0
    folder = tmp_path / "levels" / "iq-stars"
    names = sorted(p.name for p in folder.iterdir())
    assert names == [f"level_expert-4-{k}.txt" for k in (1, 2, 3)]
    fam = puzzles.get("iq-stars")
    for k in (1, 2, 3):
        level = fam.parse_level((folder / f"level_expert-4-{k}.txt").read_text(), "")
        assert level.level == f"expert-4-{k}" and level.grade is not None
        assert level.source == "visolve make iq-stars --level expert --seed 4"
        assert fam.solve(level, puzzles.base.SolveOptions())["unique"]
    assert "3 wrote" in capsys.readouterr().err
    pages = sorted(p.name for p in (tmp_path / "booklet" / "iq-stars").iterdir())
    # IQ Stars prints two challenges a page: three make two pages and two answer pages
    assert pages == ["expert-4-answers-01.png", "expert-4-answers-02.png", "expert-4-page-01.png",
                     "expert-4-page-02.png"]


def test_a_file_edited_by_hand_is_kept_unless_force(tmp_path):
    assert make_run("iq-stars", "junior", 2, 1, tmp_path) == {"wrote": 2, "same": 0, "kept": 0, "pages": 1}
    path = tmp_path / "levels" / "iq-stars" / "level_junior-1-2.txt"
    path.write_text("edited\n")
    assert make_run("iq-stars", "junior", 2, 1, tmp_path) == {"wrote": 0, "same": 1, "kept": 1, "pages": 1}
    assert path.read_text() == "edited\n"
    assert make_run("iq-stars", "junior", 2, 1, tmp_path, force=True)["wrote"] == 2
    assert "edited" not in path.read_text()


@pytest.mark.parametrize(("args", "message"), [
    (("make", "sudoku"), "not a family visolve makes"),
    (("make", "iq-stars", "--level", "grandmaster"), "not a level of iq-stars"),
    (("make", "iq-stars", "--count", "0"), "--count"),
    (("make", "iq-stars", "--hardest"), "is for a family that counts"),
    (("make", "genius-square", "--hardest", "--easiest"), "one of --hardest and --easiest"),
])
def test_bad_options_are_usage_errors(tmp_path, capsys, args, message):
    assert run_cli(*args, "--data", str(tmp_path)) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "levels").exists()


def test_a_level_with_no_new_challenge_left_is_an_error_not_a_traceback(tmp_path, capsys, monkeypatch):
    from visolve.make import xoxo

    monkeypatch.setattr(xoxo, "MAX_DRAWS", 0)  # as when every unique challenge of the level is made
    assert run_cli("make", "iq-xoxo", "--count", "2", "--data", str(tmp_path)) == 1
    err = capsys.readouterr().err
    assert "error: no unique wizard challenge in 0 draws" in err and "Traceback" not in err
