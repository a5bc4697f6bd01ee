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
from visolve.testing.scenes import ink
from visolve.testing.scenes.render import Prism, cast_shadows, light_direction, paste, random_view


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


def clean(img: np.ndarray, rng: np.random.Generator, turns: bool = True) -> np.ndarray:
    """A drawing saved as it was drawn (a screenshot, a web picture): turned by a quarter turn at
    random (unless not ``turns``), rounded to ``uint8``, sometimes saved as a JPEG."""
    out = np.clip(img + 0.5, 0, 255).astype(np.uint8)
    quarter = int(rng.integers(4))
    if turns:
        out = np.ascontiguousarray(np.rot90(out, quarter))
    if rng.random() < 0.5:
        ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(75, 96))])
        out = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    return out


def flat_photo(rng: np.random.Generator, picture: np.ndarray, strength: float = 1.0, turn: float = 180.0) -> np.ndarray:
    """The picture (float32 BGR) printed on a page (white margin) lying on a table, photographed
    (turned at most ``turn`` degrees either way)."""
    ph, pw = picture.shape[:2]
    width_mm = rng.uniform(90, 180)
    mm = width_mm / pw
    margin = rng.uniform(5, 25)
    corners = np.array([(-margin, -margin, 0), (pw * mm + margin, -margin, 0),
                        (pw * mm + margin, ph * mm + margin, 0), (-margin, ph * mm + margin, 0)])
    view = random_view(rng, corners, fill=(0.35, 0.9), turn=turn)
    out = table(rng, view.size)
    scale = min(1 / mm, 1.4 * view.px_per_mm(corners))
    paper_px = (int((pw * mm + 2 * margin) * scale), int((ph * mm + 2 * margin) * scale))
    paper = ink.canvas(paper_px[1], paper_px[0], ink.jitter_colour(rng, (245, 245, 242), 0.03))
    small = cv2.resize(picture, (int(pw * mm * scale), int(ph * mm * scale)), interpolation=cv2.INTER_AREA)
    o = int(margin * scale)
    paper[o:o + small.shape[0], o:o + small.shape[1]] = small
    light = light_direction(rng)
    sheet = Prism(corners[:, :2], 0.0, -0.3, None, paper[0, 0])
    cast_shadows(out, view, [sheet], light, rng.uniform(0.1, 0.3))
    paste(out, paper, view.plane(0.0, scale, (-margin, -margin)))
    return finish(out, rng, strength)
