"""Ink left over on a page: parts like the boards read, whole or in pieces."""

import numpy as np

from visolve.vision.leftover import board_like, cut_short, split_boards, touches_rim


def test_pieces_of_a_board_are_joined_only_when_close_and_together_like_a_board():
    boards = [(1000, 600, 600000)]
    # x, y, w, h, area: label 0 is the background; two halves 40 px apart, a third piece far off
    stats = np.array([[0, 0, 5000, 5000, 0], [0, 0, 480, 600, 280000], [520, 0, 480, 600, 280000],
                      [3000, 3000, 480, 600, 280000]])
    assert [list(s) for s in split_boards(stats, boards, [1, 2, 3])] == [[0, 0, 1000, 600, 560000]]
    assert split_boards(stats, boards, [1, 3]) == []  # apart: each half alone is no board
    stats[2, 0] = 700  # 220 px apart, over JOIN of a board's width: two things, not one board
    assert split_boards(stats, boards, [1, 2, 3]) == []


def test_a_part_like_the_boards_read_is_as_large_and_shaped_as_they_are():
    like = board_like([(1000, 600, 600000), (1040, 620, 640000)])
    assert like(np.array([50, 50, 980, 610, 590000]))
    assert not like(np.array([50, 50, 600, 1000, 590000]))  # turned: shaped otherwise
    assert not like(np.array([50, 50, 980, 610, 200000]))  # a frame of ink, not a filled board


def test_a_part_reaching_the_rim_touches_it():
    assert touches_rim(np.array([0, 10, 5, 5, 25]), (100, 100))
    assert touches_rim(np.array([10, 10, 90, 5, 25]), (100, 100))
    assert not touches_rim(np.array([10, 10, 80, 80, 25]), (100, 100))


def test_a_board_whose_ink_box_is_short_of_the_others_is_cut_short():
    # photo seed 62 junior: glare left 181 x 181 px of a board 301 x 212 long
    boards = [(301, 212, 39861), (181, 181, 19017), (0, 0, 0), (290, 200, 38000)]
    assert cut_short(boards) == [False, True, False, False]
    # boards read whole on a photo in perspective (seed 61 starter): short sides 0.67 apart
    assert cut_short([(454, 239, 87816), (477, 358, 96579)]) == [False, False]
    assert cut_short([(250, 210, 30000)]) == [False]
