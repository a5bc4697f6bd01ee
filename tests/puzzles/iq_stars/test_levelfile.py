import random

import pytest

from visolve.errors import LevelFormatError
from visolve.puzzles.iq_stars.challenges import random_challenge
from visolve.puzzles.iq_stars.levelfile import format_level, parse_level
from visolve.puzzles.iq_stars.model import Level

CHALLENGE = Level(1, ("bvvvp..", "b..p..", "bby.ppg", "yyyggg"), "1.png")


def test_file_looks_like_the_board():
    text = format_level(CHALLENGE)
    lines = text.splitlines()
    assert "puzzle = iq-stars" in lines and "level = 1" in lines and "source = 1.png" in lines
    assert lines[-4:] == ["b v v v p . .", " b . . p . .", "b b y . p p g", " y y y g g g"]


@pytest.mark.parametrize("seed", range(6))
def test_round_trip_of_random_challenges(seed):
    level = random_challenge(random.Random(seed), ("pieces", "wizard")[seed % 2], level=seed + 1)
    assert parse_level(format_level(level)) == level


def test_any_spacing_is_read():
    text = "puzzle = iq-stars\nlevel = 120\n\n..Y.O..\n......\n. . . . . . .\n  . . . . . .\n"
    assert parse_level(text).rows == ("..Y.O..", "......", ".......", "......")


def test_a_name_stays_a_name():
    text = format_level(Level("my board", CHALLENGE.rows))
    assert parse_level(text).level == "my board"


@pytest.mark.parametrize(
    ("row", "replacement", "reason"),
    [
        (7, "b v v v p .", "needs 7 cells"),
        (8, " b . . x . .", "unknown symbol 'x'"),
        (7, "b v v v p . r", "the 1 red cell (r) does not form"),
    ],
)
def test_errors_name_their_line(row, replacement, reason):
    lines = format_level(CHALLENGE).splitlines()
    board_start = len(lines) - 4
    lines[board_start + row - 7] = replacement
    with pytest.raises(LevelFormatError) as info:
        parse_level("\n".join(lines), "broken.txt")
    assert info.value.line == board_start + row - 6
    assert reason in str(info.value) and "broken.txt" in str(info.value)


def test_a_colour_placed_and_wizard_is_refused():
    text = format_level(Level(2, ("bvvvp.B", "b..p..", "bby.ppg", "yyyggg")))
    with pytest.raises(LevelFormatError, match="both placed"):
        parse_level(text)


def test_missing_rows_and_headers_are_errors():
    with pytest.raises(LevelFormatError, match="4 rows"):
        parse_level("puzzle = iq-stars\nlevel = 3\n.......\n......\n")
    with pytest.raises(LevelFormatError, match="level"):
        parse_level("puzzle = iq-stars\n.......\n......\n.......\n......\n")
    with pytest.raises(LevelFormatError, match="expected 'iq-stars'"):
        parse_level("puzzle = iq-circuit\nlevel = 3\n.......\n......\n.......\n......\n")


def test_a_grade_round_trips_and_a_bad_one_names_its_line():
    graded = Level("wizard-7-1", CHALLENGE.rows, "visolve make iq-stars", grade=42)
    text = format_level(graded)
    assert "grade = 42" in text and parse_level(text) == graded
    assert "grade" not in format_level(CHALLENGE)  # files without a grade stay as they were
    lines = text.splitlines()
    line = next(n for n, t in enumerate(lines, 1) if t.startswith("grade"))
    lines[line - 1] = "grade = hard"
    with pytest.raises(LevelFormatError) as info:
        parse_level("\n".join(lines), "g.txt")
    assert info.value.line == line and "grade must be a whole number" in str(info.value)
