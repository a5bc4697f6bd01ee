"""The palette: named colours, distances, verdicts with a margin."""

import subprocess
import sys

import numpy as np
import pytest

from visolve.vision import palette
from visolve.vision.palette import GREY_AXIS, Palette, angles, delta_e, gain_residuals


def test_delta_e_matches_a_published_pair():
    # Sharma, Wu and Dalal's CIEDE2000 test data, pair 1: Lab (50, 2.6772, -79.7751) and
    # (50, 0, -82.7485) are 2.0425 apart; compared here in Lab through the module's formula
    from skimage.color import deltaE_ciede2000

    assert deltaE_ciede2000(np.array([50, 2.6772, -79.7751]), np.array([50, 0, -82.7485])) == pytest.approx(2.0425, abs=1e-4)
    # and the module's own path from 8-bit colours: a colour is 0 from itself, black to white 100
    assert delta_e((10, 200, 30), (10, 200, 30))[()] == pytest.approx(0.0, abs=1e-9)
    assert delta_e((0, 0, 0), (255, 255, 255))[()] == pytest.approx(100.0, abs=1e-3)


def test_channel_order_matters_to_ciede2000_only():
    red_rgb, red_bgr = (220, 30, 40), (40, 30, 220)
    rgb = Palette({"r": red_rgb, "b": (30, 40, 220)}, order="rgb")
    bgr = Palette({"r": red_bgr, "b": (220, 40, 30)}, order="bgr")
    assert rgb.classify((200, 40, 50)).name == "r"
    assert bgr.classify((50, 40, 200)).name == "r"
    assert rgb.classify((200, 40, 50)).distance == pytest.approx(bgr.classify((50, 40, 200)).distance)


def test_verdict_keeps_the_margin_the_second_and_the_shade():
    pal = Palette({"light": [(250, 250, 250), (200, 200, 200)], "dark": (20, 20, 20)})
    v = pal.classify((205, 205, 205))
    assert (v.name, v.second, v.shade) == ("light", "dark", 1)
    assert v.distance < 3 and v.margin > 50
    assert v.sure(5, 10) and not v.sure(1, 10) and not v.sure(5, 1000)
    # a colour half-way between two names has no margin to speak of
    mid = Palette({"a": (100, 0, 0), "b": (0, 0, 100)}, metric="angle").classify((50, 0, 50))
    assert mid.margin == pytest.approx(0.0, abs=1e-9)


def test_angle_ignores_gain_and_what_lies_along_its_direction():
    shades = np.array([(200.0, 20.0, 20.0), (20.0, 200.0, 20.0)])
    # twice as bright: the same direction
    assert angles((100, 10, 10), shades) == pytest.approx([0.0, angles((100, 10, 10), shades)[1]])
    # grey added (a hue angle across the grey axis): still red, at no angle (arccos near 1
    # loses half the digits: 1e-4 degrees)
    assert angles(np.array([100, 10, 10]) + 60, shades, GREY_AXIS)[0] == pytest.approx(0.0, abs=1e-4)
    assert angles(np.array([100, 10, 10]) + 60, shades)[0] > 10


def test_gain_residual_allows_only_its_gains():
    p = np.array([[0.5, 0.2, 0.1]])
    assert gain_residuals(1.2 * p[0], p)[0] == pytest.approx(0.0, abs=1e-12)
    # twice the shade is beyond a gain of 1.33: the rest counts
    assert gain_residuals(2.0 * p[0], p)[0] == pytest.approx((2.0 - 1.33) / 1.33)


def test_classify_among_some_names_only():
    pal = Palette({"r": (255, 0, 0), "o": (255, 140, 0), "y": (255, 230, 0)})
    assert pal.classify((255, 150, 0)).name == "o"
    v = pal.classify((255, 150, 0), names=["r", "y"])
    assert v.name in ("r", "y") and v.second in ("r", "y")
    one = pal.classify((255, 150, 0), names=["y"])
    assert one.second == "" and one.margin == np.inf


def test_bad_palettes_are_refused():
    with pytest.raises(ValueError, match="distance"):
        Palette({"a": (1, 2, 3)}, metric="euclid")
    with pytest.raises(ValueError, match="order"):
        Palette({"a": (1, 2, 3)}, order="hsv")
    with pytest.raises(ValueError, match="at least one"):
        Palette({})


def test_scikit_image_is_imported_only_when_a_colour_is_compared():
    code = ("import sys, visolve.cli, visolve.vision.palette as p; "
            "assert 'skimage' not in sys.modules, 'imported at start-up'; "
            "p.delta_e((1, 2, 3), (4, 5, 6)); assert 'skimage' in sys.modules")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "lab" in palette.METRICS


def test_distance_to_one_name_is_its_nearest_shade():
    pal = Palette({"wood": [(0.5, 0.3, 0.1), (0.6, 0.36, 0.12)], "grey": (0.4, 0.4, 0.4)}, metric="gain", gain=(1.0, 1.0))
    assert pal.distance((0.6, 0.36, 0.12), "wood") == pytest.approx(0.0, abs=1e-12)
    assert pal.distance((0.6, 0.36, 0.12), "grey") == pytest.approx(pal.distances((0.6, 0.36, 0.12))["grey"][0])
    assert pal.ranked((0.6, 0.36, 0.12))[0] == (pytest.approx(0.0, abs=1e-12), "wood")


def test_lab_is_opencvs_cielab_close_to_scikit_images_and_weights_the_lightness():
    from skimage.color import rgb2lab

    rng = np.random.default_rng(1)
    rgb = rng.integers(0, 256, (200, 3))
    ours = palette.to_lab(rgb)
    assert np.abs(ours - rgb2lab(rgb.reshape(-1, 1, 3) / 255.0).reshape(-1, 3)).max() < 0.3
    assert np.allclose(palette.to_lab(rgb[:, ::-1], order="bgr"), ours)
    grey, darker = (128, 128, 128), (100, 100, 100)
    full = Palette({"g": grey}, metric="lab").distance(darker, "g")
    half = Palette({"g": grey}, metric="lab", light_weight=0.5).distance(darker, "g")
    # greys differ in lightness only (OpenCV leaves a and b of a grey a few 1e-4 off 0)
    assert half == pytest.approx(full / 2, rel=1e-3)


def test_restore_clipped_raises_the_clipped_channel_to_the_rims_direction():
    from visolve.vision.palette import across, restore_clipped

    along = np.array([44.0, 44.0, 68.0])
    true = np.array([250.0, 150.0, -60.0])
    clipped = np.array([180.0, 150.0, -60.0])  # the red short by 70
    assert np.allclose(restore_clipped(clipped, 0, across(true, along), along), true)
    assert np.allclose(restore_clipped(true, 0, across(true, along), along), true)
    # a direction that asks for less of the channel never lowers it
    assert np.allclose(restore_clipped(true, 0, across(clipped, along), along), true)


def test_gain_palette_ranks_every_shade_at_once_as_shade_by_shade():
    """The gain metric's distances come from one array of every shade: the same as each name's own."""
    rng = np.random.default_rng(5)
    pal = Palette({"a": rng.normal(size=(4, 3)), "b": rng.normal(size=3), "c": rng.normal(size=(2, 3))},
                  metric="gain")
    for colour in rng.normal(size=(50, 3)):
        got = pal.distances(colour)
        for name, shades in pal.shades.items():
            own = gain_residuals(colour, shades, pal.gain)
            assert got[name] == (pytest.approx(float(own.min()), abs=1e-12), int(np.argmin(own)))
            assert pal.distance(colour, name) == pytest.approx(got[name][0], abs=1e-12)
