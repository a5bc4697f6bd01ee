#!/usr/bin/env python3
"""Benchmark the tiling engine on the four piece-placement families.

Reads the published data (third-party, default ``../shared``), runs every
task ``--runs`` times (median kept), checks every answer against the data
and prints the issue-13 table: work, must, goal, measured, answers right.
The two long Genius Square counts (every roll, every difficulty level) run
with ``--long``.  Multi-process tasks use ``--jobs`` processes; their time
includes starting the processes.

    .venv/bin/python scripts/bench_tiling.py [--jobs 2] [--runs 3] [--long] [--only gs-first ...]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import time
from pathlib import Path

from concurrent.futures import ProcessPoolExecutor
import json
import multiprocessing

from visolve.puzzles.genius_square import model as gs
from visolve.puzzles.iq_stars import model as stars
from visolve.puzzles.iq_xoxo import model as xoxo
from visolve.tiling import Constraints
from visolve.tiling.verify import indices_tile

ROOT = Path(__file__).resolve().parents[1]
#: the published totals
GS_TOTAL = 120_464_952
XOXO_FILLINGS = (68, 1848)
STARS_FILLINGS = (381, 2976)


# -- data -------------------------------------------------------------------
def _blocks(path: Path, rows: int) -> list[list[str]]:
    """Boards of ``rows`` lines separated by blank lines (``#`` lines skipped)."""
    lines = [ln.strip() for ln in path.read_text().splitlines() if not ln.startswith("#")]
    out, cur = [], []
    for ln in lines + [""]:
        if ln:
            cur.append(ln)
        elif cur:
            out.append(cur)
            cur = []
    assert all(len(b) == rows for b in out), path
    return out


def _xoxo_challenges(path: Path) -> list[dict]:
    """challenges.txt: number, challenge rows, solution rows."""
    out, cur, key = [], None, None
    for ln in path.read_text().splitlines():
        ln = ln.strip()
        if ln.startswith("challenge ="):
            cur = {"number": int(ln.split("=")[1]), "challenge": [], "solution": []}
            out.append(cur)
            key = "challenge"
        elif ln == "solution":
            key = "solution"
        elif cur is not None and ln and not ln.startswith(("#", "source")):
            cur[key].append(ln)
    return out


def load_data(shared: Path) -> dict:
    """Everything the tasks check against."""
    rolls = {}
    for ln in (shared / "genius-square" / "rolls.tsv").read_text().splitlines():
        if ln and not ln.startswith(("#", "blockers")):
            squares, n = ln.split("\t")
            rolls[tuple(sorted(squares.split()))] = int(n)
    return {
        "rolls": rolls,
        "xoxo_fillings": {tuple(b) for b in _blocks(shared / "iq-xoxo" / "fillings.txt", 5)},
        "xoxo_challenges": _xoxo_challenges(shared / "iq-xoxo" / "challenges.txt"),
        "stars_fillings": {tuple(b) for b in _blocks(shared / "iq-stars" / "fillings.txt", 4)},
        "stars_challenges": json.loads((shared / "iq-stars" / "challenges.json").read_text())["challenges"],
        "circuit_levels": _circuit_levels(shared),
    }


def _circuit_levels(shared: Path) -> list:
    """The booklet's levels 49-120 as Level objects (the solver's table is built on import)."""
    from visolve.puzzles.iq_circuit.levelfile import from_booklet_data

    entries = json.loads((shared / "iq-circuit" / "levels.json").read_text())["levels"]
    return [from_booklet_data(e) for e in entries]


def warm_up() -> None:
    """Build every placement table once, outside the timings (as bench_iq_circuit.py does)."""
    gs.engine()
    for flag in (True, False):
        xoxo.engine(flag)
        stars.engine(flag)


# -- Genius Square ------------------------------------------------------------
def _gs_chunk(job: tuple[list[tuple[str, ...]], str, bool]) -> tuple[list, list]:
    """One process's share of the rolls: counts (or first solutions) and their checks."""
    rolls, difficulty, first = job
    eng = gs.engine()
    masks = [gs.blocker_mask(r) for r in rolls]
    counts, firsts, _late = eng.batch(
        masks, apart=gs.apart_groups(difficulty), limit=1 if first else 0, keep_first=first
    )
    good = [f is not None and indices_tile(eng.table, f, m) for f, m in zip(firsts, masks)] if first else []
    return counts, good


#: shares per process (in blocker-mask order, so each share keeps its memo's neighbours)
SHARES_PER_JOB = 4


def _gs_run(rolls: list, jobs: int, difficulty: str, first: bool) -> tuple[list, list]:
    """Run the rolls in ``jobs`` processes; counts in the order of ``rolls``."""
    ordered = sorted(rolls, key=gs.blocker_mask)
    n = jobs * SHARES_PER_JOB
    cuts = [len(ordered) * i // n for i in range(n + 1)]
    shares = [(ordered[a:b], difficulty, first) for a, b in zip(cuts, cuts[1:])]
    with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork")) as pool:
        parts = list(pool.map(_gs_chunk, shares))
    by_roll = {}
    good = []
    for (share, _d, _f), (c, g) in zip(shares, parts):
        by_roll.update(zip(share, c))
        good += g
    return [by_roll[r] for r in rolls], good


def task_gs_first(data: dict, jobs: int) -> tuple[bool, str]:
    rolls = sorted(data["rolls"])
    _counts, good = _gs_run(rolls, jobs, "starter", True)
    return all(good) and len(good) == len(rolls), f"{sum(good)}/{len(rolls)} rolls solved and checked"


def task_gs_count(data: dict, jobs: int) -> tuple[bool, str]:
    rolls = sorted(data["rolls"])
    counts, _ = _gs_run(rolls, jobs, "starter", False)
    same = sum(c == data["rolls"][r] for r, c in zip(rolls, counts))
    return same == len(rolls) and sum(counts) == GS_TOTAL, f"{same}/{len(rolls)} counts equal, total {sum(counts):,}"


def task_gs_levels(data: dict, jobs: int) -> tuple[bool, str]:
    rolls = sorted(data["rolls"])
    notes, ok = [], True
    for level in gs.DIFFICULTY:
        counts, _ = _gs_run(rolls, jobs, level, False)
        unsolvable = sum(1 for c in counts if not c)
        if level == "starter":
            ok &= sum(counts) == GS_TOTAL
        notes.append(f"{level} {sum(counts):,} ({unsolvable} rolls unsolvable, min {min(counts)})")
    return ok, "; ".join(notes)


# -- IQ XOXO ------------------------------------------------------------------
def task_xoxo_fill(data: dict, jobs: int) -> tuple[bool, str]:
    ruled = xoxo.engine(True).enumerate()
    free = xoxo.engine(False).count()
    grids = {tuple(xoxo.solution_grid(s)) for s in ruled.solutions}
    ok = grids == data["xoxo_fillings"] and (ruled.count, free.count) == XOXO_FILLINGS
    return ok, f"{ruled.count} with the X/O rule (equal to fillings.txt: {grids == data['xoxo_fillings']}), {free.count} without"


def task_xoxo_challenges(data: dict, jobs: int) -> tuple[bool, str]:
    notes, ok = [], True
    for ch in data["xoxo_challenges"]:
        t0 = time.perf_counter()
        res = xoxo.solve_challenge(ch["challenge"])
        ms = (time.perf_counter() - t0) * 1000
        right = res.unique and xoxo.solution_grid(res.solutions[0]) == ch["solution"]
        ok &= bool(right)
        notes.append(f"{ch['number']}: {ms:.2f} ms{'' if right else ' WRONG'}")
    return ok, "unique and as published; " + ", ".join(notes)


# -- IQ Stars -----------------------------------------------------------------
def task_stars_fill(data: dict, jobs: int) -> tuple[bool, str]:
    single = stars.engine().enumerate()
    flips = stars.engine(flips=True).count()
    rows = {tuple(stars.solution_rows(s)) for s in single.solutions}
    ok = rows == data["stars_fillings"] and (single.count, flips.count) == STARS_FILLINGS
    return ok, f"{single.count} (equal to fillings.txt: {rows == data['stars_fillings']}), {flips.count} with flips"


def task_stars_challenges(data: dict, jobs: int) -> tuple[bool, str]:
    right = 0
    for ch in data["stars_challenges"]:
        res = stars.solve_challenge(ch["challenge"])
        right += bool(res.unique and stars.solution_rows(res.solutions[0]) == ch["solution"])
    n = len(data["stars_challenges"])
    return right == n, f"{right}/{n} unique and as published"


def task_stars_god(data: dict, jobs: int) -> tuple[bool, str]:
    eng, counts = stars.engine(), []
    for cell in stars.BOARD.cells:
        for letter in stars.LETTERS:
            counts.append(eng.unique(Constraints(covers={cell: letter})).count)
    ones, none = counts.count(1), counts.count(0)
    return not ones, f"{len(counts)} single fixed cells: {ones} with one solution, {none} with none, the rest >= 2"


# -- IQ Circuit -----------------------------------------------------------------
def task_circuit(data: dict, jobs: int) -> tuple[bool, str]:
    from visolve.puzzles.base import SolveOptions
    from visolve.puzzles.iq_circuit.solver import solve

    levels = data["circuit_levels"]
    unique = sum(1 for lv in levels if (r := solve(lv, SolveOptions()))["proven"] and r["count"] == 1)
    return unique == len(levels), f"{unique}/{len(levels)} levels proven unique"


TASKS = {
    "gs-first": ("Genius Square: one verified solution for each of the 62,208 rolls", "≤ 60 s (2 processes)", "≤ 2 s", task_gs_first),
    "gs-count": ("Genius Square: count every solution of every roll", "≤ 30 min", "≤ 25 s", task_gs_count),
    "gs-levels": ("Genius Square: each difficulty level, every roll", "≤ 10 min (all 5)", "≤ 60 s", task_gs_levels),
    "xoxo-fill": ("IQ XOXO: every filling, with and without the X/O rule", "≤ 10 s", "≤ 0.1 s", task_xoxo_fill),
    "xoxo-challenges": ("IQ XOXO: challenges solved, unique, as published", "each ≤ 0.5 s", "each ≤ 5 ms", task_xoxo_challenges),
    "stars-fill": ("IQ Stars: all fillings (381), with flips (2,976)", "≤ 5 s", "≤ 0.02 s", task_stars_fill),
    "stars-challenges": ("IQ Stars: 120 challenges solved, unique, as published", "≤ 10 s total", "≤ 0.03 s", task_stars_challenges),
    "stars-god": ("IQ Stars: no god challenge (26 cells x 7 colours)", "≤ 60 s", "≤ 0.1 s", task_stars_god),
    "circuit": ("IQ Circuit: levels 49-120 proven unique", "≤ 0.165 s", "≤ 0.1 s", task_circuit),
}
#: tasks run only with --long (or by name with --only)
LONG = {"gs-count", "gs-levels"}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", default=str(ROOT.parent / "shared"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--long", action="store_true", help="also the full Genius Square counts")
    ap.add_argument("--only", nargs="*", choices=list(TASKS), help="tasks to run")
    args = ap.parse_args()
    shared = Path(args.shared)
    if not shared.exists():
        print(f"data not found: {shared}", file=sys.stderr)
        return 2
    data = load_data(shared)
    warm_up()
    from visolve.tiling.engine import USE_COMPILED

    load = os.getloadavg()[0]
    print(f"engine: {'compiled' if USE_COMPILED else 'pure Python'}, jobs {args.jobs}, runs {args.runs} (median); "
          f"load average at start {load:.1f} on {os.cpu_count()} cores")
    print(f"| work | must | goal | measured | answers |\n| --- | --- | --- | --- | --- |")
    failed = False
    for key, (title, must, goal, task) in TASKS.items():
        if args.only and key not in args.only or (key in LONG and not args.long and not args.only):
            if not args.only:
                print(f"| {title} | {must} | {goal} | not run (--long) | |")
            continue
        times, cpus, notes, ok = [], [], "", True
        for _ in range(args.runs):
            t0, c0 = time.perf_counter(), _cpu()
            good, notes = task(data, args.jobs)
            times.append(time.perf_counter() - t0)
            cpus.append(_cpu() - c0)
            ok = ok and good
        failed |= not ok
        measured = f"{_fmt(statistics.median(times))} (cpu {_fmt(statistics.median(cpus))})"
        print(f"| {title} | {must} | {goal} | {measured} | {'ok' if ok else 'WRONG'}: {notes} |", flush=True)
    return 1 if failed else 0


def _cpu() -> float:
    """CPU seconds used so far by this process and its finished children (a busy machine
    stretches wall time, much less CPU time)."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def _fmt(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


if __name__ == "__main__":
    raise SystemExit(main())
