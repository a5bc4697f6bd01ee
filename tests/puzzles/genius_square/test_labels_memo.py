"""The rows of glyphs read on a view are read once however often the labels are looked for at a place
(labels.row_glyphs' memo), and the grid lines' share is what sampling each line on its own gives."""

import numpy as np

import visolve.puzzles.genius_square.labels as labels
from visolve.puzzles.genius_square.board import drawing, make_level
from visolve.puzzles.genius_square.draw import draw_board, square_box
from visolve.puzzles.genius_square.edition import LINE_REACH, LINE_SAMPLES, MIN_SPAN, grid_line_share
from visolve.puzzles.genius_square.labelrows import NOMINAL
from visolve.vision.view import BoardView

PITCH = 44


def _view(pitch: int = 32) -> BoardView:
    level = make_level("x", "A5 A6 B2 D3 D5 F3 F6".split(), edition="happy-puzzle", source="x.png")
    picture = draw_board(drawing(level), "happy-puzzle", PITCH)
    x0, y0 = square_box(PITCH, 0, 0)
    return BoardView.from_homography(picture, np.array([[PITCH, 0, x0], [0, PITCH, y0], [0, 0, 1.0]]), 6, 6,
                                     pitch=pitch, margin=2.1)


def test_a_row_of_glyphs_looked_at_again_is_not_read_again(monkeypatch):
    view = _view()
    calls = []
    real = labels.ink_masks
    monkeypatch.setattr(labels, "ink_masks", lambda *a, **k: calls.append(a[1:3]) or real(*a, **k))
    memo: dict = {}
    first = labels.row_glyphs(view, 0, NOMINAL, False, memo)
    again = labels.row_glyphs(view, 0, tuple(float(v) for v in NOMINAL), False, memo)
    assert again is first and len(calls) == 1
    fresh = labels.row_glyphs(view, 0, NOMINAL)  # no memo: read again, the same glyphs
    assert len(calls) == 2
    assert [g is None for g in fresh] == [g is None for g in first]
    assert all(np.array_equal(a[0], b[0]) and a[1] == b[1] for a, b in zip(fresh, first) if a is not None)


def test_moved_rows_of_labels_say_the_same_with_their_glyphs_read_once(monkeypatch):
    view = _view()
    off = (0.6, 1.0, 0.5)  # every glyph cut: the rows are moved to where the glyphs read
    places = (off, NOMINAL, NOMINAL, off)
    calls = []
    real = labels.ink_masks
    monkeypatch.setattr(labels, "ink_masks", lambda *a, **k: calls.append((a[1], tuple(a[2]), a[3:])) or real(*a, **k))
    edition, moved = labels.edition_and_places(view, places)
    assert edition == "happy-puzzle" and moved[0] != off and moved[3] != off
    assert len(calls) == len(set(calls))  # no row read twice


def test_the_grid_lines_share_is_the_median_of_each_line_sampled_alone():
    view = _view()
    board, white = np.array([120.0, 80.0, 40.0]), np.array([240.0, 240.0, 240.0])
    grey = view.image.astype(np.float64).mean(axis=2)
    across = np.linspace(-LINE_REACH, LINE_REACH, LINE_SAMPLES)
    tops = []
    for k in range(6):
        for u, v, du, dv in ((k + 0.5, 0, 0, 1), (k + 0.5, 6, 0, 1), (0, k + 0.5, 1, 0), (6, k + 0.5, 1, 0)):
            pts = np.round(view.board_to_view([(u + t * du, v + t * dv) for t in across])).astype(int)
            pts = np.clip(pts, 0, [grey.shape[1] - 1, grey.shape[0] - 1])
            tops.append(grey[pts[:, 1], pts[:, 0]].max())
    want = (float(np.median(tops)) - board.mean()) / max(white.mean() - board.mean(), MIN_SPAN)
    assert grid_line_share(view, board, white) == want
