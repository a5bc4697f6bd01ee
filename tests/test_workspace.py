"""The data folder: layout, picture discovery, atomic writes."""

import json
import os

import pytest

from visolve import safefile, workspace
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


# -- levels/ holds files only ------------------------------------------------------------------------
#: hang guard for reads that used to block (a FIFO) or never end (/dev/zero); they take milliseconds now
PATIENCE = 20.0


def _in_thread(fn, *args):
    """``fn(*args)``'s result or exception, or an AssertionError when it is still running after PATIENCE."""
    import threading

    out = {}

    def run():
        try:
            out["value"] = fn(*args)
        except BaseException as exc:  # noqa: BLE001 - handed to the test
            out["error"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(PATIENCE)
    assert not thread.is_alive(), f"{fn.__name__}{args} still running after {PATIENCE} s"
    return out


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_levels_folder_takes_regular_files_only(tmp_path):
    ws = Workspace.at(tmp_path)
    folder = ws.levels("circuit500")
    folder.mkdir(parents=True)
    (folder / "level_001.txt").write_text("level = 1\n")
    os.mkfifo(folder / "level_002.txt")
    (folder / "level_003.txt").symlink_to("/dev/zero")
    (folder / "level_004.txt").symlink_to(folder / "level_001.txt")  # a link to a file is a file
    (folder / "level_005.txt").symlink_to(folder / "nowhere.txt")
    (folder / "level_006.txt").mkdir()
    files, others = ws.scan_levels("circuit500")
    assert [p.name for p in files] == ["level_001.txt", "level_004.txt"]
    assert others == ["level_002.txt (a FIFO)", "level_003.txt (a device)", "level_005.txt (link to nothing)",
                      "level_006.txt (a folder)"]
    assert ws.level_files("circuit500") == files
    for name, why in (("level_002.txt", "a FIFO"), ("level_003.txt", "a device")):
        got = _in_thread(ws.read_level_text, folder / name)
        assert isinstance(got.get("error"), workspace.UnreadableFile), got
        assert why in str(got["error"])
    assert ws.read_level_text(folder / "level_004.txt") == "level = 1\n"


def test_over_large_level_file_is_refused_unread(tmp_path, monkeypatch):
    monkeypatch.setattr(workspace, "LEVEL_FILE_LIMIT", 1000)
    path = tmp_path / "level_001.txt"
    path.write_text("x" * 1001)
    with pytest.raises(workspace.UnreadableFile, match="too large"):
        Workspace.at(tmp_path).read_level_text(path)
    path.write_text("x\r\ny\r\n")  # read as text mode reads it
    assert Workspace.at(tmp_path).read_level_text(path) == "x\ny\n"


def test_read_limited_checks_the_opened_file_too(tmp_path, monkeypatch):
    """A file that turns into a FIFO between the look at its name and the opening is still refused."""
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this system")
    fifo = tmp_path / "swap.txt"
    os.mkfifo(fifo)
    regular = tmp_path / "small.txt"
    regular.write_text("x")
    real_stat = workspace.os.stat
    # the look at the name sees a small regular file: the FIFO came after it
    monkeypatch.setattr(workspace.os, "stat", lambda p, *a, **k: real_stat(regular if p == fifo else p, *a, **k))
    got = _in_thread(workspace.read_limited, fifo, 100)
    assert "a FIFO" in str(got.get("error")), got


# -- temporary files ---------------------------------------------------------------------------------
def _dead_pid() -> int:
    import subprocess
    import sys

    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid  # ended and reaped: no process has this id (unless it is soon given again)


def test_stale_temporaries_are_removed_and_nothing_else(tmp_path):
    ws = Workspace.at(tmp_path)
    sols = ws.solutions("circuit500")
    sols.mkdir(parents=True)
    ws.raw.mkdir()
    (tmp_path / "mine").mkdir()
    now = 1_000_000_000.0
    dead, alive = _dead_pid(), os.getpid()
    names = {
        sols / ".level_178.png.ylvpd61q.tmp": True,  # an earlier version's name, an hour old
        sols / f".level_179.png.{dead}-ab12cd34.tmp": True,  # its writer is gone
        sols / f".level_180.json.{alive}-ab12cd34.tmp": False,  # its writer still runs
        sols / ".level_181.png.abcdefgh.tmp": False,  # no writer named, and only a second old
        sols / ".notes.md.abcdefgh.tmp": False,  # not a name visolve writes
        sols / "level_182.png.abcdefgh.tmp": False,  # not hidden
        ws.raw / ".photo.png.abcdefgh.tmp": False,  # raw/ is the user's
        tmp_path / "mine" / ".photo.png.abcdefgh.tmp": False,  # a folder visolve does not write in
        tmp_path / ".index.html.qwertyui.tmp": True,
    }
    for path in names:
        path.write_bytes(b"")
        os.utime(path, (now - 3600, now - 3600))
    os.utime(sols / ".level_181.png.abcdefgh.tmp", (now - 1, now - 1))
    late = sols / f".level_183.png.{dead}-zz12cd34.tmp"  # made after the run started: left alone
    late.write_bytes(b"")
    os.utime(late, (now + 1, now + 1))
    link = sols / f".level_184.png.{dead}-ab12cd34.tmp"
    link.symlink_to(tmp_path / "elsewhere")
    removed = workspace.remove_stale_temporaries(tmp_path, now)
    assert sorted(removed) == sorted(p for p, gone in names.items() if gone)
    for path, gone in names.items():
        assert path.exists() != gone, path.name
    assert late.exists() and link.is_symlink()


def test_temporary_names_carry_the_writer_and_match_the_cleanup_pattern(tmp_path):
    name = workspace.temporary_name(tmp_path / "level_001.png").name
    m = workspace.TEMPORARY.match(name)
    assert m and m["target"] == "level_001.png" and int(m["pid"]) == os.getpid()


def test_a_write_stopped_by_an_interrupt_leaves_no_temporary_file(tmp_path, monkeypatch):
    """Ctrl-C at any point of an atomic write (here: each step in turn) leaves the old file only."""
    target = tmp_path / "f.txt"
    atomic_write_text(target, "old")
    for step in ("fdopen", "chmod", "replace"):
        real = getattr(workspace.os, step)

        def interrupted(*_a, **_k):
            raise KeyboardInterrupt

        monkeypatch.setattr(workspace.os, step, interrupted)
        with pytest.raises(KeyboardInterrupt):
            atomic_write_text(target, "new")
        monkeypatch.setattr(workspace.os, step, real)
        assert os.listdir(tmp_path) == ["f.txt"], step
        assert target.read_text() == "old"
    assert not safefile._live_temporaries


def test_ctrl_c_as_the_temporary_file_is_made_leaves_none(tmp_path, monkeypatch):
    """The interrupt lands right after the temporary file is created, before its name is returned."""
    import signal

    target = tmp_path / "f.txt"
    atomic_write_text(target, "old")
    real_open = os.open

    def open_then_ctrl_c(*args, **kw):
        fd = real_open(*args, **kw)
        os.kill(os.getpid(), signal.SIGINT)  # Python raises it at the next instruction it runs
        return fd

    monkeypatch.setattr(workspace.os, "open", open_then_ctrl_c)
    # Ctrl-C raising KeyboardInterrupt, also when the tests run as a background job of a
    # non-interactive shell (which starts them with SIGINT ignored, so nothing would raise)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt):
            atomic_write_text(target, "new")
    finally:
        signal.signal(signal.SIGINT, previous)
    monkeypatch.setattr(workspace.os, "open", real_open)
    assert os.listdir(tmp_path) == ["f.txt"]
    assert target.read_text() == "old"
