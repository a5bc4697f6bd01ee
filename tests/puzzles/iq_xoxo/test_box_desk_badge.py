"""Two box-reader misreads found on new unseen seed 389 (issue 25).

Spread 64: a page of small boards the first look saw no squares in; the box reader, asked first,
outlined a darker swirl of the wooden desk as a tray with nothing in it, and the picture was read as
an empty box named from the file.  An empty tray is known by its rim alone, so its ring must be the
box's white (:data:`~visolve.puzzles.iq_xoxo.box.rim.EMPTY_CAST`).

Box 84: three squares under the lid's dark grey badge were read as a piece, the badge's white letters
"XOXO" as its marks, and an N was laid over them.  A square darker than the pieces' least light and
grey (:data:`~visolve.puzzles.iq_xoxo.box.squares.BADGE_SAT`) is no piece's plastic: it is hidden,
and the cover settles it.
"""

import numpy as np
import pytest

from visolve.errors import NotThisPuzzle, ReadError
from visolve.puzzles.iq_xoxo import reader
from visolve.puzzles.iq_xoxo.box import pieces, reader as box_reader
from visolve.puzzles.iq_xoxo.box.drawing import draw_box
from visolve.puzzles.iq_xoxo.box.rim import EMPTY_CAST, RIM_CAST
from visolve.puzzles.iq_xoxo.box.shape import BOX_BGR
from visolve.puzzles.iq_xoxo.box.squares import BADGE_SAT, NO_COLOUR, read_square
from visolve.puzzles.iq_xoxo.model import Level
from visolve.testing.scenes import scene_case
from visolve.vision.light import saturation

EMPTY_ROWS = ("." * 10,) * 5
SOME_ROWS = ("IIIII.....",) + ("." * 10,) * 4
#: BGR gains that turn the box's white the beige of a light wooden desk: saturation 0.28, between
#: EMPTY_CAST and RIM_CAST
BEIGE = np.array([0.72, 0.85, 1.0])


def _tinted(image: np.ndarray) -> np.ndarray:
    return np.clip(image.astype(np.float64) * BEIGE, 0, 255).astype(np.uint8)


def test_the_beige_lies_between_the_two_casts():
    white = (255 * BEIGE).astype(np.uint8)[None, None]
    assert EMPTY_CAST < float(saturation(white)[0, 0]) < RIM_CAST


def test_an_empty_tray_with_a_white_rim_reads_empty():
    assert box_reader.read_box(draw_box(Level("x", EMPTY_ROWS), 40), "empty.png").rows == EMPTY_ROWS


def test_an_empty_tray_in_a_beige_ring_is_no_tray():
    with pytest.raises(NotThisPuzzle, match="tinted") as refused:
        box_reader.read_box(_tinted(draw_box(Level("x", EMPTY_ROWS), 40)), "beige.png")
    assert "not an empty box" in str(refused.value)


def test_pieces_in_a_tray_under_the_same_cast_still_read():
    got = box_reader.read_box(_tinted(draw_box(Level("x", SOME_ROWS), 40)), "cast.png")
    assert got.rows == SOME_ROWS


def test_a_dark_grey_square_is_hidden_not_a_piece():
    detail = np.zeros((40, 40), np.float32)
    badge = read_square(np.array([100.0, 104.0, 106.0]), detail, 40)
    assert (badge.kind, badge.why.startswith(NO_COLOUR)) == ("?", True)
    assert "badge" in badge.why


@pytest.mark.parametrize("letter", sorted(BOX_BGR))
def test_no_piece_in_deep_shade_is_taken_for_the_badge(letter):
    """Each piece's plastic at a third of its light keeps its saturation (0.5 and more, far over
    BADGE_SAT): shade alone never makes a piece the badge (a colour that dark may be no piece's
    for the palette, a doubt of its own)."""
    dim = np.array(BOX_BGR[letter], np.float64) / 3
    sat = (dim.max() - dim.min()) / dim.max()
    assert sat > 2 * BADGE_SAT
    assert "badge" not in read_square(dim, np.zeros((40, 40), np.float32), 40).why


@pytest.mark.slow
def test_seed_389_spread_64_is_no_empty_box():
    case = scene_case("iq-xoxo", 64, 389)
    with pytest.raises(NotThisPuzzle):
        reader.read(case.image, case.name)


@pytest.mark.slow
def test_seed_389_box_84_reads_without_the_badge_as_a_piece(monkeypatch):
    case = scene_case("iq-xoxo", 84, 389)
    # the badge lies over five squares an N (not on the board) fits: it may hide it, so the box is now
    # refused (box.pieces.unseen_piece, tests/puzzles/iq_xoxo/test_box_unseen_piece.py), not misread
    with pytest.raises(ReadError, match="piece N, not on the board read, fits there whole"):
        reader.read(case.image, case.name)
    monkeypatch.setattr(pieces, "unseen_piece", lambda squares, way: "")  # the badge's own rule, alone
    assert reader.read(case.image, case.name).rows == case.truth[0].rows
