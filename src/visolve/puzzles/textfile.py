"""Pieces shared by the families' level-file parsers.

Every level file is plain text: ``#`` starts a comment (at the start of a
line or after a blank: ``source = puzzle#3.png`` keeps its file name whole),
blank lines are ignored, header lines read ``key = value``, and errors name
the 1-based line.
"""

from __future__ import annotations

import re
from typing import Iterator

from visolve.errors import LevelFormatError


#: a comment: ``#`` at the start of a line or after a blank, to the end of the line
_COMMENT = re.compile(r"(?:^|(?<=\s))#.*$")


def content_lines(text: str) -> Iterator[tuple[int, str, str]]:
    """Yield ``(line number, line without comment and outer blanks, raw line)`` for non-empty lines."""
    for number, raw in enumerate(text.splitlines(), start=1):
        line = _COMMENT.sub("", raw, count=1).strip() if "#" in raw else raw.strip()
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


#: level numbers run from 1 to this (a reader takes at most 4 digits from a picture or its name)
LEVEL_MAX = 9999


def known_key(key: str, known: tuple[str, ...], number: int, path: str) -> None:
    """An unknown header key is an error naming the line and the keys the family takes."""
    if key not in known:
        raise LevelFormatError(f"unknown header key {key!r} (known: {', '.join(known)})", number, path)


def level_value(text: str, line: int, path: str, names: bool = True) -> int | str:
    """The header's ``level`` value: a number 1..:data:`LEVEL_MAX`, or a name when ``names``.

    Only ASCII digits make a number (``int`` refuses ``²`` though ``isdigit`` takes it).
    Digits out of that range are no level number: a family without names refuses them
    with the range; a family with names takes them as a name, as a picture's file name
    (``20240501.png``) gives one (:func:`visolve.puzzles.base.level_from_filename`).
    ``line`` is the ``level`` line's number, for the error (0: not known).
    """
    if not text:
        raise LevelFormatError("level is empty", line, path)
    number = level_number(text)
    if number is not None:
        return number
    if names:
        return text
    shown = repr(text) if len(text) <= 20 else f"{text[:12]!r}... ({len(text)} characters)"
    if text.isascii() and text.isdigit():
        raise LevelFormatError(f"level {shown} is out of range: level numbers run from 1 to {LEVEL_MAX}", line, path)
    raise LevelFormatError(f"level must be a number from 1 to {LEVEL_MAX}, got {shown}", line, path)


def level_number(text: str) -> int | None:
    """``"0042"`` -> 42: ASCII digits naming a level 1..:data:`LEVEL_MAX`, else None."""
    if not (text.isascii() and text.isdigit()):
        return None
    digits = text.lstrip("0") or "0"  # int() refuses strings of over 4300 digits
    if len(digits) > len(str(LEVEL_MAX)) or not 1 <= int(digits) <= LEVEL_MAX:
        return None
    return int(digits)


#: a difficulty grade (``grade = N``, written by ``visolve make``) runs from 0 to this
GRADE_MAX = 999_999


def grade_value(text: str, line: int, path: str) -> int:
    """The header's ``grade`` value: ASCII digits, 0..:data:`GRADE_MAX`; anything else names the line."""
    if not (text.isascii() and text.isdigit()) or len(text) > len(str(GRADE_MAX)):
        shown = repr(text) if len(text) <= 20 else f"{text[:12]!r}... ({len(text)} characters)"
        raise LevelFormatError(f"grade must be a whole number from 0 to {GRADE_MAX}, got {shown}", line, path)
    return int(text)
