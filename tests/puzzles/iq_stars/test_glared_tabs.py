"""Made pages whose tab 1 lies under a glare spot: read whole, every board as made."""

import pytest

from tests.make.made_photos import made_page_photo, read_back


@pytest.mark.parametrize("level, seed, n", [("starter", 116, 0), ("wizard", 119, 4)])
def test_a_page_whose_tab_lies_under_glare_reads_whole(level, seed, n):
    # scripts/bench_make.py --photos: these pages were read in part ("a board ... has no number tab
    # above it"); vision.tabs now reads their tab 1 flattened
    photo, truth = made_page_photo("iq-stars", level, seed, n)
    assert read_back("iq-stars", photo) == truth
