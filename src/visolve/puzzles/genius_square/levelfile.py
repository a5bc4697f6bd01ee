"""Genius Square level files: the board after the roll, readable and writable by hand.

Example (``data/levels/genius-square/level_kitchen.txt``)::

    # genius-square level file: fix a misread square in the drawing and the blockers line
    puzzle = genius-square
    level = kitchen
    source = kitchen.jpg
    edition = smartgames
    difficulty = starter
    blockers = A6 B2 B4 D2 D5 E1 F3
    # not a legal roll of the dice: D2 and F3 are faces of one die (die 1); ...

    # the board as seen, labels as printed: letters A-F across the top name the columns, digits 1-6 ...
    # '#' blocker, '.' empty, 1-9 a piece already placed
      A B C D E F
    1 . . . . # .
    2 . # . # . .
    3 . . . . . #
    4 . # . . . .
    5 . . . # . .
    6 # . . . . .

Header lines are ``key = value``: ``puzzle`` (must be ``genius-square``),
``level`` (the name: the picture's file stem), ``source`` (the picture),
``edition`` (``happy-puzzle``, ``smartgames`` or ``unknown``), ``difficulty``
(``starter`` by default; ``junior``, ``expert``, ``master``, ``wizard``:
the marked pieces may not share an edge) and ``blockers`` (square names, any
order); ``visolve make`` adds ``grade`` (the difficulty its search measured,
a whole number).

Squares are named as the board prints them and the dice show them, so the
``edition`` says which labels are letters: ``smartgames`` prints the letters
``A``-``F`` across the top (they name columns) and the digits ``1``-``6``
down the left (rows); ``happy-puzzle``, and ``unknown`` (a file written by
hand), the letters down the left (rows) and the digits across the top
(columns).

The drawing is the board as seen with those labels on top and on the left:
an optional line of the top labels, then 6 rows (the top one first) of 6
symbols, each row optionally starting with its label; blanks between symbols
are ignored: ``#`` a blocker, ``.`` an empty square, ``1``-``9`` a square of
that piece (already placed; each piece number once, in its shape).  A line
starting with ``#`` that is not a drawing row is a comment, and so is
anything after ``#`` on a header line other than ``level`` and ``source``.

Written by hand, a file needs ``puzzle``, ``level`` and either the
``blockers`` line or the drawing (both, and they must agree).  That replaces
clicking the blockers in: write the seven squares the dice show and solve.

Files written before squares were named as printed (SmartGames boards were
named as if the letters named rows) are recognised by their SmartGames
drawing with rows labelled ``A``-``F`` and no line of top labels: their
squares are renamed as printed when read.
"""

from __future__ import annotations

import re

from visolve.errors import LevelFormatError
from visolve.puzzles.genius_square import model
from visolve.puzzles.genius_square.board import (
    EDITIONS,
    Level,
    drawing,
    make_level,
    groups,
    roll_note,
    shape_problem,
    sort_squares,
)
from visolve.puzzles.textfile import check_header, grade_value, key_value

PUZZLE = "genius-square"
REQUIRED = ("puzzle", "level")
KNOWN = ("puzzle", "level", "source", "edition", "difficulty", "blockers", "grade")
#: keys whose value is kept whole (a file name may hold a '#')
VERBATIM = ("level", "source")
#: the line of labels above the drawing (letters or digits, in order)
_LABELS = re.compile(r"^(?:A\s*B\s*C\s*D\s*E\s*F|1\s*2\s*3\s*4\s*5\s*6)$", re.IGNORECASE)
#: a drawing row: an optional row label, then six symbols (blanks ignored)
_ROW = re.compile(r"^(?:(?P<label>[A-Fa-f1-6])\s+)?(?P<cells>(?:[#.1-9]\s*){6})$")
_SQUARE = re.compile(r"^[A-Fa-f][1-6]$")
#: what each edition's labels are, for the comment above the drawing
PRINT = {
    "smartgames": "letters A-F across the top name the columns, digits 1-6 down the left the rows",
    "happy-puzzle": "letters A-F down the left name the rows, digits 1-6 across the top the columns",
    "unknown": "as on a Happy Puzzle board: letters A-F down the left name the rows, digits 1-6 across the top "
               "the columns",
}


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
    if level.grade is not None:
        lines.append(f"grade = {level.grade}")
    note = roll_note(level.blockers)
    lines.append("# a legal roll of the dice" if not note else f"# not a legal roll of the dice: {note}")
    top, left = model.labels(level.edition)
    lines += ["", f"# the board as seen, labels as printed: {PRINT[level.edition]}",
              "# '#' blocker, '.' empty, 1-9 a piece already placed", "  " + " ".join(top)]
    lines += [f"{left[r]} {' '.join(row)}" for r, row in enumerate(drawing(level))]
    return "\n".join(lines) + "\n"


