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


def test_a_page_on_its_sheet_is_the_a4_sheet_it_is_printed_on(bench):
    # --sheet: where the simulation would print a made page inside a larger sheet with text lines
    # (no photo a phone takes of a printed A4 page), the page is photographed as its own sheet
    a4 = np.zeros((3508, 2480, 3), np.uint8)
    assert bench.on_sheet(a4) is not a4 and np.array_equal(bench.on_sheet(a4), a4)
    small = np.zeros((2000, 3000, 3), np.uint8)
    sheet = bench.on_sheet(small)
    assert sheet.shape == (2480, 3508, 3)  # landscape, as the page
    assert (sheet == 0).all(axis=2).sum() == 2000 * 3000 and sheet[0, 0].tolist() == [255, 255, 255]
    assert sheet[240:2240, 254:3254].max() == 0  # centred
