#!/usr/bin/env python3
"""Check that an *installed* visolve works, not only a checkout.

1. build a wheel from this checkout (``pip wheel``, in an isolated build);
2. install it into a fresh virtual environment;
3. copy the example pictures of ``data/raw/`` into a temporary data folder;
4. run ``visolve --handle-all`` from another working directory;
5. compare every level file written with the truth in ``data/examples.jsonl``
   (``level_text``; both parsed by this checkout's level-file parser, so comments
   do not matter) and check that every example was solved.

Exit code 0 when all of that holds, 1 otherwise (with one line per problem).
CI runs it after the tests (``.ci/run``).  ``--keep`` leaves the temporary
folder for a look; ``--python`` chooses the interpreter for the new venv.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import venv
from pathlib import Path

from visolve import puzzles

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "data" / "raw"
TRUTH = EXAMPLES.parent / "examples.jsonl"


def run(cmd: list[str], cwd: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    print("+", " ".join(str(c) for c in cmd), flush=True)
    return subprocess.run([str(c) for c in cmd], cwd=cwd, env=env, text=True, capture_output=True)


def must(proc: subprocess.CompletedProcess, what: str) -> None:
    if proc.returncode != 0:
        sys.stderr.write(proc.stdout[-4000:] + proc.stderr[-4000:])
        raise SystemExit(f"check_install: {what} failed (exit {proc.returncode})")


def build_and_install(work: Path) -> Path:
    """Wheel from the checkout, installed in a new venv; returns the venv's ``visolve``."""
    wheels = work / "wheels"
    must(run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", wheels, ROOT], cwd=work),
         "building the wheel")
    wheel = next(wheels.glob("visolve-*.whl"))
    env_dir = work / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    bin_dir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    must(run([bin_dir / "python", "-m", "pip", "install", "--quiet", "--disable-pip-version-check", wheel],
             cwd=work), "installing the wheel")
    return bin_dir / "visolve"


def check_outputs(data: Path, truth: list[dict], items: list[dict]) -> list[str]:
    """Problems with what the installed visolve wrote (empty when all is well)."""
    problems = []
    by_file = {}
    for item in items:
        by_file.setdefault(item["name"], []).append(item)
    for rec in truth:
        prepared = [it for it in by_file.get(rec["file"], []) if it["action"] == "prepare"]
        if not prepared or not all(it["ok"] for it in prepared):
            why = "; ".join(it["message"] for it in prepared) or "no prepare item"
            problems.append(f"{rec['file']}: not read ({why})")
            continue
        level_file = Path(prepared[0]["level_files"][0])
        if not level_file.is_absolute():
            level_file = data.parent / level_file
        if not level_file.exists():
            problems.append(f"{rec['file']}: no level file {level_file.name}")
            continue
        family = puzzles.get(rec["puzzle"])
        got = family.parse_level(level_file.read_text(encoding="utf-8"), str(level_file))
        if got != family.parse_level(rec["level_text"], "examples.jsonl"):
            problems.append(f"{rec['file']}: level file {level_file.name} differs from the truth")
    solved = [it for it in items if it["action"] == "solve" and it["ok"]]
    if len(solved) != len(truth):
        problems.append(f"{len(solved)} of {len(truth)} examples solved")
    return problems


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--keep", action="store_true", help="keep the temporary folder")
    args = ap.parse_args(argv)
    truth = [json.loads(line) for line in TRUTH.read_text().splitlines() if line.strip()]
    missing = [rec["file"] for rec in truth if "level_text" not in rec]
    if missing:
        print(f"check_install: examples.jsonl has no level_text for {', '.join(missing)}"
              " (run scripts/make_examples.py)")
        return 1
    work = Path(tempfile.mkdtemp(prefix="visolve-install-"))
    try:
        visolve = build_and_install(work)
        data = work / "elsewhere" / "data"
        (data / "raw").mkdir(parents=True)
        for rec in truth:
            shutil.copy2(EXAMPLES / rec["file"], data / "raw" / rec["file"])
        # run from a folder that is not the checkout, with a relative --data
        proc = run([visolve, "--handle-all", "--data", "data", "--json", "--jobs", "2"], cwd=data.parent)
        items = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]
        problems = check_outputs(data, truth, items)
        if proc.returncode != 0:
            problems.append(f"visolve exited with {proc.returncode}: {proc.stderr.strip()[-2000:]}")
        for problem in problems:
            print(f"check_install: {problem}")
        if not problems:
            print(f"check_install: the installed wheel read {len(truth)} example pictures exactly "
                  f"and solved them all")
        return 1 if problems else 0
    finally:
        if args.keep:
            print(f"kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
