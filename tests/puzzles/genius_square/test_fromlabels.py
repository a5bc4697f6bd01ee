"""A small, blurred printed board (a photographed ``visolve make`` page under glare) whose squares show
as one dark field: the grid is placed by its row and column of printed labels."""

import numpy as np
import pytest

from visolve import puzzles
from visolve.errors import NotThisPuzzle, ReadError
from visolve.puzzles.genius_square import finder
from visolve.puzzles.genius_square.board import drawing, make_level
from visolve.puzzles.genius_square.draw import draw_board, square_box
from visolve.puzzles.genius_square.fromlabels import grid_from_labels
from visolve.vision.geometry import map_points

ROLL = "A5 A6 B2 D3 D5 F3 F6".split()


def _photographed_page(seed: int, n: int):
    from visolve.make.generate import board_of, challenges
    from visolve.make.pages import draw_page, per_page
    from visolve.testing.photos import photograph

    made = list(challenges("genius-square", "starter", per_page("genius-square"), seed))
    photo, _h = photograph(draw_page("genius-square", made), np.random.default_rng([seed, n]), 1.0)
    return photo, {m.k: board_of(m.level) for m in made}, board_of


def test_a_blurred_page_board_under_glare_is_placed_by_its_labels(monkeypatch):
    """Page 1 of seed 1 as bench_make photographs it: its first board, under a glare spot, showed no
    lattice; the board's outline was its only candidate, with no labelled edge ("label ink 0")."""
    photo, truth, board_of = _photographed_page(1, 0)
    got = puzzles.get("genius-square").read(photo, "photo.jpg")
    assert {int(level.level): board_of(level) for level in got} == truth
    monkeypatch.setattr(finder, "grid_from_labels", lambda *a: [])
    with pytest.raises((NotThisPuzzle, ReadError), match="no labelled edge"):
        puzzles.get("genius-square").read(photo, "photo.jpg")


def test_the_grid_lies_between_its_labels():
    """On a drawn board, the candidate given as the board's whole outline: the grid placed by the
    labels is the drawn grid (within a tenth of a square)."""
    pitch = 30
    level = make_level("drawn", ROLL, edition="happy-puzzle", source="drawn.png")
    picture = draw_board(drawing(level), "happy-puzzle", pitch)
    h, w = picture.shape[:2]
    outline = np.array([[w / 6, 0, 0], [0, h / 6, 0], [0, 0, 1.0]])
    x0, y0 = square_box(pitch, 0, 0)[:2]
    placed = grid_from_labels(picture, outline)
    assert placed
    corners = map_points(placed[0], [(0, 0), (6, 0), (6, 6), (0, 6)])
    want = np.array([[x0, y0], [x0 + 6 * pitch, y0], [x0 + 6 * pitch, y0 + 6 * pitch], [x0, y0 + 6 * pitch]])
    assert np.abs(corners - want).max() < 0.1 * pitch


def test_a_picture_without_labels_places_no_grid():
    rng = np.random.default_rng(0)
    noise = rng.integers(0, 60, (300, 300, 3), dtype=np.uint8)
    assert grid_from_labels(noise, np.diag([50.0, 50.0, 1.0])) == []
