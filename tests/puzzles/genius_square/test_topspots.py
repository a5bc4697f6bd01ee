"""A board read on a slanted view, checked where its cubes' tops would stand (genius_square.topspots):
three misreads of unseen seeds (issue 25) refused."""

import numpy as np
import pytest

from tests.puzzles.genius_square.cameras import looking_at_the_board
from visolve.errors import ReadError
from visolve.puzzles.genius_square import topspots
from visolve.puzzles.genius_square.board import make_level
from visolve.puzzles.genius_square.colours import EMPTY, Square
from visolve.puzzles.genius_square.labelrows import NOMINAL
from visolve.puzzles.genius_square.reader import read
from visolve.puzzles.genius_square.topspots import (ABSENT_TOP, ABSENT_TOP_LINED, UNSEEN_TOP, absent_top,
                                                    moved_top, top_readings, tops_problem, unseen_top)
from visolve.testing.scenes import scene_case
from visolve.vision.view import BoardView

BLOCKERS = ("F1", "F2", "F3", "F4", "F5", "F6", "E6")


def _reading(ranks: dict[tuple[int, int], tuple], colour=(0.5, 0.5, 0.5)) -> list[list[Square]]:
    """Squares all the board's colour (far from every piece) but those ``ranks`` gives, of ``colour``."""
    far = tuple((p, 0.95) for p in "123456789")
    return [[Square(EMPTY, colour=colour if (r, c) in ranks else (0.0, 0.0, 0.0), ranks=ranks.get((r, c), far))
             for c in range(6)] for r in range(6)]


def test_a_piece_whose_top_shows_its_colour_at_one_lean_passes():
    level = make_level("x", BLOCKERS, {"2": ["B5", "C5"]})
    seen = _reading({(1, 4): (("2", 0.1),), (2, 4): (("2", 0.2),)})
    unseen = _reading({})
    assert unseen_top(level, unseen, [unseen, seen], "happy-puzzle") == ""
    assert tops_problem(level, unseen, [], "happy-puzzle") == ""  # no lean read: nothing checked


def test_a_piece_whose_top_shows_nowhere_is_refused():
    """79/12: the brown domino laid on a yellow piece's shaded side; its tops would stand on the
    board's rim, black (0.98 off brown)."""
    level = make_level("x", BLOCKERS, {"2": ["B5", "C5"]})
    near = _reading({(1, 4): (("2", 0.1),), (2, 4): (("2", UNSEEN_TOP + 0.01),)})
    middles = _reading({})
    problem = unseen_top(level, middles, [near, _reading({})], "happy-puzzle")
    assert problem.startswith("square C5: read as piece 2 (brown)")
    # a piece read surely at a square's middle is seen: a flat print photographed at a slant
    middles[1][4] = Square("2")
    assert unseen_top(level, middles, [near, _reading({})], "happy-puzzle") == ""
    # the grey piece is read by its own rules, not its colour's rank: not checked
    grey = make_level("x", BLOCKERS, {"5": ["A1", "A2", "A3", "A4"]})
    assert unseen_top(grey, _reading({}), [_reading({})], "happy-puzzle") == ""


def test_an_absent_piece_whose_tops_show_whole_on_empty_squares_is_refused():
    """79/78: the grey piece on A1-A4 whose shaded fronts read as the board; its tops show grey."""
    grey = {(0, c): (("5", 0.02),) for c in range(4)}
    level = make_level("x", BLOCKERS, {"2": ["E1", "E2"]})
    problem = absent_top(level, _reading({}), [_reading(grey), _reading(grey)], "happy-puzzle")
    assert problem.startswith("square A1: read as empty") and "piece 5 (grey)" in problem
    # ... at one lean only: no
    assert absent_top(level, _reading({}), [_reading(grey), _reading({})], "happy-puzzle") == ""
    # ... three of its four squares (glare, the board's printed name): no
    three = _reading({(0, c): (("5", 0.02),) for c in range(1, 4)})
    assert absent_top(level, _reading({}), [three] * 2, "happy-puzzle") == ""
    # ... a piece the board is read with: its cube's side or top beside it, no
    with_grey = make_level("x", BLOCKERS, {"5": ["E1", "E2", "E3", "E4"]})
    assert absent_top(with_grey, _reading({}), [_reading(grey)] * 2, "happy-puzzle") == ""
    # ... no clearer than ABSENT_TOP and not neutral (a grey top is the grey piece's whatever its rank), or
    # no brighter than the board: no
    dim = {(0, c): (("5", ABSENT_TOP + 0.01),) for c in range(4)}
    assert absent_top(level, _reading({}), [_reading(dim, colour=(0.5, 0.35, 0.2))] * 2, "happy-puzzle") == ""
    assert absent_top(level, _reading({}), [_reading(grey, colour=(0.1, 0.1, 0.1))] * 2, "happy-puzzle") == ""
    # ... glare lifting the squares' middles as much as their tops' places (89/99): no
    assert absent_top(level, _reading(grey), [_reading(grey)] * 2, "happy-puzzle") == ""
    # ... a SmartGames board, whose light grid lines are grey: no
    assert absent_top(level, _reading({}), [_reading(grey)] * 2, "smartgames") == ""



