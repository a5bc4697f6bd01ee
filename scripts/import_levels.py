#!/usr/bin/env python3
"""Write the 500 circuit500 levels of ../shared/circuit500/levels.jsonl as level files.

    python scripts/import_levels.py [--data DIR] [--levels PATH]

Files go to DIR/levels/circuit500/level_NNN.txt (default DIR ./data); each is
written to a temporary file first and moved into place (atomic).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

from visolve.puzzles.base import level_key
from visolve.puzzles.circuit500.levelfile import format_level
from visolve.puzzles.circuit500.model import Level, make_grid, parse_token

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_LEVELS = ROOT.parent / "shared" / "circuit500" / "levels.jsonl"


def write_atomic(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default="data", help="data folder (default ./data)")
    ap.add_argument("--levels", default=str(DEFAULT_LEVELS), help="levels.jsonl path")
    args = ap.parse_args(argv)
    src = Path(args.levels)
    if not src.exists():
        print(f"levels file not found: {src}", file=sys.stderr)
        return 2
    out_dir = Path(args.data) / "levels" / "circuit500"
    n = 0
    for number, line in enumerate(src.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        d = json.loads(line)
        try:
            grid = make_grid([[parse_token(t) for t in row] for row in d["grid"]])
        except ValueError as exc:
            print(f"{src}:{number}: {exc}", file=sys.stderr)
            return 1
        level = Level(level=int(d["level"]), grid=grid, source="levels.jsonl")
        write_atomic(out_dir / f"{level_key(level.level)}.txt", format_level(level))
        n += 1
    print(f"wrote {n} level files to {out_dir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
