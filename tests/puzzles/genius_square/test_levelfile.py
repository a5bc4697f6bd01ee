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
        (("E 6 6 . . . .", "E 6 . . . . ."), 17, "piece 6"),
        (("C . . . . . .", "C . . . . . 6"), 15, "2 places"),
        (("B . # . . . .", "X . # . . . ."), 14, "bad header"),
        (("D . . # . # .", "E . . # . # ."), 16, "row E where row D"),
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


#: the SmartGames artwork's board (photos.tsv), as seen: its squares as printed there
ARTWORK = make_level("artwork", "A6 B2 B4 D2 D5 E1 F3".split(), {"1": ["A5"], "2": ["D3", "D4"]},
                     edition="smartgames")


def test_a_smartgames_file_draws_the_board_as_seen_with_its_labels():
    text = format_level(ARTWORK)
    assert "blockers = A6 B2 B4 D2 D5 E1 F3" in text
    drawn = text.splitlines()[-7:]
    assert drawn == ["  A B C D E F",
                     "1 . . . . # .",
                     "2 . # . # . .",
                     "3 . . . 2 . #",
                     "4 . # . 2 . .",
                     "5 1 . . # . .",
                     "6 # . . . . ."]
    assert "letters A-F across the top name the columns" in text
    assert parse_level(text, "x.txt") == ARTWORK


def test_a_happy_puzzle_file_prints_digits_across_the_top():
    lines = format_level(_level()).splitlines()
    assert lines[-7:-5] == ["  1 2 3 4 5 6", "A . . . . # #"]


def test_a_smartgames_file_written_before_printed_names_is_renamed():
    """The old file named squares as if the letters named rows: the same board, printed names now."""
    old = ("puzzle = genius-square\nlevel = artwork\nedition = smartgames\n"
           "blockers = A5 B2 B4 C6 D2 E4 F1\n"
           "# columns 1-6 left to right: '#' blocker, '.' empty, 1-9 a piece already placed\n"
           "A . . . . # .\nB . # . # . .\nC . . . . . #\nD . # . . . .\nE . . . # . .\nF # . . . . .\n")
    level = parse_level(old, "level_artwork.txt")
    assert level.blockers == ("A6", "B2", "B4", "D2", "D5", "E1", "F3")
    assert parse_level(format_level(level), "x.txt") == level


@pytest.mark.parametrize(
    "change, line, words",
    [
        (("  A B C D E F", "  1 2 3 4 5 6"), 11, "smartgames board prints A B C D E F"),
        (("2 . # . # . .", "B . # . # . ."), 13, "row B where row 2 belongs"),
        (("blockers = A6 B2", "blockers = A5 B2"), 6, "disagree on A5 A6"),
    ],
)
def test_smartgames_labels_are_checked(change, line, words):
    text = format_level(ARTWORK).replace(*change)
    with pytest.raises(LevelFormatError) as info:
        parse_level(text, "bad.txt")
    assert info.value.line == line, str(info.value)
    assert words in str(info.value)


def test_letters_across_the_top_need_the_smartgames_edition():
    text = format_level(ARTWORK).replace("edition = smartgames", "edition = unknown")
    with pytest.raises(LevelFormatError, match="edition = smartgames prints letters there") as info:
        parse_level(text, "bad.txt")
    assert info.value.line == 11


def test_a_happy_puzzle_file_written_before_the_labels_line_reads_the_same():
    old = ("puzzle = genius-square\nlevel = kitchen\nsource = kitchen.jpg\nedition = happy-puzzle\n"
           "blockers = A5 A6 B2 D3 D5 F3 F6\n"
           "# columns 1-6 left to right: '#' blocker, '.' empty, 1-9 a piece already placed\n"
           "A . . . . # #\nB . # . . . .\nC . . . . . .\nD . . # . # .\nE 6 6 . . . .\nF 6 6 # . . #\n")
    assert parse_level(old, "level_kitchen.txt") == _level()


def test_a_grade_round_trips_and_a_bad_one_names_its_line():
    graded = make_level("wizard-1-1", ["A1", "B2", "C3", "D4", "E5", "F6", "A6"], source="visolve make",
                        edition="happy-puzzle", difficulty="wizard", grade=1234)
    text = format_level(graded)
    assert "grade = 1234" in text and parse_level(text) == graded
    plain = make_level("x", ["A1", "B2", "C3", "D4", "E5", "F6", "A6"])
    assert "grade" not in format_level(plain)  # files without a grade stay as they were
    lines = text.splitlines()
    line = next(n for n, t in enumerate(lines, 1) if t.startswith("grade"))
    lines[line - 1] = "grade = lots"
    with pytest.raises(LevelFormatError) as info:
        parse_level("\n".join(lines), "g.txt")
    assert info.value.line == line and "grade must be a whole number" in str(info.value)
