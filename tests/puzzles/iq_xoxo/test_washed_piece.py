"""A piece washed out by glare to its board's grey keeps its marks: it is never read as empty squares."""

import runpy
from pathlib import Path
from types import SimpleNamespace

import cv2
import numpy as np
import pytest

from visolve.errors import ReadError
from visolve.puzzles.iq_xoxo.draw import draw_mark
from visolve.puzzles.iq_xoxo.page import squares
from visolve.puzzles.iq_xoxo.page.squares import DOT_R, EMPTY_MARK, MARK_SHIFT, MARK_SIZE, PITCH

BENCH = Path(__file__).resolve().parents[3] / "scripts" / "bench_make.py"


def _map(draw) -> np.ndarray:
    """A square's middle as :func:`~visolve.puzzles.iq_xoxo.page.squares.read_squares` matches it
    (lightness 0 on the body, 1 on the page), with ``draw(img, centre)`` drawn light on it, blurred
    as a photo blurs it."""
    size = int(round((MARK_SIZE + 2 * MARK_SHIFT) * PITCH))
    img = np.zeros((size, size, 3), np.uint8)
    draw(img, size / 2)
    return cv2.GaussianBlur(img[:, :, 0].astype(np.float32) / 255, (0, 0), 1.0)


def test_a_mark_on_a_grey_square_is_a_piece_washed_out_a_dot_is_not():
    maps = np.stack([_map(lambda img, c: draw_mark(img, c, c, PITCH, "X", (255, 255, 255))),
                     _map(lambda img, c: draw_mark(img, c, c, PITCH, "O", (255, 255, 255))),
                     _map(lambda img, c: cv2.circle(img, (int(c), int(c)), int(round(DOT_R * PITCH)),
                                                    (255, 255, 255), -1, cv2.LINE_AA)),
                     _map(lambda img, c: None)])
    x, o = squares._mark_scores(maps, PITCH)
    marked = squares._marked(["X", "O", "dot", "plain"], x, o)
    assert sorted(marked) == ["O", "X"], (x, o)
    assert "shows a piece's X" in marked["X"] and "shows a piece's O" in marked["O"]
    assert max(x[2], o[2], x[3], o[3]) < EMPTY_MARK


@pytest.fixture(scope="module")
def bench():
    return SimpleNamespace(**runpy.run_path(str(BENCH)))  # the script's functions, not run


def test_a_purple_piece_under_glare_is_not_read_as_empty_squares(bench):
    # the make round trip, photo seed 11, expert, photographed as the bare A4 sheet: a glare
    # spot washed board 4's purple U to the grey of the empty squares around it (its marks still
    # plain), and the board was read without it; read right or refused, never without it
    from visolve import puzzles
    from visolve.make.generate import board_of, challenges
    from visolve.make.pages import draw_page, per_page
    from visolve.testing.photos import photograph

    seed, n = 11, bench.ROUND_TRIP_LEVELS["iq-xoxo"].index("expert")
    made = list(challenges("iq-xoxo", "expert", per_page("iq-xoxo"), seed))
    page, rng = draw_page("iq-xoxo", made), np.random.default_rng([seed, n])
    assert bench.photo_frame(page, rng) == "page"  # the photo the figures had
    photo, _h = photograph(bench.on_sheet(page), rng, 1.0, frame="none")
    try:
        got = puzzles.get("iq-xoxo").read(photo, "photo.jpg")
    except ReadError:
        return
    read = {int(g.level): board_of(g) for g in (got if isinstance(got, list) else [got])}
    assert all(read.get(m.k, board_of(m.level)) == board_of(m.level) for m in made), read
