"""Two misreads found on unseen seeds (issue 25), now refused: the grey piece seen by its dim side
read as four empty squares (scene 1 of seed 4), and a brown cube washed by glare to the colour of
wood, read as a disc hidden under leaning pieces (solved-front case 14 of seed 16)."""

import numpy as np
import pytest

from visolve.errors import ReadError
from visolve.puzzles.genius_square import dimgrey, glared, greyrow, reader, sides
from visolve.puzzles.genius_square.colours import EMPTY, WOOD, Square, classify, prototypes
from visolve.puzzles.genius_square.greyrow import outlined_fours
from visolve.puzzles.genius_square.reader import read
from visolve.testing.scenes import genius, scene_case


def _board(lift: dict[tuple[int, int], float], around: float = -0.05):
    """Squares all read empty: ``lift`` gives some a neutral grey centre, the others ``around``."""
    return [[Square(EMPTY, colour=(lift.get((r, c), around),) * 3) for c in range(6)] for r in range(6)]


def test_four_grey_squares_outlined_by_the_board_are_found():
    four = {(0, c): 0.3 for c in range(4)}
    assert outlined_fours(_board(four)) == [[(0, 0), (0, 1), (0, 2), (0, 3)]]
    down = {(r, 5): 0.25 for r in range(2, 6)}
    assert outlined_fours(_board(down)) == [[(2, 5), (3, 5), (4, 5), (5, 5)]]


def test_a_glare_spot_lifting_the_squares_around_is_no_outline():
    spot = {(0, c): 0.3 for c in range(4)} | {(1, c): 0.12 for c in range(4)} | {(0, 4): 0.2}
    assert outlined_fours(_board(spot)) == []
    assert outlined_fours(_board({(0, c): 0.3 for c in range(3)})) == []  # three are no grey piece
    coloured = _board({})
    coloured[0][:4] = [Square(EMPTY, colour=(0.2, 0.3, 0.4))] * 4  # not neutral
    assert outlined_fours(coloured) == []


def test_the_grey_piece_seen_by_its_side_is_not_read_as_empty_squares(monkeypatch):
    """Scene 1 of seed 4: the grey piece on A1-A4 of a black Happy Puzzle board, its tall cubes'
    dim sides at the squares' centres (n 0.22-0.33), was read as four empty squares.  Read where the
    tops show (genius_square.leaning) it reads; read at the middles only, it is refused."""
    case = scene_case("genius-square", 1, 4)
    assert read(case.image, case.name) == case.truth[0]
    monkeypatch.setattr(reader, "lean_fields", lambda *_args: [])
    with pytest.raises(ReadError, match="four grey squares"):
        read(case.image, case.name)
    monkeypatch.setattr(greyrow, "OUTLINE_SHARE", -np.inf)  # as before: no outline is ever found
    assert read(case.image, case.name) != case.truth[0]  # the misread


def test_a_bright_square_read_as_wood_with_its_own_colour_in_its_corners_is_a_glared_cube():
    """Bright wood's colour in every corner too: the top of a cube filling its square (a brown cube
    glared to wood's colour), not a disc whose corners show the pieces leaning over it: the pieces
    whose colour with glare's white added gives it are options too."""
    protos = prototypes("happy-puzzle")
    centre = np.array([0.76, 1.07, 1.28])
    corners = [np.array([0.7, 1.0, 1.2])] * 4
    sq = classify(centre, corners, protos, "happy-puzzle", [centre] * 4)
    assert sq.symbol == "" and WOOD in sq.options and "2" in sq.options
    dim = classify(centre * 0.75, [k * 0.75 for k in corners], protos, "happy-puzzle", [centre * 0.75] * 4)
    assert dim.symbol == WOOD or "2" not in dim.options  # in the shade: wood, as before
    leaning = [corners[0]] + [np.array([0.37, 0.12, 0.37])] * 3  # purple cubes over a disc's corners
    hidden = classify(centre, leaning, protos, "happy-puzzle", [centre] * 4)
    assert hidden.symbol == WOOD  # front 13 of seed 1: a hidden disc in glare stays wood


def test_a_glared_brown_cube_is_not_read_as_a_disc(monkeypatch):
    """Solved-front case 14 of seed 16: the brown domino on F5-F6 in glare and motion blur, F5 read
    as wood (residual 0.04, brown 1.30) and taken for the disc, E6's disc for brown (washed out)."""
    name, image, truth = genius.solved_front_case(14, 16)
    with pytest.raises(ReadError):
        read(image, name)
    monkeypatch.setattr(glared, "OWN_CORNERS", 5)  # as before: never a cube of its own colour
    assert read(image, name) != truth


def test_four_grey_squares_among_pieces_are_a_doubt_too():
    """Scene 6 of seed 6: the grey piece of a flat drawing between pieces and discs (no empty square
    beside it) read as four empty squares, a misread: no glare lifts exactly four squares in a row."""
    squares = _board({(r, 3): 0.47 for r in range(4)})
    for r in range(6):
        for c in (2, 4):
            squares[r][c] = Square("#", colour=(0.68, 0.82, 1.04))
    squares[4][3] = Square("4", colour=(0.52, 0.09, 0.49))
    assert outlined_fours(squares) == [[(0, 3), (1, 3), (2, 3), (3, 3)]]
    case = scene_case("genius-square", 6, 6)
    # the board is covered but for them, and they are of one colour, the grey piece's drawn flat: it is
    # read there (genius_square.flatgrey; before, the last-piece check refused them)
    assert read(case.image, case.name) == case.truth[0]


def test_the_grey_piece_darker_than_a_light_board_is_a_doubt(monkeypatch):
    """Scene 66 of seed 6: the grey piece on A2-A5 of a light SmartGames board, its shaded side
    darker than the board (``n`` -0.3 to -0.1), read as three faint squares and one plain empty:
    read without the grey piece, a misread, when all four had to be faint.  Three faint squares
    lighter than the board are glare (scene 94 of seed 0 reads so, and still reads)."""
    case = scene_case("genius-square", 66, 6)
    with pytest.raises(ReadError, match="square A2: could be empty or piece 5"):  # its lines hidden (sides)
        read(case.image, case.name)
    monkeypatch.setattr(sides, "LINED_EDGES", 0)  # without that: the faint squares are a doubt too,
    with pytest.raises(ReadError, match="but A2 A3 A4 A5, the place of piece 5"):  # on a board covered but them
        read(case.image, case.name)
    monkeypatch.setattr(reader, "last_piece_problem", lambda *_args: "")  # and without that, by their shade
    with pytest.raises(ReadError, match="3 of them faint and darker than the board"):
        read(case.image, case.name)
    monkeypatch.setattr(dimgrey, "SHADED_IN_FOUR", 5)  # as before: only four faint squares are a doubt
    misread = read(case.image, case.name)
    assert misread != case.truth[0] and "5" not in dict(misread.pieces)  # read without the grey piece


def test_glare_on_three_of_four_empty_squares_still_reads():
    """Scene 94 of seed 0: glare makes three of a row of four empty squares faint, lighter than the
    board: not the grey piece's shaded side, and the board reads."""
    case = scene_case("genius-square", 94, 0)
    assert read(case.image, case.name) == case.truth[0]
