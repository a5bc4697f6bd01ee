"""Random drawing helpers shared by the synthetic photos and the distractors.

Everything random comes from the ``numpy.random.Generator`` passed in, and
the amount of randomness drawn never depends on picture content (see
:mod:`visolve.testing.photos`).
"""

from __future__ import annotations

import colorsys

import cv2
import numpy as np

#: antialiased lines and fills
AA = cv2.LINE_AA


def uniform(rng: np.random.Generator, a: float, b: float) -> float:
    return float(rng.uniform(a, b))


def random_colour(
    rng: np.random.Generator,
    sat: tuple[float, float] = (0.2, 0.9),
    val: tuple[float, float] = (0.2, 0.95),
    hue: tuple[float, float] = (0.0, 1.0),
) -> tuple[float, float, float]:
    """A random colour as a BGR tuple in 0..255, drawn in HSV."""
    h = uniform(rng, *hue) % 1.0
    r, g, b = colorsys.hsv_to_rgb(h, uniform(rng, *sat), uniform(rng, *val))
    return (b * 255.0, g * 255.0, r * 255.0)


def smooth_noise(rng: np.random.Generator, h: int, w: int, cells: float, channels: int = 1) -> np.ndarray:
    """Low-frequency noise of about ``cells`` blobs across the long side.

    A coarse uniform random grid in ``[-1, 1]`` upsampled bicubically, so
    values are smooth (slight overshoot past +-1 is possible).  Returns
    ``(h, w, channels)`` float32.
    """
    gh = max(2, int(round(cells * h / max(h, w)))) + 2
    gw = max(2, int(round(cells * w / max(h, w)))) + 2
    grid = rng.uniform(-1.0, 1.0, (gh, gw, channels)).astype(np.float32)
    out = cv2.resize(grid, (w, h), interpolation=cv2.INTER_CUBIC)
    return out.reshape(h, w, channels)


def jpeg_round_trip(img: np.ndarray, quality: int) -> np.ndarray:
    ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(quality)])
    if not ok:  # pragma: no cover
        raise RuntimeError("JPEG encoding failed")
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)

