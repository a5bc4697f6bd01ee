import pytest

from tests.puzzles.iq_circuit.helpers import booklet_levels
from visolve.errors import LevelFormatError
from visolve.puzzles.iq_circuit.levelfile import format_level, parse_level
from visolve.puzzles.iq_circuit.model import Level, Placement

LEVEL_86 = """\
# a comment
puzzle = iq-circuit
level = 86
kind = master
source = 86.png

v???v???
|???|?o?
|???????
??????o?

piece = 2 face 0 anchor 0,0 rotation 1
piece = LINE2_2 face 0 anchor 4,0 rotation 1
"""


def test_parse_example():
    lv = parse_level(LEVEL_86, "86.txt")
    assert lv.level == 86 and lv.kind == "master" and lv.source == "86.png"
    assert lv.pieces == (Placement(1, 0, 4, 0, 1), Placement(2, 0, 0, 0, 1))
    assert lv.dots() == [(0, 0), (4, 0), (6, 1), (6, 3)]


def test_piece_cells_may_be_left_unknown():
    text = LEVEL_86.replace("v???v???", "????????").replace("|???|?o?", "??????o?")
    assert parse_level(text) == parse_level(LEVEL_86)


def test_round_trip_all_booklet_levels():
    for lv in booklet_levels():
        assert parse_level(format_level(lv)) == lv


def test_round_trip_named_level_and_spaced_grid():
    lv = Level("my photo", "wizard", ("o???????", "????????", "????????", "???????o"), (), "my photo.jpg")
    text = format_level(lv)
    assert parse_level(text) == lv
    spaced = text.replace("o???????", "o ? ? ? ? ? ? ?")
    assert parse_level(spaced) == lv


@pytest.mark.parametrize(
    "change, line, words",
    [
        (("v???v???", "v???v??"), 7, "8 cells"),
        (("v???v???", "v???v??x"), 7, "unknown symbol"),
        (("rotation 1\npiece = LINE2_2", "rotation 7\npiece = LINE2_2"), 12, "rotation"),
        (("piece = 2 face 0", "piece = 2 face 5"), 12, "faces"),
        (("piece = 2 face 0", "piece = 11 face 0"), 12, "unknown piece"),
        (("anchor 4,0", "anchor 7,3"), 13, "leaves the board"),
        (("anchor 4,0", "anchor 0,1"), 13, "overlaps"),
        (("LINE2_2 face 0", "LINE3_1 face 0"), 13, "twice"),
        (("v???v???", ">???v???"), 12, "grid shows"),
        (("??????o?\n", "??????o?\n????????\n"), 11, "more than 4"),
        (("|???|?o?", "|???|???"), 10, "even number"),
        (("kind = master\n", "kind = master\nkind = expert\n"), 5, "twice"),
        (("\npiece = 2", "\nlevel2 = 3\npiece = 2"), 12, "after the grid"),
        (("kind = master\n", "kind = master\ncolour = red\n"), 5, "unknown header key 'colour' (known: puzzle,"),
    ],
)
def test_errors_name_the_line(change, line, words):
    text = LEVEL_86.replace(*change)
    assert text != LEVEL_86
    with pytest.raises(LevelFormatError) as err:
        parse_level(text, "bad.txt")
    assert err.value.line == line, str(err.value)
    assert words in str(err.value)
    assert "bad.txt" in str(err.value)


@pytest.mark.parametrize(
    "change, words",
    [
        (("puzzle = iq-circuit\n", ""), "puzzle"),
        (("puzzle = iq-circuit", "puzzle = circuit500"), "expected"),
        (("kind = master", "kind = easy"), "kind"),
        (("level = 86\n", ""), "level"),
    ],
)
def test_header_errors(change, words):
    with pytest.raises(LevelFormatError) as err:
        parse_level(LEVEL_86.replace(*change), "bad.txt")
    assert words in str(err.value)


@pytest.mark.parametrize("name", ["\u00b2", "0", "20240501", "1" + "0" * 30, "9" * 5000])
def test_digits_that_are_no_level_number_are_a_name(name):
    """1-9999 are level numbers; other digits are a name (a picture 20240501.png gives one)."""
    assert parse_level(LEVEL_86.replace("level = 86", f"level = {name}")).level == name
    assert parse_level(LEVEL_86.replace("level = 86", "level = 0086")).level == 86


def test_a_grade_round_trips_and_a_bad_one_names_its_line():
    grid = ("o???????", "????????", "????????", "???????o")
    graded = Level("wizard-1-1", "wizard", grid, (), "visolve make iq-circuit", grade=120)
    text = format_level(graded)
    assert "grade = 120" in text and parse_level(text) == graded
    assert "grade" not in format_level(Level(97, "wizard", grid))  # files without a grade stay as they were
    lines = text.splitlines()
    line = next(n for n, t in enumerate(lines, 1) if t.startswith("grade"))
    lines[line - 1] = "grade = 1.5"
    with pytest.raises(LevelFormatError) as info:
        parse_level("\n".join(lines), "g.txt")
    assert info.value.line == line and "grade must be a whole number" in str(info.value)
