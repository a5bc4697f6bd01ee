#!/usr/bin/env python3
"""Make synthetic phone photos of flat pictures, of a family's drawn levels, and "something else".

For every input picture writes ``--n-per`` photos ``<stem>_p<k>.jpg`` made by
:func:`visolve.testing.photograph`, and ``homographies.json`` mapping
each photo's file name to its 3x3 source->photo homography (pixel (i, j)
covers [j, j+1) x [i, i+1) on both sides).  ``--puzzle NAME --synth N``
writes N photos of the family's own drawn levels (its testing module's
``synthetic_cases``, the pictures ``scripts/eval_reader.py --synth`` reads)
as ``<case>.jpg``, each with the level file of what it shows
(``<case>.txt``).  ``--distractors N`` also writes N pictures of other
things (``distractor_<i>_<kind>.png`` for screenshots, ``.jpg`` for photos).

    .venv/bin/python scripts/make_photos.py --in shots/ --out /tmp/photos [--n-per 3]
        [--seed 0] [--strength 1.0] [--frame phone_dark] [--distractors 20]
    .venv/bin/python scripts/make_photos.py --puzzle iq-circuit --synth 20 --out /tmp/iq_photos

Photo ``k`` of a picture depends only on ``--seed``, the picture's file name
and ``k``, so adding input files does not change the other photos.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import zlib
from pathlib import Path

import cv2
import numpy as np

from visolve import puzzles

from visolve.errors import ImageLoadError
from visolve.vision.imageio import load_image, save_image
from visolve.testing import FRAMES, iter_distractors, photograph_jpeg

PICTURE_SUFFIXES = {".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp", ".gif"}


def collect(inputs: list[str]) -> list[Path]:
    """Picture files named directly or found (not recursively) in folders, sorted, no repeats."""
    files: list[Path] = []
    for item in inputs:
        p = Path(item)
        if p.is_dir():
            files.extend(sorted(f for f in p.iterdir() if f.is_file() and f.suffix.lower() in PICTURE_SUFFIXES))
        elif p.is_file():
            files.append(p)
        else:
            raise FileNotFoundError(f"{p}: no such file or folder")
    unique: dict[Path, Path] = {}
    for f in files:
        unique.setdefault(f.resolve(), f)
    return list(unique.values())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--in", dest="inputs", nargs="*", default=[], metavar="DIR_OR_FILE",
                    help="pictures to photograph (files and/or folders)")
    ap.add_argument("--out", required=True, help="output folder (created if missing)")
    ap.add_argument("--n-per", type=int, default=3, help="photos per input picture (default 3)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--strength", type=float, default=1.0, help="distortion strength 0..1 (default 1)")
    ap.add_argument("--frame", choices=FRAMES, help="force a frame (default: random per photo)")
    ap.add_argument("--distractors", type=int, default=0, metavar="N", help="also write N distractor pictures")
    ap.add_argument("--puzzle", choices=puzzles.names(), help="with --synth: photos of this family's drawn levels")
    ap.add_argument("--synth", type=int, default=0, metavar="N", help="photos of the --puzzle family's drawn levels")
    args = ap.parse_args(argv)

    if args.synth and not args.puzzle:
        ap.error("--synth needs --puzzle NAME")
    if not args.inputs and not args.distractors and not args.synth:
        ap.error("nothing to do: give --in pictures, --puzzle NAME --synth N and/or --distractors N")
    if not 0.0 <= args.strength <= 1.0:
        ap.error("--strength must be between 0 and 1")
    try:
        files = collect(args.inputs)
    except FileNotFoundError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.inputs and not files:
        print("error: no pictures found in the inputs", file=sys.stderr)
        return 2

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    json_path = out / "homographies.json"
    homographies: dict[str, list[list[float]]] = {}
    if json_path.exists():  # keep entries of earlier runs into the same folder
        try:
            homographies = json.loads(json_path.read_text())
        except (OSError, ValueError):
            homographies = {}

    failures = 0
    for i, path in enumerate(files, 1):
        try:
            image = load_image(path)
        except ImageLoadError as exc:
            print(f"[{i}/{len(files)}] skip: {exc}", file=sys.stderr)
            failures += 1
            continue
        names = []
        for k in range(args.n_per):
            rng = np.random.default_rng([args.seed, zlib.crc32(path.name.encode()), k])
            data, h = photograph_jpeg(image, rng, args.strength, frame=args.frame)
            name = f"{path.stem}_p{k}.jpg"
            _write_bytes(out / name, data)
            homographies[name] = h.tolist()
            names.append(name)
        print(f"[{i}/{len(files)}] {path.name} ({image.shape[1]}x{image.shape[0]}) -> {', '.join(names)}", flush=True)
        _write_json(json_path, homographies)  # after every file, so an interrupted run keeps its work

    if args.synth:
        _write_family_photos(puzzles.get(args.puzzle), args.synth, args.seed, args.strength, out)

    for i, (label, img) in enumerate(iter_distractors(args.distractors, args.seed)):
        suffix = ".jpg" if label.endswith("_photo") or label == "scene" else ".png"
        name = f"distractor_{i:03d}_{label}{suffix}"
        if suffix == ".jpg":
            ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 97])
            _write_bytes(out / name, buf.tobytes())
        else:
            save_image(out / name, img)
        print(f"[distractor {i + 1}/{args.distractors}] {name} ({img.shape[1]}x{img.shape[0]})", flush=True)

    family_photos = f", {args.synth} photos of {args.puzzle} levels" if args.synth else ""
    print(f"wrote {len(files) * args.n_per - failures * args.n_per} photos{family_photos} and "
          f"{args.distractors} distractors to {out}")
    return 1 if failures else 0


def _write_family_photos(family, n: int, seed: int, strength: float, out: Path) -> None:
    """The family's synthetic cases as ``<case>.jpg`` (quality 97) with the level file of each."""
    from importlib import import_module

    if not family.testing:
        raise SystemExit(f"error: {family.name} has no testing module")
    testing = import_module(family.testing)
    for k, case in enumerate(testing.synthetic_cases(n, seed, strength), 1):
        stem = case.name.replace("/", "_").rsplit(".", 1)[0]
        ok, buf = cv2.imencode(".jpg", case.image, [cv2.IMWRITE_JPEG_QUALITY, 97])
        _write_bytes(out / f"{stem}.jpg", buf.tobytes())
        levels = [dataclasses.replace(lv, source=f"{stem}.jpg") for lv in case.truth or []]
        text = "".join(family.format_level(lv) for lv in levels)
        _write_bytes(out / f"{stem}.txt", text.encode())
        print(f"[{family.name} {k}/{n}] {stem}.jpg ({case.image.shape[1]}x{case.image.shape[0]})", flush=True)


def _write_bytes(path: Path, data: bytes) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    tmp.replace(path)


def _write_json(path: Path, data: dict) -> None:
    rows = [f"  {json.dumps(name)}: {json.dumps(data[name])}" for name in sorted(data)]
    _write_bytes(path, ("{\n" + ",\n".join(rows) + "\n}\n").encode())


if __name__ == "__main__":
    sys.exit(main())
