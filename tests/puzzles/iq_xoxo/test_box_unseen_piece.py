"""A piece the lid's badge hides whole (issue 25, new unseen seed 443): box 36, the badge lay along the
dark I, its five squares read one hidden (grey), two under dark print, one pale and one unmarked; each
may be the floor, and the board was read without the I (a misread).  A piece left out that fits whole
on squares none of which is plainly the floor is now a doubt."""

import pytest

from visolve.errors import ReadError
from visolve.puzzles.iq_xoxo import reader
from visolve.puzzles.iq_xoxo.board import COLS, ROWS
from visolve.puzzles.iq_xoxo.box import pieces
from visolve.puzzles.iq_xoxo.box.pieces import unseen_piece
from visolve.puzzles.iq_xoxo.box.squares import PRINTED, BoxSquare, placements
from visolve.testing.scenes import scene_case

SPOT = sorted(placements()["I"])[0]  # somewhere the I may lie under the X/O rule


def _squares(kinds: list) -> dict:
    """Every square plainly the floor, those of :data:`SPOT` (in order) as ``kinds`` say."""
    out = {(r, c): BoxSquare("empty", "", (), "the floor") for r in range(ROWS) for c in range(COLS)}
    for k, kind in zip(sorted(SPOT), kinds):
        out[k] = {"hidden": BoxSquare("hidden", "?", ("I",), "its colour is no piece's"),
                  "printed": BoxSquare("empty", "", (), f"{PRINTED} (the lid's logo?)"),
                  "pale": BoxSquare("pale", "?", ("I", "N"), "neither the floor nor a piece"),
                  "floor": BoxSquare("empty", "", (), "the floor")}[kind]
    return out


UNSURE = ["hidden", "printed", "pale", "printed", "hidden"]


def test_a_piece_left_out_that_fits_on_unsure_floor_is_a_doubt():
    why = unseen_piece(_squares(UNSURE), {})
    assert "piece I, not on the board read, fits there whole: a piece under the lid's badge?" in why


def test_plain_floor_among_them_or_the_piece_laid_elsewhere_says_nothing():
    assert unseen_piece(_squares(UNSURE[:4] + ["floor"]), {}) == ""
    far = next(k for k in sorted(_squares([])) if k not in SPOT)
    assert unseen_piece(_squares(UNSURE), {far: "I"}) == ""  # the I lies elsewhere (a way lays each piece once)


@pytest.mark.slow
def test_seed_443_box_36_is_refused_and_was_misread(monkeypatch):
    case = scene_case("iq-xoxo", 36, 443)
    with pytest.raises(ReadError, match="piece I, not on the board read, fits there whole"):
        reader.read(case.image, case.name)
    monkeypatch.setattr(pieces, "unseen_piece", lambda squares, way: "")
    assert reader.read(case.image, case.name) != case.truth[0]
