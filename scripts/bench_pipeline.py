#!/usr/bin/env python3
"""Benchmark the folder workflow on 500 circuit500 screenshots: prepare, pictures, handle-all, start-up.

The pictures: the real 640x1136 screenshots of ``../shared/circuit500/raw``
(third-party: copied only into a temporary folder for the run) and, for the
other levels of ``levels.jsonl``, screenshots drawn by visolve's painter at
the same size (pixel-exact to the game's, see tests/puzzles/circuit500/test_painter.py),
500 in all.  Measured, each a median over ``--runs`` runs:

* prepare, one core: load + probe + read + level file written, CPU time per picture (median);
* solution pictures: paint + PNG written, CPU time per level (median);
* ``visolve --handle-all --jobs 2`` on the whole folder, wall time, start-up included;
* ``--prepare-all`` then ``--solve-all`` with ``--jobs 1`` and ``--jobs 2`` (wall), printed beside
  the seed's figures from issue 17 (the seed itself is not part of this project);
* start-up: ``visolve --help`` wall time, and a one-picture ``--handle`` wall time less the
  work its item reports.

visolve's modules are byte-compiled first (:func:`byte_compile`), as an installed copy is.

    .venv/bin/python scripts/bench_pipeline.py [--runs 3] [--shared ../shared]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import cv2

ROOT = Path(__file__).resolve().parents[1]
#: pictures in the benchmark folder
TOTAL = 500
#: screen size of the real screenshots
SIZE = (640, 1136)
#: drawn screenshots are stored as the phone stores its own: every row unfiltered, deflated at
#: the fastest level (read off the real files' rows and zlib headers).  OpenCV's default (SUB
#: filter, run-length deflate) makes files 1.6x larger that take about 1.5x longer to decode.
PHONE_PNG = [cv2.IMWRITE_PNG_FILTER, cv2.IMWRITE_PNG_FILTER_NONE, cv2.IMWRITE_PNG_COMPRESSION, 1]


def make_folder(shared: Path, out: Path) -> int:
    """raw/ with the real screenshots and drawn ones for the other levels; returns how many are real."""
    from visolve.puzzles.circuit500.painter import render_screenshot

    raw = out / "raw"
    raw.mkdir(parents=True)
    truth = [json.loads(line) for line in (shared / "circuit500" / "truth.jsonl").read_text().splitlines()]
    real_levels = set()
    for t in truth:
        shutil.copyfile(shared / "circuit500" / "raw" / t["file"], raw / t["file"])
        real_levels.add(t["level"])
    drawn = 0
    for line in (shared / "circuit500" / "levels.jsonl").read_text().splitlines():
        rec = json.loads(line)
        if rec["level"] in real_levels or len(real_levels) + drawn >= TOTAL:
            continue
        level = _level_of(rec)
        cv2.imwrite(str(raw / f"drawn_{rec['level']:03d}.png"), render_screenshot(level, size=SIZE, counter=0),
                    PHONE_PNG)
        drawn += 1
    return len(real_levels)


def _level_of(rec: dict):
    from visolve.puzzles.circuit500.model import Level, make_grid, parse_token

    return Level(rec["level"], make_grid([[parse_token(t) for t in row] for row in rec["grid"]]))


def prepare_times(data: Path) -> list[float]:
    """CPU seconds per picture for the whole prepare task on one core."""
    from visolve import pipeline

    opts = pipeline.RunOptions(data=data, jobs=1, force=True)
    times = []
    for path in sorted((data / "raw").iterdir()):
        t0 = time.process_time()
        item = pipeline.run_task(pipeline.Task("prepare", str(path)), opts)
        times.append(time.process_time() - t0)
        if not item.ok:
            print(f"  not read: {item.line()}", file=sys.stderr)
    return times


def picture_times(data: Path) -> list[float]:
    """CPU seconds per solution picture (paint + PNG written), levels solved first (not timed)."""
    from visolve import puzzles
    from visolve.puzzles.base import SolveOptions
    from visolve.vision.imageio import save_image

    family = puzzles.get("circuit500")
    times = []
    out = data / "pictures"
    for path in sorted((data / "levels" / "circuit500").glob("level_*.txt")):
        level = family.parse_level(path.read_text(), path.name)
        solution = family.solve(level, SolveOptions())
        t0 = time.process_time()
        save_image(out / f"{path.stem}.png", family.paint(level, solution))
        times.append(time.process_time() - t0)
    return times


def visolve(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(Path(sys.executable).with_name("visolve")), *args],
                          capture_output=True, text=True)


def _fresh(raw: Path, data: Path) -> None:
    if data.exists():
        shutil.rmtree(data)
    shutil.copytree(raw, data / "raw")


def _timed(*args: str) -> float:
    t0 = time.perf_counter()
    res = visolve(*args, "-q")
    wall = time.perf_counter() - t0
    print("  " + " ".join(args[:1]) + ": " + res.stderr.strip().splitlines()[-1], file=sys.stderr)
    return wall


def handle_all_wall(raw: Path, work: Path) -> float:
    data = work / "handle"
    _fresh(raw, data)
    return _timed("--handle-all", "--data", str(data), "--jobs", "2")


def two_step_walls(raw: Path, work: Path, jobs: int) -> tuple[float, float]:
    """(``--prepare-all`` wall, then ``--solve-all`` wall) with ``jobs`` workers, as in the issue's table."""
    data = work / f"steps{jobs}"
    _fresh(raw, data)
    prepare = _timed("--prepare-all", "--data", str(data), "--jobs", str(jobs))
    return prepare, _timed("--solve-all", "--data", str(data), "--jobs", str(jobs))


