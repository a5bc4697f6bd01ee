"""The part of the picture the finder looked at ends at the picture's edge when its copy's
rounded size falls short of it by less than a pixel of the copy (finder.part_end)."""

from __future__ import annotations

import numpy as np

from visolve.puzzles.iq_xoxo.page.beyond import beyond_crop
from visolve.puzzles.iq_xoxo.page.finder import part_end


def test_whole_picture_seen_smaller_ends_at_its_edge():
    whole = (2947, 1965, 3)
    f = 0.5127
    copy = (round(whole[0] * f), round(whole[1] * f), 3)  # 1511 x 1007: 2947.1 x 1964.1 px
    end = part_end(np.zeros(2), copy, f, whole)
    assert end.tolist() == [1965.0, 2947.0]


def test_short_by_a_copy_pixel_at_most_snaps():
    whole = (2947, 1965, 3)
    f = 0.5
    short = part_end(np.zeros(2), (1473, 982, 3), f, whole)  # ends 2946, 1964: within 2 px
    assert short.tolist() == [1965.0, 2947.0]
    farther = part_end(np.zeros(2), (1470, 980, 3), f, whole)  # ends 2940, 1960: 7 and 5 px short
    assert farther.tolist() == [1960.0, 2940.0]


def test_a_part_within_the_picture_keeps_its_end():
    end = part_end(np.array([100.0, 50.0]), (400, 300, 3), 0.5, (2000, 3000, 3))
    assert end.tolist() == [700.0, 850.0]


def test_a_whole_picture_is_not_weighed_again_beyond_itself():
    image = np.full((300, 200, 3), 235, np.uint8)
    image[100:108, 20:40] = (40, 40, 220)  # a tab-like red blob away from the board
    quad = np.array([[120, 200], [190, 200], [190, 235], [120, 235]], np.float64)
    short = (np.zeros(2), np.array([198.0, 298.0]), 7.0)  # the copy's end, 2 px short
    assert beyond_crop(image, [quad], short) > 0  # the whole picture weighed as lying beyond
    crop = (np.zeros(2), part_end(np.zeros(2), (149, 99, 3), 0.5, image.shape), 7.0)
    assert crop[1].tolist() == [200.0, 300.0]
    assert beyond_crop(image, [quad], crop) == 0
