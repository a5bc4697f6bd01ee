"""The photo search with the yellow track painted out (visolve.puzzles.iq_circuit.track_clear)."""

import numpy as np
import pytest

from visolve import puzzles
from visolve.make.generate import board_of, challenges
from visolve.make.pages import draw_page, per_page
from visolve.puzzles.iq_circuit.painter import draw_board
from visolve.puzzles.iq_circuit.track_clear import track_painted_out
from visolve.testing.photos import photograph


def test_the_track_is_painted_out_and_the_cells_kept():
    grid = ["o-------", "........", "|.......", "L------o"]
    board = draw_board(grid, pitch=40, margin=0.5)
    low = board.min(axis=2)
    clean = track_painted_out(board)
    # the band (yellow: about 1 in the smallest channel) is gone along row 0 between its dots:
    # its pixels hold a cell's dark (32) or the grid's grey (88) now
    assert int(low[40, 60:260].max()) < 10 and int(clean[40, 60:260].min()) >= 20
    # a cell the track does not cross is left as it was
    assert np.array_equal(clean[60:90, 100:130], low[60:90, 100:130])
    # and a crossed one is filled with the cell's dark (32), a crossed gap lighter
    assert int(clean[40, 80]) < 50 and int(clean[40, 100]) > int(clean[40, 80]) + 10


def test_a_picture_without_yellow_is_left_as_it_is():
    grey = np.full((50, 80, 3), 120, np.uint8)
    assert np.array_equal(track_painted_out(grey), grey[:, :, 0])


# made expert pages photographed (bench seeds 54 and 56): the track joined the cells of a board
# that a glare had paled, and no lattice of them was found; a made master page (seed 37, boards
# about 25 px a cell): a track ending under its piece's outline was a doubt
@pytest.mark.parametrize("level, seed, n", [("expert", 54, 0), ("expert", 56, 0), ("master", 37, 1)])
def test_a_photographed_page_is_read_back(level, seed, n):
    made = list(challenges("iq-circuit", level, per_page("iq-circuit"), seed))
    photo, _h = photograph(draw_page("iq-circuit", made), np.random.default_rng([seed, n]), 1.0)
    got = puzzles.get("iq-circuit").read(photo, "photo.jpg")
    assert {int(g.level): board_of(g) for g in got} == {m.k: board_of(m.level) for m in made}