def parse_level(text: str, path: str = "") -> Level:
    """The level of a level file's text; :class:`LevelFormatError` names the line at fault."""
    header, header_lines, rows, top = {}, {}, [], None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip().lstrip("\ufeff")
        m = _ROW.match(line)
        if _LABELS.match(line):
            if top is not None or rows:
                where = "a second line of labels" if top is not None else "labels below a drawing row"
                raise LevelFormatError(f"{where} (they go once, above the drawing)", number, path)
            top = (re.sub(r"\s", "", line).upper(), number)
        elif m:
            if len(rows) == model.SIZE:
                raise LevelFormatError(f"a 7th drawing row (the board has {model.SIZE})", number, path)
            rows.append((m.group("label"), re.sub(r"\s", "", m.group("cells")), number))
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
    edition = _choice(header, header_lines, "edition", EDITIONS, "unknown", path)
    naming = _naming(edition, top, rows, path)
    blockers = _blockers(header, header_lines, path)
    pieces = {}
    if rows:
        blockers, pieces = _from_drawing(rows, blockers, header_lines.get("blockers", 0), naming, path)
    if naming != edition:  # a file of before squares were named as printed: rename them
        blockers = [_renamed(s, naming, edition) for s in blockers]
        pieces = {p: [_renamed(s, naming, edition) for s in cells] for p, cells in pieces.items()}
    return make_level(
        header["level"],
        blockers,
        pieces,
        source=header.get("source", ""),
        edition=edition,
        difficulty=_choice(header, header_lines, "difficulty", tuple(model.DIFFICULTY), "starter", path),
        grade=grade_value(header["grade"], header_lines["grade"], path) if "grade" in header else None,
    )


def _naming(edition: str, top, rows: list, path: str) -> str:
    """The edition whose print names the file's squares, its drawing's labels checked.

    That is ``edition``, except for a SmartGames file of before squares were
    named as printed: a drawing with rows labelled ``A``-``F`` and no labels
    above it; its squares were named as on a Happy Puzzle board.
    """
    expect_top, expect_left = model.labels(edition)
    if top is not None and top[0] != expect_top:
        hint = "; edition = smartgames prints letters there" if top[0] == model.LETTERS else ""
        raise LevelFormatError(f"labels {' '.join(top[0])} above the drawing: the {edition} board prints "
                               f"{' '.join(expect_top)} there{hint}", top[1], path)
    said = [label.upper() for label, _cells, _line in rows if label]
    if top is None and model.letters_across(edition) and said and said[0] in model.LETTERS:
        naming = "happy-puzzle"
        expect_left = model.labels(naming)[1]
    else:
        naming = edition
    for k, (label, _cells, number) in enumerate(rows):
        if label and label.upper() != expect_left[k]:
            raise LevelFormatError(f"row {label.upper()} where row {expect_left[k]} belongs "
                                   f"(the {edition} board prints {' '.join(expect_left)} down the left)", number, path)
    return naming


def _renamed(square: str, old: str, new: str) -> str:
    return model.name(model.square(square, old), new)


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


def _from_drawing(rows, blockers, blockers_line, naming, path):
    """Blockers and placed pieces of the drawing (names as ``naming`` prints them), checked
    against the blockers line."""
    if len(rows) != model.SIZE:
        raise LevelFormatError(f"the drawing has {len(rows)} rows, not {model.SIZE}", rows[-1][2], path)
    drawn, found = groups([cells for _label, cells, _line in rows], naming)
    if blockers is not None and sorted(drawn) != sorted(blockers):
        extra = " ".join(sort_squares(set(drawn) ^ set(blockers)))
        how = f" (squares are named as printed: {PRINT[naming]})"
        raise LevelFormatError(f"blockers line and drawing disagree on {extra}{how}", blockers_line, path)
    pieces = {}
    for piece, parts in sorted(found.items()):
        line = rows[model.square(parts[0][0], naming)[0]][2]
        if len(parts) > 1:
            raise LevelFormatError(f"piece {piece} drawn in {len(parts)} places", line, path)
        problem = shape_problem(piece, parts[0], naming)
        if problem:
            raise LevelFormatError(problem, line, path)
        pieces[piece] = tuple(parts[0])
    return drawn, pieces


def _choice(header: dict, lines: dict, key: str, allowed: tuple, default: str, path: str) -> str:
    value = header.get(key, default).lower()
    if value not in allowed:
        raise LevelFormatError(f"{key} {value!r}: expected one of {', '.join(allowed)}", lines[key], path)
    return value
