"""A square read as the board's colour may hide a piece whose shaded side looks like the board
only where a cube's side can show at its middle: not under a view from above, where a cube's top
covers the middle (``sides.sides_seen``)."""

from types import SimpleNamespace

import numpy as np

from visolve.puzzles.genius_square import sides

PICTURE = SimpleNamespace(picture=np.zeros((60, 80, 3), np.uint8))


def _leaning(monkeypatch, *shifts):
    monkeypatch.setattr(sides, "shifts_at", lambda _view, _height: list(shifts))


def test_a_view_from_above_shows_no_cube_side(monkeypatch):
    _leaning(monkeypatch, np.zeros((6, 6, 2)), np.zeros((6, 6, 2)))  # tilted under MIN_TILT, or flat
    assert not sides.sides_seen(PICTURE).any()


def test_a_top_standing_off_the_middle_by_either_camera_may_show_a_side(monkeypatch):
    near, far = np.full((6, 6, 2), 0.1), np.zeros((6, 6, 2))
    far[0, 5] = (0.0, 0.5)  # one camera puts that square's cube top half a square off
    _leaning(monkeypatch, near, far)
    seen = sides.sides_seen(PICTURE)
    assert seen[0, 5] and seen.sum() == 1


def test_without_a_camera_or_a_picture_every_square_may(monkeypatch):
    _leaning(monkeypatch, None, np.zeros((6, 6, 2)))
    assert sides.sides_seen(PICTURE).all()
    assert sides.sides_seen(SimpleNamespace(picture=None)).all()
