"""The grey piece seen by two tops beside its dark side (issue 25, new unseen seed 331): scene 59, a
Happy Puzzle photo whose grey piece on A1-A4 showed two tops of the grey piece's colour, (0.40, 0.41,
0.41) and (0.37, 0.38, 0.38), beside two squares at the black board's colour, was read without it (a
misread).  Two squares of one shade, nearest the grey piece's colour, with the board's own colour next
to them along their line, are now a doubt; glare fades over a square or more and is not."""

import pytest

from visolve.errors import ReadError
from visolve.puzzles.genius_square import dimgrey
from visolve.puzzles.genius_square.colours import EMPTY, Square
from visolve.puzzles.genius_square.dimgrey import grey_pair, no_dim_grey_piece
from tests.puzzles.genius_square.unseen import refused_and_was_misread, without_bare_last_place

GREY, WOOD = "5", "#"
BOARD = (0.04, 0.04, 0.05)


def _square(colour, grey_residual=None):
    """A square read empty of ``colour``, nearest the grey piece's colour when ``grey_residual`` is
    given (else nearest the wood's)."""
    ranks = ((GREY, grey_residual), (WOOD, 0.27)) if grey_residual is not None else ((WOOD, 0.8), (GREY, 0.9))
    return Square(EMPTY, colour=colour, ranks=ranks)


def _board(row: list) -> list[list[Square]]:
    """Squares at the board's colour, row 0 read as ``row`` from column 0."""
    return [[row[c] if r == 0 and c < len(row) else _square(BOARD) for c in range(6)] for r in range(6)]


SEEN = [_square((0.40, 0.41, 0.41), 0.063), _square((0.37, 0.38, 0.38), 0.136), _square(BOARD), _square(BOARD)]


def test_two_grey_tops_beside_the_boards_colour_are_found_and_a_doubt():
    assert grey_pair(_board(SEEN)) == [(0, 0), (0, 1), (0, 2)]
    with pytest.raises(ReadError, match=r"square A1: two squares side by side .* the next square along \(A3\)"):
        no_dim_grey_piece(_board(SEEN), "happy-puzzle")


def test_glare_fading_over_the_squares_is_no_pair():
    fading = [_square((0.06, 0.08, 0.08)), _square((0.34, 0.38, 0.41), 0.147), _square((0.61, 0.68, 0.72), 0.065),
              _square((0.5, 0.55, 0.59), 0.063)]  # seen on seed 0 scene 51 and seed 1 scene 50, read right
    assert grey_pair(_board(fading)) is None
    uneven = [_square((0.47, 0.55, 0.54), 0.065), _square((0.38, 0.44, 0.43), 0.066), _square((0.21, 0.26, 0.25)),
              _square((0.06, 0.09, 0.1))]  # seed 2 scene 36: the next square along is lit too
    assert grey_pair(_board(uneven)) is None


def test_a_pair_off_grey_or_surely_read_is_no_pair():
    far = [_square((0.40, 0.41, 0.41), 0.2), *SEEN[1:]]
    assert grey_pair(_board(far)) is None
    covered = [SEEN[0], Square(WOOD, colour=SEEN[1].colour, ranks=SEEN[1].ranks), *SEEN[2:]]
    assert grey_pair(_board(covered)) is None


@pytest.mark.slow
def test_seed_331_scene_59_is_refused_and_was_misread(monkeypatch):
    refused_and_was_misread(monkeypatch, 331, 59, dimgrey, "grey_pair", lambda squares: None)


def _covered_but(four: list, colours: list) -> list[list[Square]]:
    """Squares all covered (wood) but ``four``, read empty at ``colours``."""
    out = [[Square(WOOD, colour=(0.1, 0.55, 0.84)) for _c in range(6)] for _r in range(6)]
    for (r, c), colour in zip(four, colours):
        out[r][c] = Square(EMPTY, colour=colour, ranks=((WOOD, 0.86), ("2", 0.94)))
    return out


def test_a_board_covered_but_a_flat_four_is_a_doubt_an_uneven_one_is_not():
    """Seed 347 scene 28: a SmartGames drawing whose grey piece on B3-E3 was painted the board's own
    grey was read without it (a misread)."""
    four = [(2, 1), (2, 2), (2, 3), (2, 4)]
    with pytest.raises(ReadError, match="square B3: every square covered but four in a row read as empty, drawn in "
                                        "one flat colour"):
        no_dim_grey_piece(_covered_but(four, [(-0.04, 0.0, 0.02)] * 4), "smartgames")
    uneven = [(-0.04, 0.0, 0.02), (0.0, 0.03, 0.05), (-0.04, 0.0, 0.02), (0.02, 0.0, 0.02)]  # light, not paint
    no_dim_grey_piece(_covered_but(four, uneven), "smartgames")


@pytest.mark.slow
def test_seed_347_scene_28_is_refused_and_was_misread(monkeypatch):
    without_bare_last_place(monkeypatch)  # it refuses this board too, its squares read plainly empty (593/38)
    refused_and_was_misread(monkeypatch, 347, 28, dimgrey, "bare_cells", lambda squares: None,
                            match="drawn in one flat colour")
