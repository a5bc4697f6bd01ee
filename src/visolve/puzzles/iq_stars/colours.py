"""IQ Stars colours: the seven piece colours told apart under uneven light.

Every colour is measured against the navy board right around its star (the
notches between its points are always board): a photo's stray light and
glare add the same to both and cancel in the difference, and what remains
is the drawn colour's difference from navy scaled per channel by the light
(its gain and colour cast, which the reader divides out).  Blur mixes a
star's black outline into it, which moves it along the navy's own
direction (navy fading to black), so only the part across that direction
counts (:func:`colour_part`).  A star is classed by the *direction* of that
part: the angle to each piece colour's own in any of its shades, the
booklet's drawing or the plastic (:data:`PALETTE`, a
:class:`visolve.vision.palette.Palette`).  Red, orange and yellow, and purple, blue
and pink, lie closest; the :class:`visolve.vision.palette.Verdict` keeps the angle
margin to the second-best colour so the reader can refuse when it is small.

Whether a coloured star has a white middle (a placed piece) or not (a
wizard star) is the share of white in its middle's difference
(:func:`white_share`): the middle is fitted as a mix of the star's colour
and white.
"""

from __future__ import annotations

import numpy as np

from visolve.vision.palette import Palette, Verdict, across

#: the booklet's drawn colours (RGB)
NAVY_RGB = (44, 44, 68)
WHITE_RGB = (255, 255, 255)
COLOUR_RGB = {
    "r": (255, 0, 0),
    "o": (255, 165, 0),
    "y": (255, 215, 0),
    "g": (0, 128, 0),
    "b": (0, 0, 255),
    "v": (128, 0, 128),
    "p": (255, 20, 147),
}
#: the pieces' plastic as printed colours and renders show it (RGB): the published plastic
#: shades (lime green far greener than the booklet's green, blue a sky blue, violet a
#: purple).  A phone photo's pale plastic (the product photo's, ``../shared/iq-stars``) is
#: not among them: against navy its red, pink and violet lie within 2 degrees of each
#: other, so the tray reader tells them apart by hue against each piece's white instead
PLASTIC_RGB = {
    "r": (242, 38, 46),
    "o": (242, 150, 28),
    "y": (255, 219, 54),
    "g": (156, 214, 48),
    "b": (41, 156, 247),
    "v": (150, 59, 186),
    "p": (232, 94, 184),
}
#: every shade a piece colour is seen in: the booklet's drawing first, then the plastic's
SHADES = {k: (c, PLASTIC_RGB[k]) for k, c in COLOUR_RGB.items()}
#: the direction in which navy fades to black (RGB unit vector)
NAVY_DIR = np.asarray(NAVY_RGB, np.float64) / np.linalg.norm(NAVY_RGB)


def colour_part(diff_rgb) -> np.ndarray:
    """The part of a difference from navy across the navy's own direction (RGB; one or ``(n, 3)``)."""
    return across(diff_rgb, NAVY_DIR)


def _unit(v: np.ndarray) -> np.ndarray:
    return v / np.linalg.norm(v)


#: each colour shade's colour part, in units of the navy's own size: what a star of
#: that shade measures against navy fading to black
EXPECTED = {
    k: tuple(float(np.linalg.norm(colour_part(np.array(c, np.float64) - NAVY_RGB)) / np.linalg.norm(NAVY_RGB))
             for c in cs)
    for k, cs in SHADES.items()
}
#: white's difference from navy, a unit vector (middles are not blurred by the outline)
WHITE = _unit(np.array(WHITE_RGB, np.float64) - NAVY_RGB)


#: the piece colours as differences from navy, compared by the angle across navy's own
#: direction (:func:`colour_part`): a photo's light scales a difference and blur moves it
#: along navy, neither changes that angle (CIEDE2000 compares absolute colours, and a star's
#: is measured only as a difference from the board around it)
PALETTE = Palette({k: [np.array(c, np.float64) - NAVY_RGB for c in cs] for k, cs in SHADES.items()},
                  metric="angle", along=tuple(NAVY_DIR))


def classify(diff_rgb: np.ndarray) -> Verdict:
    """The piece colour whose direction is nearest ``diff_rgb``'s colour part (colour - navy, RGB):
    ``distance`` and ``margin`` in degrees, ``shade`` the index into :data:`SHADES`."""
    return PALETTE.classify(diff_rgb)


def white_share(core_rgb: np.ndarray, letter: str, shade: int = 0) -> float:
    """Share of white in a star's middle (middle - navy, RGB) fitted as colour + white.

    About 1 for a placed piece's white middle, 0 for a wizard star's solid
    colour; the two parts are kept non-negative.
    """
    basis = np.stack([_unit(np.array(SHADES[letter][shade], np.float64) - NAVY_RGB), WHITE], axis=1)
    coef, *_ = np.linalg.lstsq(basis, np.asarray(core_rgb, np.float64), rcond=None)
    a, w = (max(float(c), 0.0) for c in coef)
    return w / max(a + w, 1e-9)


#: orange against yellow when the page gave the colour cast: the green share
#: green / red of a star's difference from navy (drawn: orange 0.57, yellow
#: 0.81).  A bright photo clips red first, which lifts orange's share (up to
#: 0.70 measured) and never lowers yellow's: orange below ORANGE_BELOW,
#: yellow above YELLOW_ABOVE, between refused
ORANGE_BELOW, YELLOW_ABOVE = 0.71, 0.77


def orange_or_yellow(diff_rgb) -> str | None:
    """``"o"``, ``"y"`` or None (too close) by the green share of a difference from navy."""
    red, green = float(diff_rgb[0]), float(diff_rgb[1])
    if red <= 0:
        return None
    share = green / red
    if share < ORANGE_BELOW:
        return "o"
    if share > YELLOW_ABOVE:
        return "y"
    return None
