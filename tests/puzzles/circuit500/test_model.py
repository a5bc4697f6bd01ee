"""Rules of circuit500 as implemented in model.py."""

import pytest

from visolve.puzzles.circuit500.model import (
    GAP,
    Tile,
    connected,
    is_solved,
    make_grid,
    parse_token,
    replay,
    rotate_cw,
    tap,
)


def grid_of(text: str):
    """6 lines of 4 tokens (data-set form) -> grid."""
    rows = [[parse_token(tok) for tok in line.split()] for line in text.strip().splitlines()]
    return make_grid(rows)


# gap at (2,1); start at (0,0) pointing right, end at (0,2) pointing left,
# so a corner/junction/cross at (0,1) with arms l and r... there is no
# straight tile, a junction can show both.
BOARD = grid_of(
    """
    start-r     junction-urd  end-l     empty
    corner-ur   cross-urdl    empty     corner-dl
    cross-urdl  gap           corner-rd junction-url
    empty       corner-ul     cross     cross
    corner-ul   empty         corner-ur empty
    empty       empty         empty     empty
    """
)


def test_rotate_cw_and_four_turns():
    assert rotate_cw(0b0001) == 0b0010  # u -> r
    assert rotate_cw(0b1000) == 0b0001  # l -> u
    assert rotate_cw(0b0011) == 0b0110  # ur -> rd
    for arms in range(16):
        assert rotate_cw(arms, 4) == arms
        assert rotate_cw(rotate_cw(arms), 3) == arms


@pytest.mark.parametrize("cell,kind", [((0, 1), "junction"), ((0, 0), "start"), ((0, 2), "end")])
def test_tap_rotates_tile_away_from_gap(cell, kind):
    r, c = cell
    tile = BOARD[r][c]
    assert tile.kind == kind
    new, cost = tap(BOARD, r, c)
    assert cost == 1
    assert new[r][c] == Tile(kind, rotate_cw(tile.arms))
    # nothing else changed
    for rr in range(6):
        for cc in range(4):
            if (rr, cc) != (r, c):
                assert new[rr][cc] == BOARD[rr][cc]


def test_four_rotations_return_to_start():
    grid = BOARD
    for _ in range(4):
        grid, cost = tap(grid, 0, 1)
        assert cost == 1
    assert grid == BOARD


def test_empty_and_cross_away_from_gap_do_nothing():
    assert BOARD[0][3].kind == "empty"
    assert tap(BOARD, 0, 3) is None
    assert BOARD[3][3].kind == "cross"
    assert tap(BOARD, 3, 3) is None


def test_tapping_gap_does_nothing():
    assert tap(BOARD, 2, 1) is None


@pytest.mark.parametrize(
    "cell,cost",
    [((1, 1), 0), ((2, 0), 0), ((3, 1), 1), ((2, 2), 1)],  # cross, cross, corner, corner
)
def test_slide_next_to_gap(cell, cost):
    r, c = cell
    tile = BOARD[r][c]
    new, paid = tap(BOARD, r, c)
    assert paid == cost
    assert new[2][1] == tile  # moved into the gap, arms unchanged
    assert new[r][c] == GAP


def test_free_slide_of_empty():
    grid = BOARD
    grid, _ = tap(grid, 3, 1)  # corner down into the gap: gap now at (3,1)
    assert grid[3][1] == GAP and BOARD[3][0].kind == "empty"
    new, paid = tap(grid, 3, 0)
    assert paid == 0
    assert new[3][1].kind == "empty" and new[3][0] == GAP


def test_start_and_end_slide_and_keep_their_role():
    grid = grid_of(
        """
        empty  empty  empty  empty
        empty  empty  empty  empty
        empty  start-u gap   end-l
        empty  empty  empty  empty
        empty  empty  empty  empty
        empty  empty  empty  empty
        """
    )
    new, paid = tap(grid, 2, 1)
    assert paid == 1
    assert new[2][2] == Tile("start", 1) and new[2][1] == GAP
    new2, paid2 = tap(new, 2, 2)  # start is next to the gap again: slides back
    assert paid2 == 1 and new2 == grid
    # end next to the gap slides; turning start there makes it face the end
    moved, _ = tap(grid, 2, 3)
    assert moved[2][2] == Tile("end", 8)
    assert not is_solved(moved)


def test_is_solved_and_connected():
    grid = grid_of(
        """
        start-r  corner-dl  empty  empty
        empty    corner-ur  end-l  empty
        empty    empty      gap    empty
        empty    empty      empty  empty
        empty    empty      empty  empty
        empty    empty      empty  empty
        """
    )
    assert is_solved(grid)
    assert connected(grid, (0, 0)) == {(0, 0), (0, 1), (1, 1), (1, 2)}
    # one wrong turn breaks it
    broken, _ = tap(grid, 0, 1)
    assert not is_solved(broken)
    # arms must meet: pointing at a neighbour without its arm back is not a link
    half = grid_of(
        """
        start-r  corner-ul  end-l  empty
        empty    empty      empty  empty
        empty    empty      gap    empty
        empty    empty      empty  empty
        empty    empty      empty  empty
        empty    empty      empty  empty
        """
    )
    assert not is_solved(half)
    assert connected(half, (0, 0)) == {(0, 0), (0, 1)}


def test_replay_counts_actions_and_rejects_useless_taps():
    taps = [[1, 1], [0, 0], [1, 2], [2, 2]]  # free cross slide, rotation, free, paid
    final, actions, costs = replay(BOARD, taps)
    assert costs == [0, 1, 0, 1]
    assert actions == 2
    assert final[1][1].kind == "empty" and final[1][2].kind == "corner"
    assert final[2][2] == GAP and final[0][0] == Tile("start", 4)
    with pytest.raises(ValueError):
        replay(BOARD, [[0, 3]])  # empty away from the gap
    with pytest.raises(ValueError):
        replay(BOARD, [[6, 0]])  # off the board
