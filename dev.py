#!/usr/bin/env python3
"""Set up the project's virtual environment and run a task in it.

    python3 dev.py demo    # .venv + install, then read and solve the example pictures in data/raw/
    python3 dev.py test    # .venv + install (with test extras), then the test suite (on every core)
    python3 dev.py setup   # only the .venv
    python3 dev.py check-install   # build a wheel, install it in a fresh venv, handle the examples

Needs nothing but Python 3.11+ and the package index.  The install step runs
again only when pyproject.toml, setup.py or a C source under src/ changed
since the last one.  The compiled searches are built when a C compiler is
present; without one the install still works and the solvers run their
pure-Python searches (same answers, slower).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = Path(os.environ.get("VISOLVE_VENV", ROOT / ".venv"))
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".visolve-installed"


def run(*args: str | os.PathLike) -> None:
    print("+", " ".join(str(a) for a in args), flush=True)
    subprocess.run([str(a) for a in args], cwd=ROOT, check=True)


def _build_inputs_hash() -> str:
    """Hash of everything the install step builds from."""
    files = [ROOT / "pyproject.toml", ROOT / "setup.py"]
    files += sorted(p for p in (ROOT / "src").rglob("*") if p.suffix in (".c", ".h"))
    digest = hashlib.sha256()
    for path in files:
        if path.exists():
            digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def setup() -> None:
    if sys.version_info < (3, 11):
        sys.exit(f"visolve needs Python 3.11 or newer (this is {sys.version.split()[0]})")
    if not PY.exists():
        print(f"creating {VENV}", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    want = _build_inputs_hash()
    if STAMP.exists() and STAMP.read_text() == want:
        return
    run(PY, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-e", ".[test]")
    STAMP.write_text(want)


def test_workers(rest: list[str]) -> list[str]:
    """pytest-xdist's ``-n`` for this machine's cores (at most 4), unless the caller chose.

    The suite is mostly pictures read one test at a time; a worker per core keeps CI's two
    cores busy.  ``-n 0`` runs it in one process.
    """
    if any(arg.startswith(("-n", "--numprocesses")) or arg == "no:xdist" for arg in rest):
        return []
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return ["-n", str(min(cores, 4))] if cores > 1 else []


def main(argv: list[str]) -> int:
    task = argv[0] if argv else "help"
    rest = argv[1:]
    if task not in ("demo", "test", "setup", "check-install"):
        print(__doc__)
        return 0 if task in ("help", "-h", "--help") else 2
    setup()
    try:
        if task == "demo":
            run(BIN / "visolve", "--handle-all", "--data", "data", "--log", *rest)
            print("solutions: data/solutions/<puzzle>/level_*.png and .json", flush=True)
        elif task == "test":
            run(PY, "-m", "pytest", "-q", *test_workers(rest), *rest)
        elif task == "check-install":
            run(PY, "scripts/check_install.py", *rest)
    except subprocess.CalledProcessError as exc:
        return exc.returncode
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
