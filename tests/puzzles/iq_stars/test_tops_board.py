"""A drawn board placed by its pieces' white middles (:mod:`visolve.puzzles.iq_stars.tops_board`)."""

import random

import numpy as np
import pytest

from visolve.errors import NotThisPuzzle
from visolve.puzzles.iq_stars import layout, reader
from visolve.puzzles.iq_stars.board import CELLS
from visolve.puzzles.iq_stars.challenges import random_challenge
from visolve.puzzles.iq_stars.model import Level
from visolve.puzzles.iq_stars.painter import NAVY, draw_challenge
from visolve.puzzles.iq_stars.tops_board import board_homography, place_by_tops
from visolve.puzzles.iq_stars.tray import BOARD_AXIAL, rotate
from visolve.vision.geometry import map_points

PITCH = 40


def _on_navy_page(level) -> tuple[np.ndarray, tuple[int, int]]:
    """``level`` drawn with no page round it, in the top left corner of a page of the board's
    own navy (the page's edge is taken for the board's, the stars far from where the
    drawings put them), and where the board's corner lies on the page."""
    board = draw_challenge(level, pitch=PITCH, page=0.0)
    h, w = board.shape[:2]
    page = np.full((h + 300, w + 420, 3), NAVY, np.uint8)
    page[20 : 20 + h, 30 : 30 + w] = board
    return page, (30, 20)


def _level(seed: int):
    return random_challenge(random.Random(f"tops-board-{seed}"), "pieces", level=7)


def test_the_board_homography_puts_each_cell_on_its_lattice_point():
    for turn in range(6):
        placed = rotate(np.array(BOARD_AXIAL), turn) + np.array([2, -1])
        hom = board_homography(np.eye(3), placed)
        centres = [layout.CENTRES[cell] for cell in CELLS]
        metric = np.stack([placed[:, 0] + placed[:, 1] / 2, placed[:, 1] * np.sqrt(3) / 2], axis=1)
        assert np.allclose(map_points(hom, centres), metric, atol=1e-6)


@pytest.mark.parametrize("seed", range(1, 4))
def test_a_board_on_a_page_of_its_own_navy_is_placed_by_its_tops(seed):
    level = _level(seed)
    page, (x0, y0) = _on_navy_page(level)
    with pytest.raises(NotThisPuzzle):  # the board's edge and outlines alone do not place it
        reader._drawn_board(page, "7.png")
    work, (best, *_rivals) = place_by_tops(page)
    scale = work.shape[1] / page.shape[1]
    centres = [layout.CENTRES[cell] for cell in CELLS]
    expected = (np.array(centres) * PITCH + (x0, y0)) * scale
    # the painter's stars are where its pitch puts them, to a tenth of a star
    assert np.abs(map_points(best, centres) - expected).max() < 0.1 * PITCH * scale


@pytest.mark.parametrize("seed", range(1, 4))
def test_the_reader_reads_such_a_board(seed):
    level = _level(seed)
    page, _corner = _on_navy_page(level)
    assert reader.read(page, "7.png").rows == level.rows


def test_without_pieces_placed_the_tops_place_nothing():
    wizard = random_challenge(random.Random("tops-board-wizard"), "wizard", level=7)
    blank = tuple("".join("." if ch.islower() else ch for ch in row) for row in wizard.rows)
    page, _corner = _on_navy_page(Level(7, blank))
    assert place_by_tops(page) is None
