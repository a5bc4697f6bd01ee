"""The light of a board seen straight on evened out (visolve.puzzles.iq_circuit.colours)."""

import numpy as np
import pytest

from visolve import puzzles
from visolve.make.generate import board_of, challenges
from visolve.make.pages import draw_page, per_page
from visolve.testing.photos import photograph


# made master pages photographed (bench seeds 70 and 80, boards about 25 px a cell): two pieces
# outlined side by side along the board's edge left grid crossings whose every arm is outline, at
# 2.1-2.2 times the usual span of grey over dark; taken as the grey, they dimmed the outlines near
# them below white, and a piece's track was refused as lying outside every outlined piece
@pytest.mark.parametrize("level, seed, n", [("master", 70, 1), ("master", 80, 1)])
def test_a_photographed_page_with_pieces_outlined_side_by_side_is_read_back(level, seed, n):
    made = list(challenges("iq-circuit", level, per_page("iq-circuit"), seed))
    photo, _h = photograph(draw_page("iq-circuit", made), np.random.default_rng([seed, n]), 1.0)
    got = puzzles.get("iq-circuit").read(photo, "photo.jpg")
    assert {int(g.level): board_of(g) for g in got} == {m.k: board_of(m.level) for m in made}
