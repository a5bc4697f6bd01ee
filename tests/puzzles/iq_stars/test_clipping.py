"""Orange and yellow stars whose red the camera clipped (issue 25, seed 7 scene 71 of the
randomized scenes: an orange wizard star read yellow in a bright photo)."""

import cv2
import numpy as np
import pytest

from visolve.errors import ReadError
from visolve.puzzles.iq_stars.clipping import unclipped
from visolve.puzzles.iq_stars.model import Level
from visolve.puzzles.iq_stars.painter import draw_challenge
from visolve.puzzles.iq_stars.reader import read
from visolve.testing.scenes import scene_case


def _bright_photo(level: Level, gain: float, veil: float) -> np.ndarray:
    """The booklet's drawing blurred (as a lens does, before the sensor), brightened and clipped."""
    img = cv2.GaussianBlur(draw_challenge(level).astype(np.float32), (0, 0), 2.0) * gain + veil
    return np.clip(img + 0.5, 0, 255).astype(np.uint8)


@pytest.mark.parametrize(("gain", "veil"), [(1.2, 40.0), (1.3, 30.0), (1.15, 50.0)])
@pytest.mark.parametrize("rows", [
    ("O......", "......", ".......", "......"),  # an orange wizard star alone
    ("Y......", "......", ".......", "......"),  # a yellow one: its green clips too
    ("O......", "..Y...", ".......", "......"),
])
def test_a_star_whose_red_clipped_keeps_its_colour(rows, gain, veil):
    # orange's red (255 drawn) clips at 255 while its green (165) does not: the green share
    # measured on its points rises from 0.57 past yellow's bound (0.77); its rim does not clip
    level = Level(5, rows, "5.png")
    assert read(_bright_photo(level, gain, veil), "5.png") == level


def test_seed_7_scene_71_is_not_misread():
    # an orange wizard star drawn at green share 0.68 measured 0.82 in a bright photo (red seen
    # at 252-254) and was read yellow beside a yellow one
    case = scene_case("iq-stars", 71, 7)
    try:
        got = read(case.image, case.name)
    except ReadError:
        return  # a refusal is no misread
    assert got == case.truth[0]


def test_only_a_single_clipped_channel_is_restored():
    direction = np.array([0.8, 0.4, -0.45])
    diff = np.array([120.0, 90.0, -40.0])
    assert np.array_equal(unclipped(np.array([200.0, 180.0, 60.0]), diff, direction), diff)  # nothing clipped
    assert np.array_equal(unclipped(np.array([254.0, 252.0, 251.0]), diff, direction), diff)  # a white middle
    assert np.array_equal(unclipped(np.array([254.0, 180.0, 60.0]), diff, None), diff)  # no rim seen
    raised = unclipped(np.array([254.0, 180.0, 60.0]), diff, direction)
    assert raised[0] > diff[0] and np.array_equal(raised[1:], diff[1:])
