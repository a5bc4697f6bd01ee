"""Flat drawing for the scenes: shapes, text in several fonts, colours off the published palettes.

Everything is drawn on float32 BGR canvases (0..255) through coverage masks,
so a shape or a glyph blends with what is under it.  Nothing here comes from
the families' painters: the shapes are written from the games' rules
(``../shared/<family>/RULES.md``) and the fonts are OpenCV's Hershey faces
and Pillow's built-in scalable font.
"""

from __future__ import annotations

import colorsys
import math
from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

#: sub-pixel bits of the polygon fills
SHIFT = 4
ONE = 1 << SHIFT
#: OpenCV's Hershey faces that look like printed labels
HERSHEY = (
    cv2.FONT_HERSHEY_SIMPLEX,
    cv2.FONT_HERSHEY_DUPLEX,
    cv2.FONT_HERSHEY_COMPLEX,
    cv2.FONT_HERSHEY_TRIPLEX,
    cv2.FONT_HERSHEY_PLAIN,
)


@dataclass(frozen=True)
class Font:
    """A font for labels: ``kind`` "hershey" (a face, italic or not) or "pil" (Pillow's own).

    ``weight`` is the stroke thickness as a share of the text height.
    """

    kind: str
    face: int = 0
    italic: bool = False
    weight: float = 0.12


def random_font(rng: np.random.Generator, bold: tuple[float, float] = (0.08, 0.2)) -> Font:
    """A random label font: one of the Hershey faces (sometimes italic) or Pillow's font."""
    weight = float(rng.uniform(*bold))
    if rng.random() < 0.35:
        return Font("pil", weight=weight)
    face = HERSHEY[int(rng.integers(len(HERSHEY)))]
    return Font("hershey", face, bool(rng.random() < 0.12), weight)


def jitter_colour(rng: np.random.Generator, bgr, spread: float = 0.06) -> np.ndarray:
    """``bgr`` moved a little in hue, saturation and value (a print run, a screen, a dye)."""
    b, g, r = (float(v) / 255.0 for v in bgr)
    h, s, v = colorsys.rgb_to_hsv(r, g, b)
    h = (h + rng.normal(0, spread * 0.25)) % 1.0
    s = float(np.clip(s * (1 + rng.normal(0, spread)), 0, 1))
    v = float(np.clip(v * (1 + rng.normal(0, spread)), 0, 1))
    r, g, b = colorsys.hsv_to_rgb(h, s, v)
    return np.array([b, g, r], np.float32) * 255.0


def canvas(h: int, w: int, bgr) -> np.ndarray:
    """A float32 canvas filled with ``bgr``."""
    out = np.empty((h, w, 3), np.float32)
    out[:] = np.asarray(bgr, np.float32)
    return out


def blend(img: np.ndarray, mask: np.ndarray, bgr, x0: int = 0, y0: int = 0) -> None:
    """Paint ``bgr`` through ``mask`` (float 0..1, placed at ``x0, y0``) onto ``img``, in place."""
    h, w = mask.shape
    ys, xs = max(0, y0), max(0, x0)
    ye, xe = min(img.shape[0], y0 + h), min(img.shape[1], x0 + w)
    if ye <= ys or xe <= xs:
        return
    m = mask[ys - y0:ye - y0, xs - x0:xe - x0, None]
    part = img[ys:ye, xs:xe]
    part += (np.asarray(bgr, np.float32) - part) * m


def poly_mask(shape, polys, inverse: bool = False) -> np.ndarray:
    """Coverage (0..1 float32) of the polygons ``polys`` (lists of (x, y) float points)."""
    m = np.zeros(shape[:2], np.uint8)
    pts = [np.round(np.asarray(p, np.float64) * ONE).astype(np.int32) for p in polys]
    cv2.fillPoly(m, pts, 255, cv2.LINE_AA, SHIFT)
    out = m.astype(np.float32) / 255.0
    return 1.0 - out if inverse else out


def fill(img: np.ndarray, polys, bgr) -> None:
    """Fill the polygons with ``bgr`` (antialiased), only over their bounding box."""
    allp = np.concatenate([np.asarray(p, np.float64).reshape(-1, 2) for p in polys])
    x0, y0 = np.floor(allp.min(0)).astype(int) - 2
    x1, y1 = np.ceil(allp.max(0)).astype(int) + 2
    x0, y0 = max(0, x0), max(0, y0)
    x1, y1 = min(img.shape[1], x1), min(img.shape[0], y1)
    if x1 <= x0 or y1 <= y0:
        return
    local = [np.asarray(p, np.float64).reshape(-1, 2) - (x0, y0) for p in polys]
    blend(img, poly_mask((y1 - y0, x1 - x0), local), bgr, x0, y0)


