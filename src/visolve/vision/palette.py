"""A palette of named reference colours, and a measured colour classed against it.

A family knows which colours its pieces have; what it measures is a cell's
mean (or a difference from the board's colour, evened out by the light).
Every family then asks the same question: which named colour is nearest,
how near, and how far behind is the second?  :class:`Palette` holds the
named colours, each in one or several shades (a booklet's drawing and the
plastic, a lighter and a darker wood), and the distance that compares them;
:meth:`Palette.classify` gives a :class:`Verdict` with the margin a reader
uses to refuse a cell whose colour is in doubt.

Distances (``metric``):

``"ciede2000"``
    CIEDE2000 (:func:`skimage.color.deltaE_ciede2000`) between the colours
    in CIELAB (:func:`to_lab`): the perceptual distance for absolute colours
    of one white point (0-1 sRGB, or 0-255).  A brighter or darker light is
    a colour difference to it.
``"lab"``
    Euclidean distance in CIELAB with the lightness scaled by
    ``light_weight`` (below 1: a shade's light counts less than its hue).
``"angle"``
    Degrees between the directions of the measured colour and a shade,
    both taken across ``along`` (the part along it does not count): blind
    to the light's gain.  With ``along`` the grey axis (1, 1, 1) this is a
    hue angle; with a board's colour, it ignores the board fading to black
    under a blurred outline.
``"gain"``
    How far the measured colour is from ``g * shade`` for the best gain
    ``g`` within ``gain``, over ``|g * shade|``: for colours already
    measured as differences from the board in units of the light.

CIEDE2000 is scikit-image's (imported when first used, so start-up does
not pay for it): it is exactly the published formula, where a copy would
be 60 lines to get wrong.  CIELAB is OpenCV's (``cv2.cvtColor`` on float32,
D65, sRGB gamma; within 0.3 of ``skimage.color.rgb2lab``): 20x faster on a
few colours and without loading scikit-image.  The others are a few lines
of numpy.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

#: the distances a palette may use
METRICS = ("ciede2000", "lab", "angle", "gain")
#: the grey axis: with it as ``along``, the angle metric is a hue angle
GREY_AXIS = (1.0, 1.0, 1.0)


@dataclass(frozen=True)
class Verdict:
    """A measured colour's nearest named colour.

    Attributes
    ----------
    name : str
        The nearest named colour.
    distance : float
        Its distance (the palette's metric: CIEDE2000 units, degrees, or a share).
    margin : float
        How much further the second-nearest name is.
    second : str
        That name ("" when the palette has one name only).
    shade : int
        Which of the nearest name's shades is nearest (0: the first given).
    """

    name: str
    distance: float
    margin: float
    second: str
    shade: int = 0

    def sure(self, max_distance: float, min_margin: float) -> bool:
        """True when the colour is within ``max_distance`` and leads the second by ``min_margin``."""
        return self.distance <= max_distance and self.margin >= min_margin


@dataclass(frozen=True)
class Palette:
    """Named reference colours, one or several shades each, and how a colour is compared with them.

    Parameters
    ----------
    colours : dict
        Name -> one colour ``(3,)`` or shades ``(k, 3)``, in the channel
        order ``order`` (``"rgb"`` or ``"bgr"``; it matters to CIEDE2000 only).
    metric : str
        One of :data:`METRICS`.
    order : str
        Channel order of the colours and of what is measured.
    scale : float
        The white level of the colours for ``"ciede2000"`` and ``"lab"`` (255 for 8-bit, 1 for 0-1).
    along : tuple, optional
        For ``"angle"``: a direction that does not count.
    gain : tuple
        For ``"gain"``: the light gains allowed between a shade and what is measured.
    light_weight : float
        For ``"lab"``: the factor on the lightness.
    """

    colours: dict
    metric: str = "ciede2000"
    order: str = "rgb"
    scale: float = 255.0
    along: tuple | None = None
    gain: tuple = (0.75, 1.33)
    light_weight: float = 1.0
    shades: dict = field(init=False, repr=False, compare=False)
    #: every shade in one array, and where each name's shades start in it (the gain metric is ranked in
    #: one array operation: a reader ranks a few hundred colours a picture)
    stacked: np.ndarray = field(init=False, repr=False, compare=False)
    starts: tuple = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.metric not in METRICS:
            raise ValueError(f"unknown colour distance {self.metric!r} (one of {', '.join(METRICS)})")
        if self.order not in ("rgb", "bgr"):
            raise ValueError(f"unknown channel order {self.order!r}")
        if not self.colours:
            raise ValueError("a palette needs at least one colour")
        shades = {name: np.asarray(c, np.float64).reshape(-1, 3) for name, c in self.colours.items()}
        object.__setattr__(self, "shades", shades)
        object.__setattr__(self, "stacked", np.concatenate(list(shades.values())))
        object.__setattr__(self, "starts", tuple(np.cumsum([0] + [len(v) for v in shades.values()]).tolist()))

    @property
    def names(self) -> list[str]:
        """The colour names, in the order given."""
        return list(self.shades)

    def distances(self, colour) -> dict[str, tuple[float, int]]:
        """Name -> (distance of ``colour`` to its nearest shade, that shade's index)."""
        measured = np.asarray(colour, np.float64).reshape(3)
        out = {}
        if self.metric == "gain":  # every shade at once: the same residuals, shade by shade
            every = gain_residuals(measured, self.stacked, self.gain)
            for name, a, b in zip(self.shades, self.starts, self.starts[1:]):
                k = int(np.argmin(every[a:b]))
                out[name] = (float(every[a + k]), k)
            return out
        for name, shades in self.shades.items():
            d = shade_distances(measured, shades, self)
            k = int(np.argmin(d))
            out[name] = (float(d[k]), k)
        return out

    def distance(self, colour, name: str) -> float:
        """The distance of ``colour`` to the nearest shade of ``name``."""
        return float(shade_distances(np.asarray(colour, np.float64).reshape(3), self.shades[name], self).min())

    def ranked(self, colour) -> list[tuple[float, str]]:
        """``(distance, name)`` for every name, nearest first."""
        return sorted((d, name) for name, (d, _k) in self.distances(colour).items())

    def classify(self, colour, names=None) -> Verdict:
        """The nearest named colour to ``colour`` (among ``names``, all by default) and its margin."""
        near = self.distances(colour)
        if names is not None:
            near = {n: near[n] for n in names}
        ranked = sorted((d, name) for name, (d, _k) in near.items())
        d0, best = ranked[0]
        d1, second = ranked[1] if len(ranked) > 1 else (np.inf, "")
        return Verdict(best, d0, float(d1 - d0), second, near[best][1])


def shade_distances(measured: np.ndarray, shades: np.ndarray, palette: Palette) -> np.ndarray:
    """Distances of one measured colour ``(3,)`` to shades ``(k, 3)`` by ``palette``'s metric."""
    if palette.metric == "angle":
        return angles(measured, shades, palette.along)
    if palette.metric == "gain":
        return gain_residuals(measured, shades, palette.gain)
    if palette.metric == "lab":
        return lab_distances(measured, shades, palette.order, palette.scale, palette.light_weight)
    return delta_e(measured[None, :], shades, order=palette.order, scale=palette.scale)


def across(colours, along) -> np.ndarray:
    """``colours`` (``(3,)`` or ``(n, 3)``) without their part along the direction ``along`` (None: unchanged)."""
    c = np.asarray(colours, np.float64)
    if along is None:
        return c
    u = np.asarray(along, np.float64)
    u = u / np.linalg.norm(u)
    return c - (c @ u)[..., None] * u


def restore_clipped(diff, channel: int, direction, along=None) -> np.ndarray:
    """``diff`` (a colour minus a reference, ``(3,)``) with ``channel`` raised by what clipping took.

    A camera clips a channel at its top level: a bright colour's difference
    from its surroundings then lacks part of that channel.  The colour's blurred
    rim, where it mixes with darker neighbours and is not clipped, still points
    along the true colour's ``direction`` (taken :func:`across` ``along``, as the
    rim's mixing with ``along`` drops out).  The channel is raised by the amount
    that turns ``diff`` :func:`across` ``along`` most nearly into that direction
    (least squares); it is never lowered.
    """
    d = np.asarray(diff, np.float64)
    u = np.asarray(direction, np.float64)
    unit = np.zeros(3)
    unit[channel] = 1.0
    system = np.stack([across(unit, along), -across(u, along)], axis=1)
    (lift, _scale), *_ = np.linalg.lstsq(system, -across(d, along), rcond=None)
    out = d.copy()
    out[channel] += max(float(lift), 0.0)
    return out


def angles(measured, shades, along=None) -> np.ndarray:
    """Degrees between ``measured`` ``(3,)`` and each of ``shades`` ``(k, 3)``, both taken :func:`across` ``along``."""
    m = across(measured, along)
    s = across(np.asarray(shades, np.float64).reshape(-1, 3), along)
    cos = (s @ m) / np.maximum(np.linalg.norm(s, axis=1) * np.linalg.norm(m), 1e-9)
    return np.degrees(np.arccos(np.clip(cos, -1.0, 1.0)))


def gain_residuals(measured, shades, gain=(0.75, 1.33)) -> np.ndarray:
    """For each shade ``p``, ``|measured - g p| / |g p|`` with the best gain ``g`` held within ``gain``."""
    m = np.asarray(measured, np.float64)
    p = np.asarray(shades, np.float64).reshape(-1, 3)
    norms = np.maximum((p * p).sum(axis=1), 1e-12)
    g = np.clip((p @ m) / norms, *gain)
    return np.linalg.norm(m[None, :] - g[:, None] * p, axis=1) / (g * np.sqrt(norms))


def to_lab(colours, order: str = "rgb", scale: float = 255.0) -> np.ndarray:
    """CIELAB (float32, L 0-100) of ``colours`` (``(..., 3)`` in ``order``, white at ``scale``), D65 (OpenCV)."""
    c = np.asarray(colours, np.float32)
    shape = c.shape
    c = np.clip(c.reshape(-1, 1, 3) / np.float32(scale), 0, 1)
    lab = cv2.cvtColor(c, cv2.COLOR_BGR2LAB if order == "bgr" else cv2.COLOR_RGB2LAB)
    return lab.reshape(shape)


def lab_distances(measured, shades, order: str = "rgb", scale: float = 255.0, light_weight: float = 1.0) -> np.ndarray:
    """Euclidean distances in CIELAB, lightness times ``light_weight``, of ``measured`` ``(3,)`` to ``shades`` ``(k, 3)``."""
    w = np.array([light_weight, 1.0, 1.0], np.float32)
    m = to_lab(np.asarray(measured).reshape(1, 3), order, scale) * w
    return np.linalg.norm(to_lab(np.asarray(shades).reshape(-1, 3), order, scale) * w - m, axis=1)


def delta_e(a, b, order: str = "rgb", scale: float = 255.0) -> np.ndarray:
    """CIEDE2000 between colours ``a`` and ``b`` (broadcast, ``(..., 3)`` in ``order``, white at ``scale``)."""
    from skimage.color import deltaE_ciede2000  # lazily: scikit-image takes ~0.3 s to import

    la, lb = np.broadcast_arrays(to_lab(a, order, scale).astype(np.float64), to_lab(b, order, scale).astype(np.float64))
    return np.asarray(deltaE_ciede2000(la, lb), np.float64)
