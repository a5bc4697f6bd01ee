"""The painter kit: centred text, caption bands, cell outlines, hint captions."""

import numpy as np

from visolve.vision.canvas import solid
from visolve.vision.paint import caption_band, cell_outline, centred_text, hint_lines, with_caption

WHITE, BLACK = (255, 255, 255), (0, 0, 0)


def _ink(img: np.ndarray) -> np.ndarray:
    return img.min(axis=2) < 128


def test_centred_text_is_centred_and_fits_its_room():
    img = solid(60, 200, WHITE)
    centred_text(img, "HELLO", (120, 30), 1.0, BLACK, 2)
    ys, xs = np.nonzero(_ink(img))
    # across to 2 px; down to 4 px: the strokes' thickness puts the ink a little below the baseline
    assert abs((xs.min() + xs.max()) / 2 - 120) <= 2 and abs((ys.min() + ys.max()) / 2 - 30) <= 4
    narrow = solid(60, 200, WHITE)
    centred_text(narrow, "HELLO", (100, 30), 1.0, BLACK, 2, room=40)
    xs = np.nonzero(_ink(narrow))[1]
    assert xs.max() - xs.min() <= 42


def test_a_halo_rings_the_letters():
    img = solid(60, 120, (0, 0, 200))
    centred_text(img, "8", (60, 30), 1.2, WHITE, 2, halo=BLACK)
    assert (img[:, :, 2] < 60).sum() > 10 and (img.min(axis=2) > 215).sum() > 20


def test_caption_band_holds_a_line_each_in_its_colour():
    band = caption_band(300, ["first", ("second", (0, 0, 255))], 30, 0.6, left=8, margin=6)
    assert band.shape == (66, 300, 3)
    red = (band[:, :, 2] > 150) & (band[:, :, 1] < 100)
    assert red[30:60].any() and not red[:30].any()
    assert _ink(band)[:30].any()
    picture = with_caption(solid(40, 300, (0, 200, 0)), ["a caption"], 24, 0.5)
    assert picture.shape == (64, 300, 3) and _ink(picture[40:]).any()


def test_cell_outline_runs_round_the_group_only():
    img = solid(100, 100, WHITE)
    cells = [(0, 0), (1, 0), (1, 1)]  # an L: rows first
    cell_outline(img, cells, (10, 10), 40, BLACK, 2)
    ink = _ink(img)
    assert ink[10, 30] and ink[90, 70] and ink[70, 90] and ink[30, 50]  # outer sides and the notch
    assert not ink[50, 30] and not ink[70, 50] and not ink[30, 30]  # borders inside the group, a middle
    inset = solid(100, 100, WHITE)
    cell_outline(inset, cells, (10, 10), 40, BLACK, 2, inset=5)
    ink = _ink(inset)
    assert ink[15, 30] and not ink[10, 30] and ink[85, 70]


def test_hint_lines_say_the_next_piece_or_why_there_is_none():
    hint = {"piece": "W", "cells": [[0, 0]], "completable": True, "reason": "only place"}
    assert hint_lines("level 3", hint, "lay W") == ("level 3: next, lay W", "only place")
    stuck = {"piece": None, "cells": [], "completable": False, "reason": "cell A1 cannot be covered"}
    assert hint_lines("level 3", stuck, "-") == ("level 3: cannot be finished", "cell A1 cannot be covered")
    assert hint_lines("level 3", {"completable": None}, "-")[0] == "level 3: no next piece"
