"""IQ XOXO level files: round trip, and errors that name the line."""

import pytest

from visolve.errors import LevelFormatError
from visolve.puzzles.iq_xoxo.levelfile import format_level, parse_level
from visolve.puzzles.iq_xoxo.model import Level

C56 = (".W........", ".WW...T..V", "..WWTTT..V", "......TVVV", "..........")


def _text(rows, level="56"):
    return "\n".join(["puzzle = iq-xoxo", f"level = {level}", "source = page.jpg", ""] + list(rows)) + "\n"


def test_round_trip_keeps_every_field():
    level = Level(56, C56, "shots/page 3.jpg")
    assert parse_level(format_level(level), "x.txt") == level
    named = Level("my board", C56)
    assert parse_level(format_level(named), "x.txt") == named


def test_lower_case_letters_and_comments_are_accepted():
    text = _text([".w........  # the W", ".ww...T..V", "..wwTTT..V", "......TVVV", ".........."])
    assert parse_level(text, "x.txt").rows == C56


def test_marks_that_cannot_match_name_the_line():
    # the P of challenge 119 moved one square right: its X and O swap, and P is not symmetric
    rows = ("..........", "..........", "..........", ".PPP......", ".PP.......")
    with pytest.raises(LevelFormatError) as info:
        parse_level(_text(rows), "moved.txt")
    assert info.value.line == 8 and "marks" in str(info.value) and "moved.txt" in str(info.value)


def test_a_symmetric_piece_fits_either_way():
    # the I lies anywhere in a row: one face or the other brings the right marks
    for start in range(6):
        row = "." * start + "IIIII" + "." * (5 - start)
        assert parse_level(_text([row] + ["." * 10] * 4), "i.txt").rows[0] == row


def test_wrong_shape_and_bad_rows_name_their_line():
    bad_shape = ("PPPP......", "P.........", "..........", "..........", "..........")
    with pytest.raises(LevelFormatError, match="not the P shape") as info:
        parse_level(_text(bad_shape), "x.txt")
    assert info.value.line == 5
    with pytest.raises(LevelFormatError) as info:
        parse_level(_text(C56[:4]), "x.txt")
    assert "4 rows" in str(info.value)
    with pytest.raises(LevelFormatError) as info:
        parse_level(_text(C56).replace("......TVVV", "......TVVF"), "x.txt")
    assert info.value.line == 8
    with pytest.raises(LevelFormatError, match="iq-xoxo"):
        parse_level(_text(C56).replace("puzzle = iq-xoxo", "puzzle = iq-circuit"), "x.txt")


def test_a_grade_round_trips_and_a_bad_one_names_its_line():
    rows = ("..........", "......Z...", "......ZZZ.", "........Z.", "..........")
    graded = Level("wizard-1-1", rows, "visolve make iq-xoxo", grade=7)
    text = format_level(graded)
    assert "grade = 7" in text and parse_level(text) == graded
    assert "grade" not in format_level(Level(120, rows))  # files without a grade stay as they were
    lines = text.splitlines()
    line = next(n for n, t in enumerate(lines, 1) if t.startswith("grade"))
    lines[line - 1] = "grade = -3"
    with pytest.raises(LevelFormatError) as info:
        parse_level("\n".join(lines), "g.txt")
    assert info.value.line == line and "grade must be a whole number" in str(info.value)
