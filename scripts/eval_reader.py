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

``--synth N --seed S`` also makes N synthetic photos (random valid levels
drawn by the painter at random phone sizes, photographed by
:func:`visolve.vision.synth.photograph`) and reads them; the time reported
is decode + read per photo (median of ``--runs``), on one core.
``--distractors N`` checks that N pictures of something else
(:mod:`visolve.vision.synth` distractors) are refused with NotThisPuzzle or
ReadError, never read as a level.  Exit status 1 when a screenshot is not
read exactly, a photo is read *wrongly*, or a distractor is accepted.

Usage::

    scripts/eval_reader.py [--dir ../shared/circuit500] [--folders raw scaled photos] [--runs 3]
    scripts/eval_reader.py --synth 500 --seed 0 --distractors 50 [--synth-only] [--save DIR]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

import cv2  # noqa: E402

from visolve.errors import NotThisPuzzle, ReadError, VisolveError  # noqa: E402
from visolve.puzzles.circuit500.model import make_grid, parse_token, random_level  # noqa: E402
from visolve.puzzles.circuit500.painter import BASE_H, BASE_W, render_screenshot  # noqa: E402
from visolve.puzzles.circuit500.reader import debug_overlay, read, read_details  # noqa: E402
from visolve.vision.imageio import load_image  # noqa: E402
from visolve.vision.synth import SCREEN_SIZES, iter_distractors, photograph_jpeg  # noqa: E402

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

def synth_case(seed: int, i: int, strength: float = 1.0, long_side=None, *, as_jpeg: bool = False):
    """Photo ``i`` of seed ``seed``: (name, photo, level, src->photo H, base->src H).

    A random level is drawn as a screenshot at a random phone size and
    photographed with :func:`visolve.vision.synth.photograph`.  With
    ``as_jpeg`` the photo is returned as JPEG file bytes (to time decoding as
    well), else decoded.
    """
    rng = np.random.default_rng([seed, i])
    level = random_level(rng)
    sizes = SCREEN_SIZES + ((640, 1136),)
    size = sizes[int(rng.integers(0, len(sizes)))]
    shot = render_screenshot(level, size, lit=True, counter=int(rng.integers(0, 400)))
    data, H = photograph_jpeg(shot, rng, strength, long_side=long_side)
    photo = data if as_jpeg else cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    scale = min(size[0] / BASE_W, size[1] / BASE_H)
    w, h = max(1, round(BASE_W * scale)), max(1, round(BASE_H * scale))
    ox, oy = (size[0] - w) // 2, (size[1] - h) // 2
    base_to_src = np.array([[w / BASE_W, 0, ox], [0, h / BASE_H, oy], [0, 0, 1]], np.float64)
    return f"synth_{seed}_{i}", photo, level, H, base_to_src


#: "wall" (perf_counter) or "cpu" (process_time: the time this process
#: computed, which on a busy shared machine is the fair one-core figure)
CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}
CLOCK = "cpu"


def timed(fn, runs: int):
    """(result or exception, median seconds over ``runs`` calls) on :data:`CLOCK`."""
    clock = CLOCKS[CLOCK]
    times, result = [], None
    for _ in range(runs):
        t0 = clock()
        try:
            result = fn()
        except Exception as exc:  # noqa: BLE001 - reported, not raised
            result = exc
        times.append(clock() - t0)
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
        why = compare(got, want["level"], grid)
        if why:
            failures.append((path.name, why))
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


def compare(got, want_level: int, want_grid) -> str | None:
    """Why a read Level differs from the truth (None when exact)."""
    why = []
    if got.level != want_level:
        why.append(f"level {got.level} != {want_level}")
    bad = [
        f"({r},{c}) {got.grid[r][c].token()} != {want_grid[r][c].token()}"
        for r in range(len(want_grid))
        for c in range(len(want_grid[0]))
        if got.grid[r][c] != want_grid[r][c]
    ]
    if bad:
        why.append(f"{len(bad)} tile(s) wrong: " + ", ".join(bad[:4]) + (" ..." if len(bad) > 4 else ""))
    return "WRONG " + "; ".join(why) if why else None


def decode(data: bytes) -> np.ndarray:
    return cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)


