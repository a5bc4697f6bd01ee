"""IQ Stars level files: the board as it looks, one symbol per star.

Example (booklet challenge 1)::

    # iq-stars level file: fix a misread cell by editing its symbol
    puzzle = iq-stars
    level = 1
    source = 1.png

    b v v v p . .
     b . . p . .
    b b y . p p g
     y y y g g g

Header lines are ``key = value``: ``puzzle`` (must be ``iq-stars``),
``level`` (a number 1 to 9999, or a name when the picture had none) and ``source``
(the picture); ``visolve make`` adds ``grade`` (the difficulty its search
measured, a whole number).  ``#`` starts a comment.  Then 4 rows of 7, 6, 7 and 6 symbols, top row first, separated by one space; the second and fourth rows
are indented by one space, as the board shifts them.  ``.`` is a free cell,
``r o y g b v p`` (red, orange, yellow, green, blue, violet = purple, pink)
a cell of a placed piece, the upper-case letter a wizard star.  The reader
accepts any spacing; errors name the line.
"""

from __future__ import annotations

from visolve.errors import LevelFormatError
from visolve.puzzles.iq_stars.board import ROW_LENGTHS, located_problems, row_problem
from visolve.puzzles.iq_stars.model import Level
from visolve.puzzles.textfile import check_header, content_lines, grade_value, key_value, known_key, level_value

PUZZLE = "iq-stars"
REQUIRED = ("puzzle", "level")
HEADER_KEYS = ("puzzle", "level", "source", "grade")


def format_row(row: int, text: str) -> str:
    """One board row as the file writes it (short rows indented by one space)."""
    return (" " if row % 2 else "") + " ".join(text)


def format_level(level: Level) -> str:
    """Level -> text.  ``parse_level(format_level(x)) == x``."""
    lines = [
        "# iq-stars level file: fix a misread cell by editing its symbol.",
        "# . free  r o y g b v p a placed piece's cell  R O Y G B V P a wizard star",
        f"puzzle = {PUZZLE}",
        f"level = {level.level}",
        f"source = {level.source}",
    ]
    if level.grade is not None:
        lines.append(f"grade = {level.grade}")
    lines.append("")
    lines += [format_row(r, text) for r, text in enumerate(level.rows)]
    return "\n".join(lines) + "\n"


def parse_level(text: str, path: str = "") -> Level:
    """Text -> Level.  Raises :class:`LevelFormatError` naming the line and the problem."""
    header: dict[str, str] = {}
    header_lines: dict[str, int] = {}
    rows: list[str] = []
    numbers: list[int] = []
    for number, line, raw in content_lines(text):
        if "=" in line:
            key, value = key_value(line, raw, number, path)
            if rows:
                raise LevelFormatError(f"header line {key!r} after the board started", number, path)
            known_key(key, HEADER_KEYS, number, path)
            if key in header:
                raise LevelFormatError(f"header {key!r} given twice", number, path)
            header[key], header_lines[key] = value, number
            continue
        if len(rows) == len(ROW_LENGTHS):
            raise LevelFormatError(f"more than {len(ROW_LENGTHS)} board rows", number, path)
        cells = "".join(line.split())
        problem = row_problem(cells, len(rows))
        if problem:
            raise LevelFormatError(problem, number, path)
        rows.append(cells)
        numbers.append(number)
    check_header(header, PUZZLE, REQUIRED, path)
    level_number = level_value(header["level"], header_lines["level"], path)
    if len(rows) != len(ROW_LENGTHS):
        last = numbers[-1] if numbers else 0
        raise LevelFormatError(f"the board needs {len(ROW_LENGTHS)} rows of stars, found {len(rows)}", last, path)
    problems = located_problems(rows)
    if problems:
        row, text = problems[0]
        raise LevelFormatError(text, numbers[row], path)
    grade = grade_value(header["grade"], header_lines["grade"], path) if "grade" in header else None
    return Level(level_number, tuple(rows), header.get("source", ""), grade)
