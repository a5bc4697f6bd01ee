"""circuit500 level files: a small, human-editable text format.

Example::

    # circuit500 level file: fix a misread tile by editing its token
    puzzle = circuit500
    level = 2
    source = IMG_5635.PNG

    cross:urdl    corner:ul     junction:url  cross:urdl
    corner:ul     empty         cross:urdl    corner:ur
    ...                                         (6 rows of 4 tokens, top row first)

Tokens: ``gap``, ``empty``, ``cross``, ``corner:XY``, ``junction:XYZ``,
``start:X``, ``end:X`` where the letters are the tile's arms from ``u r d l``
(the writer gives a cross its four arms, ``cross:urdl``; ``cross`` alone reads the same).
``#`` starts a comment; comment lines between the header and the grid are the
reader's notes (``# lit 3,0 end``) and are written back.  Header lines are ``key = value``: ``puzzle``,
``level`` (a number, 1 to 9999) and ``source``; any other key is an error
naming its line.
"""

from __future__ import annotations

from visolve.errors import LevelFormatError
from visolve.puzzles.circuit500.model import COLS, ROWS, Level, find, make_grid, parse_token
from visolve.puzzles.textfile import check_header, content_lines, key_value, known_key, level_value

PUZZLE = "circuit500"
REQUIRED = ("puzzle", "level")
HEADER_KEYS = ("puzzle", "level", "source")


def format_level(level: Level) -> str:
    """Level -> text.  ``parse_level(format_level(x)) == x``."""
    lines = [
        "# circuit500 level file: fix a misread tile by editing its token.",
        "# tokens: gap empty cross corner:XY junction:XYZ start:X end:X (arms from u r d l)",
        f"puzzle = {PUZZLE}",
        f"level = {level.level if level.level is not None else ''}",
        f"source = {level.source}",
    ]
    lines += [f"# {note}" for note in level.notes]
    lines.append("")
    tokens = [[t.token() for t in row] for row in level.grid]
    width = max(len(tok) for row in tokens for tok in row)
    for row in tokens:
        lines.append("  ".join(tok.ljust(width) for tok in row).rstrip())
    return "\n".join(lines) + "\n"


def parse_level(text: str, path: str = "") -> Level:
    """Text -> Level.  Raises :class:`LevelFormatError` naming the line and the problem."""
    header: dict[str, str] = {}
    header_lines: dict[str, int] = {}
    rows = []
    row_lines = []
    for number, line, raw in content_lines(text):
        if "=" in line and not rows:
            key, value = key_value(line, raw, number, path)
            known_key(key, HEADER_KEYS, number, path)
            if key in header:
                raise LevelFormatError(f"header {key!r} given twice", number, path)
            header[key], header_lines[key] = value, number
            continue
        if "=" in line:
            raise LevelFormatError("header line after the grid started", number, path)
        tokens = line.split()
        if len(tokens) != COLS:
            raise LevelFormatError(
                f"grid row needs {COLS} tokens, found {len(tokens)}", number, path
            )
        row = []
        for col, token in enumerate(tokens):
            try:
                row.append(parse_token(token))
            except ValueError as exc:
                raise LevelFormatError(f"column {col + 1}: {exc}", number, path) from None
        if len(rows) == ROWS:
            raise LevelFormatError(f"more than {ROWS} grid rows", number, path)
        rows.append(row)
        row_lines.append(number)

    check_header(header, PUZZLE, REQUIRED, path)
    level_number = level_value(header["level"], header_lines["level"], path, names=False)
    if len(rows) != ROWS:
        last = row_lines[-1] if row_lines else 0
        raise LevelFormatError(f"grid needs {ROWS} rows of tiles, found {len(rows)}", last, path)
    grid = make_grid(rows)
    for kind, most in (("start", 1), ("end", 1), ("gap", 1)):
        cells = find(grid, kind)
        if len(cells) > most:
            r, _c = cells[most]
            raise LevelFormatError(f"more than one {kind} tile", row_lines[r], path)
        if not cells and kind != "gap":
            raise LevelFormatError(f"no {kind} tile on the board", 0, path)
    return Level(level=level_number, grid=grid, source=header.get("source", ""), notes=_notes(text))


def _notes(text: str) -> tuple[str, ...]:
    """The comment lines between the header and the grid (the reader's notes, as written)."""
    notes, in_header = [], False
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("#"):
            if in_header and line[1:].strip():
                notes.append(line[1:].strip())
        elif "=" in line:
            in_header = True
        elif line:
            break  # the grid
    return tuple(notes)
