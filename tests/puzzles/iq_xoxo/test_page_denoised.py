"""Faint squares on a grainy page: boards looked for on smoothed planes too (issue #25).

Seed 0's scene 90 (a page of two boards whose squares are about 4 % darker than the page's
grain) showed one board outlined a row off and the page refused; its boards read on the
planes smoothed by a share of the pitch.
"""

import cv2
import numpy as np

from visolve.puzzles.iq_xoxo.page.boards import read_boards
from visolve.puzzles.iq_xoxo.page.denoised import denoised_quads
from visolve.puzzles.iq_xoxo.page.parts import board_parts
from visolve.puzzles.iq_xoxo.page.first_look import SQUARE_SHARE
from visolve.puzzles.iq_xoxo.page.lattice import find_lattice
from visolve.testing.scenes import scene_case


def _grainy_board(pitch: int = 21, darker: int = 12, grain: float = 5.0) -> np.ndarray:
    """A grey 5 x 10 board ``darker`` levels below a page of 205 with grain (noise of ``grain``
    levels, smoothed a little as a camera does), squares apart by gaps of a seventh of the pitch."""
    h, w = 8 * pitch, 14 * pitch
    page = np.full((h, w), 205.0)
    side = int(round(SQUARE_SHARE * pitch))
    for r in range(5):
        for c in range(10):
            x, y = 2 * pitch + c * pitch, 2 * pitch + r * pitch
            page[y:y + side, x:x + side] -= darker
    rng = np.random.default_rng(5)
    noise = cv2.GaussianBlur(rng.normal(0, grain, (h, w)), (0, 0), 0.7)
    grey = np.clip(page + noise * grain / noise.std(), 0, 255).astype(np.uint8)
    return grey


def test_a_faint_board_on_a_grainy_page_is_found_on_the_smoothed_planes():
    grey = _grainy_board()
    coloured = np.zeros(grey.shape, bool)
    parts = board_parts(grey, coloured, 21.0, grey)
    lattice = find_lattice(parts.centres, parts.sides, parts.cover, grey, parts.pieces, 21.0, SQUARE_SHARE)
    assert not lattice.quads()  # the grain runs into the squares as found
    quads = denoised_quads(grey, coloured, 21.0, grey, board_parts)
    assert len(quads) == 1
    xs, ys = np.asarray(quads[0])[:, 0], np.asarray(quads[0])[:, 1]
    assert abs(xs.min() - 2 * 21) < 4 and abs(ys.min() - 2 * 21) < 4


def test_a_page_of_faint_boards_on_grain_reads_whole():
    case = scene_case("iq-xoxo", 90, 0)
    readings, weight = read_boards(case.image)
    read = sorted((r.level.level, r.level.rows) for r in readings if r.level is not None)
    assert read == sorted((lv.level, lv.rows) for lv in case.truth) and len(read) == 2 and weight == 0


def test_a_page_read_without_the_smoothed_planes_never_asks_for_them(monkeypatch):
    from visolve.puzzles.iq_xoxo.page import boards

    asked = []
    found = boards.find_boards

    def recording(image, notes=None, *rest):
        quads, weigh, further = found(image, notes, *rest)

        def further_recorded(split=False, done=(), smooth=False):
            asked.append(smooth)
            return further(split=split, done=done, smooth=smooth)
        return quads, weigh, further_recorded

    monkeypatch.setattr(boards, "find_boards", recording)
    case = scene_case("iq-xoxo", 13, 0)  # a spread whose last board is placed beside the others
    readings, weight = boards.read_boards(case.image)
    assert weight == 0 and len(readings) == 6 and not any(asked)
