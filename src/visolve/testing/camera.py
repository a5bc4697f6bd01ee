"""The camera's part of a synthetic photo: light, glare, blur, noise, sharpening.

Each step works in place on a float32 BGR picture and scales its amplitudes
with the photo's ``strength`` ``s`` in ``[0, 1]``.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from visolve.testing._draw import AA, random_colour, smooth_noise, uniform


def camera(img: np.ndarray, rng: np.random.Generator, s: float) -> None:
    """Lighting, glare, blur, sensor noise and sharpening (float32, in place)."""
    _lighting(img, rng, s)
    _glare(img, rng, s)
    _blur(img, rng, s)
    _noise(img, rng, s)
    _sharpen(img, rng, s)


def _lighting(img: np.ndarray, rng: np.random.Generator, s: float) -> None:
    """Uneven light and colour as a multiplicative gain field.

    Models exposure error (global gain), a light source on one side (linear
    gradient up to +-30 %), lens vignetting (corners up to 35 % darker),
    soft shading blotches (up to +-12 %), white balance / colour cast
    (per-channel gains plus a warm-cool shift) and the contrast loss of
    stray light.  All amplitudes scale with ``s``.
    """
    h, w = img.shape[:2]
    gh, gw = (64, max(2, int(64 * w / h))) if h >= w else (max(2, int(64 * h / w)), 64)
    yy, xx = np.mgrid[0:gh, 0:gw].astype(np.float32)
    xx = (xx + 0.5) / gw * 2 - 1
    yy = (yy + 0.5) / gh * 2 - 1
    exposure = math.exp(uniform(rng, -0.25, 0.2) * s)
    ang = uniform(rng, 0, 2 * math.pi)
    grad = uniform(rng, 0, 0.3) * s * (xx * math.cos(ang) + yy * math.sin(ang))
    cx, cy = rng.uniform(-0.3, 0.3, 2)
    vign = uniform(rng, 0, 0.35) * s * np.clip(((xx - cx) ** 2 + (yy - cy) ** 2) / 2, 0, 1)
    blotch = uniform(rng, 0, 0.12) * s * smooth_noise(rng, gh, gw, 3)[..., 0]
    gain = exposure * (1 + grad) * (1 - vign) * (1 + blotch)
    gain = cv2.resize(gain.astype(np.float32), (w, h), interpolation=cv2.INTER_LINEAR)
    temp = uniform(rng, -0.08, 0.08) * s
    wb = np.exp(rng.normal(0, 0.04, 3) * s) * np.array([1 - temp, 1.0, 1 + temp])
    contrast = 1 - uniform(rng, 0, 0.15) * s
    veil = (1 - contrast) * uniform(rng, 60, 160)
    img *= gain[..., None]
    img *= (wb * contrast).astype(np.float32)
    img += np.float32(veil)


def _glare(img: np.ndarray, rng: np.random.Generator, s: float) -> None:
    """Optional glare: a soft elliptical reflection washing colours to white."""
    h, w = img.shape[:2]
    present = rng.random() < 0.5
    cx, cy = uniform(rng, 0.15, 0.85) * w, uniform(rng, 0.15, 0.85) * h
    big = max(h, w)
    sx, sy = uniform(rng, 0.03, 0.2) * big, uniform(rng, 0.03, 0.2) * big
    ang = uniform(rng, 0, math.pi)
    amp = uniform(rng, 0.25, 0.85) * s
    tint = np.array(random_colour(rng, sat=(0.0, 0.15), val=(0.95, 1.0)), np.float32)
    if not present or amp < 0.02:
        return
    f = 8  # compute on a reduced grid; the spot is smooth
    gh, gw = max(2, h // f), max(2, w // f)
    yy, xx = np.mgrid[0:gh, 0:gw].astype(np.float32)
    xx = (xx + 0.5) * (w / gw) - cx
    yy = (yy + 0.5) * (h / gh) - cy
    u = xx * math.cos(ang) + yy * math.sin(ang)
    v = -xx * math.sin(ang) + yy * math.cos(ang)
    spot = np.exp(-0.5 * ((u / sx) ** 2 + (v / sy) ** 2)) * amp
    spot = cv2.resize(spot.astype(np.float32), (w, h), interpolation=cv2.INTER_LINEAR)[..., None]
    img += (tint - img) * spot


def _blur(img: np.ndarray, rng: np.random.Generator, s: float) -> None:
    """Small defocus (Gaussian, sigma up to 1.6 px) or hand-shake (motion, up to 7 px) blur."""
    motion = rng.random() < 0.35
    sigma = uniform(rng, 0.3, 1.6) * s
    length = uniform(rng, 1.0, 7.0) * s
    ang = uniform(rng, 0, math.pi)
    if motion and length >= 1.5:
        size = int(math.ceil(length)) | 1
        size += 2
        kernel = np.zeros((size * 8, size * 8), np.uint8)
        c = size * 4
        dx, dy = math.cos(ang) * length * 4, math.sin(ang) * length * 4
        cv2.line(kernel, (int(c - dx), int(c - dy)), (int(c + dx), int(c + dy)), 255, 8, AA)
        kernel = cv2.resize(kernel.astype(np.float32), (size, size), interpolation=cv2.INTER_AREA)
        kernel /= kernel.sum()
        cv2.filter2D(img, -1, kernel, dst=img, borderType=cv2.BORDER_REFLECT)
    elif not motion and sigma >= 0.25:
        cv2.GaussianBlur(img, (0, 0), sigma, dst=img)


def _noise(img: np.ndarray, rng: np.random.Generator, s: float) -> None:
    """Sensor noise: read noise (up to 3.5 grey levels) plus shot noise growing with brightness.

    Part of it is shared between the three channels, like the luminance
    noise left after demosaicing.
    """
    h, w = img.shape[:2]
    read = uniform(rng, 0.5, 3.5) * s
    shot = uniform(rng, 0.05, 0.35) * s
    if s <= 0:
        return
    # luminance noise per pixel, chroma noise a little coarser (as after demosaicing)
    noise = rng.standard_normal((h, w, 1), dtype=np.float32) * 0.8
    chroma = rng.standard_normal((max(2, h // 2), max(2, w // 2), 3), dtype=np.float32)
    noise = noise + 0.75 * cv2.resize(chroma, (w, h), interpolation=cv2.INTER_LINEAR)
    sigma = np.clip(img, 0, None)
    sigma *= shot * shot
    sigma += read * read
    np.sqrt(sigma, out=sigma)
    noise *= sigma
    img += noise


def _sharpen(img: np.ndarray, rng: np.random.Generator, s: float) -> None:
    """The phone's own sharpening: a mild unsharp mask (amount up to 0.6)."""
    amount = uniform(rng, 0, 0.6) * s
    radius = uniform(rng, 0.8, 2.0)
    if amount < 0.05:
        return
    soft = cv2.GaussianBlur(img, (0, 0), radius)
    img *= 1 + amount
    img -= amount * soft