def test_a_coloured_piece_s_top_off_a_smartgames_board_s_grid_is_seen():
    """59/93: the dark blue square on a navy board, its middle the board's colour, its top 0.14-0.20
    off dark blue at every lean."""
    level = make_level("x", BLOCKERS, {"2": ["E1", "E2"]})
    near = {(5, 3): (("1", ABSENT_TOP_LINED),)}
    problem = absent_top(level, _reading({}), [_reading(near)] * 2, "smartgames")
    assert problem.startswith("square D6: read as empty") and "piece 1 (dark blue)" in problem
    far = {(5, 3): (("1", ABSENT_TOP_LINED + 0.01),)}
    assert absent_top(level, _reading({}), [_reading(far)] * 2, "smartgames") == ""

def test_a_view_from_above_or_off_the_floor_reads_no_tops():
    calls = []
    def read_at(shift):
        calls.append(shift)
        return None, _reading({}), "happy-puzzle"
    picture = np.zeros((800, 700, 3), np.uint8)
    flat = BoardView.from_homography(picture, np.array([[100.0, 0, 50], [0, 100.0, 80], [0, 0, 1]]), 6, 6, pitch=8)
    assert top_readings(flat, (NOMINAL,) * 4, (0, 3), read_at) == [] and not calls
    slanted = BoardView.from_homography(picture, looking_at_the_board(np.array([3.0, 11.0, -20.0])), 6, 6, pitch=8)
    off_floor = ((0.0, 0.92, 0.0),) * 4
    assert top_readings(slanted, off_floor, (0, 3), read_at) == [] and not calls
    assert len(top_readings(slanted, (NOMINAL,) * 4, (0, 3), read_at)) == 4
    assert len(top_readings(slanted, off_floor, (0, 3), read_at, anywhere=True)) == 4  # for the grey piece


def test_grey_tops_standing_out_show_the_grey_piece_whatever_its_colour_s_rank():
    """89/96: the board's colour taken too light near the grey piece, its tops read 0.16-0.32 in
    ``n`` (0.29-0.64 off its colour) over middles darker than the board; on a grid off the floor only
    the grey piece is looked for."""
    far = {(0, c): (("5", 0.6),) for c in range(4)}
    level = make_level("x", BLOCKERS, {"2": ["E1", "E2"]})
    middles = [[Square(EMPTY, colour=(-0.2, -0.2, -0.2)) for _c in range(6)] for _r in range(6)]
    tops = [_reading(far, colour=(0.16, 0.18, 0.16))] * 2
    problem = tops_problem(level, middles, tops, "happy-puzzle", floor=False)
    assert problem.startswith("square A1: read as empty") and "piece 5 (grey)" in problem
    assert absent_top(level, middles, tops, "happy-puzzle") == problem
    # ... not standing out of their middles (glare lifting both), coloured, or darker than the board: no
    assert tops_problem(level, tops[0], tops, "happy-puzzle", floor=False) == ""
    assert tops_problem(level, middles, [_reading(far, colour=(0.16, 0.3, 0.16))] * 2, "happy-puzzle", floor=False) == ""
    assert tops_problem(level, middles, [_reading(far, colour=(-0.01, 0.0, 0.0))] * 2, "happy-puzzle", floor=False) == ""
    # ... another piece's colour off the floor is not looked for (the grid may be the pieces' tops)
    blue = {(0, c): (("3", 0.02),) for c in range(3)}
    assert tops_problem(level, middles, [_reading(blue, colour=(0.9, 0.5, 0.1))] * 2, "happy-puzzle",
                        floor=False) == ""



def _sure(cells, piece: str) -> list[list[Square]]:
    """Squares read surely as ``piece`` on ``cells`` ((row, column)), empty elsewhere."""
    return [[Square(piece if (r, c) in cells else EMPTY) for c in range(6)] for r in range(6)]


