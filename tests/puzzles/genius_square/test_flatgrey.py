"""The grey piece drawn flat on a board as grey as it (``genius_square.flatgrey``)."""

from dataclasses import replace

from visolve.puzzles.genius_square.colours import EMPTY, Square
from visolve.puzzles.genius_square.flatgrey import flat_grey_four, with_flat_grey
from visolve.puzzles.genius_square.reader import read
from visolve.testing.scenes import scene_case

#: a board read covered but for A1-A4 (row A, the grey piece's place); the other symbols need no shapes
BUT_A_FOUR = ["....##"] + ["123467"] * 5
#: the grey piece's paint a few grey levels over a grey board, nearest the grey piece's colour
DRAWN = Square(EMPTY, colour=(0.13, 0.16, 0.17), faint=True, ranks=(("5", 0.118), ("#", 0.655)))


def _squares(four: Square = DRAWN) -> list[list[Square]]:
    """Every square a blocker but the first four of row A, read as ``four``."""
    squares = [[Square("#") for _c in range(6)] for _r in range(6)]
    for c in range(4):
        squares[0][c] = four
    return squares


def test_four_of_one_colour_is_the_grey_piece():
    """211/38: a solved grey SmartGames board drawn flat, the grey piece on A1-A4 at (0.13, 0.16, 0.17)."""
    assert flat_grey_four(_squares(), BUT_A_FOUR) == [(0, 0), (0, 1), (0, 2), (0, 3)]
    assert with_flat_grey(_squares(), BUT_A_FOUR)[0] == "5555##"


def test_four_whose_light_differs_is_not():
    """Light lifts the squares of a row unevenly (0.02 and more apart in the scenes)."""
    squares = _squares()
    squares[0][2] = replace(DRAWN, colour=(0.15, 0.16, 0.17))
    assert flat_grey_four(squares, BUT_A_FOUR) is None
    assert with_flat_grey(squares, BUT_A_FOUR) == BUT_A_FOUR


def test_four_barely_lifted_or_of_another_colour_is_not():
    """A grey board whose empty squares all read a little lit (103/60: 0.04) leaves them as read, and
    so does a colour not nearest the grey piece's by a clear lead."""
    assert flat_grey_four(_squares(replace(DRAWN, colour=(0.04, 0.04, 0.05))), BUT_A_FOUR) is None
    assert flat_grey_four(_squares(replace(DRAWN, ranks=(("#", 0.3), ("5", 0.5)))), BUT_A_FOUR) is None
    assert flat_grey_four(_squares(replace(DRAWN, ranks=(("5", 0.30), ("#", 0.35)))), BUT_A_FOUR) is None


def test_only_the_last_place_of_the_grey_piece_is_asked():
    """Five squares left, four not in a row, or the grey piece read elsewhere: nothing is laid."""
    assert flat_grey_four(_squares(), [".....#"] + ["123467"] * 5) is None
    assert flat_grey_four(_squares(), ["...###", ".12467"] + ["123467"] * 4) is None
    assert flat_grey_four(_squares(), ["....##", "555567"] + ["123467"] * 4) is None


def test_the_drawn_scenes_read():
    """211/38 and 2/56 were refused ("every square covered but ..."); each reads right now."""
    for i, seed in ((38, 211), (56, 2)):
        case = scene_case("genius-square", i, seed)
        assert read(case.image, case.name) == case.truth[0]
