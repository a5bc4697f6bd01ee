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


#: the page of four ``visolve make`` printed before 88d5617 (2 x 2 boards at 138 px a square, a line
#: of grades below), drawn here so that this test keeps the photo it was written for
OLD_PITCH, OLD_PER_ROW = 138, 2


def _page_of_four(made: list) -> np.ndarray:
    from visolve.make import pages
    from visolve.puzzles.iq_xoxo import draw as xoxo

    p = OLD_PITCH
    w, h = xoxo.page_size(len(made), p, OLD_PER_ROW)
    reach = pages.XOXO_TAB_H + pages.XOXO_TAB_GAP + 0.5 - (xoxo.PAGE_MARGIN + xoxo.TAB_H + xoxo.TAB_GAP)
    top = int(round(max(0.0, reach) * p))
    page = np.full((h + top, w, 3), xoxo.PAGE, np.uint8)
    for m, (x, y) in zip(made, xoxo.board_origins(len(made), p, OLD_PER_ROW)):
        xoxo.draw_board(page, x, y + top, p, m.level.rows, square=pages.XOXO_SQUARE, dot=pages.XOXO_DOT)
        xoxo.draw_tab(page, x, y + top, p, m.k, size=(pages.XOXO_TAB_W, pages.XOXO_TAB_H), gap=pages.XOXO_TAB_GAP)
    text = "grades: " + "   ".join(f"{m.k}: {m.level.grade}" for m in made)
    foot_h, size = int(round(pages.XOXO_FOOT * p)), p / 54
    foot = np.full((foot_h, w, 3), xoxo.PAGE, np.uint8)
    (_tw, th), _ = cv2.getTextSize(text, pages.FONT, size, 1)
    cv2.putText(foot, text, (p, (foot_h + th) // 2), pages.FONT, size, pages.INK, max(1, p // 23), cv2.LINE_AA)
    return np.vstack([page, foot])


def test_a_purple_piece_under_glare_is_not_read_as_empty_squares(bench):
    # the make round trip, photo seed 11, expert, photographed as the bare A4 sheet: a glare
    # spot washed board 4's purple U to the grey of the empty squares around it (its marks still
    # plain), and the board was read without it; read right or refused, never without it
    from visolve import puzzles
    from visolve.make.generate import board_of, challenges
    from visolve.testing.photos import photograph

    seed, n = 11, bench.ROUND_TRIP_LEVELS["iq-xoxo"].index("expert")
    made = list(challenges("iq-xoxo", "expert", 4, seed))
    page, rng = _page_of_four(made), np.random.default_rng([seed, n])
    assert bench.photo_frame(page, rng) == "page"  # the photo the figures had
    photo, _h = photograph(bench.on_sheet(page), rng, 1.0, frame="none")
    try:
        got = puzzles.get("iq-xoxo").read(photo, "photo.jpg")
    except ReadError:
        return
    read = {int(g.level): board_of(g) for g in (got if isinstance(got, list) else [got])}
    assert len(read) == 4, read  # the page of four, board 4 among them
    assert all(read.get(m.k, board_of(m.level)) == board_of(m.level) for m in made), read
