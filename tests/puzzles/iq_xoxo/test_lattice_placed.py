"""A board washed out on one side by glare: too few of its cells seen for a faint window, it is
tried as a window kept only when it reads (:data:`visolve.puzzles.iq_xoxo.page.lattice.PLACED_CELLS`)."""

import numpy as np

from visolve.puzzles.iq_xoxo.page import boards
from visolve.puzzles.iq_xoxo.page.lattice import FAINT_CELLS, PLACED_CELLS
from visolve.puzzles.iq_xoxo.reader import read
from visolve.testing.scenes import scene_case


def test_a_board_washed_on_one_side_reads_and_the_page_with_it():
    # page 2 of scene 95, seed 0: board 57's left half is washed out by glare, 35 of its 50 cells
    # show a square or a piece, one fewer than a faint window needs: the page was refused as
    # "a board could not be outlined"
    case = scene_case("iq-xoxo", 95, 0)
    levels = read(case.image, case.name)
    assert sorted(lv.level for lv in levels) == [56, 57]
    assert all(lv in levels for lv in case.truth)


def test_a_placed_window_that_does_not_read_is_no_board(monkeypatch):
    # a window of so few cells seen counts only when it reads: one that does not is dropped, the
    # place it outlines is weighed as before (a lost board refuses the page)
    from visolve.puzzles.iq_xoxo.page.finder import Found
    from visolve.puzzles.iq_xoxo.page.reading import BoardReading

    assert PLACED_CELLS < FAINT_CELLS
    quad = np.array([(10.0, 10.0), (110.0, 10.0), (110.0, 60.0), (10.0, 60.0)])
    monkeypatch.setattr(boards, "read_board", lambda picture, corners, squares, *_: BoardReading(
        None, error="square r0c0 of the view: neither an empty square's grey nor a piece colour"))
    assert boards._read_group(np.zeros((80, 120, 3), np.uint8), [Found(quad, 10.0, np.zeros((8, 2)), tentative=True)]) is None
