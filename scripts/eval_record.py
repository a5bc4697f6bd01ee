"""Picture-by-picture records of ``eval_reader.py``, and a cache of the scenes it draws.

A change to a reader is judged picture by picture, on every set, before and after
(``compare_evals.py``): a change that reads one more picture and loses another is not
the same as no change.  Two helpers make that quick:

* :class:`Record` writes one JSON line per picture read (``--record FILE``): the set, the
  picture's name, its outcome (``exact``: read exactly, or for a set that must be refused,
  refused; ``refused``; ``misread``), the reason given, the read time (ms) and the levels the
  picture shows and those read exactly.
* :func:`cached_cases` keeps the randomized scenes drawn (``--cache DIR``), one pickle per
  scene: drawing a scene costs about as much as reading it.  The cache is keyed by the family,
  the set, the seed, the strength and a digest of the scene generator's own code
  (``src/visolve/testing``); a scene that also depends on a family's code (its rules or
  palette) is not redrawn when only that changes: clear the folder then.

The cache is this project's own output, read back by this script only; it is never read at
run time.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: the code the scenes are drawn by: its digest names the cache's folder
GENERATOR = ROOT / "src" / "visolve" / "testing"


def generator_digest() -> str:
    """A short digest of every Python file of the scene generator (path and text)."""
    digest = hashlib.sha256()
    for path in sorted(GENERATOR.rglob("*.py")):
        digest.update(str(path.relative_to(GENERATOR)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def cached_cases(make: Callable[[int], object], n: int, cache: Path | None, key: str) -> Iterator:
    """Cases ``make(0)`` .. ``make(n - 1)``, each read from ``cache`` when drawn before with the same
    ``key`` (family, set, seed, strength) and generator code, else drawn and kept there
    (None: no cache, every case drawn)."""
    folder = None if cache is None else Path(cache) / f"{key}-{generator_digest()}"
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
    for i in range(n):
        path = None if folder is None else folder / f"{i}.pkl"
        if path is not None and path.is_file():
            with path.open("rb") as fh:
                yield pickle.load(fh)
            continue
        case = make(i)
        if path is not None:
            part = path.with_suffix(f".{os.getpid()}.part")  # two runs drawing the same scene at once
            part.write_bytes(pickle.dumps(case, protocol=pickle.HIGHEST_PROTOCOL))
            part.replace(path)  # a run stopped midway leaves no half-written scene
        yield case


class Record:
    """One JSON line per picture read, appended to ``path`` (see the module docstring)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text("")

    def write(self, set_name: str, name: str, outcome: str, why: str, read_s: float,
              levels: int, exact_levels: int) -> None:
        """Append one picture's line."""
        line = {"set": set_name, "name": name, "outcome": outcome, "why": why,
                "ms": round(read_s * 1000, 1), "levels": levels, "exact_levels": exact_levels}
        with self.path.open("a", encoding="utf-8") as fh:
            fh.write(json.dumps(line) + "\n")
