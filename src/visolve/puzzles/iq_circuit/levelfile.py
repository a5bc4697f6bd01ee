"""IQ Circuit level files: a small, human-editable text format.

Example (level 86, a Master challenge)::

    # iq-circuit level file: fix a misread cell by editing its symbol
    puzzle = iq-circuit
    level = 86
    kind = master
    source = 86.png

    v???v???
    |???|?o?
    |???????
    ??????o?

    piece = 2 face 0 anchor 0,0 rotation 1
    piece = 1 face 0 anchor 4,0 rotation 1

Header lines are ``key = value``: ``puzzle`` (must be ``iq-circuit``),
``level`` (a number 1 to 9999, or a name when the picture had none),
``kind`` (``expert``, ``master`` or ``wizard``) and ``source`` (the
picture); ``visolve make`` adds ``grade`` (the difficulty its search
measured, a whole number); any other key is an error naming its line.  ``#`` starts a
comment.

Then the board: 4 rows (top row first) of 8 cells (left to right), one
symbol per cell; spaces between symbols are allowed and ignored::

    .   empty cell (no track)           ?   unknown: the challenge says nothing
    -   straight track left-right       |   straight track up-down
    r   bend right+down                 7   bend left+down
    L   bend right+up                   J   bend left+up
    >   dot, its track leaves right     <   left     ^   up     v   down
    o   dot whose track direction is not shown (an "open" dot)

A cell that is not ``?`` must be shown exactly so on the solved board; a
``?`` cell may hold anything except a dot (dots appear only where the
challenge shows them).  Expert challenges give all 32 cells; Wizard
challenges only ``o`` dots; Master challenges the pre-placed pieces' cells
and ``o`` dots.

Last come the pre-placed pieces (Master), one line each::

    piece = <id or name> face <f> anchor <x>,<y> rotation <r>

``id`` 0-9 or the booklet name (``LINE2_1`` ``LINE2_2`` ``LINE3_1``
``LINE3_2`` ``CORNER_1`` ``CORNER_2`` ``SQUARE`` ``L_PIECE`` ``T_PIECE``
``Z_PIECE``), ``face`` 0-2 (0 = the dot face), ``anchor`` the board cell of
the face's reference cell, ``rotation`` 0-3 quarter turns clockwise (the
conventions of :mod:`visolve.puzzles.iq_circuit.model`).  The grid cells a
piece covers may be written ``?`` or exactly as the piece draws them; the
file writer always draws them.
"""

from __future__ import annotations

import re

from visolve.errors import LevelFormatError
from visolve.plural import counted
from visolve.puzzles.textfile import check_header, content_lines, grade_value, key_value, known_key, level_value
from visolve.puzzles.iq_circuit.model import (
    DIR_NAMES,
    HEIGHT,
    KINDS,
    MASK_SYMBOL,
    OPEN_DOT,
    PIECES,
    SYMBOL_MASK,
    SYMBOLS,
    UNKNOWN,
    WIDTH,
    Level,
    Placement,
    grid_with_pieces,
    level_problems,
    piece_by_token,
)

PUZZLE = "iq-circuit"
REQUIRED = ("puzzle", "level", "kind")
HEADER_KEYS = ("puzzle", "level", "kind", "source", "grade")
_PIECE_RE = re.compile(
    r"^(?P<piece>\w+)\s+face\s+(?P<face>\d+)\s+anchor\s+(?P<x>-?\d+)\s*,\s*(?P<y>-?\d+)\s+rotation\s+(?P<r>\d+)$",
    re.IGNORECASE,
)


def format_level(level: Level) -> str:
    """Level -> text.  ``parse_level(format_level(x)) == x``."""
    lines = [
        "# iq-circuit level file: fix a misread cell by editing its symbol.",
        "# . empty  - | lines  r 7 L J bends  > < ^ v dots with direction  o dot  ? unknown",
        f"puzzle = {PUZZLE}",
        f"level = {level.level}",
        f"kind = {level.kind}",
        f"source = {level.source}",
    ]
    if level.grade is not None:
        lines.append(f"grade = {level.grade}")
    lines += [f"# {note}" for note in level.notes]
    lines.append("")
    lines += list(level.grid)
    if level.pieces:
        lines.append("")
        lines += [f"piece = {pl.text()}" for pl in level.pieces]
    return "\n".join(lines) + "\n"


def parse_piece(text: str) -> Placement:
    """``"2 face 0 anchor 0,0 rotation 1"`` -> Placement; ``ValueError`` with the reason."""
    m = _PIECE_RE.match(text.strip())
    if not m:
        raise ValueError(f"piece line must read '<id> face <f> anchor <x>,<y> rotation <r>', got {text.strip()!r}")
    piece = piece_by_token(m["piece"])
    face, r = int(m["face"]), int(m["r"])
    if face >= len(piece.faces):
        raise ValueError(f"piece {piece.id} ({piece.code}) has faces 0-{len(piece.faces) - 1}, not {face}")
    if r > 3:
        raise ValueError(f"rotation must be 0-3, got {r}")
    pl = Placement(piece.id, face, int(m["x"]), int(m["y"]), r)
    if not pl.on_board():
        raise ValueError(f"piece {piece.id} placed so that it leaves the board")
    return pl


