"""The lattice's window test and the reader's rules for doubt: boards framed by gaps, pieces'
shapes settling doubt, and tabs missing among tabs."""

import random

import cv2
import numpy as np
import pytest

from visolve.errors import ReadError
from visolve.puzzles.iq_xoxo import testing
from visolve.puzzles.iq_xoxo.board import COLS, ROWS
from visolve.puzzles.iq_xoxo.draw import board_origins, draw_page
from visolve.puzzles.iq_xoxo.model import Level
from visolve.puzzles.iq_xoxo.page.cell_evidence import cell_evidence
from visolve.puzzles.iq_xoxo.reader import name_levels, read
from visolve.vision.area_sums import BoxMeans

#: the drawn page's pitch (px) and how far around the board the cells are judged (cells)
PITCH, AROUND = 30, 2
#: a dim photo: everything at this share of its light (the test is relative to the gaps)
DIM = 0.9


def _judged(picture: np.ndarray, origin: tuple[float, float]) -> dict[tuple[int, int], bool]:
    """Every cell within AROUND of the board at ``origin``: does it look like a board's square."""
    x0, y0 = origin
    hom = np.array([[PITCH, 0, x0], [0, PITCH, y0], [0, 0, 1]], np.float64)
    grey = cv2.cvtColor(picture, cv2.COLOR_BGR2GRAY)
    cells = [(c, r) for r in range(-AROUND, ROWS + AROUND) for c in range(-AROUND, COLS + AROUND)]
    colour = np.zeros(grey.shape, np.uint8)
    hit = cell_evidence(hom, np.array(cells, np.float64), BoxMeans(grey), BoxMeans(colour), PITCH)
    return {cell: bool(h) for cell, h in zip(cells, hit)}


def _empty_board_page(light: float) -> tuple[np.ndarray, tuple[float, float]]:
    """An empty board drawn on a page, all of it at ``light`` of its light (1: as drawn), and its origin."""
    empty = Level(5, tuple("." * COLS for _ in range(ROWS)))
    page = draw_page([empty], PITCH, per_row=1)
    page = np.clip(page.astype(np.float32) * light, 0, 255).astype(np.uint8)
    return page, board_origins(1, PITCH, 1)[0]


@pytest.mark.parametrize("light", [1.0, DIM])
def test_the_board_s_squares_are_framed_and_the_page_around_is_not(light):
    page, origin = _empty_board_page(light)
    judged = _judged(page, origin)
    inside = [v for (c, r), v in judged.items() if 0 <= c < COLS and 0 <= r < ROWS]
    outside = [v for (c, r), v in judged.items() if not (0 <= c < COLS and 0 <= r < ROWS)
               and not (r < 0 and 3 <= c <= 6)]  # the tab above the board is coloured, not grey
    assert all(inside)
    assert not any(outside)


def test_a_tab_missing_among_tabs_is_refused_not_named_from_the_file():
    rows = tuple("." * COLS for _ in range(ROWS))
    with pytest.raises(ReadError, match="no number tab"):
        name_levels([Level(12, rows), Level("", rows)], "page_7.jpg")
    assert [lv.level for lv in name_levels([Level("", rows), Level("", rows)], "page_7.jpg")] == ["7-1", "7-2"]


def test_a_drawn_page_still_reads_with_its_squares_settled():
    rng = random.Random("evidence-page")
    levels = [testing.random_challenge(rng, n) for n in (17, 58)]
    got = read(draw_page(levels, 36, per_row=1), "page.png")
    assert sorted(lv.level for lv in got) == [17, 58]
    assert {lv.level: lv.rows for lv in got} == {lv.level: lv.rows for lv in levels}