def test_a_piece_whose_tops_show_it_surely_a_whole_square_off_is_refused():
    """103/94: a red piece on a maroon board seen so steeply that the squares' middles showed its
    cubes' tops a square towards the camera; at every lean its tops show it on its true squares."""
    level = make_level("x", BLOCKERS, {"8": ["A4", "B4", "B5", "C5"]})
    true = {(3, 1), (3, 2), (4, 2), (4, 3)}  # B4 C4 C5 D5
    problem = moved_top(level, [_sure(true, "8")] * 4, "smartgames")
    assert problem.startswith("piece 8 (red) is read on A4 B4 B5 C5") and "seen on B4 C4 C5 D5" in problem
    middles = _sure({(3, 0), (3, 1), (4, 1), (4, 2)}, "8")  # read surely there: not unseen_top's
    assert tops_problem(level, middles, [_sure(true, "8")] * 4, "smartgames") == problem
    # ... at one lean only, or on squares that are no placement of it: no
    assert moved_top(level, [_sure(true, "8"), _sure({(3, 1), (3, 2)}, "8")], "smartgames") == ""
    assert moved_top(level, [_sure({(3, 1), (3, 2), (4, 2), (5, 5)}, "8")] * 2, "smartgames") == ""
    # ... squares read in doubt there, or the piece on the squares it is read on: no
    doubtful = [[Square(sq.symbol, doubt="faint") for sq in row] for row in _sure(true, "8")]
    assert moved_top(level, [doubtful] * 2, "smartgames") == ""
    assert moved_top(level, [middles] * 2, "smartgames") == ""

@pytest.mark.parametrize("seed, scene, square", [(79, 12, "B6"), (79, 78, "A1"), (71, 74, ""), (89, 96, "A1"),
                                                 (103, 99, "A1"), (103, 94, ""),
                                                 (59, 93, "D6")])
def test_misreads_of_unseen_seeds_are_refused(seed, scene, square):
    """79/12: a brown domino laid on a yellow piece's shaded side; 79/78: the grey piece in shade
    read as four empty squares; 71/74: a red piece on a maroon board read a square off its cubes (its
    tops seen whole where it stands: the reason is the piece's);
    89/96: the grey piece read as four empty squares on a grid found off the floor; 103/99: the grey
    piece read as four empty squares, one of them lit on its front (its top 0.16 over its middle);
    103/94: a red piece read surely a whole square towards the camera (no square named: the
    reason is the piece's); 59/93: the dark blue square on a navy board, its top leaning off the grid."""
    case = scene_case("genius-square", scene, seed)
    reason = f"square {square}: read as" if square else "lean a whole square"
    with pytest.raises(ReadError, match=reason):
        read(case.image, case.name)


def test_glare_the_grey_piece_s_colour_over_a_whole_row_is_no_absent_piece():
    """Seed 89 scene 99 (read right): glare lifts the empty squares of rows A-D to the grey piece's
    colour, at their middles as at their tops' places: no cube stands there."""
    case = scene_case("genius-square", 99, 89)
    assert read(case.image, case.name) == case.truth[0]


def test_a_whole_placement_standing_out_on_average_is_seen_but_no_square_of_it_under_the_least():
    """103/99: the grey piece's tops stand 0.26, 0.33, 0.27 and 0.16 out of their middles (one cube's
    front lit): seen, the placement's mean over OBJECT_MIN.  A square under STAND_LEAST (glare on
    it, or the board) leaves the placement unseen, however far the others stand."""
    grey = {(0, c): (("5", 0.05),) for c in range(4)}
    level = make_level("x", BLOCKERS, {"2": ["E1", "E2"]})
    lifts = {0: 0.26, 1: 0.33, 2: 0.27, 3: 0.16}

    def middles(lift):
        return [[Square(EMPTY, colour=(0.5 - lift[c],) * 3 if r == 0 and c in lift else (0.0,) * 3)
                 for c in range(6)] for r in range(6)]
    tops = [_reading(grey)] * 2
    assert absent_top(level, middles(lifts), tops, "happy-puzzle").startswith("square A1: read as empty")
    assert absent_top(level, middles({**lifts, 3: 0.08}), tops, "happy-puzzle") == ""
    assert absent_top(level, middles({c: 0.12 for c in range(4)}), tops, "happy-puzzle") == ""  # mean 0.12
