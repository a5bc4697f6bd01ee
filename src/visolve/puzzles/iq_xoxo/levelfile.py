"""IQ XOXO level files: the given pieces drawn in letters, readable and writable by hand.

Example (``data/levels/iq-xoxo/level_120.txt``)::

    # iq-xoxo level file: '.' empty, else the letter of the given piece on the square
    puzzle = iq-xoxo
    level = 120
    source = booklet_119_120.jpg

    ..........
    ......Z...
    ......ZZZ.
    ........Z.
    ..........

Header lines are ``key = value``: ``puzzle`` (must be ``iq-xoxo``),
``level`` (the challenge number, 1 to 9999, or a name) and ``source`` (the picture,
optional); ``visolve make`` adds ``grade`` (the difficulty its search measured,
a whole number).  Then 5 lines of 10 characters, top row first, seen as in the
booklet (the top-left square takes an X): ``.`` an empty square, or the
pentomino letter ``I L N P T U V W Y Z`` of the piece covering it.  The
X/O marks follow from the square (X where row + column is even) and are
not written; a piece whose outline or marks cannot lie on its squares is
an error naming its first line.  ``#`` starts a comment.
"""

from __future__ import annotations

from visolve.errors import LevelFormatError
from visolve.puzzles.iq_xoxo.board import COLS, EMPTY, LETTERS, ROWS, piece_problem
from visolve.puzzles.iq_xoxo.model import Level
from visolve.puzzles.textfile import check_header, content_lines, grade_value, key_value, level_value

PUZZLE = "iq-xoxo"
REQUIRED = ("puzzle", "level")
KNOWN = ("puzzle", "level", "source", "grade")
ROW_CHARS = set(EMPTY + "".join(LETTERS))


def format_level(level: Level) -> str:
    """The level file text of ``level``."""
    lines = [
        "# iq-xoxo level file: '.' empty, else the letter of the given piece on the square",
        f"puzzle = {PUZZLE}",
        f"level = {level.level}",
    ]
    if level.source:
        lines.append(f"source = {level.source}")
    if level.grade is not None:
        lines.append(f"grade = {level.grade}")
    lines.append("")
    lines += list(level.rows)
    return "\n".join(lines) + "\n"


def _is_row(line: str) -> bool:
    return "=" not in line and len(line) == COLS and set(line.upper()) <= ROW_CHARS


def parse_level(text: str, path: str = "") -> Level:
    """The level of a level file's text; :class:`LevelFormatError` names the line at fault."""
    header: dict[str, str] = {}
    header_lines: dict[str, int] = {}
    rows: list[str] = []
    row_lines: list[int] = []
    for number, line, raw in content_lines(text.lstrip("\ufeff")):
        if _is_row(line):
            if len(rows) == ROWS:
                raise LevelFormatError(f"a {ROWS + 1}th board row (the board has {ROWS})", number, path)
            rows.append(line.upper())
            row_lines.append(number)
            continue
        if "=" not in line:
            raise LevelFormatError(f"neither a board row of {COLS} symbols nor 'key = value': {raw.strip()!r}",
                                   number, path)
        if rows:
            raise LevelFormatError(f"header line after the board: {raw.strip()!r}", number, path)
        key, value = key_value(line, raw, number, path)
        if key not in KNOWN or not value or key in header:
            why = "unknown key" if key not in KNOWN else ("empty value" if not value else "given twice")
            raise LevelFormatError(f"bad header line {raw.strip()!r} ({why})", number, path)
        header[key], header_lines[key] = value, number
    check_header(header, PUZZLE, REQUIRED, path)
    if len(rows) != ROWS:
        raise LevelFormatError(f"the board has {len(rows)} rows, not {ROWS}", row_lines[-1] if rows else 0, path)
    _check_pieces(rows, row_lines, path)
    level = level_value(header["level"], header_lines["level"], path)
    grade = grade_value(header["grade"], header_lines["grade"], path) if "grade" in header else None
    return Level(level=level, rows=tuple(rows), source=header.get("source", ""), grade=grade)


def _check_pieces(rows: list[str], row_lines: list[int], path: str) -> None:
    """Every given piece has its shape and marks that fit its squares."""
    seen: dict[str, list[tuple[int, int]]] = {}
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch != EMPTY:
                seen.setdefault(ch, []).append((r, c))
    for letter, cells in seen.items():
        problem = piece_problem(letter, cells)
        if problem:
            raise LevelFormatError(problem, row_lines[cells[0][0]], path)
