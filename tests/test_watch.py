"""Watching raw/: complete pictures are handed on once, partly written ones wait."""

from __future__ import annotations

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