def evaluate_synth(n: int, seed: int, strength: float, runs: int, save: Path | None = None) -> dict:
    """Read ``n`` synthetic photos; time = decode + read (what a user waits for).

    With ``save``, every photo not read exactly is written there with its
    debug overlay (``<name>.jpg`` and ``<name>_debug.png``) to study.
    """
    ok, failures, times, sizes = 0, [], [], []
    for i in range(n):
        name, data, level, _, _ = synth_case(seed, i, strength, as_jpeg=True)
        img = decode(data)
        sizes.append(max(img.shape[:2]))
        got, t = timed(lambda: read(decode(data), name), runs)
        times.append(t)
        if isinstance(got, Exception):
            failures.append((f"{name} ({img.shape[1]}x{img.shape[0]})", f"{type(got).__name__}: {got}"))
        elif why := compare(got, level.level, level.grid):
            failures.append((name, why))
        else:
            ok += 1
            continue
        if save is not None:
            save.mkdir(parents=True, exist_ok=True)
            (save / f"{name}.jpg").write_bytes(data)
            cv2.imwrite(str(save / f"{name}_debug.png"), debug_overlay(img, name))
    return {"n": n, "ok": ok, "failures": failures, "times": times, "sizes": sizes}


def evaluate_distractors(n: int, seed: int) -> dict:
    """Pictures of something else must be refused: NotThisPuzzle or ReadError, never a Level."""
    ok, failures, kinds = 0, [], {}
    for i, (kind, img) in enumerate(iter_distractors(n, seed)):
        try:
            got = read(img, f"distractor_{i}")
        except (NotThisPuzzle, ReadError) as exc:
            ok += 1
            kinds[type(exc).__name__] = kinds.get(type(exc).__name__, 0) + 1
            continue
        except Exception as exc:  # noqa: BLE001 - a crash is a failure too
            failures.append((f"distractor_{i}_{kind}", f"crashed: {type(exc).__name__}: {exc}"))
            continue
        failures.append((f"distractor_{i}_{kind}", f"MISREAD as level {got.level}"))
    return {"n": n, "ok": ok, "failures": failures, "kinds": kinds}


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
    ap.add_argument("--synth", type=int, default=0, metavar="N",
                    help="also read N synthetic photos of random levels (vision.synth.photograph)")
    ap.add_argument("--seed", type=int, default=0, help="seed of the synthetic photos and distractors")
    ap.add_argument("--strength", type=float, default=1.0, help="distortion strength of the synthetic photos")
    ap.add_argument("--distractors", type=int, default=0, metavar="N",
                    help="also check that N pictures of something else are refused")
    ap.add_argument("--synth-only", action="store_true", help="skip the folders of real pictures")
    ap.add_argument("--save", type=Path, default=None, metavar="DIR",
                    help="write each synthetic photo not read exactly, and its debug overlay, to DIR")
    ap.add_argument("--clock", choices=sorted(CLOCKS), default="cpu",
                    help="time on the process CPU clock (default; fair on a busy machine) or wall clock")
    args = ap.parse_args(argv)
    global CLOCK
    CLOCK = args.clock
    print(f"times: {CLOCK} clock, median of {max(1, args.runs)} runs per picture, one OpenCV thread")
    all_ok = True
    cv2.setNumThreads(1)  # one core, as the targets are stated
    if args.synth:
        res = evaluate_synth(args.synth, args.seed, args.strength, max(1, args.runs), args.save)
        pct = 100.0 * res["ok"] / res["n"]
        print(f"synth (seed {args.seed}, strength {args.strength}): {res['ok']}/{res['n']} read exactly ({pct:.1f}%)")
        print(f"  decode+read: {ms(res['times'])}; long side {min(res['sizes'])}-{max(res['sizes'])} px")
        for file, why in res["failures"]:
            print(f"  FAIL {file}: {why}")
        all_ok = all_ok and not any(w.startswith("WRONG") for _, w in res["failures"])
    if args.distractors:
        res = evaluate_distractors(args.distractors, args.seed)
        how = ", ".join(f"{k} {v}" for k, v in sorted(res["kinds"].items()))
        print(f"distractors (seed {args.seed}): {res['ok']}/{res['n']} refused ({how})")
        for file, why in res["failures"]:
            print(f"  FAIL {file}: {why}")
        all_ok = all_ok and res["ok"] == res["n"]
    if args.synth_only:
        return 0 if all_ok else 1
    if not (args.dir / "truth.jsonl").is_file():
        print(f"no truth.jsonl in {args.dir}", file=sys.stderr)
        return 2
    truth = load_truth(args.dir)
    read(load_image(next((args.dir / "raw").iterdir())), "warm-up") if (args.dir / "raw").is_dir() else None
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
        else:
            all_ok = all_ok and not any(w.startswith("WRONG") for _, w in res["failures"])
    return 0 if all_ok else 1


if __name__ == "__main__":
    sys.exit(main())
