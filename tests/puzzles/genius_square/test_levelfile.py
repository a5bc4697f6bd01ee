"""Genius Square level files: round trip, hand-written files, errors that name their line."""

import pytest

from visolve.errors import LevelFormatError
from visolve.puzzles.genius_square.board import drawing, make_level
from visolve.puzzles.genius_square.levelfile import format_level, parse_level

ROLL = "A5 A6 B2 D3 D5 F3 F6".split()


def _level(**kw):
    return make_level("kitchen", ROLL, {"6": ["E1", "E2", "F1", "F2"]}, source="kitchen.jpg",
                      edition="happy-puzzle", **kw)


def test_round_trip_with_pieces_placed():
    level = _level(difficulty="wizard")
    text = format_level(level)
    assert parse_level(text, "level_kitchen.txt") == level
    assert "blockers = A5 A6 B2 D3 D5 F3 F6" in text
    assert "E 6 6 . . . ." in text


def test_name_and_source_keep_a_hash_sign():
    level = make_level("board #2", ROLL, source="board #2.jpg", edition="smartgames")
    assert parse_level(format_level(level), "x.txt") == level


def test_a_hand_written_file_needs_only_the_blockers():
    level = parse_level("puzzle = genius-square\nlevel = mine\nblockers = a5, b2 A6 d3 D5 F3 f6\n", "mine.txt")
    assert level.blockers == tuple(sorted(ROLL, key=lambda s: (s[0], s[1])))
    assert (level.edition, level.difficulty, level.pieces) == ("unknown", "starter", ())


def test_a_drawing_alone_gives_blockers_and_pieces():
    rows = drawing(_level())
    text = "puzzle = genius-square\nlevel = mine\n" + "\n".join(rows) + "\n"
    level = parse_level(text, "mine.txt")
    assert level.blockers == _level().blockers
    assert level.pieces == (("6", ("E1", "E2", "F1", "F2")),)


def test_the_file_says_whether_the_blockers_are_a_roll():
    assert "# a legal roll of the dice" in format_level(_level())
    odd = make_level("odd", "A1 A2 B3 C3 D4 E5 F6".split())
    assert "not a legal roll" in format_level(odd)


@pytest.mark.parametrize(
    "change, line, words",
    [
        (("blockers = A5 A6", "blockers = A4 A6"), 7, "disagree"),
        (("blockers = A5 A6", "blockers = Z9 A6"), 7, "no square"),
        (("difficulty = starter", "difficulty = hard"), 6, "difficulty"),
        (("E 6 6 . . . .", "E 6 . . . . ."), 15, "piece 6"),
        (("C . . . . . .", "C . . . . . 6"), 13, "2 places"),
        (("B . # . . . .", "X . # . . . ."), 12, "bad header"),
        (("D . . # . # .", "E . . # . # ."), 14, "row E where row D"),
    ],
)
def test_errors_name_the_line(change, line, words):
    text = format_level(_level()).replace(*change)
    with pytest.raises(LevelFormatError) as info:
        parse_level(text, "bad.txt")
    assert info.value.line == line, str(info.value)
    assert words in str(info.value)


def test_a_file_without_blockers_or_drawing_is_refused():
    with pytest.raises(LevelFormatError, match="no 'blockers"):
        parse_level("puzzle = genius-square\nlevel = x\n", "x.txt")
