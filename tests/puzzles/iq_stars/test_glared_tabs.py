"""Made pages whose tab 1 lies under a glare spot: read whole, every board as made."""

import numpy as np
import pytest

from visolve.make.generate import board_of, challenges
from visolve.make.pages import draw_page, per_page
from visolve.puzzles.iq_stars.reader import read
from visolve.testing.photos import photograph


@pytest.mark.parametrize("level, seed, n", [("starter", 116, 0), ("wizard", 119, 4)])
def test_a_page_whose_tab_lies_under_glare_reads_whole(level, seed, n):
    # scripts/bench_make.py --photos: these pages were read in part ("a board ... has no number tab
    # above it"); vision.tabs now reads their tab 1 flattened
    made = list(challenges("iq-stars", level, per_page("iq-stars"), seed))
    photo, _h = photograph(draw_page("iq-stars", made), np.random.default_rng([seed, n]), 1.0)
    assert {int(lv.level): board_of(lv) for lv in read(photo, "photo.jpg")} == {m.k: board_of(m.level) for m in made}
