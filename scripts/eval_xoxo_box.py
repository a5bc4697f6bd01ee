#!/usr/bin/env python3
"""Measure the IQ XOXO box reader: exact reads, refusals, misreads and time.

Pictures: the real photo of the solved box (``--shared``, truth in its
``photos.tsv``) and ``--synth N`` synthetic photos of drawn boxes
(:func:`visolve.puzzles.iq_xoxo.testing.box_case`: 0-10 pieces, a quarter
upside down).  *exact*: the level of the truth; *refused*: NotThisPuzzle or
ReadError; *misread*: anything else.  ``prepare`` is decoding the JPEG plus
reading, on one OpenCV thread, on the process CPU clock, the median of
``--runs`` runs per picture.  Exit status 1 when a picture is misread.

    .venv/bin/python scripts/eval_xoxo_box.py --synth 100 --seed 0 [--runs 1] [--verbose]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import cv2
import numpy as np

from visolve.errors import NotThisPuzzle, ReadError
from visolve.puzzles.iq_xoxo import testing
from visolve.puzzles.iq_xoxo.box.reader import read_box

#: JPEG quality of the synthetic photos' files (decoding is part of the prepare time)
QUALITY = 95


def _timed(data: bytes, name: str, runs: int):
    """(outcome level or exception, median CPU seconds of decode + read)."""
    times, got = [], None
    for _ in range(runs):
        t0 = time.process_time()
        image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
        try:
            got = read_box(image, name)
        except (NotThisPuzzle, ReadError) as exc:
            got = exc
        times.append(time.process_time() - t0)
    return got, statistics.median(times)


def _judge(got, truth) -> str:
    if isinstance(got, Exception):
        return "refused"
    return "exact" if got == truth else "misread"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--shared", default=str(Path(__file__).resolve().parents[1].parent / "shared"))
    ap.add_argument("--synth", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args(argv)
    cv2.setNumThreads(1)
    sets = {"real": [c for c in testing.real_cases(Path(args.shared)) if "box" in c.name], "synthetic": []}
    for case in testing.box_cases(args.synth, args.seed):
        sets["synthetic"].append(case)
    bad = 0
    for label, cases in sets.items():
        counts, times = {"exact": 0, "refused": 0, "misread": 0}, []
        for case in cases:
            ok, buf = cv2.imencode(".jpg", case.image, [cv2.IMWRITE_JPEG_QUALITY, QUALITY])
            got, seconds = _timed(buf.tobytes(), case.name, args.runs)
            verdict = _judge(got, case.truth[0])
            counts[verdict] += 1
            times.append(seconds)
            if args.verbose or verdict == "misread":
                print(f"  {case.name}: {verdict} {got if isinstance(got, Exception) else ''}")
        bad += counts["misread"]
        median = f"{1000 * statistics.median(times):.0f} ms" if times else "-"
        print(f"{label}: {len(cases)} pictures, exact {counts['exact']}, refused {counts['refused']}, "
              f"misread {counts['misread']}, prepare median {median}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
