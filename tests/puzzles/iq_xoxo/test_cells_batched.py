"""The squares of a board measured together equal the squares measured one by one.

The references below are the reader's earlier square-by-square code (one
lightness map, one match and one median per square or gap); the batched
functions of :mod:`visolve.puzzles.iq_xoxo.page.squares` must give the same verdicts
and the same scores up to float32 rounding, on drawn and photographed boards.
"""

import cv2
import numpy as np
import pytest

from visolve.puzzles.iq_xoxo import testing
from visolve.puzzles.iq_xoxo.board import COLS, ROWS
from visolve.puzzles.iq_xoxo.page import empty_grey, squares
from visolve.puzzles.iq_xoxo.page.squares import (DOT_NO, DOT_R, DOT_YES, EMPTY_ACROSS, EMPTY_ALONG, MARK_CLIP,
                                                  MARK_MARGIN, MARK_MIN, MARK_SHIFT, MARK_SIZE, PIECE_ACROSS, PIECE_DARK,
                                                  RING, WASHED_FLOOR)
from visolve.puzzles.iq_xoxo.page.boards import read_boards

#: scores agree to float32 rounding (one matchTemplate over stacked maps)
TOLERANCE = 1e-5


def _lightness(patch, body, page):
    body = np.asarray(body, np.float32)
    span = np.asarray(page, np.float32) - body
    norm = float(span @ span)
    if norm < 1e-6:
        return np.zeros(patch.shape[:2], np.float32)
    return ((patch.astype(np.float32) - body) @ span) / norm


def _piece_mark(light, pitch):
    top = float(np.percentile(light, MARK_CLIP))
    light = np.clip(light, 0.0, max(top, 1e-3))
    scores = {"X": -1.0, "O": -1.0}
    for which, tmpl in squares._templates(pitch):
        scores[which] = max(scores[which], float(cv2.matchTemplate(light, tmpl, cv2.TM_CCOEFF_NORMED).max()))
    best = max(scores, key=scores.get)
    margin = scores[best] - scores["O" if best == "X" else "X"]
    return ("?" if scores[best] < MARK_MIN or margin < MARK_MARGIN else best), margin


def _dot(light, pitch):
    smooth = cv2.GaussianBlur(light, (0, 0), DOT_R * pitch * 0.6)
    h, w = smooth.shape
    s = int(round(MARK_SHIFT * pitch))
    centre = smooth[h // 2 - s: h // 2 + s + 1, w // 2 - s: w // 2 + s + 1]
    y, x = np.unravel_index(int(np.argmax(centre)), centre.shape)
    cy, cx = y + h // 2 - s, x + w // 2 - s
    yy, xx = np.mgrid[0:h, 0:w]
    d = np.hypot(yy - cy, xx - cx) / pitch
    contrast = float(smooth[cy, cx] - np.median(light[(d >= RING[0]) & (d <= RING[1])]))
    if contrast >= DOT_YES:
        return "X", contrast - DOT_YES
    if contrast <= DOT_NO:
        return "O", DOT_NO - contrast
    return "?", 0.0


def _read_square(view, r, c, body, page, grey):
    """The earlier one-square reader, one grey colour for the board."""
    page = np.maximum(np.asarray(page, np.float64), 1e-6)
    step = page - grey
    size = max(float(step @ step), 1e-6)
    d = np.asarray(body, np.float64) - grey
    along = float(d @ step) / size
    across = float(np.linalg.norm(d - along * step)) / np.sqrt(size)
    if along > 0:
        across /= max(1.0 - along, WASHED_FLOOR)
    dark_colour = along < 0 and (along / PIECE_DARK) ** 2 + (across / PIECE_ACROSS) ** 2 >= 1.0
    if across >= PIECE_ACROSS or along <= PIECE_DARK or dark_colour:
        middle = view.cell(r, c, size=MARK_SIZE + 2 * MARK_SHIFT)
        return ("piece",) + _piece_mark(_lightness(middle, body, page), view.pitch)
    if (along / EMPTY_ALONG[along > 0]) ** 2 + (across / EMPTY_ACROSS) ** 2 <= 1.0:
        return ("empty",) + _dot(_lightness(view.cell(r, c, size=1.0), body, page), view.pitch)
    return "?", "?", 0.0


def _gap_peak(view, a, b, bodies, page):
    (ra, ca), (rb, cb) = a, b
    x, y = view.board_to_view([((ca + cb) / 2 + 0.5, (ra + rb) / 2 + 0.5)])[0]
    across, along = squares.GAP_ACROSS * view.pitch, squares.GAP_ALONG * view.pitch
    hw, hh = (across, along) if ra == rb else (along, across)
    strip = np.asarray(view.image[int(round(y - hh)): int(round(y + hh)) + 1,
                                  int(round(x - hw)): int(round(x + hw)) + 1], np.float32)
    if ra != rb:
        strip = strip.transpose(1, 0, 2)
    profile = np.median(strip, axis=0)[None]
    return min(float(_lightness(profile, body, page).max()) for body in bodies)


def _views():
    """Upright views of the boards of two photographed pages and their page colours."""
    out = []
    for i in (1, 4):
        readings, _stray = read_boards(testing.synthetic_case(i, 0).image)
        out += [(r.view, squares.bodies_of(r.view, r.view.keys)) for r in readings if r.view is not None]
    assert len(out) >= 2
    return out


@pytest.fixture(scope="module")
def views():
    return _views()


def test_squares_read_together_equal_squares_read_one_by_one(views):
    kinds = set()
    for view, bodies in views:
        page = np.median(view.image[:5].reshape(-1, 3), axis=0)
        grey = np.median(np.array(list(bodies.values())), axis=0).astype(np.float64)
        got = squares.read_squares(view, bodies, page, grey)
        for (r, c), body in bodies.items():
            kind, mark, score = _read_square(view, r, c, body, page, grey)
            square = got[(r, c)]
            assert (square.kind, square.mark) == (kind, mark), (r, c)
            assert abs(square.score - score) < TOLERANCE, (r, c)
            kinds.add((kind, mark))
    assert {("piece", "X"), ("piece", "O"), ("empty", "X"), ("empty", "O")} <= kinds


def test_gaps_measured_together_equal_gaps_measured_one_by_one(views):
    for view, bodies in views:
        page = np.median(view.image[:5].reshape(-1, 3), axis=0)
        pairs = [((r, c), nb) for r in range(ROWS) for c in range(COLS) for nb in ((r, c + 1), (r + 1, c))
                 if nb[0] < ROWS and nb[1] < COLS]
        two = [(bodies[a], bodies[b]) for a, b in pairs]
        got = squares.gap_shares(view, pairs, two, page)
        want = [1.0 - float(np.clip(_gap_peak(view, a, b, t, page), 0.0, 1.0)) for (a, b), t in zip(pairs, two)]
        assert np.abs(np.array(got) - np.array(want)).max() < 1e-6


def test_the_page_at_each_square_is_its_two_lightest_corners():
    corners = np.random.default_rng(3).uniform(50, 250, (ROWS + 1, COLS + 1, 3))
    keys = [(r, c) for r in range(ROWS) for c in range(COLS)]
    got = empty_grey.local_pages(corners, keys)
    for (r, c), page in zip(keys, got):
        four = corners[r:r + 2, c:c + 2].reshape(4, 3)
        assert np.array_equal(page, four[np.argsort(four.sum(axis=1))[-2:]].mean(axis=0))
