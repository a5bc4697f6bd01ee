"""A board read at a lean, ruled out by what the other readings saw surely (``genius_square.leandoubts``)."""

import pytest

from visolve.errors import ReadError
from visolve.puzzles.genius_square.board import make_level
from visolve.puzzles.genius_square.colours import EMPTY, Square
from visolve.puzzles.genius_square.leandoubts import dropped_piece, swapped_blocker
from visolve.puzzles.genius_square.reader import read
from visolve.testing.scenes import scene_case

#: seed 163 scene 81's roll (A2 and B2 are faces of one die)
ROLL = ("A2", "A6", "B5", "C4", "D2", "E4", "F2")


def _read(symbols: dict[tuple[int, int], str], options: dict[tuple[int, int], tuple] | None = None):
    """Squares read surely empty but ``symbols`` ((row, column) -> symbol), and ``options`` in doubt."""
    options = options or {}
    return [[Square("", options=options[(r, c)]) if (r, c) in options else Square(symbols.get((r, c), EMPTY))
             for c in range(6)] for r in range(6)]


def test_a_piece_read_whole_at_the_middles_is_not_dropped_at_a_lean():
    """151/95: the orange three read surely down a column at the middles; the lean's board has none."""
    level = make_level("x", ROLL, {"2": ["C3", "D3"]}, edition="smartgames")
    middles = _read({(0, 0): "3", (1, 0): "3", (2, 0): "3"})
    problem = dropped_piece(level, middles)
    assert problem.startswith("square A1: piece 3 (orange) read surely on A1 A2 A3")
    # ... read on two squares only, or in doubt on one, or on the board read: no
    assert dropped_piece(level, _read({(0, 0): "3", (1, 0): "3"})) == ""
    assert dropped_piece(level, _read({(0, 0): "3", (1, 0): "3"}, {(2, 0): ("3", "2")})) == ""
    with_it = make_level("x", ROLL, {"3": ["A3", "A4", "A5"]}, edition="smartgames")
    assert dropped_piece(with_it, middles) == ""
    # ... the one-square piece: one square's colour is no shape (1/51, a shaded side read dark blue)
    assert dropped_piece(level, _read({(3, 0): "1"})) == ""


def test_one_disc_seen_in_two_places_by_two_leans_is_a_doubt():
    """163/81: one lean's board lays the disc of A2's die on B2; the other lean, which gave no
    board, reads B2 surely empty and A2 surely a disc."""
    board = make_level("x", ("B2",) + ROLL[1:], {}, edition="smartgames")
    failed = _read({(1, 0): "#"})  # A2 a disc, B2 (and the rest) empty
    problem = swapped_blocker(board, failed)
    assert problem.startswith("square B2: read where tall pieces' tops would show") and "on A2" in problem
    # ... the other face in doubt, the blocker's own square in doubt, or the level's own blocker: no
    assert swapped_blocker(board, _read({}, {(1, 0): ("#", EMPTY)})) == ""
    assert swapped_blocker(board, _read({(1, 0): "#"}, {(1, 1): (EMPTY, "#")})) == ""
    assert swapped_blocker(make_level("x", ROLL, {}, edition="smartgames"), failed) == ""


@pytest.mark.parametrize("seed, scene, reason", [(151, 95, "piece 3 .orange. read surely"),
                                                 (163, 81, "a face of the same die")])
def test_the_scenes_misread_before_are_refused(seed, scene, reason):
    case = scene_case("genius-square", scene, seed)
    with pytest.raises(ReadError, match=reason):
        read(case.image, case.name)
