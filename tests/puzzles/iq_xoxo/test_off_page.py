"""A board-like block outlined on the desk beside the page is no board (``page.off_page``)."""

import numpy as np

from visolve.puzzles.iq_xoxo.model import Level
from visolve.puzzles.iq_xoxo.page.off_page import OFF_SHARE, margin_pixels, off_share, on_the_page
from visolve.puzzles.iq_xoxo.page.reading import BoardReading
from visolve.puzzles.iq_xoxo.reader import read
from visolve.testing.scenes import scene_case

PAGE = (215, 212, 206)  # BGR: a white page a little warm


def _quad(x, y, pitch=20):
    """A 10 x 5 board's corners (tl tr br bl) at (x, y), ``pitch`` px a square."""
    return np.array([[x, y], [x + 10 * pitch, y], [x + 10 * pitch, y + 5 * pitch], [x, y + 5 * pitch]], np.float64)


def _picture(desk=(120, 60, 70)):
    """A page on the left half on a desk of colour ``desk`` (BGR) on the right half."""
    img = np.zeros((300, 800, 3), np.uint8)
    img[:, :400] = PAGE
    img[:, 400:] = desk
    return img


def _readings():
    board = BoardReading(None, {(0, 0): "."}, Level(level=7, rows=("." * 10,) * 5), quad=_quad(60, 100))
    block = BoardReading(None, {}, None, "a board-like block shows gaps between only 16% of its squares",
                         quad=_quad(500, 100))
    return board, block


def test_a_block_on_a_dark_tinted_desk_is_dropped_and_the_boards_read_kept():
    board, block = _readings()
    kept = on_the_page(_picture(), [board, block])
    assert kept == [board]


def test_a_block_in_shadow_or_glare_or_alone_is_kept():
    board, block = _readings()
    shadow = _picture(desk=(108, 106, 103))  # the page's own tint, half as light: a shadow on it
    glare = _picture(desk=(230, 225, 250))  # a pink glare: another tint, but lighter
    for picture in (shadow, glare):
        assert on_the_page(picture, [board, block]) == [board, block]
    assert on_the_page(_picture(), [block]) == [block]  # no board read to compare with
    far = BoardReading(None, {(0, 0): "."}, Level(level=8, rows=("." * 10,) * 5), quad=_quad(5000, 5000))
    assert on_the_page(_picture(), [far, block]) == [far, block]  # a board read whose margin the picture does not show
    torn = BoardReading(None, {(0, 0): "."}, None, "square r0c0: in doubt", quad=_quad(500, 100))
    assert on_the_page(_picture(), [board, torn]) == [board, torn]  # its squares read: a board


def test_the_margin_is_the_band_around_the_squares():
    img = _picture()
    quad = _quad(60, 100)
    pixels = margin_pixels(img, quad)
    assert len(pixels) > 0 and np.all(pixels == PAGE)  # the page around the board, not the board
    page = np.array(PAGE, np.float64)
    assert off_share(margin_pixels(img, _quad(500, 100)), page) == 1.0
    # a block at the page's edge, a third of its margin on the desk, stays
    assert off_share(margin_pixels(img, _quad(240, 100)), page) < OFF_SHARE


def test_a_page_whose_one_board_reads_is_not_refused_for_a_block_on_the_desk():
    case = scene_case("iq-xoxo", 23, 89)  # a purple desk's corner outlined as a block (gaps between 15 %)
    got = read(case.image, case.name)
    assert [got] == case.truth or got == case.truth