def outline(img: np.ndarray, poly, bgr, width: float) -> None:
    """Stroke the closed polygon ``poly`` with a line ``width`` px wide."""
    p = np.asarray(poly, np.float64).reshape(-1, 2)
    x0, y0 = np.floor(p.min(0) - width - 2).astype(int)
    x1, y1 = np.ceil(p.max(0) + width + 2).astype(int)
    x0, y0 = max(0, x0), max(0, y0)
    x1, y1 = min(img.shape[1], x1), min(img.shape[0], y1)
    if x1 <= x0 or y1 <= y0:
        return
    m = np.zeros((y1 - y0, x1 - x0), np.uint8)
    pts = np.round((p - (x0, y0)) * ONE).astype(np.int32)
    cv2.polylines(m, [pts], True, 255, max(1, int(round(width))), cv2.LINE_AA, SHIFT)
    blend(img, m.astype(np.float32) / 255.0, bgr, x0, y0)


def star(cx: float, cy: float, outer: float, inner_ratio: float = 0.577, turn: float = 0.0) -> np.ndarray:
    """A six-pointed star: 12 points, the first tip straight up turned by ``turn`` radians."""
    pts = []
    for k in range(12):
        r = outer if k % 2 == 0 else outer * inner_ratio
        a = -math.pi / 2 + turn + k * math.pi / 6
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return np.asarray(pts)


def rounded_rect(x0: float, y0: float, x1: float, y1: float, radius: float, steps: int = 8) -> np.ndarray:
    """The outline of a rectangle with rounded corners, as a polygon."""
    radius = max(0.0, min(radius, (x1 - x0) / 2, (y1 - y0) / 2))
    pts = []
    for (cx, cy), a0 in (((x1 - radius, y0 + radius), -90), ((x1 - radius, y1 - radius), 0),
                         ((x0 + radius, y1 - radius), 90), ((x0 + radius, y0 + radius), 180)):
        for k in range(steps + 1):
            a = math.radians(a0 + 90 * k / steps)
            pts.append((cx + radius * math.cos(a), cy + radius * math.sin(a)))
    return np.asarray(pts)


def circle(cx: float, cy: float, r: float, n: int = 48) -> np.ndarray:
    """A circle as an ``n``-gon."""
    a = np.linspace(0, 2 * math.pi, n, endpoint=False)
    return np.stack([cx + r * np.cos(a), cy + r * np.sin(a)], 1)


@lru_cache(maxsize=64)
def _pil_font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.load_default(size)


def text_mask(text: str, height: float, font: Font) -> np.ndarray:
    """Coverage (float32) of ``text`` whose capitals are about ``height`` px tall, tightly cropped."""
    height = max(4.0, float(height))
    if font.kind == "pil":
        size = max(6, int(round(height / 0.72)))
        f = _pil_font(size)
        stroke = max(0, int(round(font.weight * height - 0.1 * height)))
        box = f.getbbox(text, stroke_width=stroke)
        img = Image.new("L", (box[2] - box[0] + 4, box[3] - box[1] + 4), 0)
        ImageDraw.Draw(img).text((2 - box[0], 2 - box[1]), text, fill=255, font=f, stroke_width=stroke,
                                 stroke_fill=255)
        m = np.asarray(img, np.float32) / 255.0
    else:
        face = font.face | (cv2.FONT_ITALIC if font.italic else 0)
        base = cv2.getTextSize("H", face, 1.0, 1)[0][1]
        scale = height / base
        thick = max(1, int(round(font.weight * height)))
        (tw, th), bl = cv2.getTextSize(text, face, scale, thick)
        pad = thick + 2
        m8 = np.zeros((th + bl + 2 * pad, tw + 2 * pad), np.uint8)
        cv2.putText(m8, text, (pad, pad + th), face, scale, 255, thick, cv2.LINE_AA)
        m = m8.astype(np.float32) / 255.0
    ys, xs = np.nonzero(m > 0.02)
    if len(ys) == 0:
        return m
    return m[ys.min():ys.max() + 1, xs.min():xs.max() + 1]


def text(img: np.ndarray, s: str, cx: float, cy: float, height: float, bgr, font: Font,
         angle: float = 0.0) -> None:
    """Write ``s`` centred on ``(cx, cy)``, ``angle`` degrees counter-clockwise."""
    m = text_mask(s, height, font)
    if angle:
        h, w = m.shape
        big = int(math.ceil(math.hypot(h, w))) + 2
        rot = cv2.getRotationMatrix2D((w / 2, h / 2), angle, 1.0)
        rot[:, 2] += (big - w) / 2, (big - h) / 2
        m = cv2.warpAffine(m, rot, (big, big), flags=cv2.INTER_LINEAR)
    h, w = m.shape
    blend(img, m, bgr, int(round(cx - w / 2)), int(round(cy - h / 2)))
