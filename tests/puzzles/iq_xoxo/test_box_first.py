"""A picture whose first look sees no grey squares is asked of the box reader before the page
reader's closer look (:func:`visolve.puzzles.iq_xoxo.reader.read`)."""

import random

import numpy as np
import pytest

from visolve.errors import NotThisPuzzle
from visolve.puzzles.iq_xoxo import reader, testing
from visolve.puzzles.iq_xoxo.box import reader as box_reader
from visolve.puzzles.iq_xoxo.draw import draw_page
from visolve.puzzles.iq_xoxo.model import Level
from visolve.puzzles.iq_xoxo.page import finder


def test_a_box_photo_is_read_without_the_closer_look(monkeypatch):
    case = testing.box_case(2, seed=0)

    def closer(*_args):
        raise AssertionError("the closer look was taken for a box photo")

    monkeypatch.setattr(finder, "closer_look", closer)
    assert reader.read(case.image, case.name) == case.truth[0]


def test_a_page_of_small_squares_is_still_looked_at_closer(monkeypatch):
    # boards 9 px apart on a wide picture: the working copy sees no squares (gaps blurred away),
    # the box reader finds no tray, and the page reader's closer look finds the boards
    rng = random.Random("small")
    levels = [testing.random_challenge(rng, n) for n in (11, 12)]
    page = draw_page(levels, 24, per_row=2)
    wide = np.full((page.shape[0] + 200, 4200, 3), 235, np.uint8)
    wide[100:100 + page.shape[0], 300:300 + page.shape[1]] = page
    asked = []
    real = box_reader.read_box
    monkeypatch.setattr(box_reader, "read_box", lambda *a: asked.append(1) or real(*a))
    assert finder.glance(wide)[3] is None  # the premise: no squares at the working scale
    got = reader.read(wide, "wide.png")
    assert asked == [1]
    assert sorted(got, key=lambda lv: lv.level) == [Level(lv.level, lv.rows, "wide.png") for lv in levels]


def test_a_picture_neither_reads_asks_the_box_reader_once(monkeypatch):
    asked = []
    real = box_reader.read_box
    monkeypatch.setattr(box_reader, "read_box", lambda *a: asked.append(1) or real(*a))
    with pytest.raises(NotThisPuzzle, match="the box reader"):
        reader.read(np.full((900, 1600, 3), 128, np.uint8), "grey.png")
    assert asked == [1]


def test_the_squares_bodies_are_each_squares_own_median():
    # all fifty medians in one call: the same numbers as one call per square
    from visolve.puzzles.iq_xoxo.box.squares import BODY_SIZE, bodies
    from visolve.vision.view import BoardView

    rng = np.random.default_rng(3)
    picture = rng.integers(0, 256, (260, 520, 3), np.uint8)
    view = BoardView.from_corners(picture, np.float64([[10, 12], [505, 8], [510, 250], [6, 247]]), 5, 10,
                                  pitch=23, margin=0.4)
    got = bodies(view)
    for r in range(5):
        for c in range(10):
            assert np.array_equal(got[r, c], np.median(view.cell(r, c, size=BODY_SIZE).reshape(-1, 3), axis=0))
