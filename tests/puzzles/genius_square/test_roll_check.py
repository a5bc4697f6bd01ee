"""Seven blockers read from a picture must be a roll of the dice: two discs on faces of one die and
none on another is a disc hidden and a square taken for one, not a level (a misread before)."""

import pytest

from visolve.errors import ReadError
from visolve.puzzles.genius_square import reader
from visolve.puzzles.genius_square.colours import Square
from visolve.puzzles.genius_square import model
from visolve.puzzles.genius_square.reader import read
from visolve.puzzles.genius_square.rollcheck import empty_beside_pieces, roll_problem
from visolve.testing.scenes import genius

NAMES = [[model.name((r, c), "smartgames") for c in range(6)] for r in range(6)]


def test_a_legal_roll_has_no_problem():
    assert roll_problem("A3 B6 C1 C4 C6 E6 F1".split(), {"F1"}) == ""


def test_two_discs_on_one_die_are_named_with_the_die_left_empty():
    why = roll_problem("A3 B6 C1 C4 C6 E6 F5".split(), {"F1", "F6"})
    assert "E6 and F5 are faces of one die (die 5)" in why
    assert "none on die 7 (A6 F1), and F1 read empty beside a piece" in why


def test_a_board_set_by_hand_with_every_disc_seen_is_no_doubt():
    """The SmartGames box art sets its discs by hand (D2 and F3 on one die): solved, no face of die
    4 is empty; with no piece on it, no empty square is beside a piece; either way nothing says a
    disc is hidden."""
    hand = "E1 B2 D2 F3 B4 D5 A6".split()
    assert roll_problem(hand, set()) == ""
    assert roll_problem(hand, {"A1"}) == ""  # A1 is on die 1, which has D2
    assert empty_beside_pieces({}, hand, "smartgames") == set()
    assert reader.level_of([[Square(symbol="#" if sq in hand else ".") for sq in row] for row in NAMES], "smartgames")


def test_only_empty_squares_beside_a_piece_on_a_nearly_solved_board_count():
    rows = ["66#777", "66887#", "#88#9#", "449991", "45555#", ".333#."]
    pieces = {}
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch not in "#.":
                pieces.setdefault(ch, []).append(model.name((r, c), "happy-puzzle"))
    blockers = [model.name((r, c), "happy-puzzle") for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#"]
    assert empty_beside_pieces(pieces, blockers, "happy-puzzle") == {"F1"}  # F6 lies between two discs
    # the box art's hand-set board, partly played (two pieces), has 27 empty squares: none counts
    hand = "A6 B2 B4 D2 D5 E1 F3".split()
    assert empty_beside_pieces({"1": ["A5"], "2": ["C4", "D4"]}, hand, "smartgames") == set()


def test_a_board_read_as_no_roll_is_refused():
    """Squares that read as a whole board with two discs on die 5 (E6, F5) and none on die 7."""
    rows = ["66#777", "66887#", "#88#9#", "449991", "45555#", ".333#."]
    squares = [[Square(symbol=ch) for ch in row] for row in rows]
    with pytest.raises(ReadError, match="no roll of the dice"):
        reader.level_of(squares, "happy-puzzle", "board.jpg")


def test_a_solved_board_with_its_brown_domino_in_glare_is_not_misread():
    """Solved front case 17 of seed 7: glare on the brown domino (F5 F6) reads F5 as a disc, and the
    purple piece leaning over F1 hides its disc; the blockers read were E6 and F5 (one die) with
    none on A6/F1.  The whole cover now settles it (a refusal would do as well; a misread not)."""
    name, image, truth = genius.solved_front_case(17, 7)
    try:
        got = read(image, name)
    except ReadError:
        return  # refused: allowed, the test is that it is not misread
    assert got == truth
