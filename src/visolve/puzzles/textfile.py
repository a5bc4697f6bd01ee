"""Pieces shared by the families' level-file parsers.

Every level file is plain text: ``#`` starts a comment, blank lines are
ignored, header lines read ``key = value``, and errors name the 1-based line.
"""

from __future__ import annotations

from typing import Iterator

from visolve.errors import LevelFormatError


def content_lines(text: str) -> Iterator[tuple[int, str, str]]:
    """Yield ``(line number, line without comment and outer blanks, raw line)`` for non-empty lines."""
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if line:
            yield number, line, raw


def key_value(line: str, raw: str, number: int, path: str) -> tuple[str, str]:
    """``"Level = 12"`` -> ``("level", "12")``; a key with blanks is an error naming the line."""
    key, _, value = line.partition("=")
    key = key.strip().lower()
    if not key or " " in key:
        raise LevelFormatError(f"bad header line {raw.strip()!r}", number, path)
    return key, value.strip()


def check_header(header: dict[str, str], puzzle: str, required: tuple[str, ...], path: str) -> None:
    """Every required key is there and ``puzzle`` names this family."""
    for key in required:
        if key not in header:
            raise LevelFormatError(f"missing header line '{key} = ...'", 0, path)
    if header["puzzle"] != puzzle:
        raise LevelFormatError(f"puzzle is {header['puzzle']!r}, expected {puzzle!r}", 0, path)
