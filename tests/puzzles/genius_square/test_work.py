"""The reader's work on large photos kept small: the second-board check paints the board found over in
place and puts it back (:func:`visolve.vision.painted_over.painted_in_place`, tested in
tests/vision/test_painted_over.py), and a small board is looked for again on a copy just close enough."""

import numpy as np

from visolve.puzzles.genius_square import closer, finder
from visolve.puzzles.genius_square.board import drawing, make_level
from visolve.puzzles.genius_square.draw import draw_board
from visolve.puzzles.genius_square.reader import check_alone, read

ROLL = "A5 A6 B2 D3 D5 F3 F6".split()


def _small_board_on_a_table(pitch: int = 20, side: int = 1800) -> tuple[np.ndarray, object]:
    """A drawn board (``pitch`` px a square) in the middle of a plain, slightly noisy table."""
    level = make_level("table", ROLL, edition="happy-puzzle", source="table.png")
    board = draw_board(drawing(level), "happy-puzzle", pitch)
    rng = np.random.default_rng(3)
    table = np.clip(rng.normal(150, 4, (side, side, 3)), 0, 255).astype(np.uint8)
    y0, x0 = (side - board.shape[0]) // 2, (side - board.shape[1]) // 2
    table[y0:y0 + board.shape[0], x0:x0 + board.shape[1]] = board
    return table, level


def test_the_second_board_check_leaves_the_picture_as_it_was():
    picture, _level = _small_board_on_a_table()
    before = picture.copy()
    hom = np.array([[20.0, 0, 800], [0, 20.0, 800], [0, 0, 1]])
    check_alone(picture, hom)
    assert np.array_equal(picture, before)


def test_a_small_board_is_looked_for_again_on_a_copy_just_close_enough(monkeypatch):
    """The closer copy has about ZOOM_PITCH px a square, not the full work side: the lattice's cost
    grows with the copy's area."""
    picture, level = _small_board_on_a_table()
    sides = []
    real = closer.working_copy

    def spy(image, side, **kw):
        sides.append((image.shape[:2], side))
        return real(image, side, **kw)

    monkeypatch.setattr(closer, "working_copy", spy)
    assert read(picture, "table.png").blockers == level.blockers
    assert sides, "the board is small in the work copy: a closer copy is made"
    span = closer.SIZE + 2 * closer.ZOOM_AROUND
    assert all(side <= round(closer.ZOOM_PITCH * span) for _shape, side in sides)


def test_the_first_grid_labels_view_is_made_once(monkeypatch):
    """The labelled edges' search and the rows of labels inside the grid (moved_inward) look at
    the same view of the first grid: it is sampled from the picture once, not twice."""
    picture, level = _small_board_on_a_table(pitch=40, side=1000)
    seen = {"rows": [], "inner": []}
    rows, inner = finder.label_rows, finder.inner_label_rows

    def spy_rows(view, *a, **kw):
        seen["rows"].append(view)
        return rows(view, *a, **kw)

    def spy_inner(view, *a, **kw):
        seen["inner"].append(view)
        return inner(view, *a, **kw)

    monkeypatch.setattr(finder, "label_rows", spy_rows)
    monkeypatch.setattr(finder, "inner_label_rows", spy_inner)
    assert read(picture, "table.png").blockers == level.blockers
    assert seen["inner"] and seen["inner"][0] is seen["rows"][0]


def test_the_squares_are_read_on_the_view_the_glyphs_were_read_on(monkeypatch):
    """A board small in the work copy whose labelled edges leave two ways up (its row of digits
    printed again below the grid: three edges look labelled) has its glyphs read on a view of the
    picture (READ_PITCH px a square), and its squares read on that same view: sampled once."""
    from visolve.puzzles.genius_square import reader
    from visolve.puzzles.genius_square.draw import square_box

    pitch = 20
    picture, level = _small_board_on_a_table(pitch)
    x0, y0 = (int(v) for v in square_box(pitch, 0, 0))
    board = draw_board(drawing(level), "happy-puzzle", pitch)  # as the table has it, centred
    gx = (picture.shape[1] - board.shape[1]) // 2 + x0
    gy = (picture.shape[0] - board.shape[0]) // 2 + y0
    digits = picture[gy - pitch:gy, gx:gx + 6 * pitch].copy()
    picture[gy + 6 * pitch + 4:gy + 7 * pitch + 4, gx:gx + 6 * pitch] = digits
    made = []
    real = reader.BoardView.from_homography

    def spy(*a, **kw):
        view = real(*a, **kw)
        if kw.get("pitch") == reader.READ_PITCH and a[0].shape == picture.shape:
            made.append(view)
        return view

    monkeypatch.setattr(reader.BoardView, "from_homography", spy)
    monkeypatch.setattr(reader, "check_alone", lambda *a: None)  # a second board looked for: other views
    assert read(picture, "table.png").blockers == level.blockers
    assert len(made) == 2  # the two ways up's glyphs; the squares on the one that read


def test_a_board_refused_for_its_squares_is_not_looked_behind(monkeypatch):
    """The second-board check (a whole search for a lattice, 60-110 ms on a 12 MP photo) runs only
    behind a board that reads: a board refused for its squares is misread by no one, and a page of
    such boards is still looked for by its tabs."""
    import pytest

    from visolve.errors import ReadError
    from visolve.puzzles.genius_square import reader

    level = make_level("table", [], edition="happy-puzzle", source="table.png")  # before the roll
    board = draw_board(drawing(level), "happy-puzzle", 20)
    picture, _level = _small_board_on_a_table()
    y0, x0 = (picture.shape[0] - board.shape[0]) // 2, (picture.shape[1] - board.shape[1]) // 2
    picture[y0:y0 + board.shape[0], x0:x0 + board.shape[1]] = board
    looked = []
    monkeypatch.setattr(reader, "check_alone", lambda *a: looked.append(a))
    with pytest.raises(ReadError, match="no blockers"):
        read(picture, "table.png")
    assert looked == []
    assert read(_small_board_on_a_table()[0], "table.png").blockers and len(looked) == 1
