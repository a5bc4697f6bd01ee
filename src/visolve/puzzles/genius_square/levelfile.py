"""Genius Square level files: the board after the roll, readable and writable by hand.

Example (``data/levels/genius-square/level_kitchen.txt``)::

    # genius-square level file: fix a misread square in the drawing and the blockers line
    puzzle = genius-square
    level = kitchen
    source = kitchen.jpg
    edition = happy-puzzle
    difficulty = starter
    blockers = A5 A6 B2 D3 D5 F3 F6
    # a legal roll of the dice

    # columns 1-6 left to right: '#' blocker, '.' empty, 1-9 a piece already placed
    A . . . . # #
    B . # . . . .
    C . . . . . .
    D . . # . # .
    E . . . . . .
    F . . # . . #

Header lines are ``key = value``: ``puzzle`` (must be ``genius-square``),
``level`` (the name: the picture's file stem), ``source`` (the picture),
``edition`` (``happy-puzzle``, ``smartgames`` or ``unknown``), ``difficulty``
(``starter`` by default; ``junior``, ``expert``, ``master``, ``wizard``:
the marked pieces may not share an edge) and ``blockers`` (square names, any
order: row letter ``A``-``F`` from the top, column digit ``1``-``6`` from the
left, seen with the printed labels on top and on the left).

The drawing is 6 rows (row ``A`` first) of 6 symbols (column ``1`` first),
each row optionally starting with its letter; blanks between symbols are
ignored: ``#`` a blocker, ``.`` an empty square, ``1``-``9`` a square of
that piece (already placed; each piece number once, in its shape).  A line
starting with ``#`` that is not a drawing row is a comment, and so is
anything after ``#`` on a header line other than ``level`` and ``source``.

Written by hand, a file needs ``puzzle``, ``level`` and either the
``blockers`` line or the drawing (both, and they must agree).  That replaces
clicking the blockers in: write the seven squares the dice show and solve.
"""

from __future__ import annotations

import re

from visolve.errors import LevelFormatError
from visolve.puzzles.genius_square import model
from visolve.puzzles.genius_square.board import (
    EDITIONS,
    Level,
    drawing,
    groups,
    roll_note,
    shape_problem,
    sort_squares,
)
from visolve.puzzles.textfile import check_header, key_value

PUZZLE = "genius-square"
REQUIRED = ("puzzle", "level")
KNOWN = ("puzzle", "level", "source", "edition", "difficulty", "blockers")
#: a drawing row: an optional row letter, then six symbols (blanks ignored)
#: keys whose value is kept whole (a file name may hold a '#')
VERBATIM = ("level", "source")
_ROW = re.compile(r"^(?:(?P<letter>[A-Fa-f])\s+)?(?P<cells>(?:[#.1-9]\s*){6})$")
_SQUARE = re.compile(r"^[A-Fa-f][1-6]$")


def format_level(level: Level) -> str:
    """The level file text of ``level``."""
    lines = [
        "# genius-square level file: fix a misread square in the drawing and the blockers line",
        f"puzzle = {PUZZLE}",
        f"level = {level.level}",
    ]
    if level.source:
        lines.append(f"source = {level.source}")
    lines += [f"edition = {level.edition}", f"difficulty = {level.difficulty}",
              f"blockers = {' '.join(level.blockers)}"]
    note = roll_note(level.blockers)
    lines.append("# a legal roll of the dice" if not note else f"# not a legal roll of the dice: {note}")
    lines += ["", "# columns 1-6 left to right: '#' blocker, '.' empty, 1-9 a piece already placed"]
    lines += [f"{model.ROWS[r]} {' '.join(row)}" for r, row in enumerate(drawing(level))]
    return "\n".join(lines) + "\n"


def parse_level(text: str, path: str = "") -> Level:
    """The level of a level file's text; :class:`LevelFormatError` names the line at fault."""
    header, header_lines, rows, row_lines = {}, {}, [], []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip().lstrip("\ufeff")
        m = _ROW.match(line)
        if m:
            _add_row(m, rows, row_lines, number, path)
        elif line and not line.startswith("#"):
            key, value = key_value(line, raw, number, path)
            if key not in VERBATIM:
                value = value.split("#", 1)[0].strip()
            if key not in KNOWN or not value or key in header:
                why = "unknown key" if key not in KNOWN else ("empty value" if not value else "given twice")
                raise LevelFormatError(f"bad header line {raw.strip()!r} ({why})", number, path)
            header[key], header_lines[key] = value, number
    check_header(header, PUZZLE, REQUIRED, path)
    if not rows and "blockers" not in header:
        raise LevelFormatError("no 'blockers = ...' line and no drawing", 0, path)
    blockers = _blockers(header, header_lines, path)
    pieces = {}
    if rows:
        blockers, pieces = _from_drawing(rows, row_lines, blockers, header_lines.get("blockers", 0), path)
    return Level(
        level=header["level"],
        source=header.get("source", ""),
        edition=_choice(header, header_lines, "edition", EDITIONS, "unknown", path),
        difficulty=_choice(header, header_lines, "difficulty", tuple(model.DIFFICULTY), "starter", path),
        blockers=sort_squares(blockers),
        pieces=tuple(sorted(pieces.items())),
    )


def _add_row(m: re.Match, rows: list, row_lines: list, number: int, path: str) -> None:
    if len(rows) == model.SIZE:
        raise LevelFormatError(f"a 7th drawing row (the board has {model.SIZE})", number, path)
    letter = m.group("letter")
    if letter and letter.upper() != model.ROWS[len(rows)]:
        raise LevelFormatError(f"row {letter.upper()} where row {model.ROWS[len(rows)]} belongs", number, path)
    rows.append(re.sub(r"\s", "", m.group("cells")))
    row_lines.append(number)


def _blockers(header: dict, lines: dict, path: str) -> list[str] | None:
    if "blockers" not in header:
        return None
    names = header["blockers"].replace(",", " ").split()
    for name in names:
        if not _SQUARE.match(name):
            raise LevelFormatError(f"blockers: {name!r} is no square (A1 .. F6)", lines["blockers"], path)
    names = [n.upper() for n in names]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise LevelFormatError(f"blockers: {' '.join(twice)} given twice", lines["blockers"], path)
    return names


def _from_drawing(rows, row_lines, blockers, blockers_line, path):
    """Blockers and placed pieces of the drawing, checked against the blockers line."""
    if len(rows) != model.SIZE:
        raise LevelFormatError(f"the drawing has {len(rows)} rows, not {model.SIZE}", row_lines[-1], path)
    drawn, found = groups(rows)
    if blockers is not None and sorted(drawn) != sorted(blockers):
        extra = sorted(set(drawn) ^ set(blockers))
        raise LevelFormatError(f"blockers line and drawing disagree on {' '.join(extra)}", blockers_line, path)
    pieces = {}
    for piece, parts in sorted(found.items()):
        line = row_lines[model.square(parts[0][0])[0]]
        if len(parts) > 1:
            raise LevelFormatError(f"piece {piece} drawn in {len(parts)} places", line, path)
        problem = shape_problem(piece, parts[0])
        if problem:
            raise LevelFormatError(problem, line, path)
        pieces[piece] = tuple(parts[0])
    return drawn, pieces


def _choice(header: dict, lines: dict, key: str, allowed: tuple, default: str, path: str) -> str:
    value = header.get(key, default).lower()
    if value not in allowed:
        raise LevelFormatError(f"{key} {value!r}: expected one of {', '.join(allowed)}", lines[key], path)
    return value

