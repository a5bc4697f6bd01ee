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


def _noisy_view(seed: int, shape: tuple, dtype=np.float32) -> np.ndarray:
    """A picture of random levels (float32 with fractions, so a sum's order shows in its last bits)."""
    rng = np.random.default_rng(seed)
    img = rng.random(shape) * 255
    return img.astype(np.uint8) if dtype == np.uint8 else (img * 1.37).astype(dtype)


@pytest.mark.parametrize("r, dtype, channels", [(1, np.float32, 3), (1, np.uint8, 3), (1, np.float32, 0),
                                                (4, np.float32, 0)])
def test_patch_means_are_numpys_means_of_each_square_alone(r, dtype, channels):
    from visolve.puzzles.iq_circuit.colours import patch_means

    img = _noisy_view(r, (60, 80, channels) if channels else (60, 80), dtype)
    rng = np.random.default_rng(7)
    at = np.stack([rng.integers(r, 80 - r, (5, 7)), rng.integers(r, 60 - r, (5, 7))], axis=-1)
    got = patch_means(img, at, r)
    for idx in np.ndindex(5, 7):
        x, y = at[idx]
        square = img[y - r:y + r + 1, x - r:x + r + 1]
        want = square.reshape(-1, channels).mean(axis=0) if channels else square.mean()
        assert np.array_equal(got[idx], want)  # bit for bit: the readings must not move


def test_each_crossings_grey_is_its_least_bright_arms_brightest_mean_across_the_gap():
    from visolve.puzzles.iq_circuit import colours
    from visolve.puzzles.iq_circuit.model import HEIGHT, WIDTH

    img = _noisy_view(3, (HEIGHT * colours.PITCH + colours.PITCH, WIDTH * colours.PITCH + colours.PITCH, 3))
    got = colours._crossings_grey(img)
    off = colours.MARGIN * colours.PITCH
    steps = range(-colours.GAP_ACROSS, colours.GAP_ACROSS + 1)

    def mean(x, y):
        return img[y - 1:y + 2, x - 1:x + 2].reshape(-1, 3).mean(axis=0)

    for j, row in enumerate(colours._crossing_arms(img)):
        for i, arms in enumerate(row):
            greys = []
            for ax, ay in arms:
                along_x = ay == off + colours.PITCH * j
                means = [mean(int(ax), int(ay + k)) if along_x else mean(int(ax + k), int(ay)) for k in steps]
                greys.append(max(means, key=lambda v: float(v.sum())))
            assert np.array_equal(got[j, i], min(greys, key=lambda v: float(v.sum())))
