"""Watching raw/: complete pictures are handed on once, partly written ones wait."""

from __future__ import annotations

import os
import threading
import time

import cv2
import numpy as np
import pytest

from visolve.watch import Settling, looks_complete, watch

#: hang guard for the threaded tests: far above what they need (a few tenths of a second)
PATIENCE = 20.0


def _png_bytes() -> bytes:
    img = np.zeros((40, 60, 3), np.uint8)
    img[10:30, 10:50] = (0, 200, 255)
    return cv2.imencode(".png", img)[1].tobytes()


def _jpg_bytes() -> bytes:
    img = np.full((40, 60, 3), 128, np.uint8)
    return cv2.imencode(".jpg", img)[1].tobytes()


def test_partly_written_pictures_do_not_look_complete(tmp_path):
    for name, data in (("a.png", _png_bytes()), ("b.jpg", _jpg_bytes())):
        path = tmp_path / name
        path.write_bytes(data[: len(data) // 2])
        assert not looks_complete(path)
        path.write_bytes(data)
        assert looks_complete(path)
    other = tmp_path / "c.bmp"
    other.write_bytes(b"BM....")
    assert looks_complete(other)


def test_settling_waits_for_a_still_and_complete_file(tmp_path):
    data = _png_bytes()
    path = tmp_path / "p.png"
    pending = Settling(settle=1.0)
    path.write_bytes(data[:100])
    pending.touch(path, now=0.0)
    assert pending.due(now=5.0) == []  # still, but not complete: waits
    path.write_bytes(data)
    assert pending.due(now=5.5) == []  # changed: the wait starts again
    assert pending.due(now=6.0) == []
    assert pending.due(now=6.6) == [path]
    pending.touch(path, now=7.0)
    assert pending.due(now=9.0) == []  # the same content is not handed out twice
    (tmp_path / "notes.txt").write_text("x")
    pending.touch(tmp_path / "notes.txt", now=9.0)
    assert not pending.has_pending()


@pytest.mark.parametrize("poll", [True, False], ids=["polling", "watchdog"])
def test_watch_hands_on_each_written_picture_once(tmp_path, poll):
    if not poll:
        pytest.importorskip("watchdog", reason="watchdog not installed: only the polling fallback runs")
    raw = tmp_path / "raw"
    raw.mkdir()
    seen: list[str] = []
    got_two = threading.Event()
    stop = threading.Event()

    def handle(paths):
        seen.extend(p.name for p in paths)
        if len(seen) >= 2:
            got_two.set()

    thread = threading.Thread(target=watch, args=(raw, handle, stop),
                              kwargs={"poll": poll, "settle": 0.2}, daemon=True)
    thread.start()
    try:
        time.sleep(0.3)  # let the watcher take its first look
        data = _png_bytes()
        with open(raw / "slow.png", "wb") as fh:  # written in two pieces, like a sync
            fh.write(data[:200])
            fh.flush()
            time.sleep(0.1)
            fh.write(data[200:])
        (raw / "quick.jpg").write_bytes(_jpg_bytes())
        (raw / "ignored.txt").write_text("not a picture")
        assert got_two.wait(PATIENCE), f"watch handed on only {seen}"
        time.sleep(0.5)  # nothing more arrives: each picture exactly once
        assert sorted(seen) == ["quick.jpg", "slow.png"]
    finally:
        stop.set()
        thread.join(PATIENCE)
    assert not thread.is_alive()


def _read_until(stream, want: str, patience: float) -> list[str]:
    """Lines of ``stream`` up to the first containing ``want`` (hang guard: ``patience`` seconds)."""
    import selectors

    sel = selectors.DefaultSelector()
    sel.register(stream, selectors.EVENT_READ)
    lines, end = [], time.monotonic() + patience
    while time.monotonic() < end:
        if sel.select(timeout=0.2):
            line = stream.readline()
            if not line:
                break
            lines.append(line)
            if want in line:
                return lines
    raise AssertionError(f"no line with {want!r} within {patience} s: {lines}")


def test_visolve_watch_prepares_and_solves_a_new_picture_and_stops_on_ctrl_c(tmp_path):
    """`visolve watch` end to end: a picture copied in is read and solved; Ctrl-C ends it cleanly."""
    from tests.conftest import ctrl_c, visolve_process
    from tests.test_cli import scrambled_level
    from visolve.puzzles.circuit500.painter import render_screenshot

    data = tmp_path / "data"
    (data / "raw").mkdir(parents=True)
    with visolve_process("watch", "--poll", "--data", str(data), "-j", "1") as proc:
        _read_until(proc.stderr, "watching", PATIENCE)
        png = cv2.imencode(".png", render_screenshot(scrambled_level(21, 3), size=(640, 1136)))[1].tobytes()
        with open(data / "raw" / "new.png", "wb") as fh:  # written in two pieces, as a copy would
            fh.write(png[: len(png) // 2])
            fh.flush()
            time.sleep(0.5)
            fh.write(png[len(png) // 2:])
        _read_until(proc.stdout, "solve: circuit500/level_021", PATIENCE)
        _out, err = ctrl_c(proc, PATIENCE)
    assert proc.returncode == 0, err
    assert "stopped watching" in err and "Traceback" not in err
    assert (data / "levels/circuit500/level_021.txt").exists()
    assert (data / "solutions/circuit500/level_021.json").exists()
    assert (data / "index.html").exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
@pytest.mark.parametrize("poll", [True, False], ids=["polling", "watchdog"])
def test_a_fifo_or_a_device_in_raw_is_passed_over_and_watching_goes_on(tmp_path, poll):
    """Before, a FIFO's opening waited for a writer for good (the watch stopped) and /dev/zero was read
    until memory ran out; now each is named once, never opened, and later pictures are handed on."""
    if not poll:
        pytest.importorskip("watchdog", reason="watchdog not installed: only the polling fallback runs")
    raw = tmp_path / "raw"
    raw.mkdir()
    seen: list[str] = []
    skipped: list[tuple[str, str]] = []
    arrived = threading.Event()
    stop = threading.Event()

    def handle(paths):
        seen.extend(p.name for p in paths)
        if "after.png" in seen:
            arrived.set()

    thread = threading.Thread(target=watch, args=(raw, handle, stop), daemon=True,
                              kwargs={"poll": poll, "settle": 0.2,
                                      "on_skip": lambda path, why: skipped.append((path.name, why))})
    thread.start()
    try:
        time.sleep(0.3)  # let the watcher take its first look
        os.mkfifo(raw / "pipe.png")
        (raw / "zero.png").symlink_to("/dev/zero")
        time.sleep(0.6)  # both are seen (and passed over) before the picture comes
        (raw / "after.png").write_bytes(_png_bytes())
        assert arrived.wait(PATIENCE), f"watch stopped: handed on {seen}, passed over {skipped}"
        time.sleep(0.5)  # nothing is said twice
        assert thread.is_alive()
    finally:
        stop.set()
        thread.join(PATIENCE)
    assert seen == ["after.png"]
    assert sorted(skipped) == [("pipe.png", "not a regular file (a FIFO)"),
                               ("zero.png", "not a regular file (a device)")]


def test_looks_complete_never_opens_a_fifo_for_good(tmp_path):
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this system")
    fifo = tmp_path / "pipe.png"
    os.mkfifo(fifo)
    answer = []
    thread = threading.Thread(target=lambda: answer.append(looks_complete(fifo)), daemon=True)
    thread.start()
    thread.join(PATIENCE)  # hang guard: opening a FIFO for reading waits for a writer
    assert answer == [False]


def _screenshots(raw, numbers) -> None:
    from tests.test_cli import scrambled_level
    from visolve.puzzles.circuit500.painter import render_screenshot

    for n in numbers:
        cv2.imwrite(str(raw / f"shot{n}.png"), render_screenshot(scrambled_level(n, 3), size=(640, 1136)))


@pytest.mark.slow  # 40 pictures drawn, two workers started: about 9 s each on a busy 2-core machine
@pytest.mark.parametrize("how", ["ctrl-c", "sigterm"])
def test_watch_stopped_in_the_middle_of_a_batch_exits_0(tmp_path, how):
    """Stopping is how a watch ends (README): also mid-batch the exit code is 0, the cut is reported;
    SIGTERM (a kill, a service manager) stops it as Ctrl-C does, and no worker stays behind."""
    from tests.conftest import ctrl_c, visolve_process
    from tests.test_runner import descendants, wait_until_gone

    data = tmp_path / "data"
    (data / "raw").mkdir(parents=True)
    _screenshots(data / "raw", range(1, 41))
    with visolve_process("watch", "--poll", "--data", str(data), "-j", "2") as proc:
        _read_until(proc.stdout, "prepare: ", PATIENCE * 3)  # the first of 40: the batch is under way
        workers = descendants(proc.pid)
        if how == "ctrl-c":
            _out, err = ctrl_c(proc, PATIENCE)
        else:
            proc.terminate()  # to the main process only
            _out, err = proc.communicate(timeout=PATIENCE)
    assert proc.returncode == 0, err
    assert "interrupted after" in err and "Traceback" not in err
    assert workers, "the batch ran on no worker process"
    assert wait_until_gone(workers) == set()