def startup(raw: Path, work: Path) -> tuple[float, float]:
    """(``--help`` wall, one-picture ``--handle`` wall less its items' own seconds)."""
    t0 = time.perf_counter()
    visolve("--help")
    help_wall = time.perf_counter() - t0
    data = work / "one"
    if data.exists():
        shutil.rmtree(data)
    (data / "raw").mkdir(parents=True)
    first = sorted(raw.iterdir())[0]
    shutil.copyfile(first, data / "raw" / first.name)
    t0 = time.perf_counter()
    res = visolve("--handle", first.name, "--data", str(data), "--json", "-j", "1")
    wall = time.perf_counter() - t0
    work_s = sum(json.loads(line)["seconds"] for line in res.stdout.splitlines() if line.startswith("{"))
    return help_wall, wall - work_s


def byte_compile() -> None:
    """Compile visolve's modules to byte code, as pip does when it installs a wheel.

    An editable install compiles them when first imported, unless byte code is not
    written (``PYTHONDONTWRITEBYTECODE``, set on some machines): then every run and every
    worker would compile about 100 modules again (0.3 s each), which no installed copy does.
    """
    import compileall

    import visolve

    compileall.compile_dir(Path(visolve.__file__).parent, quiet=1)


def med_ms(values: list[float]) -> float:
    return 1000 * statistics.median(values)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    args = ap.parse_args(argv)
    if not (args.shared / "circuit500" / "truth.jsonl").exists():
        print(f"third-party pictures not found under {args.shared}", file=sys.stderr)
        return 2
    cv2.setNumThreads(1)
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    byte_compile()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        real = make_folder(args.shared, work / "data")
        print(f"{real} real screenshots + {TOTAL - real} drawn ones", file=sys.stderr)
        prep, pics, walls, helps, starts = [], [], [], [], []
        steps: dict[int, list[tuple[float, float]]] = {1: [], 2: []}
        raw = work / "data" / "raw"
        for run in range(args.runs):
            prep.append(med_ms(prepare_times(work / "data")))
            pics.append(med_ms(picture_times(work / "data")))
            walls.append(handle_all_wall(raw, work))
            for jobs in steps:
                steps[jobs].append(two_step_walls(raw, work, jobs))
            h, s = startup(raw, work)
            helps.append(h)
            starts.append(s)
            print(f"run {run + 1}: prepare {prep[-1]:.1f} ms, picture {pics[-1]:.1f} ms, "
                  f"handle-all {walls[-1]:.2f} s, --help {h:.2f} s, one-picture start-up {s:.2f} s",
                  file=sys.stderr)
    print("| measure | median of runs | runs |\n| --- | --- | --- |")
    for name, vals, unit in (("prepare per screenshot, one core (CPU)", prep, "ms"),
                             ("solution picture (paint + PNG), one core (CPU)", pics, "ms"),
                             ("`--handle-all --jobs 2`, 500 screenshots (wall)", walls, "s"),
                             ("`visolve --help` (wall)", helps, "s"),
                             ("one-picture `--handle` start-up (wall less work)", starts, "s")):
        runs = ", ".join(f"{v:.2f}" for v in vals)
        print(f"| {name} | {statistics.median(vals):.2f} {unit} | {runs} |")
    print_side_by_side(steps, walls)
    return 0


#: the seed's figures on this machine, from issue 17 (its C++ reader and 6-tap solver, one core;
#: the seed is not part of this project, so they are not measured here)
SEED_PREPARE, SEED_SOLVE = 4.6, 22.7
#: the seed's prepare + 6-tap solve run side by side with visolve in the issue
SEED_SIDE_BY_SIDE = 27.2


def print_side_by_side(steps: dict[int, list[tuple[float, float]]], handle: list[float]) -> None:
    """The issue's table with this run's medians: prepare 500, solve 500, and the ratio to the seed."""
    print("\n| | prepare 500 | solve 500 | together | against the seed |\n| --- | --- | --- | --- | --- |")
    seed = SEED_PREPARE + SEED_SOLVE
    print(f"| the seed (C++, one core, 6-tap cap; issue 17's figures) | {SEED_PREPARE:.1f} s | "
          f"{SEED_SOLVE:.1f} s | {seed:.1f} s | 1.00x |")
    for jobs, runs in steps.items():
        prepare = statistics.median(p for p, _s in runs)
        solve = statistics.median(s for _p, s in runs)
        print(f"| visolve `--prepare-all`, `--solve-all`, `--jobs {jobs}` | {prepare:.1f} s | {solve:.1f} s | "
              f"{prepare + solve:.1f} s | {(prepare + solve) / seed:.2f}x |")
    both = statistics.median(handle)
    print(f"| visolve `--handle-all --jobs 2` (one command) | | | {both:.1f} s | "
          f"{both / SEED_SIDE_BY_SIDE:.2f}x (of {SEED_SIDE_BY_SIDE} s) |")


if __name__ == "__main__":
    sys.exit(main())
