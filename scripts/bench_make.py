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


def round_trip(family: str, levels: tuple[str, ...], seeds: tuple[int, ...], count: int) -> tuple[int, int, int]:
    """Pages made, dropped into raw/, read by ``--prepare-all``: ``(exact, misread, not read)`` challenges.

    A page is read back as levels numbered by their tabs (``level_001.txt`` ...), compared with the
    level files the run wrote; a page read as one level named after the picture counts its
    challenges as misread (all but one are lost, and that one is not named as made).
    """
    import shutil

    from visolve import puzzles
    from visolve.make.command import make_run
    from visolve.make.generate import board_of

    fam = puzzles.get(family)
    exact = misread = missing = 0
    for level in levels:
        for seed in seeds:
            with tempfile.TemporaryDirectory() as tmp:
                data = Path(tmp)
                make_run(family, level, count, seed, data)
                (data / "raw").mkdir()
                for page in (data / "booklet" / family).glob("*-page-*.png"):
                    shutil.copy(page, data / "raw" / page.name)
                subprocess.run([sys.executable, "-m", "visolve", "--prepare-all", "--data", str(data), "-q",
                                "--puzzle", family, "--jobs", "1"], capture_output=True)
                folder = data / "levels" / family
                whole_pages = list(folder.glob("level_*-page-*.txt"))
                for k in range(1, count + 1):
                    made = fam.parse_level((folder / f"level_{level}-{seed}-{k}.txt").read_text(), "")
                    read = folder / f"level_{k:03d}.txt"
                    if read.exists() and board_of(fam.parse_level(read.read_text(), "")) == board_of(made):
                        exact += 1
                    elif read.exists() or whole_pages:
                        misread += 1
                    else:
                        missing += 1
    return exact, misread, missing


def photo_round_trip(seeds: int, strength: float) -> tuple[int, int, int]:
    """IQ XOXO pages (starter, master, wizard; ``seeds`` seeds) photographed by
    ``visolve.testing.photos`` and read by the family's reader: ``(exact, misread, refused)``."""
    import numpy as np

    from visolve import puzzles
    from visolve.errors import NotThisPuzzle, ReadError
    from visolve.make.generate import challenges
    from visolve.make.pages import draw_page
    from visolve.testing.photos import photograph

    fam = puzzles.get("iq-xoxo")
    exact = misread = refused = 0
    for seed in range(1, seeds + 1):
        for n, level in enumerate(("starter", "master", "wizard")):
            made = list(challenges("iq-xoxo", level, 6, seed))
            photo, _h = photograph(draw_page("iq-xoxo", made), np.random.default_rng([seed, n]), strength)
            try:
                got = fam.read(photo, "photo.jpg")
            except (NotThisPuzzle, ReadError):
                refused += len(made)
                continue
            read = {g.level: g.rows for g in (got if isinstance(got, list) else [got])}
            for m in made:
                rows = read.pop(m.k, None)
                exact += rows == m.level.rows
                misread += rows is not None and rows != m.level.rows
                refused += rows is None
            misread += len(read)  # boards read under a number no challenge has
    return exact, misread, refused


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--booklet", action="store_true")
    parser.add_argument("--photos", type=int, default=0, metavar="SEEDS",
                        help="photographed IQ XOXO pages read back (3 pages of 6 per seed)")
    parser.add_argument("--strength", type=float, default=1.0, help="the photos' distortion, 0..1")
    parser.add_argument("--round-trip", action="store_true",
                        help="read made pages back through --prepare-all (IQ XOXO: 5 levels x 2 seeds x 12; "
                             "the others: one page each)")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                        help="judge the targets on wall time (default) or CPU time (a busy machine)")
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    args = parser.parse_args()
    missed = 0
    for make_args, target in TARGETS if args.runs > 0 else ():  # --runs 0: no timing
        wall, cpu = timed(make_args, args.runs)
        seconds = cpu if args.clock == "cpu" else wall
        verdict = "" if target is None else (" ok" if seconds <= target else " OVER")
        missed += target is not None and seconds > target
        print(f"visolve make {' '.join(make_args)}: median wall {wall:.2f} s, CPU {cpu:.2f} s of {args.runs}"
              + (f" (target {target:.0f} s, {args.clock}){verdict}" if target else ""), flush=True)
    if args.booklet:
        booklet(args.shared)
    if args.round_trip:
        for family, levels, seeds, count in (("iq-xoxo", ("starter", "junior", "expert", "master", "wizard"),
                                              (1, 2), 12),
                                             ("iq-stars", ("wizard",), (1,), 6), ("iq-circuit", ("master",), (1,), 6),
                                             ("genius-square", ("starter",), (1,), 6)):
            exact, misread, missing = round_trip(family, levels, seeds, count)
            print(f"round trip {family}: {exact} exact, {misread} misread, {missing} not read "
                  f"of {exact + misread + missing}", flush=True)
    if args.photos:
        exact, misread, refused = photo_round_trip(args.photos, args.strength)
        print(f"photographed iq-xoxo pages (strength {args.strength}): {exact} exact, {misread} misread, "
              f"{refused} refused of {exact + misread + refused}", flush=True)
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
