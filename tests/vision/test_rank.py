import itertools

import numpy as np
import pytest

from visolve.vision.rank import ranked, selection_network


@pytest.mark.parametrize("n", [1, 2, 3, 5, 6, 7, 13, 16, 17])
def test_every_rank_of_every_zero_one_input(n):
    # the 0-1 principle: a comparator network that selects right on every 0/1 input
    # selects right on every input (all 2^n inputs checked, each a lane of one plane)
    bits = np.array(list(itertools.product((0.0, 1.0), repeat=min(n, 13))), np.float32).T
    if n > 13:  # 2^17 inputs would be slow: random 0/1 columns instead
        bits = (np.random.default_rng(n).random((n, 4096)) < 0.5).astype(np.float32)
    planes = list(bits)
    for rank in range(n):
        assert np.array_equal(ranked(planes, rank), np.sort(bits, axis=0)[rank])


def test_equal_to_median_and_sort_on_planes():
    rng = np.random.default_rng(0)
    planes = [rng.random((40, 30)).astype(np.float32) for _ in range(13)]
    planes[4][:5] = planes[7][:5]  # ties
    assert np.array_equal(ranked(planes, 6), np.median(np.stack(planes), axis=0))
    assert np.array_equal(ranked(planes[:6], 2), np.sort(np.stack(planes[:6]), axis=0)[2])


def test_inputs_left_alone_and_rank_checked():
    planes = [np.full((2, 2), v, np.float32) for v in (3.0, 1.0, 2.0)]
    ranked(planes, 1)
    assert [float(p[0, 0]) for p in planes] == [3.0, 1.0, 2.0]
    with pytest.raises(ValueError):
        selection_network(3, 3)


def test_the_network_is_pruned():
    # the third smallest of 6 needs far fewer comparators than sorting all 6 (Batcher: 19 of 8 lanes)
    assert len(selection_network(6, 2)) <= 12
