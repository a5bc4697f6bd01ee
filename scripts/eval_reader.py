#!/usr/bin/env python3
"""Measure the circuit500 reader on the real pictures in ../shared/circuit500.

For every picture of ``raw/``, ``scaled/`` and ``photos/`` (each folder
reported separately) the level is read and compared with ``truth.jsonl``
(the entry with the same file stem; the ``*`` lit marks are ignored).  Prints
per folder: exact reads / pictures, how the others failed (wrong level, wrong
tiles, ReadError, NotThisPuzzle, ImageLoadError, with the reason), the lowest
tile score and margin seen, and the time per picture: load (decode) and read
(board + caption + tiles), each the median of ``--runs`` runs, summarised as
median and mean over the folder.

Usage::

    scripts/eval_reader.py [--dir ../shared/circuit500] [--folders raw scaled photos] [--runs 3]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

import numpy as np
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from visolve.errors import VisolveError  # noqa: E402
from visolve.puzzles.circuit500.model import make_grid, parse_token  # noqa: E402
from visolve.puzzles.circuit500.reader import read, read_details  # noqa: E402
from visolve.vision.imageio import load_image  # noqa: E402
from visolve.puzzles.circuit500.model import COLS, ROWS, Level, Tile, is_solved  # noqa: E402
from visolve.puzzles.circuit500.painter import BASE_H, BASE_W, render_screenshot  # noqa: E402
from visolve.vision.synth import SCREEN_SIZES, photograph  # noqa: E402

PICTURE_SUFFIXES = {".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp"}


def load_truth(folder: Path) -> dict[str, dict]:
    out = {}
    path = folder / "truth.jsonl"
    for line in path.read_text().splitlines():
        if line.strip():
            d = json.loads(line)
            out[Path(d["file"]).stem] = d
    return out


# --------------------------------------------------------------------------
# synthetic photos

#: tiles a random level is made of (besides one start, one end and one gap)
FILL_TILES = (
    Tile("empty"),
    Tile("cross", 15),
    *(Tile("corner", a) for a in (3, 6, 12, 9)),
    *(Tile("junction", a) for a in (7, 11, 13, 14)),
)


def random_level(rng: np.random.Generator) -> Level:
    """A random unsolved level: one start, one end, one gap, the rest random fill tiles.

    Solved boards are skipped: the game draws both knobs green then, so start
    and end cannot be told apart from the picture.
    """
    while True:
        cells = [FILL_TILES[int(k)] for k in rng.integers(0, len(FILL_TILES), ROWS * COLS)]
        s, e, g = (int(v) for v in rng.choice(ROWS * COLS, 3, replace=False))
        cells[s] = Tile("start", int(rng.choice((1, 2, 4, 8))))
        cells[e] = Tile("end", int(rng.choice((1, 2, 4, 8))))
        cells[g] = Tile("gap")
        grid = make_grid([cells[r * COLS : (r + 1) * COLS] for r in range(ROWS)])
        if not is_solved(grid):
            return Level(int(rng.integers(1, 2000)), grid)


def synth_case(seed: int, i: int, strength: float = 1.0, long_side=None):
    """Photo ``i`` of seed ``seed``: (name, photo, level, src->photo H, base->src H).

    A random level is drawn as a screenshot at a random phone size and
    photographed with :func:`visolve.vision.synth.photograph`.
    """
    rng = np.random.default_rng([seed, i])
    level = random_level(rng)
    sizes = SCREEN_SIZES + ((640, 1136),)
    size = sizes[int(rng.integers(0, len(sizes)))]
    shot = render_screenshot(level, size, lit=True, counter=int(rng.integers(0, 400)))
    photo, H = photograph(shot, rng, strength, long_side=long_side)
    scale = min(size[0] / BASE_W, size[1] / BASE_H)
    w, h = max(1, round(BASE_W * scale)), max(1, round(BASE_H * scale))
    ox, oy = (size[0] - w) // 2, (size[1] - h) // 2
    base_to_src = np.array([[w / BASE_W, 0, ox], [0, h / BASE_H, oy], [0, 0, 1]], np.float64)
    return f"synth_{seed}_{i}", photo, level, H, base_to_src


def timed(fn, runs: int):
    """(result or exception, median seconds over ``runs`` calls)."""
    times, result = [], None
    for _ in range(runs):
        t0 = time.perf_counter()
        try:
            result = fn()
        except Exception as exc:  # noqa: BLE001 - reported, not raised
            result = exc
        times.append(time.perf_counter() - t0)
    return result, statistics.median(times)


def evaluate(folder: Path, truth: dict[str, dict], runs: int) -> dict:
    files = sorted(p for p in folder.iterdir() if p.suffix.lower() in PICTURE_SUFFIXES)
    ok, failures, load_t, read_t = 0, [], [], []
    low_score, low_margin = 1.0, 1.0
    for path in files:
        want = truth.get(path.stem)
        if want is None:
            failures.append((path.name, "no truth entry"))
            continue
        img, t_load = timed(lambda: load_image(path), runs)
        load_t.append(t_load)
        if isinstance(img, Exception):
            failures.append((path.name, f"{type(img).__name__}: {img}"))
            continue
        got, t_read = timed(lambda: read(img, path.name), runs)
        read_t.append(t_read)
        try:
            rd = read_details(img)
            if rd.tiles:
                low_score = min(low_score, min(t.score for t in rd.tiles))
                low_margin = min(low_margin, min(t.margin for t in rd.tiles))
        except VisolveError:
            pass
        if isinstance(got, Exception):
            failures.append((path.name, f"{type(got).__name__}: {got}"))
            continue
        grid = make_grid([[parse_token(t) for t in row] for row in want["grid"]])
        why = []
        if got.level != want["level"]:
            why.append(f"level {got.level} != {want['level']}")
        bad = [
            f"({r},{c}) {got.grid[r][c].token()} != {grid[r][c].token()}"
            for r in range(len(grid))
            for c in range(len(grid[0]))
            if got.grid[r][c] != grid[r][c]
        ]
        if bad:
            why.append(f"{len(bad)} tile(s) wrong: " + ", ".join(bad[:4]) + (" ..." if len(bad) > 4 else ""))
        if why:
            failures.append((path.name, "WRONG " + "; ".join(why)))
        else:
            ok += 1
    return {
        "n": len(files),
        "ok": ok,
        "failures": failures,
        "load": load_t,
        "read": read_t,
        "low_score": low_score,
        "low_margin": low_margin,
    }


def ms(values: list[float]) -> str:
    if not values:
        return "-"
    return f"median {statistics.median(values) * 1000:.1f} ms, mean {statistics.mean(values) * 1000:.1f} ms"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dir", type=Path, default=ROOT.parent / "shared" / "circuit500",
                    help="folder with truth.jsonl and the picture folders")
    ap.add_argument("--folders", nargs="+", default=["raw", "scaled", "photos"])
    ap.add_argument("--runs", type=int, default=3, help="time each picture this many times (median)")
    args = ap.parse_args(argv)
    if not (args.dir / "truth.jsonl").is_file():
        print(f"no truth.jsonl in {args.dir}", file=sys.stderr)
        return 2
    truth = load_truth(args.dir)
    read(load_image(next((args.dir / "raw").iterdir())), "warm-up") if (args.dir / "raw").is_dir() else None
    all_ok = True
    for name in args.folders:
        folder = args.dir / name
        if not folder.is_dir():
            print(f"{name}: (no such folder)")
            continue
        res = evaluate(folder, truth, max(1, args.runs))
        pct = 100.0 * res["ok"] / res["n"] if res["n"] else 0.0
        print(f"{name}: {res['ok']}/{res['n']} read exactly ({pct:.1f}%)")
        print(f"  load: {ms(res['load'])}")
        print(f"  read: {ms(res['read'])}")
        both = [a + b for a, b in zip(res["load"], res["read"])]
        print(f"  load+read: {ms(both)}")
        print(f"  lowest tile score {res['low_score']:.3f}, lowest tile margin {res['low_margin']:.3f}")
        for file, why in res["failures"]:
            print(f"  FAIL {file}: {why}")
        if name != "photos":
            all_ok = all_ok and res["ok"] == res["n"]
    return 0 if all_ok else 1


if __name__ == "__main__":
    sys.exit(main())
