"""Readers for the published puzzle data in ../shared (tests skip when it is absent)."""

from __future__ import annotations

import json
from functools import lru_cache

from tests.conftest import shared_path


def _blocks(text: str) -> list[list[str]]:
    """Boards separated by blank lines, ``#`` lines skipped."""
    out, cur = [], []
    for line in text.splitlines() + [""]:
        line = line.strip()
        if line.startswith("#"):
            continue
        if line:
            cur.append(line)
        elif cur:
            out.append(cur)
            cur = []
    return out


@lru_cache(maxsize=None)
def _read(*parts: str) -> str:
    return shared_path(*parts).read_text()


def rolls() -> dict[tuple[str, ...], int]:
    """Genius Square roll (sorted squares) -> solutions."""
    out = {}
    for line in _read("genius-square", "rolls.tsv").splitlines():
        if line and not line.startswith(("#", "blockers")):
            squares, n = line.split("\t")
            out[tuple(sorted(squares.split()))] = int(n)
    return out


def xoxo_fillings() -> list[list[str]]:
    return _blocks(_read("iq-xoxo", "fillings.txt"))


def xoxo_challenges() -> dict[int, dict]:
    """Number -> {"challenge": rows, "solution": rows}."""
    out, cur, key = {}, None, None
    for line in _read("iq-xoxo", "challenges.txt").splitlines():
        line = line.strip()
        if line.startswith("challenge ="):
            cur = out.setdefault(int(line.split("=")[1]), {"challenge": [], "solution": []})
            key = "challenge"
        elif line == "solution":
            key = "solution"
        elif cur is not None and line and not line.startswith(("#", "source")):
            cur[key].append(line)
    return out


def stars_fillings() -> list[list[str]]:
    return _blocks(_read("iq-stars", "fillings.txt"))


def stars_challenges() -> list[dict]:
    return json.loads(_read("iq-stars", "challenges.json"))["challenges"]


def circuit_levels() -> list[dict]:
    return json.loads(_read("iq-circuit", "levels.json"))["levels"]
