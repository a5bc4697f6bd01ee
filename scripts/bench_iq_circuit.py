#!/usr/bin/env python3
"""Benchmark the IQ Circuit solver on the booklet levels 49-120.

Reads ``levels.json`` (third-party data, default ``../shared/iq-circuit``),
solves every level ``--runs`` times (median time kept), checks that each is
solved, the count proven and exactly one board found, and prints per-level
times, total, median and slowest.  The tests check the answers only; the
times are measured here (``--only 98 116 118``: the slowest Wizard levels).

    .venv/bin/python scripts/bench_iq_circuit.py [--levels PATH] [--runs 5] [--only N ...] [-q]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

from visolve.puzzles.base import SolveOptions
from visolve.puzzles.iq_circuit.levelfile import from_booklet_data
from visolve.puzzles.iq_circuit.model import check_solution
from visolve.puzzles.iq_circuit.solver import placements_from_solution, solve

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--levels", default=str(ROOT.parent / "shared" / "iq-circuit" / "levels.json"))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--only", type=int, nargs="*", help="level numbers to run")
    ap.add_argument("-q", "--quiet", action="store_true", help="only the summary")
    args = ap.parse_args()
    path = Path(args.levels)
    if not path.exists():
        print(f"levels file not found: {path}", file=sys.stderr)
        return 2
    entries = json.loads(path.read_text())["levels"]
    if args.only:
        entries = [e for e in entries if e["level"] in args.only]
    times = {}
    failures = []
    if not args.quiet:
        print(f"{'level':>5} {'kind':<7} {'ms':>8} {'nodes':>8} {'solutions':>9}")
    for entry in entries:
        level = from_booklet_data(entry)
        runs = []
        for _ in range(args.runs):
            sol = solve(level, SolveOptions())
            runs.append(sol["seconds"])
        t = statistics.median(runs)
        times[level.level] = t
        problems = []
        if not sol["solved"]:
            problems.append("not solved")
        elif check_solution(level, placements_from_solution(sol)):
            problems.append("invalid: " + check_solution(level, placements_from_solution(sol))[0])
        if not sol["proven"]:
            problems.append("count not proven")
        if sol["count"] != 1:
            problems.append(f"{sol['count']} solutions, expected 1")
        if problems:
            failures.append((level.level, problems))
        if not args.quiet:
            flag = "" if not problems else "  <-- " + "; ".join(problems)
            print(f"{level.level:>5} {level.kind:<7} {t * 1000:8.2f} {sol['nodes']:>8} {sol['count']:>9}{flag}")
    values = sorted(times.values())
    slowest = max(times, key=times.get)
    print(
        f"levels {len(times)}  total {sum(values):.3f} s  median {statistics.median(values) * 1000:.2f} ms  "
        f"slowest {times[slowest] * 1000:.1f} ms (level {slowest})  runs per level {args.runs} (median kept)"
    )
    for kind in ("expert", "master", "wizard"):
        ks = [times[e["level"]] for e in entries if e["difficulty"] == kind]
        if ks:
            print(f"  {kind:<7} total {sum(ks):.3f} s  median {statistics.median(ks) * 1000:.2f} ms  max {max(ks) * 1000:.1f} ms")
    import time

    from visolve.puzzles.iq_circuit import solver as solver_module

    t0 = time.perf_counter()
    [solver_module._piece_options(p.id) for p in solver_module.PIECES]
    print(f"  one-time placement table (built at import, not in the times above): {(time.perf_counter() - t0) * 1000:.1f} ms")
    over = [lv for lv, t in times.items() if t > 0.1]
    print(f"levels over 100 ms: {over or 'none'};  failures: {failures or 'none'}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
