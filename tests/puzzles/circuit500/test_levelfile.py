from dataclasses import replace
"""Level file: round trip and every parse error names the line and the problem."""

import random
import re
from pathlib import Path

import pytest

from visolve.errors import LevelFormatError
from visolve.puzzles.circuit500.levelfile import format_level, parse_level
from visolve.puzzles.circuit500.model import ARM_COUNT, Level, Tile, make_grid, rotate_cw

GOOD = """\
# a comment line
puzzle = circuit500
level = 2
source = shot.png

cross      corner:ul  junction:url  cross
corner:ul  empty      cross         corner:ur
corner:dl  cross      corner:dl     cross      # trailing comment
junction:url cross    junction:udl  junction:url
cross      start:l    corner:dl     junction:rdl
gap        cross      end:l         corner:dl
"""


def random_level(rng: random.Random, number: int) -> Level:
    kinds = ["empty", "cross", "corner", "junction"]
    cells = [Tile("start", 1 << rng.randrange(4)), Tile("end", 1 << rng.randrange(4))]
    if rng.random() < 0.8:
        cells.append(Tile("gap"))
    while len(cells) < 24:
        kind = rng.choice(kinds)
        base = {"empty": 0, "cross": 15, "corner": 3, "junction": 7}[kind]
        cells.append(Tile(kind, rotate_cw(base, rng.randrange(4))))
    rng.shuffle(cells)
    return Level(number, make_grid(cells[i:i + 4] for i in range(0, 24, 4)), source=f"pic{number}.png")


def test_parse_example():
    level = parse_level(GOOD)
    assert level.level == 2 and level.source == "shot.png"
    assert level.tile(4, 1) == Tile("start", 8)
    assert level.tile(5, 0).kind == "gap"
    assert level.tile(0, 1) == Tile("corner", 1 | 8)


@pytest.mark.parametrize("seed", range(20))
def test_round_trip(seed):
    level = random_level(random.Random(seed), seed + 1)
    text = format_level(level)
    assert parse_level(text) == level
    assert format_level(parse_level(text)) == text


def test_every_kind_has_a_token():
    assert set(ARM_COUNT) == {"gap", "empty", "cross", "corner", "junction", "start", "end"}


def _replace_line(text, lineno, new):
    lines = text.splitlines()
    lines[lineno - 1] = new
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    "lineno, new, line, words",
    [
        (6, "cross corner:ul junction:url", 6, "needs 4 tokens"),
        (6, "cross pipe:ul junction:url cross", 6, "unknown tile kind 'pipe'"),
        (6, "cross corner:ud junction:url cross", 6, "adjacent"),
        (6, "cross corner:u junction:url cross", 6, "needs 2 arm"),
        (6, "cross corner:ux junction:url cross", 6, "unknown arm letter"),
        (6, "cross junction:uur junction:url cross", 6, "given twice"),
        (6, "cross start junction:url cross", 6, "needs its arms"),
        (10, "cross start:l start:r junction:rdl", 10, "more than one start"),
        (6, "cross gap junction:url cross", 11, "more than one gap"),
        (3, "level = two", 3, "level must be a number from 1 to 9999, got 'two'"),
        (3, "level = 0", 3, "level '0' is out of range: level numbers run from 1 to 9999"),
        (3, "level = " + "1" + "0" * 30, 3, "out of range: level numbers run from 1 to 9999"),
        (3, "level = " + "9" * 5000, 3, "(5000 characters) is out of range"),
        (3, "level = \u00b2", 3, "level must be a number from 1 to 9999"),
        (4, "colour = red", 4, "unknown header key 'colour' (known: puzzle, level, source)"),
        (2, "puzzle = sudoku", 0, "expected 'circuit500'"),
        (2, "# no puzzle line", 0, "missing header line 'puzzle"),
        (4, "source == x", 0, None),  # a value may contain '=': still parses
    ],
)
def test_parse_errors_name_the_line(lineno, new, line, words):
    text = _replace_line(GOOD, lineno, new)
    if words is None:
        assert parse_level(text).source == "= x"
        return
    with pytest.raises(LevelFormatError) as info:
        parse_level(text, "lvl.txt")
    assert info.value.line == line
    assert words in str(info.value)
    assert "lvl.txt" in str(info.value)


def test_missing_rows_and_extra_rows():
    lines = GOOD.splitlines()
    with pytest.raises(LevelFormatError, match="needs 6 rows"):
        parse_level("\n".join(lines[:-1]))
    with pytest.raises(LevelFormatError, match="more than 6 grid rows") as info:
        parse_level(GOOD + "cross cross cross cross\n")
    assert info.value.line == 12


def test_missing_start_or_end():
    text = GOOD.replace("end:l", "cross")
    with pytest.raises(LevelFormatError, match="no end tile"):
        parse_level(text)


def test_header_after_grid_and_duplicate_header():
    with pytest.raises(LevelFormatError, match="after the grid") as info:
        parse_level(GOOD + "level = 3\n")
    assert info.value.line == 12
    with pytest.raises(LevelFormatError, match="given twice") as info:
        parse_level(GOOD.replace("source = shot.png", "level = 3"))
    assert info.value.line == 4


def test_level_keeps_leading_zeros_out_of_the_number():
    assert parse_level(_replace_line(GOOD, 3, "level = 0042")).level == 42


def test_the_readme_example_is_what_the_writer_writes():
    """The README shows a level file as prepare writes it (it showed ``cross`` where files say ``cross:urdl``)."""
    readme = (Path(__file__).parents[3] / "README.md").read_text(encoding="utf-8")
    block = re.search(r"### circuit500 level file.*?```\n(.*?)```", readme, re.S).group(1)
    written = format_level(parse_level(block)).splitlines()
    assert block.splitlines() == written  # the reader's notes (# lit ...) included


def test_notes_between_header_and_grid_survive_a_second_round_trip():
    from visolve.puzzles.circuit500.testing import sample_levels

    level = replace(sample_levels()[0], notes=("lit 3,0 end", "lit 5,1 start"))
    text = format_level(level)
    back = parse_level(text)
    assert back.notes == level.notes
    assert format_level(back) == text
