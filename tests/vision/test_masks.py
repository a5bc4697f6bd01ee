"""Dark and light masks: fixed levels, Otsu, against the local mean."""

import numpy as np
import pytest

from visolve.vision.masks import below, dark_masks, locally_dark, locally_light, otsu_dark, otsu_level


def _two_tone(h: int = 120, w: int = 160) -> np.ndarray:
    """A dark square (40) on a light ground (200) in the middle quarter, a little noise."""
    rng = np.random.default_rng(3)
    img = np.full((h, w), 200.0)
    img[h // 4 : 3 * h // 4, w // 4 : 3 * w // 4] = 40.0
    return np.clip(img + rng.normal(0, 2, img.shape), 0, 255).astype(np.uint8)


def test_below_is_one_mask_a_level():
    grey = np.array([[10, 50, 90]], np.uint8)
    got = below(grey, (40, 60, 100))
    assert [m.tolist() for m in got] == [[[True, False, False]], [[True, True, False]], [[True, True, True]]]


def test_otsu_splits_the_two_tones_like_scikit_image():
    from skimage.filters import threshold_otsu

    grey = _two_tone()
    level = otsu_level(grey, side=None)
    assert 40 < level < 200
    # OpenCV's level is the last bin of the dark class, scikit-image's the first of the light one
    assert abs(level - threshold_otsu(grey)) <= 1
    dark = otsu_dark(grey)
    assert dark.dtype == np.uint8 and set(np.unique(dark)) == {0, 255}
    assert (dark[30:90, 40:120] == 255).all() and (dark[:25] == 0).all() and (dark[95:] == 0).all()


def test_otsu_level_is_clipped_and_found_on_a_reduced_copy():
    grey = _two_tone(1200, 1600)
    assert otsu_level(grey, 150, 180) == 150
    assert abs(otsu_level(grey) - otsu_level(grey, side=None)) < 10


def test_locally_dark_finds_a_faint_mark_under_uneven_light():
    # a light ramp (100 to 220) with a mark 20 levels darker than its surround: no fixed level
    # parts it from the ramp's dark end, the local mean does
    ramp = np.tile(np.linspace(100, 220, 200), (100, 1))
    ramp[45:55, 150:160] -= 20
    grey = ramp.astype(np.uint8)
    mask = locally_dark(grey, 31, 0.5, 2.0)
    assert mask[45:55, 150:160].mean() > 0.9
    # the ramp itself is nowhere darker than its local mean (away from the picture's edges,
    # where the mirrored border bends it, and from the mark)
    assert not mask[:, 20:120].any()
    assert not any(m[45:55, 150:160].all() and not m[:, :40].any() for m in below(grey, (110, 150, 190, 210)))


def test_locally_light_is_the_adaptive_mean_threshold():
    grey = _two_tone()
    light = locally_light(grey, 30, 10)  # an even block is made odd
    assert light.dtype == np.uint8
    # the ground next to the dark square is lighter than its neighbourhood's mean, the square is not
    assert (light[60, 30:38] == 255).all() and not light[40:80, 45:115].any()


def test_dark_masks_gives_levels_then_windows():
    grey = _two_tone()
    masks = dark_masks(grey, (100, 120), (21, 41))
    assert len(masks) == 4
    assert (masks[0] == (grey < 100)).all()
    assert (masks[3] == locally_dark(grey, 41, 0.15, 8.0)).all()


@pytest.mark.parametrize("window", [3, 21])
def test_a_flat_plane_is_nowhere_locally_dark(window):
    assert not locally_dark(np.full((50, 50), 90, np.uint8), window, 0.15, 1.0).any()
