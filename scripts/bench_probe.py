#!/usr/bin/env python3
"""Measure every registered family's probe: its scores and the time to reject.

For each family of ``visolve.puzzles.all_families()`` (new families appear
by being registered) the pictures are its testing module's ``real_cases``
(from ``--shared``) and ``--synth N`` of its ``synthetic_cases`` (seed
``--seed``), plus ``--distractors N`` pictures of something else
(:func:`visolve.testing.iter_distractors`).  Reported per family:

* ``own min``: its probe's lowest score on its own pictures (must be > 0);
* ``others max``: its highest score on the other families' pictures, and
  ``distractors max`` on the distractors (low is good);
* ``wins``: on how many of its own pictures its probe scores above every
  other family's probe (the pipeline reads with the likeliest first);
* ``reject ms``: the time its probe takes on a picture of another family at
  1080x1920 (each picture scaled to that pixel count, aspect kept): the
  median over those pictures of the median of ``--runs`` runs, on one
  OpenCV thread, on the process CPU clock (``--clock wall`` for the wall
  clock).  Target: under 10 ms.

    .venv/bin/python scripts/bench_probe.py [--shared ../shared] [--synth 60] [--seed 0]
        [--distractors 60] [--runs 3] [--timed 60]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from importlib import import_module
from pathlib import Path

import cv2
import numpy as np

from visolve import puzzles
from visolve.testing import iter_distractors

ROOT = Path(__file__).resolve().parents[1]
#: pixel count the reject time is measured at (a 1080x1920 phone picture)
TIMED_PIXELS = 1080 * 1920
CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}


def pictures(family, shared: Path, synth: int, seed: int) -> list[tuple[str, np.ndarray]]:
    """(name, picture) of a family's real and synthetic cases (none without a testing module)."""
    if not family.testing:
        return []
    testing = import_module(family.testing)
    cases = list(testing.real_cases(shared)) + list(testing.synthetic_cases(synth, seed))
    return [(c.name, c.image) for c in cases]


def at_phone_size(image: np.ndarray) -> np.ndarray:
    """``image`` scaled to the pixel count of 1080x1920, its aspect kept."""
    h, w = image.shape[:2]
    f = (TIMED_PIXELS / float(h * w)) ** 0.5
    return cv2.resize(image, (max(16, round(w * f)), max(16, round(h * f))),
                      interpolation=cv2.INTER_AREA if f < 1 else cv2.INTER_CUBIC)


def timed(probe, image: np.ndarray, runs: int, clock) -> float:
    times = []
    for _ in range(runs):
        t0 = clock()
        probe(image)
        times.append(clock() - t0)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", type=Path, default=ROOT.parent / "shared", help="third-party pictures (../shared)")
    ap.add_argument("--synth", type=int, default=60, metavar="N", help="synthetic cases per family")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--distractors", type=int, default=60, metavar="N")
    ap.add_argument("--runs", type=int, default=3, help="runs per timed picture (median)")
    ap.add_argument("--timed", type=int, default=60, metavar="N",
                    help="pictures of other families timed per family (spread over them)")
    ap.add_argument("--clock", choices=sorted(CLOCKS), default="cpu")
    ap.add_argument("-v", "--verbose", action="store_true", help="list the other families' highest scores")
    args = ap.parse_args(argv)
    cv2.setNumThreads(1)
    clock = CLOCKS[args.clock]
    families = puzzles.all_families()
    sets = {f.name: pictures(f, args.shared, args.synth, args.seed) for f in families}
    distractors = [(f"distractor_{i}_{kind}", img) for i, (kind, img) in enumerate(iter_distractors(args.distractors, args.seed))]
    scores = {f.name: {n: {name: f.probe(img) for name, img in pics} for n, pics in sets.items()} for f in families}
    print("pictures: " + ", ".join(f"{n} {len(p)}" for n, p in sets.items()) + f", distractors {len(distractors)}")
    print(f"reject time: {args.clock} clock, median of {args.runs} runs per picture at 1080x1920 pixels, one OpenCV thread")
    head = f"{'family':<14} {'own min':>8} {'others max':>11} {'distractors max':>16} {'wins':>10} {'reject ms':>10} {'p90 ms':>7}"
    print(head)
    print("-" * len(head))
    failed = False
    for fam in families:
        own = scores[fam.name][fam.name]
        others = {(n, name): s for n, table in scores[fam.name].items() if n != fam.name for name, s in table.items()}
        dis = [fam.probe(img) for _, img in distractors]
        wins = sum(
            all(s > scores[o.name][fam.name][name] for o in families if o.name != fam.name)
            for name, s in own.items()
        )
        pool = [img for n, pics in sets.items() if n != fam.name for _, img in pics] + [img for _, img in distractors]
        step = max(1, len(pool) // max(1, args.timed))
        times = [timed(fam.probe, at_phone_size(img), args.runs, clock) for img in pool[::step][: args.timed]]
        own_min = min(own.values()) if own else float("nan")
        others_max = max(others.values()) if others else 0.0
        ms = statistics.median(times) * 1000 if times else float("nan")
        p90 = float(np.percentile(times, 90)) * 1000 if times else float("nan")
        print(f"{fam.name:<14} {own_min:8.3f} {others_max:11.3f} {max(dis, default=0.0):16.3f} "
              f"{wins:>4}/{len(own):<5} {ms:10.2f} {p90:7.2f}")
        if own and own_min <= 0:
            failed = True
            zero = [name for name, s in own.items() if s <= 0]
            print(f"  own pictures scored 0: {', '.join(zero[:8])}")
        if args.verbose:
            top = sorted(others.items(), key=lambda kv: -kv[1])[:5]
            print("  highest on others: " + ", ".join(f"{n}:{name} {s:.3f}" for (n, name), s in top))
            lost = [name for name, s in own.items()
                    if not all(s > scores[o.name][fam.name][name] for o in families if o.name != fam.name)]
            if lost:
                print("  own pictures another probe scores as high: " + ", ".join(lost[:8]))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
