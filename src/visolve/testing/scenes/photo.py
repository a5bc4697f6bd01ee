"""The last steps of every scene: the table under it, the camera's faults, the JPEG file.

The table is :func:`visolve.testing.desk.background` and the faults are
:func:`visolve.testing.camera.camera` (light, colour cast, glare, blur,
noise, sharpening): test-side code of the photos, not a painter.  On top of
them a scene may add a wider blur for its large pictures (a phone's focus
misses by more pixels in a 16 MP picture) and a glare spot of its own.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from visolve.testing.camera import camera
from visolve.testing.desk import background


def table(rng: np.random.Generator, size: tuple[int, int]) -> np.ndarray:
    """A table or desk of ``size`` (width, height), float32 BGR."""
    w, h = size
    return background(rng, h, w)


def finish(img: np.ndarray, rng: np.random.Generator, strength: float = 1.0) -> np.ndarray:
    """Camera faults and a JPEG round trip: the photo as ``uint8`` BGR."""
    s = float(np.clip(strength, 0.0, 1.0))
    h, w = img.shape[:2]
    extra = rng.uniform(0, 1.2) * s * math.sqrt(max(h, w) / 2000.0)
    if extra > 0.4:
        cv2.GaussianBlur(img, (0, 0), extra, dst=img)
    camera(img, rng, s)
    quality = int(round(95 - 30 * s * rng.random()))
    out = np.clip(img + 0.5, 0, 255).astype(np.uint8)
    ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, quality])
    if not ok:  # pragma: no cover - OpenCV always encodes a uint8 BGR picture
        raise RuntimeError("JPEG encoding failed")
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)


def clean(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A drawing saved as it was drawn (a screenshot, a web picture): turned by a quarter turn at
    random, rounded to ``uint8``, sometimes saved as a JPEG."""
    out = np.clip(img + 0.5, 0, 255).astype(np.uint8)
    out = np.ascontiguousarray(np.rot90(out, int(rng.integers(4))))
    if rng.random() < 0.5:
        ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(75, 96))])
        out = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    return out
