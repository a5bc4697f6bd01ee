"""The shared level-file checks: header keys and level numbers, and what file names give."""

import dataclasses
from importlib import import_module

import pytest

from visolve import puzzles
from visolve.errors import LevelFormatError
from visolve.puzzles.base import level_from_filename
from visolve.puzzles.textfile import LEVEL_MAX, known_key, level_number, level_value


@pytest.mark.parametrize("text, number", [("1", 1), ("0042", 42), (str(LEVEL_MAX), LEVEL_MAX), ("0", None),
                                          ("10000", None), ("1" + "0" * 30, None), ("9" * 5000, None),
                                          ("\u00b2", None), ("\u0661\u0662", None), ("12a", None), ("", None)])
def test_level_number_takes_only_ascii_digits_in_range(text, number):
    assert level_number(text) == number


def test_level_value_says_the_range_when_names_are_not_allowed():
    with pytest.raises(LevelFormatError, match=r"line 3: level '0' is out of range: level numbers run from 1 to 9999"):
        level_value("0", 3, "x.txt", names=False)
    with pytest.raises(LevelFormatError) as info:
        level_value("9" * 5000, 3, "x.txt", names=False)
    assert "(5000 characters) is out of range" in str(info.value) and len(str(info.value)) < 120
    with pytest.raises(LevelFormatError, match="level must be a number from 1 to 9999, got 'two'"):
        level_value("two", 3, "x.txt", names=False)
    with pytest.raises(LevelFormatError, match="line 3: level is empty"):
        level_value("", 3, "x.txt")
    assert level_value("20240501", 3, "x.txt") == "20240501"


def test_known_key_names_the_line_and_the_keys():
    known_key("source", ("puzzle", "source"), 4, "x.txt")
    with pytest.raises(LevelFormatError, match=r"x.txt:line 4: unknown header key 'colour' \(known: puzzle, source\)"):
        known_key("colour", ("puzzle", "source"), 4, "x.txt")


@pytest.mark.parametrize("picture", ["\u00b2.png", "0.png", "0012.png", "20240501.png", "86.png"])
def test_a_level_a_file_name_gives_survives_its_level_file(picture):
    """``².png`` crashed (``int('²')``); ``0.png`` gave a name its level file read back as 0."""
    level_id = level_from_filename(picture)
    assert level_id == level_number(picture[:-4]) or level_id == picture[:-4]
    for name in puzzles.names():
        family = puzzles.get(name)
        sample = import_module(family.testing).sample_levels()[0]
        numbered = family.parse_level(family.format_level(dataclasses.replace(sample, level=7)), "7.txt")
        if numbered.level != 7:
            continue  # this family's levels are always names (its reader takes the whole stem)
        level = dataclasses.replace(sample, level=level_id)
        try:
            back = family.parse_level(family.format_level(level), "x.txt")
        except LevelFormatError as exc:  # a family that takes only numbers may refuse a name
            assert isinstance(level_id, str), f"{name}: level {level_id!r} refused: {exc}"
            continue
        assert back.level == level_id, f"{name}: level {level_id!r} read back as {back.level!r}"


def test_a_circuit500_caption_of_five_digits_is_refused_not_cut_to_four():
    """The reader read 4 glyph cells: 'level 12345' was read as level 1234 (a misread, not a refusal)."""
    from visolve.errors import ReadError
    from visolve.puzzles.circuit500 import painter
    from visolve.puzzles.circuit500.reader import read, read_again
    from visolve.puzzles.circuit500.testing import sample_levels

    sample = sample_levels()[0]
    for number in (LEVEL_MAX, LEVEL_MAX + 1, 12345):
        picture = painter.render_screenshot(dataclasses.replace(sample, level=number), size=(640, 1136))
        if number <= LEVEL_MAX:
            assert read(picture, "x.png").level == number
            continue
        with pytest.raises(ReadError, match=f"level number '{number}' is out of range"):
            read(picture, "x.png")
        again = None
        try:
            again = read_again(picture, "x.png")
        except ReadError:
            pass
        assert again is None, f"read_again gave level {again.level} for a caption of {number}"
