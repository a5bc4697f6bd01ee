"""Two pieces of like colours seen as one group of ten squares: cut along their lightest gaps."""

import numpy as np

from visolve.puzzles.iq_xoxo.board import COLS, EMPTY, ROWS
from visolve.puzzles.iq_xoxo.draw import GAP, PAGE, PIECE_BGR, draw_board, draw_tab, page_size, solid
from visolve.puzzles.iq_xoxo.model import Level
from visolve.puzzles.iq_xoxo.page.piece_split import pentomino_cuts
from visolve.puzzles.iq_xoxo.page.reading import read_board
from visolve.puzzles.iq_xoxo.testing import sample_levels

ROW0 = [(0, c) for c in range(5)]
ROW1 = [(1, c) for c in range(5)]


def _shares(inside: float, between: float) -> dict:
    """Gap shares of a 2 x 5 block: ``inside`` along each row, ``between`` the two rows."""
    out = {((r, c), (r, c + 1)): inside for r in (0, 1) for c in range(4)}
    out.update({((0, c), (1, c)): between for c in range(5)})
    return out


def test_two_rows_joined_are_cut_along_the_lighter_gaps_between_them():
    assert pentomino_cuts(ROW0 + ROW1, _shares(1.0, 0.8)) == [[ROW0, ROW1]]


def test_no_cut_when_the_gaps_cut_are_no_lighter_than_those_kept():
    # a 2 x 5 block whose every gap shows the pieces' colour: no cut is lighter than the rest
    assert pentomino_cuts(ROW0 + ROW1, _shares(1.0, 1.0)) == []


def test_a_pentomino_or_a_group_of_another_size_is_not_cut():
    assert pentomino_cuts(ROW0, {}) == []
    assert pentomino_cuts(ROW0 + ROW1[:4], _shares(1.0, 0.5)) == []


def _touching(level: Level) -> tuple[str, str] | None:
    """Two pieces of ``level`` that touch along a side (the first found), or None."""
    rows = level.rows
    for r in range(ROWS):
        for c in range(COLS):
            for rr, cc in ((r, c + 1), (r + 1, c)):
                if rr < ROWS and cc < COLS and EMPTY not in (rows[r][c], rows[rr][cc]) \
                        and rows[r][c] != rows[rr][cc]:
                    return rows[r][c], rows[rr][cc]
    return None


LEVEL = next(lv for lv in sample_levels() if _touching(lv))


def _board_with_like_pieces(rows: tuple, a: str, b: str, share: float,
                            p: float = 40.0) -> tuple[np.ndarray, np.ndarray]:
    """A page showing ``rows`` numbered 7, pieces ``a`` and ``b`` of one colour, the gap between
    them ``share`` their colour (the rest the page's: a blurred photo's), and the squares' outer corners."""
    w, h = page_size(1, p, 1)
    img = solid(h, w, PAGE)
    x0, y0 = 1.5 * p, 2.0 * p
    colours = dict(PIECE_BGR)
    colours[b] = colours[a]
    draw_board(img, x0, y0, p, rows, colours)
    draw_tab(img, x0, y0, p, 7)
    blend = tuple(int(share * v + (1 - share) * q) for v, q in zip(colours[a], PAGE))
    g = GAP * p / 2
    for r in range(ROWS):
        for c in range(COLS):
            for dr, dc in ((0, 1), (1, 0)):
                rr, cc = r + dr, c + dc
                if rr < ROWS and cc < COLS and {rows[r][c], rows[rr][cc]} == {a, b}:
                    if dc:
                        box = (x0 + (c + 1) * p - g, y0 + r * p + g, x0 + (c + 1) * p + g, y0 + (r + 1) * p - g)
                    else:
                        box = (x0 + c * p + g, y0 + (r + 1) * p - g, x0 + (c + 1) * p - g, y0 + (r + 1) * p + g)
                    img[int(box[1]):int(np.ceil(box[3])), int(box[0]):int(np.ceil(box[2]))] = blend
    corners = np.array([(x0 + g, y0 + g), (x0 + COLS * p - g, y0 + g), (x0 + COLS * p - g, y0 + ROWS * p - g),
                        (x0 + g, y0 + ROWS * p - g)])
    return img, corners


def test_a_board_whose_two_like_pieces_touch_reads_when_one_cut_makes_them_pieces():
    a, b = _touching(LEVEL)
    img, corners = _board_with_like_pieces(LEVEL.rows, a, b, 0.6)  # the gap measures 0.83: joined
    reading = read_board(img, corners)
    assert reading is not None and reading.level == Level(level=7, rows=LEVEL.rows), reading and reading.error


def test_two_like_pieces_with_no_gap_between_them_are_refused_by_name():
    a, b = _touching(LEVEL)
    img, corners = _board_with_like_pieces(LEVEL.rows, a, b, 1.0)
    reading = read_board(img, corners)
    assert reading is not None and reading.level is None
    assert "(10 squares) is no pentomino of the set" in reading.error
