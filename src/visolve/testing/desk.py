"""What a photographed picture lies on: a cluttered desk-like surface."""

from __future__ import annotations

import math

import cv2
import numpy as np

from visolve.testing._draw import AA, random_colour, smooth_noise, uniform


def background(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    """A cluttered desk-like background, float32 BGR in 0..255.

    One of: a two-colour gradient (linear or radial), wood grain (rings
    warped by smooth noise, streaks along the grain, optional plank seams),
    a speckled desk / fabric texture, or a flat colour; then 0-14 random
    shapes (rectangles, discs, ellipses, thick lines, polygons, outlines)
    standing for objects on the desk, an optional out-of-focus blur and a
    fine surface grain.
    """
    style = str(rng.choice(["gradient", "wood", "desk", "flat"], p=[0.35, 0.25, 0.25, 0.15]))
    big = float(max(h, w))
    # the base surface is smooth: make it at most 1000 px across, then enlarge
    f = min(1.0, 1000.0 / big)
    bh, bw = max(2, int(round(h * f))), max(2, int(round(w * f)))
    yy, xx = np.mgrid[0:bh, 0:bw].astype(np.float32)
    if style == "gradient":
        c1 = np.array(random_colour(rng), np.float32)
        c2 = np.array(random_colour(rng), np.float32)
        if rng.random() < 0.6:
            ang = uniform(rng, 0, 2 * math.pi)
            t = xx * math.cos(ang) + yy * math.sin(ang)
            t = (t - t.min()) / max(1e-6, float(t.max() - t.min()))
        else:
            cx, cy = uniform(rng, 0, bw), uniform(rng, 0, bh)
            t = np.clip(np.hypot(xx - cx, yy - cy) / (max(bh, bw) * uniform(rng, 0.5, 1.2)), 0, 1)
        t = t[..., None]
        base = c1 * (1 - t) + c2 * t + 12.0 * smooth_noise(rng, bh, bw, 4)
        grain = uniform(rng, 0.5, 3.0)
    elif style == "wood":
        light = np.array(random_colour(rng, sat=(0.3, 0.6), val=(0.5, 0.9), hue=(0.05, 0.11)), np.float32)
        dark = light * uniform(rng, 0.45, 0.75)
        ang = uniform(rng, 0, math.pi)
        across = xx * math.cos(ang) + yy * math.sin(ang)
        period = uniform(rng, 0.02, 0.07) * max(bh, bw)
        warp = smooth_noise(rng, bh, bw, uniform(rng, 1.5, 3.5))[..., 0] * period * uniform(rng, 0.5, 2.0)
        rings = 0.5 + 0.5 * np.sin((across + warp) * (2 * math.pi / period))
        rings = rings ** uniform(rng, 1.5, 4.0)
        idx = (across - across.min()).astype(np.int32)
        streak = rng.standard_normal(int(idx.max()) + 1).astype(np.float32)
        streak = cv2.GaussianBlur(streak.reshape(1, -1), (0, 0), uniform(rng, 0.8, 2.5)).ravel()
        streak = streak / (float(np.abs(streak).max()) + 1e-6)
        t = np.clip(0.65 * rings + 0.25 * (streak[idx] * 0.5 + 0.5), 0, 1)[..., None]
        base = light * (1 - t) + dark * t
        plank = uniform(rng, 0.12, 0.4) * max(bh, bw)
        if rng.random() < 0.5:  # plank seams
            seam = np.mod(across - across.min(), plank) < 1.5
            base[seam] *= 0.55
        grain = uniform(rng, 1.0, 4.0)
    elif style == "desk":  # speckled laminate / fabric
        colour = np.array(random_colour(rng, sat=(0.0, 0.5), val=(0.15, 0.9)), np.float32)
        base = colour * (1 + 0.12 * smooth_noise(rng, bh, bw, 6))
        grain = uniform(rng, 4.0, 14.0)
    else:
        colour = np.array(random_colour(rng), np.float32)
        base = colour * (1 + 0.05 * smooth_noise(rng, bh, bw, 3))
        grain = uniform(rng, 0.5, 3.0)
    del xx, yy
    base = np.clip(base, 0, 255).astype(np.uint8)
    img = cv2.resize(base, (w, h), interpolation=cv2.INTER_LINEAR) if f < 1 else base

    for _ in range(int(rng.integers(0, 15))):
        random_shape(img, rng)

    blur = uniform(rng, 0, 3.0) * big / 2000
    if blur > 0.6:
        img = cv2.GaussianBlur(img, (0, 0), blur)
    # fine surface grain, a little coarser than a pixel
    fine = rng.standard_normal((max(2, h // 2), max(2, w // 2)), dtype=np.float32)
    fine = cv2.resize(fine, (w, h), interpolation=cv2.INTER_LINEAR)
    out = img.astype(np.float32)
    out += (grain * fine)[..., None]
    return out


def random_shape(img: np.ndarray, rng: np.random.Generator) -> None:
    """Draw one random object-like shape on ``img`` (uint8, in place)."""
    h, w = img.shape[:2]
    big = max(h, w)
    kind = str(rng.choice(["rect", "disc", "ellipse", "line", "poly"]))
    col = random_colour(rng)
    filled = rng.random() < 0.75
    thick = -1 if filled else max(1, int(uniform(rng, 0.002, 0.015) * big))
    cx, cy = uniform(rng, -0.1, 1.1) * w, uniform(rng, -0.1, 1.1) * h
    size = uniform(rng, 0.03, 0.45) * big
    if kind == "rect":
        box = ((cx, cy), (size, size * uniform(rng, 0.1, 1.5)), uniform(rng, 0, 180))
        pts = np.round(cv2.boxPoints(box)).astype(np.int32)
        if filled:
            cv2.fillPoly(img, [pts], col, AA)
        else:
            cv2.polylines(img, [pts], True, col, thick, AA)
    elif kind == "disc":
        cv2.circle(img, (int(cx), int(cy)), int(size / 2), col, thick, AA)
    elif kind == "ellipse":
        axes = (int(size / 2), int(size / 2 * uniform(rng, 0.2, 1.0)))
        cv2.ellipse(img, (int(cx), int(cy)), axes, uniform(rng, 0, 180), 0, 360, col, thick, AA)
    elif kind == "line":
        ang = uniform(rng, 0, math.pi)
        dx, dy = math.cos(ang) * size, math.sin(ang) * size
        lw = max(1, int(uniform(rng, 0.002, 0.012) * big))
        cv2.line(img, (int(cx - dx), int(cy - dy)), (int(cx + dx), int(cy + dy)), col, lw, AA)
    else:
        n = int(rng.integers(3, 7))
        angs = np.sort(rng.uniform(0, 2 * math.pi, n))
        rad = rng.uniform(0.3, 1.0, n) * size / 2
        pts = np.stack([cx + rad * np.cos(angs), cy + rad * np.sin(angs)], 1).astype(np.int32)
        if filled:
            cv2.fillPoly(img, [pts], col, AA)
        else:
            cv2.polylines(img, [pts], True, col, thick, AA)

