"""The second board a page may hold is looked for at the shallow depths that part printed squares only."""

import numpy as np

from visolve.puzzles.genius_square import finder
from visolve.puzzles.genius_square.board import drawing, make_level
from visolve.puzzles.genius_square.draw import draw_board
from visolve.vision.working import working_copy

ROLL = "A5 A6 B2 D3 D5 F3 F6".split()


def _printed_board(pitch: int = 26, side: int = 1200) -> np.ndarray:
    """A drawn (flat, printed) board in the middle of a plain, slightly noisy page."""
    level = make_level("page", ROLL, edition="smartgames", source="page.png")
    board = draw_board(drawing(level), "smartgames", pitch)[:, :, :3]
    rng = np.random.default_rng(5)
    page = np.clip(rng.normal(235, 3, (side, side, 3)), 0, 255).astype(np.uint8)
    y0, x0 = (side - board.shape[0]) // 2, (side - board.shape[1]) // 2
    page[y0:y0 + board.shape[0], x0:x0 + board.shape[1]] = board
    return page


def _depths_walked(monkeypatch) -> list[tuple[float, ...]]:
    walked = []
    real = finder.find_cell_lattice

    def spy(masks, cols, rows, **kw):
        walked.append(tuple(kw["depths"]))
        return real(masks, cols, rows, **kw)

    monkeypatch.setattr(finder, "find_cell_lattice", spy)
    return walked


def test_a_printed_board_is_found_at_the_print_depths(monkeypatch):
    walked = _depths_walked(monkeypatch)
    small, _scale = working_copy(_printed_board(), finder.WORK_SIDE)
    options = finder.find_upright(small, thorough=False)
    assert walked == [finder.PRINT_DEPTHS]  # one lattice, at the shallow depths only
    assert len(options) == 1 and options[0].edges == (0, 3)


def test_the_thorough_search_walks_every_depth(monkeypatch):
    walked = _depths_walked(monkeypatch)
    small, _scale = working_copy(_printed_board(), finder.WORK_SIDE)
    finder.find_upright(small)
    assert walked and walked[0] == finder.DEPTHS
    assert set(finder.PRINT_DEPTHS) < set(finder.DEPTHS)
