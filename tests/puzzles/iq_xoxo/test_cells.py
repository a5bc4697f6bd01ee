"""The squares of a board view: each square's grey from the empty squares around it, and the gaps."""

import cv2
import numpy as np

from visolve.puzzles.iq_xoxo.board import COLS, ROWS

from visolve.puzzles.iq_xoxo.draw import draw_page
from visolve.puzzles.iq_xoxo.model import Level
from visolve.puzzles.iq_xoxo.page.empty_grey import away_from_grey, grey_field
from visolve.puzzles.iq_xoxo.page.squares import EMPTY_ACROSS
from visolve.puzzles.iq_xoxo.reader import read

PAGE = np.array([200.0, 200.0, 200.0])


def _board(colour_at) -> dict:
    return {(r, c): np.asarray(colour_at(r, c), np.float64) for r in range(ROWS) for c in range(COLS)}


def test_the_grey_follows_light_falling_off_to_one_side():
    # a lamp on the left, a magenta cast growing to the right (the page clipped white)
    bodies = _board(lambda r, c: (175 - 3.0 * c, 172 - 5.0 * c, 175 - 3.0 * c))
    greys = grey_field(bodies, PAGE)
    for k, body in bodies.items():
        along, across = away_from_grey(body, greys[k], PAGE)
        assert abs(along) < 0.15 and across < 0.15, k


def test_a_faint_piece_is_not_taken_for_the_grey_around_it():
    # five squares of a washed-out light blue among grey ones: each is measured
    # against the grey squares around it, never against the piece's other squares
    piece = {(1, 3), (2, 3), (3, 3), (3, 4), (3, 5)}
    bodies = _board(lambda r, c: (196, 172, 150) if (r, c) in piece else (172, 172, 172))
    greys = grey_field(bodies, PAGE)
    for k in piece:
        assert np.abs(greys[k] - 172).max() < 2, k
        assert away_from_grey(bodies[k], greys[k], PAGE)[1] > EMPTY_ACROSS


def test_two_pieces_of_near_colours_blurred_stay_two():
    # the yellow T against the lime L: the thin gap between them is blurred
    # (their colours more than a grey square's light); the file name names it
    rows = ('.....LLLL.', '.....LTTT.', '.......T..', '.......T..', '..........')
    for sigma in (1.0, 1.5):
        page = cv2.GaussianBlur(draw_page([Level("x", rows)], 30, per_row=1), (0, 0), sigma)
        ok, data = cv2.imencode(".jpg", page, [cv2.IMWRITE_JPEG_QUALITY, 70])
        assert ok
        got = read(cv2.imdecode(data, cv2.IMREAD_COLOR), "challenge 43.png")
        assert got == Level(43, rows, "challenge 43.png")


def test_on_a_board_nearly_as_light_as_its_page_noise_is_no_colour():
    # painter set seed 0 page 261: a veiled photo, the board's grey 7.5 levels from its page; an
    # empty square in glare a few levels off that grey counted 1.17 steps across (a piece); a piece
    # there is many levels off.  The square is no piece now (in doubt at worst)
    from visolve.puzzles.iq_xoxo.page.squares import PIECE_ACROSS

    grey, page = np.array([187.0, 192.0, 190.0]), np.array([184.0, 198.0, 191.0])
    assert away_from_grey((193.0, 194.0, 194.0), grey, page)[1] < PIECE_ACROSS
    assert away_from_grey((140.0, 150.0, 205.0), grey, page)[1] > PIECE_ACROSS
