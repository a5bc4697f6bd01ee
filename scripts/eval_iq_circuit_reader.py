#!/usr/bin/env python3
"""Check the IQ Circuit reader on the booklet pictures against levels.json.

    .venv/bin/python scripts/eval_iq_circuit_reader.py [--shared ../shared/iq-circuit] [-v]

For each ``frames/N.png`` reads the picture and compares kind, every cell of
the grid and the pre-placed pieces with level N of ``levels.json``.  Prints
one line per picture and the accuracy (pictures read exactly, cells right).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import cv2

from visolve.errors import VisolveError
from visolve.puzzles.iq_circuit.levelfile import from_booklet_data
from visolve.puzzles.iq_circuit.reader import read

ROOT = Path(__file__).resolve().parents[1]


def compare(got, want) -> list[str]:
    diffs = []
    if got.kind != want.kind:
        diffs.append(f"kind {got.kind} != {want.kind}")
    for y in range(4):
        for x in range(8):
            if got.grid[y][x] != want.grid[y][x]:
                diffs.append(f"cell ({x},{y}) {got.grid[y][x]!r} != {want.grid[y][x]!r}")
    gp = {(p.piece, frozenset(p.cells())) for p in got.pieces}
    wp = {(p.piece, frozenset(p.cells())) for p in want.pieces}
    if gp != wp:
        diffs.append(f"pieces {sorted(p.text() for p in got.pieces)} != {sorted(p.text() for p in want.pieces)}")
    return diffs


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", default=str(ROOT.parent / "shared" / "iq-circuit"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    shared = Path(args.shared)
    if not (shared / "levels.json").exists():
        print(f"no levels.json in {shared}", file=sys.stderr)
        return 2
    levels = {e["level"]: from_booklet_data(e) for e in json.loads((shared / "levels.json").read_text())["levels"]}
    frames = sorted((shared / "frames").glob("*.png"), key=lambda p: int(p.stem))
    exact = cells_ok = cells_all = 0
    t_total = 0.0
    for path in frames:
        want = levels[int(path.stem)]
        image = cv2.imread(str(path), cv2.IMREAD_COLOR)
        t0 = time.perf_counter()
        try:
            got = read(image, path.name)
        except VisolveError as exc:
            t_total += time.perf_counter() - t0
            cells_all += 32
            print(f"{path.name:>8} {want.kind:<7} FAILED  {type(exc).__name__}: {exc}")
            continue
        t_total += time.perf_counter() - t0
        diffs = compare(got, want)
        cells_all += 32
        cells_ok += sum(got.grid[y][x] == want.grid[y][x] for y in range(4) for x in range(8))
        if not diffs and got.level == want.level:
            exact += 1
            if args.verbose:
                print(f"{path.name:>8} {want.kind:<7} ok")
        else:
            print(f"{path.name:>8} {want.kind:<7} WRONG  " + "; ".join(diffs[:5]))
    print(
        f"pictures read exactly: {exact}/{len(frames)}; cells right: {cells_ok}/{cells_all}; "
        f"mean read time {t_total / max(len(frames), 1) * 1000:.1f} ms"
    )
    return 0 if exact == len(frames) else 1


if __name__ == "__main__":
    raise SystemExit(main())
