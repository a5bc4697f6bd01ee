"""scripts/bench_make.py's photos: the frame it tallies a photo under is the one the photo has."""

import importlib.util
from pathlib import Path

import numpy as np
import pytest

from visolve.testing.photos import photograph_jpeg

BENCH = Path(__file__).resolve().parents[2] / "scripts" / "bench_make.py"


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("bench_make", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("shape", [(140, 100, 3), (100, 140, 3), (240, 100, 3)])
def test_the_frame_drawn_first_gives_the_photo_frame_none_gives(bench, shape):
    # the bench draws the frame itself to tally photos by it (a made A4 page printed inside a
    # larger sheet is no photo a phone takes of it): the photos must stay those the figures had
    picture = np.random.default_rng(1).integers(0, 255, shape, dtype=np.uint8)
    frames = set()
    for seed in range(6):
        plain, _h = photograph_jpeg(picture, np.random.default_rng([seed, 2]), 1.0, long_side=200)
        rng = np.random.default_rng([seed, 2])
        frame = bench.photo_frame(picture, rng)
        framed, _h = photograph_jpeg(picture, rng, 1.0, frame=frame, long_side=200)
        assert framed == plain
        frames.add(frame)
    assert len(frames) >= 2
