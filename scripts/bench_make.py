#!/usr/bin/env python3
"""Time ``visolve make`` against its targets, and measure its grades on the booklets.

Each target runs the command as a user does (``python -m visolve make ...``,
a fresh process, a fresh data folder) ``--runs`` times; its figure is the
median wall time.  Targets (seconds):

* ``iq-stars --level wizard --count 24``: 5;
* ``iq-xoxo --level wizard --count 24``, ``iq-circuit --level wizard --count 24``: 30;
* ``genius-square --hardest --count 24`` (no target: printed only).

Booklet pages are part of it (4 pages and 4 answers pages at 300 dpi for 24).
CPU time (user + system of the process) is printed beside: on a machine
shared with other work the wall time is mostly waiting (``--clock cpu``
judges on it).

``--booklet`` also grades the published challenges (``--shared``/iq-stars
``challenges.json``, iq-circuit ``levels.json``) and prints each level's
grade range and the Spearman rank correlation of grade with booklet order.
The exit status is 1 when a target is missed.

    .venv/bin/python scripts/bench_make.py [--runs 5] [--booklet] [--clock wall|cpu] [--shared ../shared]
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGETS = (
    (("iq-stars", "--level", "wizard", "--count", "24"), 5.0),
    (("iq-xoxo", "--level", "wizard", "--count", "24"), 30.0),
    (("iq-circuit", "--level", "wizard", "--count", "24"), 30.0),
    (("genius-square", "--hardest", "--count", "24"), None),
)


def timed(args: tuple[str, ...], runs: int) -> tuple[float, float]:
    """Median ``(wall, CPU)`` seconds of ``visolve make ARGS`` over ``runs`` fresh processes
    (CPU: the child's user + system time, all its threads)."""
    walls, cpus = [], []
    for run in range(runs):
        with tempfile.TemporaryDirectory() as data:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            t0 = time.perf_counter()
            subprocess.run([sys.executable, "-m", "visolve", "make", *args, "--seed", str(run + 1),
                            "--data", data, "-q"], check=True, capture_output=True)
            walls.append(time.perf_counter() - t0)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(walls), statistics.median(cpus)


def booklet(shared: Path) -> None:
    """Grade ranges per level and Spearman with booklet order, IQ Stars and IQ Circuit."""
    from visolve.make.grade import grade, spearman
    from visolve.puzzles.base import SolveOptions
    from visolve.puzzles.iq_circuit import solver
    from visolve.puzzles.iq_circuit.levelfile import from_booklet_data
    from visolve.puzzles.iq_stars import model
    from visolve.puzzles.iq_stars.board import constraints

    stars = json.loads((shared / "iq-stars" / "challenges.json").read_text())["challenges"]
    rows = [(c["number"], c["level"], grade(model.engine().table, constraints(c["challenge"])).value) for c in stars]
    circuit = json.loads((shared / "iq-circuit" / "levels.json").read_text())["levels"]
    for e in circuit:
        level = from_booklet_data(e)
        rows.append((1000 + e["level"], "circuit " + level.kind, solver.solve(level, SolveOptions())["nodes"]))
    for name, part in (("iq-stars", [r for r in rows if r[0] < 1000]), ("iq-circuit", [r for r in rows if r[0] > 1000])):
        print(f"{name}: {len(part)} challenges, Spearman(grade, booklet order) = "
              f"{spearman([r[0] for r in part], [r[2] for r in part]):.3f}")
        for level in dict.fromkeys(r[1] for r in part):
            grades = sorted(r[2] for r in part if r[1] == level)
            print(f"  {level:16s} grades {grades[0]}..{grades[-1]}, median {statistics.median(grades)}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--booklet", action="store_true")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                        help="judge the targets on wall time (default) or CPU time (a busy machine)")
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    args = parser.parse_args()
    missed = 0
    for make_args, target in TARGETS:
        wall, cpu = timed(make_args, args.runs)
        seconds = cpu if args.clock == "cpu" else wall
        verdict = "" if target is None else (" ok" if seconds <= target else " OVER")
        missed += target is not None and seconds > target
        print(f"visolve make {' '.join(make_args)}: median wall {wall:.2f} s, CPU {cpu:.2f} s of {args.runs}"
              + (f" (target {target:.0f} s, {args.clock}){verdict}" if target else ""), flush=True)
    if args.booklet:
        booklet(args.shared)
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