def parse_level(text: str, path: str = "") -> Level:
    """Text -> Level.  Raises :class:`LevelFormatError` naming the line and the problem."""
    header: dict[str, str] = {}
    header_lines: dict[str, int] = {}
    rows: list[str] = []
    row_lines: list[int] = []
    pieces: list[Placement] = []
    piece_lines: list[int] = []
    for number, line, raw in content_lines(text):
        if "=" in line:
            key, value = key_value(line, raw, number, path)
            if key == "piece":
                if len(rows) != HEIGHT:
                    raise LevelFormatError("piece lines come after the 4 grid rows", number, path)
                try:
                    pl = parse_piece(value)
                except ValueError as exc:
                    raise LevelFormatError(str(exc), number, path) from None
                if any(p.piece == pl.piece for p in pieces):
                    raise LevelFormatError(f"piece {pl.piece} placed twice", number, path)
                pieces.append(pl)
                piece_lines.append(number)
                continue
            if rows:
                raise LevelFormatError(f"header line {key!r} after the grid started", number, path)
            known_key(key, HEADER_KEYS + ("piece",), number, path)
            if key in header:
                raise LevelFormatError(f"header {key!r} given twice", number, path)
            header[key], header_lines[key] = value, number
            continue
        if pieces:
            raise LevelFormatError("grid row after the piece lines", number, path)
        cells = "".join(line.split())
        if len(cells) != WIDTH:
            raise LevelFormatError(f"grid row needs {WIDTH} cells, found {len(cells)}: {cells!r}", number, path)
        for x, sym in enumerate(cells):
            if sym not in SYMBOLS:
                raise LevelFormatError(
                    f"cell {x + 1} of the row: unknown symbol {sym!r} (use one of {SYMBOLS})", number, path
                )
        if len(rows) == HEIGHT:
            raise LevelFormatError(f"more than {HEIGHT} grid rows", number, path)
        rows.append(cells)
        row_lines.append(number)

    check_header(header, PUZZLE, REQUIRED, path)
    kind = header["kind"].lower()
    if kind not in KINDS:
        raise LevelFormatError(f"kind must be one of {', '.join(KINDS)}, got {header['kind']!r}", 0, path)
    number = level_value(header["level"], header_lines["level"], path)
    if len(rows) != HEIGHT:
        last = row_lines[-1] if row_lines else 0
        raise LevelFormatError(f"grid needs {HEIGHT} rows of cells, found {len(rows)}", last, path)

    # pieces: their cells must be '?' or drawn exactly as the piece shows them
    covered: dict[tuple[int, int], int] = {}
    for pl, number_line in zip(pieces, piece_lines):
        for x, y, mask in pl.cells():
            if (x, y) in covered:
                raise LevelFormatError(f"piece {pl.piece} overlaps piece {covered[(x, y)]} at ({x},{y})", number_line, path)
            covered[(x, y)] = pl.piece
            sym = rows[y][x]
            if sym != UNKNOWN and SYMBOL_MASK.get(sym, -1) != mask:
                raise LevelFormatError(
                    f"piece {pl.piece} puts {MASK_SYMBOL[mask]!r} on cell ({x},{y}) but the grid shows {sym!r}",
                    number_line,
                    path,
                )
    grid = grid_with_pieces(tuple(rows), pieces)
    dots = [(x, y) for y in range(HEIGHT) for x in range(WIDTH) if grid[y][x] == OPEN_DOT or
            (grid[y][x] in SYMBOL_MASK and bin(SYMBOL_MASK[grid[y][x]]).count("1") == 1)]
    if len(dots) % 2:
        raise LevelFormatError(
            f"{counted(len(dots), 'dot')} on the board: a solvable challenge has an even number", row_lines[-1], path
        )
    grade = grade_value(header["grade"], header_lines["grade"], path) if "grade" in header else None
    level = Level(number, kind, grid, tuple(pieces), header.get("source", ""), grade=grade)
    problems = level_problems(level)
    if problems:
        raise LevelFormatError(problems[0], 0, path)
    return level


def from_booklet_data(entry: dict, source: str = "") -> Level:
    """A level of the booklet data set (one entry of ``levels.json``) -> Level."""
    rows = [[UNKNOWN] * WIDTH for _ in range(HEIGHT)]
    kind = entry["difficulty"]
    for tile in entry["hint_tiles"]:
        x, y = tile["x"], tile["y"]
        mask = sum(1 << DIR_NAMES.index(d) for d in tile["connections"])
        if tile["type"] == "point" and not mask:
            rows[y][x] = OPEN_DOT
        else:
            rows[y][x] = MASK_SYMBOL[mask]
    pieces = []
    for p in entry.get("preplaced_pieces", []):
        pieces.append(Placement(p["piece_id"], p["side"], p["anchor"][0], p["anchor"][1], p["rotation"]))
    grid = grid_with_pieces(tuple("".join(r) for r in rows), pieces)
    return Level(entry["level"], kind, grid, tuple(pieces), source or f"{entry['level']}.png")


__all__ = ["format_level", "from_booklet_data", "parse_level", "parse_piece", "PIECES"]
