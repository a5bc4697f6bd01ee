#!/usr/bin/env python3
"""Benchmark the circuit500 solver on the 500 levels (or on random levels).

    python scripts/bench_solver.py [--jobs N] [--levels 1-500] [--timeout T]
                                   [--random N --seed S] [--compare-reference]
                                   [--engine compiled|python] [--all-solutions] [--free-bound]
                                   [--out FILE] [-v]

Prints the total wall time, the median and the 10 slowest levels, nodes, peak
memory (max RSS of this process and of the pool workers) and, with
--compare-reference, a comparison with ../shared/circuit500/reference_t8.tsv.
Every solution is checked by replaying it with the rules model.  ``--engine``
picks the compiled search (default when it is built) or the pure-Python one.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

from visolve.puzzles.base import SolveOptions
from visolve.puzzles.circuit500 import model, solver

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "circuit500"


def load_levels(path: Path) -> dict[int, model.Grid]:
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            d = json.loads(line)
            out[int(d["level"])] = model.make_grid(
                [[model.parse_token(t) for t in row] for row in d["grid"]]
            )
    return out


def load_reference(path: Path) -> dict[int, tuple[int, int] | None]:
    ref: dict[int, tuple[int, int] | None] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        parts = line.split("\t")
        if not parts[0].isdigit() or len(parts) < 3 or "%" in parts[1]:
            continue  # header or the summary line
        ref[int(parts[0])] = None if parts[1] == "---" else (int(parts[1]), int(parts[2]))
    return ref


def random_levels(levels: dict[int, model.Grid], n: int, seed: int) -> dict[str, model.Grid]:
    """Shuffle and rotate the tiles of randomly picked real levels (seeded)."""
    rng = random.Random(seed)
    keys = sorted(levels)
    out = {}
    for i in range(n):
        tiles = [t for row in levels[rng.choice(keys)] for t in row]
        rng.shuffle(tiles)
        tiles = [_turn(t, rng.randrange(4)) for t in tiles]
        out[f"r{seed}-{i}"] = model.make_grid([tiles[r * 4 : r * 4 + 4] for r in range(6)])
    return out


def _turn(tile: model.Tile, k: int) -> model.Tile:
    for _ in range(k):
        tile = tile.rotated()
    return tile


def run_one(job):
    name, grid, timeout, free_bound, compiled, all_solutions = job
    solver.USE_FREE_BOUND = free_bound
    solver.USE_COMPILED = compiled
    res = solver.solve(model.Level(name, grid), SolveOptions(timeout=timeout,
                                                             all_solutions=all_solutions))
    ok = True
    for taps in res.get("solutions") or ([res["taps"]] if res["solved"] else []):
        final, actions, _ = model.replay(grid, taps)
        ok = ok and model.is_solved(final) and actions == res["actions"]
        ok = ok and len(taps) == len(res["taps"])
    return name, res, ok


def parse_range(text: str) -> list[int]:
    out = []
    for part in text.split(","):
        if "-" in part:
            a, b = part.split("-")
            out.extend(range(int(a), int(b) + 1))
        elif part:
            out.append(int(part))
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--levels", default="1-500", help="e.g. 1-500 or 8,33,47")
    ap.add_argument("--levels-file", default=str(SHARED / "levels.jsonl"))
    ap.add_argument("--timeout", type=float, default=None)
    ap.add_argument("--random", type=int, default=0, help="solve N random levels instead")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--compare-reference", action="store_true")
    ap.add_argument("--out", help="write per-level lines (tsv) to this file")
    ap.add_argument("-v", "--verbose", action="store_true", help="print per-level lines")
    ap.add_argument("--free-bound", action="store_true",
                    help="phase 2 also computes the free-slide bound per state (off by default;"
                    " Python engine only)")
    ap.add_argument("--all-solutions", action="store_true",
                    help="list every optimal solution (each one is replayed)")
    ap.add_argument("--engine", choices=("compiled", "python"),
                    default="compiled" if solver.USE_COMPILED else "python",
                    help="compiled search (_fastsolve, default when built) or the Python one")
    args = ap.parse_args(argv)
    if args.engine == "compiled" and solver._fastsolve is None:
        ap.error("the compiled search is not built (install with a C compiler present)")

    levels = load_levels(Path(args.levels_file))
    if args.random:
        todo = random_levels(levels, args.random, args.seed)
    else:
        todo = {n: levels[n] for n in parse_range(args.levels) if n in levels}
    compiled = args.engine == "compiled"
    jobs = [(name, grid, args.timeout, args.free_bound, compiled, args.all_solutions)
            for name, grid in todo.items()]

    t0 = time.perf_counter()
    results = {}
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            for name, res, ok in pool.imap_unordered(run_one, jobs):
                results[name] = (res, ok)
    else:
        for job in jobs:
            name, res, ok = run_one(job)
            results[name] = (res, ok)
    wall = time.perf_counter() - t0

    lines = ["level\tactions\ttaps\toptimal\ttimed_out\tnodes\tseconds"]
    for name in todo:
        res, _ok = results[name]
        lines.append(
            f"{name}\t{res['actions'] if res['solved'] else '---'}\t"
            f"{len(res['taps']) if res['solved'] else '---'}\t{res['proven']}\t"
            f"{res['timed_out']}\t{res['nodes']}\t{res['seconds']:.3f}"
        )
    if args.out:
        Path(args.out).write_text("\n".join(lines) + "\n", encoding="utf-8")
    if args.verbose:
        print("\n".join(lines))

    secs = [results[n][0]["seconds"] for n in todo]
    nodes = [results[n][0]["nodes"] for n in todo]
    bad = [n for n in todo if not results[n][1]]
    solved = [n for n in todo if results[n][0]["solved"]]
    optimal = [n for n in todo if results[n][0]["proven"]]
    timed = [n for n in todo if results[n][0]["timed_out"]]
    impossible = [n for n in todo if results[n][0]["proven"] and not results[n][0]["solved"]]
    rss_self = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    rss_kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    print(f"levels: {len(todo)}  jobs: {args.jobs}  timeout: {args.timeout}  engine: {args.engine}")
    print(f"solved: {len(solved)}  proven optimal: {len(optimal) - len(impossible)}"
          f"  proven impossible: {len(impossible)}  timed out: {len(timed)}")
    print(f"replay check failures: {len(bad)} {bad[:10]}")
    if args.all_solutions:
        counts = [len(results[n][0].get("solutions", [])) for n in todo]
        cut = [n for n in todo if results[n][0].get("solutions_complete") is False]
        print(f"all solutions: {sum(counts)} listed, most {max(counts)} for one level,"
              f" {sum(c > 1 for c in counts)} levels with more than one; lists cut short: {cut}")
    print(f"total wall: {wall:.2f} s   sum of level times: {sum(secs):.2f} s")
    print(f"median per level: {statistics.median(secs) * 1000:.1f} ms"
          f"   mean: {statistics.mean(secs) * 1000:.1f} ms")
    print(f"nodes: total {sum(nodes)}  median {statistics.median(nodes):.0f}  max {max(nodes)}")
    print(f"peak memory (max RSS): self {rss_self / 1024:.0f} MB, "
          f"largest worker {rss_kids / 1024:.0f} MB")
    slow = sorted(todo, key=lambda n: -results[n][0]["seconds"])[:10]
    print("10 slowest:")
    for n in slow:
        r = results[n][0]
        print(f"  {n}: {r['seconds']:.2f} s, {r['nodes']} nodes, "
              f"{r['actions']} actions, {len(r['taps'])} taps, proven={r['proven']}")

    if args.compare_reference and not args.random:
        ref = load_reference(SHARED / "reference_t8.tsv")
        both = [n for n in todo if n in ref]
        ref_solved = [n for n in both if ref[n] is not None]
        ref_not = [n for n in both if ref[n] is None]
        missing = [n for n in todo if n not in ref]
        eq = [n for n in ref_solved if results[n][0]["actions"] == ref[n][0]]
        lower = [n for n in ref_solved if results[n][0]["solved"]
                 and results[n][0]["actions"] < ref[n][0]]
        higher = [n for n in ref_solved if not results[n][0]["solved"]
                  or results[n][0]["actions"] > ref[n][0]]
        eq_fewer_taps = [n for n in eq if len(results[n][0]["taps"]) < ref[n][1]]
        eq_more_taps = [n for n in eq if len(results[n][0]["taps"]) > ref[n][1]]
        ours_ref_not = [n for n in ref_not if results[n][0]["solved"]]
        print("\ncompare with reference_t8.tsv (seed, capped at 8 taps):")
        print(f"  levels in reference: {len(both)}   not in reference: {missing}")
        print(f"  reference solves {len(ref_solved)}, does not solve {len(ref_not)};"
              f" we solve {len(ours_ref_not)} of those")
        print(f"  equal actions: {len(eq)} (fewer taps: {len(eq_fewer_taps)},"
              f" more taps: {len(eq_more_taps)})")
        print(f"  fewer actions than reference: {len(lower)}")
        print(f"  MORE actions than reference (must be 0): {len(higher)} {higher}")
        print("  level  ref(actions/taps)  ours(actions/taps)  our taps")
        for n in lower + ours_ref_not:
            r = results[n][0]
            rr = "---" if ref[n] is None else f"{ref[n][0]}/{ref[n][1]}"
            print(f"  {n:5}  {rr:>17}  {r['actions']:>8}/{len(r['taps']):<9}  "
                  f"{json.dumps(r['taps'], separators=(',', ':'))}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
