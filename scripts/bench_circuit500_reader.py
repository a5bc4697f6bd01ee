#!/usr/bin/env python3
"""Time the circuit500 reader on the real screenshots and photos, against its budgets.

These budgets were asserted by ``tests/puzzles/circuit500/test_reader.py``
and ``test_photos.py``; a wall-clock bound in a test fails on a busy machine
whatever the code does, so the tests check the readings and this script the
time.  For each set of ``--shared``/circuit500 (``raw`` and ``scaled``
screenshots, ``photos``) every picture is loaded once and read ``--runs``
times; a set's figure is the median over its pictures of each picture's
median read, on one OpenCV thread, on the process CPU clock (``--clock wall``
for the wall clock).  A picture not read as its truth says is counted, not
timed.  The exit status is 1 when a set is over its budget (ms):

* ``raw``, ``scaled``: 100 (a phone screenshot);
* ``photos``: 1000 (a photo of a phone screen).

    .venv/bin/python scripts/bench_circuit500_reader.py [--shared ../shared] [--runs 5] [--clock cpu]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

import cv2

from visolve.errors import NotThisPuzzle, ReadError
from visolve.puzzles.circuit500.model import make_grid, parse_token
from visolve.puzzles.circuit500.reader import read
from visolve.vision.imageio import load_image

ROOT = Path(__file__).resolve().parents[1]
#: each set's budget: median read per picture (ms)
BUDGETS = {"raw": 100.0, "scaled": 100.0, "photos": 1000.0}
PICTURES = (".jpg", ".jpeg", ".png")
CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}


def truth_of(shared: Path) -> dict[str, dict]:
    """The truth file's records by picture stem."""
    out = {}
    for line in (shared / "truth.jsonl").read_text(encoding="utf-8").splitlines():
        if line.strip():
            record = json.loads(line)
            out[Path(record["file"]).stem] = record
    return out


def read_right(path: Path, picture, want: dict) -> bool:
    """Whether the picture reads as its truth (level and every tile)."""
    try:
        got = read(picture, path.name)
    except (ReadError, NotThisPuzzle):
        return False
    grid = make_grid([[parse_token(t) for t in row] for row in want["grid"]])
    return got.level == want["level"] and got.grid == grid


def time_set(folder: Path, truth: dict[str, dict], runs: int, clock) -> tuple[list[float], int, int]:
    """Each picture's median read (s) over ``runs``, the pictures read wrongly, and how many there were."""
    files = sorted(p for p in folder.iterdir() if p.suffix.lower() in PICTURES and p.stem in truth)
    medians, wrong = [], 0
    for path in files:
        picture = load_image(path)
        if not read_right(path, picture, truth[path.stem]):  # the first read also warms the caches
            wrong += 1
            continue
        times = []
        for _ in range(runs):
            t0 = clock()
            read(picture, path.name)
            times.append(clock() - t0)
        medians.append(statistics.median(times))
    return medians, wrong, len(files)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--shared", type=Path, default=ROOT.parent / "shared", help="third-party pictures (../shared)")
    ap.add_argument("--runs", type=int, default=5, help="reads per picture (median)")
    ap.add_argument("--clock", choices=sorted(CLOCKS), default="cpu",
                    help="process CPU clock (default; fair on a busy machine) or wall clock")
    args = ap.parse_args(argv)
    shared = args.shared / "circuit500"
    if not (shared / "truth.jsonl").is_file():
        print(f"no circuit500 pictures with truth in {shared}: nothing to time")
        return 0
    cv2.setNumThreads(1)
    truth, over = truth_of(shared), []
    print(f"circuit500 reader: median over pictures of the median of {args.runs} reads, {args.clock} clock, "
          "one OpenCV thread")
    for name, budget in BUDGETS.items():
        folder = shared / name
        if not folder.is_dir():
            print(f"{name}: absent")
            continue
        medians, wrong, total = time_set(folder, truth, max(1, args.runs), CLOCKS[args.clock])
        if not medians:
            print(f"{name}: {total} pictures, none read right")
            continue
        ms = statistics.median(medians) * 1000
        verdict = "ok" if ms <= budget else "OVER"
        print(f"{name}: {len(medians)}/{total} read right, median {ms:.1f} ms, max {max(medians) * 1000:.1f} ms "
              f"(budget {budget:.0f} ms: {verdict})" + (f", {wrong} read wrongly" if wrong else ""))
        if ms > budget:
            over.append(name)
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
