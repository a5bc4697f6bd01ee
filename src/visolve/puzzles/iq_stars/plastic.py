"""The colours of the IQ Stars pieces' plastic, as the tops of pieces standing in the tray show them.

A top's coloured ring divided by its own white middle, channel by channel
(:func:`balanced`), takes out the light's colour and strength there; its hue
(direction off grey) names the piece (:func:`classify_plastic`).
"""

from __future__ import annotations

import numpy as np

from visolve.puzzles.iq_stars.colours import PLASTIC_RGB
from visolve.vision.palette import GREY_AXIS, Palette, Verdict, across

#: the plastic's colours, each divided by its own white middle (RGB): what a piece's ring
#: measures under any light.  Two shades a colour: as the product photo
#: (``../shared/iq-stars/pictures``) shows them, and the published plastic shades
#: (:data:`visolve.puzzles.iq_stars.colours.PLASTIC_RGB` over white: rendered photos measure
#: them so, lime green far greener than the photo's, whose violet is nearly the hue of the
#: published pink, only less saturated)
PRODUCT_PHOTO = {
    "r": (0.85, 0.14, 0.18),
    "o": (0.95, 0.55, 0.19),
    "y": (0.98, 0.88, 0.22),
    "g": (0.81, 0.84, 0.23),
    "b": (0.06, 0.64, 0.85),
    "v": (0.70, 0.40, 0.63),
    "p": (0.91, 0.45, 0.66),
}
PLASTIC = {k: (shade, tuple(c / 255.0 for c in PLASTIC_RGB[k])) for k, shade in PRODUCT_PHOTO.items()}
#: a colour further than this (degrees) from every piece colour is refused
MAX_ANGLE = 20.0
#: the plastic compared by hue angle (direction off grey): a ring divided by its own white
#: middle keeps the light's gain on the ring's shading, which CIEDE2000 would count
PLASTIC_PALETTE = Palette(PLASTIC, metric="angle", along=GREY_AXIS)


def plastic_chroma(rgb) -> np.ndarray:
    """The part of an RGB colour across the grey axis (how far from grey)."""
    return across(rgb, GREY_AXIS)


def classify_plastic(balanced_rgb) -> Verdict:
    """The piece colour whose hue (direction off grey) is nearest a ring divided by its white middle."""
    return PLASTIC_PALETTE.classify(balanced_rgb)


def balanced(top) -> np.ndarray:
    """A top's (:class:`visolve.puzzles.iq_stars.tray_tops.Top`) ring divided by its white middle, channel by channel (RGB)."""
    ring = np.asarray(top.ring, np.float64)[::-1]
    white = np.maximum(np.asarray(top.white, np.float64)[::-1], 1.0)
    return ring / white


__all__ = ["MAX_ANGLE", "PLASTIC", "PLASTIC_PALETTE", "PRODUCT_PHOTO", "balanced", "classify_plastic", "plastic_chroma"]
