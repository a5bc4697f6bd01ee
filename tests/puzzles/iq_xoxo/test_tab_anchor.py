"""Boards placed from their tabs on the page's lattice: a window under a lost tab, kept only when it reads."""

import numpy as np

from visolve.puzzles.iq_xoxo.page.tab_anchor import anchored_quads


def test_a_lost_tab_places_windows_under_it_on_the_pages_lattice():
    # open booklet 16 / seed 0 scene 98: a board almost covered by pieces, its few grey squares
    # washed out, was never outlined though its tab was plain: the page was refused
    pitch = 20.0
    hom = np.array([[pitch, 0, 100.0], [0, pitch, 50.0], [0, 0, 1]])  # lattice cell -> px
    found = [np.array([(100.0, 50.0), (300.0, 50.0), (300.0, 150.0), (100.0, 150.0)])]  # a board at cells 0-10 x 0-5
    tab = np.array([[100 + 17.5 * pitch, 50 - 0.6 * pitch]])  # a tab 7.5 cells right of it, above row 0
    near = np.array([[200.0, 40.0]])  # the found board's own tab
    quads = anchored_quads(np.vstack([near, tab]), found, [(hom, np.array([200.0, 100.0]))], pitch)
    assert quads, "no window under the lost tab"
    tl = np.array([100 + 12.5 * pitch, 50.0])  # the board under it: cells 12.5-22.5 x 0-5 (the tab 0.6 above)
    assert min(np.abs(q[0] - tl).max() for q in quads) < 0.3 * pitch
    assert all(np.abs(q.mean(axis=0) - np.array([200.0, 100.0])).max() > pitch for q in quads)  # none on the found board
    assert anchored_quads(near, found, [(hom, np.array([200.0, 100.0]))], pitch) == []  # its tab is not lost


def test_a_window_placed_from_a_tab_that_does_not_read_is_no_board(monkeypatch):
    # scene 98 before: a window placed under the strip's corner (taken for a tab) on the desk was
    # kept as "a board-like block shows gaps between only 18 %" and refused a page it did not belong to
    from visolve.puzzles.iq_xoxo.page import boards
    from visolve.puzzles.iq_xoxo.page.finder import Found
    from visolve.puzzles.iq_xoxo.page.reading import BoardReading

    quad = np.array([(10.0, 10.0), (110.0, 10.0), (110.0, 60.0), (10.0, 60.0)])
    monkeypatch.setattr(boards, "read_board", lambda picture, corners, squares, *_: BoardReading(
        None, error="a board-like block shows gaps between only 18% of its squares"))
    picture = np.zeros((80, 120, 3), np.uint8)
    squares = np.zeros((8, 2))
    assert boards._read_group(picture, [Found(quad, 10.0, squares, tentative=True)]) is None
    assert boards._read_group(picture, [Found(quad, 10.0, squares)]) is not None
