"""Where the tray's star pits are: a map of how much each point of the tray's plane looks like
a pit's middle.

A pit is a star darker than the tray's surface round it, in grey and in every colour channel:
a real pit's holes round its pin, a drawn pit all of it.  The plane is looked at straight on
through the lattice of the pieces' tops (:mod:`.tray_tops`); glare on the surface is taken out
(:mod:`.tray_glare`).
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from visolve.puzzles.iq_stars.tray_glare import veil
from visolve.vision.rank import ranked
from visolve.vision.view import sample

#: a pit's core samples (lattice units from its middle, along its tips) and its notches'
#: (outside the star, between two tips; the star's tips reach 0.5, its notches 0.29)
CORE_R, NOTCH_R = 0.25, 0.42
#: the tray's surface round a pit is the third darkest of its six notches: a photo at an
#: angle sees into a pit's recess past up to two of them, and at the tray's edge half of
#: them are the table (often lighter: the edge must not look like a pit)
NOTCH_RANK = 2
#: px per lattice unit of the tray's plane where pits are looked for
MAP_PITCH = 20
#: the tray's surface is darker than this share of the tops' white middles
TRAY_MAX = 0.6
#: the tray's own colour, to tell glare on it (:mod:`.tray_glare`), is measured round the points
#: whose pit response is at least this
GLARE_REFERENCE = 0.15


def _offsets(radius: float, phase: float) -> np.ndarray:
    angles = np.radians(phase + 60.0 * np.arange(6))
    return radius * np.stack([np.cos(angles), np.sin(angles)], axis=1)


def _core_offsets() -> np.ndarray:
    """Points inside a star (lattice units from its middle): its middle, and rings along its
    tips and its notches."""
    return np.concatenate([np.zeros((1, 2)), _offsets(CORE_R, 0.0), _offsets(0.16, 30.0)])


def pit_map(work: np.ndarray, hom: np.ndarray, extent, white: float, glare: bool = True) -> np.ndarray:
    """How much each point of the lattice's plane (metric ``extent``, seen straight on at
    :data:`MAP_PITCH` px a unit) looks like a pit's middle: (surface - star) / surface, the
    star the median of 13 points inside a star there, the surface its notches'
    (:data:`NOTCH_RANK`); the least of this in grey and in each colour channel (a pit is
    darker in all: a drawn star of a dark piece colour is lighter in its own).

    A pit's recess is dark (a drawn pit all of it, a real one's holes round its pin); a
    plain surface, a standing piece or the page round the tray have no such dark.  0 where
    the notches are no tray (lighter than :data:`TRAY_MAX` of the tops' ``white``) and
    outside the picture.  With ``glare``, a surface that keeps the tray's hue (measured round
    the clear pits) under a veil of glare (:func:`.tray_glare.veil`) has the veil taken out
    of the surface and the contrast: (surface - star) / (surface - veil), and is tray when
    the surface unveiled is dark enough.
    """
    view = cv2.blur(sample(work, hom, extent, MAP_PITCH).astype(np.float32), (3, 3))
    h, w = view.shape[:2]
    reach = int(math.ceil(NOTCH_R * MAP_PITCH)) + 1
    levels = [_levels(np.ascontiguousarray(c), reach)
              for c in (view.mean(axis=2), view[:, :, 0], view[:, :, 1], view[:, :, 2])]
    inside = _in_picture(work.shape, hom, extent, (h, w))
    inside = cv2.erode(inside.astype(np.uint8), np.ones((2 * reach + 1,) * 2, np.uint8)) > 0
    tray = levels[0][0] < TRAY_MAX * white  # the grey surface
    dark = _least_contrast(levels, 0.0)
    if glare:
        pits = tray & inside & (dark >= GLARE_REFERENCE)  # the tray's own surface is round its clear pits
        amount, glared = veil(np.stack([n for n, _c in levels[1:]]), pits, white)
        clear = (levels[0][0] - amount) / np.maximum(1.0 - amount / white, 1e-3)  # the surface unveiled
        glared &= clear < TRAY_MAX * white
        dark = np.where(glared, _least_contrast(levels, amount), dark)
        tray |= glared
    return np.where(inside & tray, dark, 0.0).astype(np.float32)


def _least_contrast(levels, veil_amount) -> np.ndarray:
    """The least over the channels' ``(notches, core)`` of (notches - core) / (notches - veil),
    clipped to 0-1."""
    out = None
    for notches, core in levels:
        c = np.clip((notches - core) / np.maximum(notches - veil_amount, 8.0), 0.0, 1.0)
        out = c if out is None else np.minimum(out, c)
    return out


def _in_picture(shape, hom: np.ndarray, extent, size: tuple[int, int]) -> np.ndarray:
    """Which px of the plane's view (metric ``extent`` at :data:`MAP_PITCH`, ``size`` (h, w))
    the homography ``hom`` puts inside a picture of ``shape`` (boolean ``size``)."""
    h, w = size
    hm = np.asarray(hom, np.float64)
    xs = ((np.arange(w) + 0.5) / MAP_PITCH + extent[0])[None, :]
    ys = ((np.arange(h) + 0.5) / MAP_PITCH + extent[1])[:, None]
    wz = hm[2, 0] * xs + hm[2, 1] * ys + hm[2, 2]
    with np.errstate(divide="ignore", invalid="ignore"):
        px = (hm[0, 0] * xs + hm[0, 1] * ys + hm[0, 2]) / wz
        py = (hm[1, 0] * xs + hm[1, 1] * ys + hm[1, 2]) / wz
    return (wz > 0) & (px >= 0) & (px < shape[1]) & (py >= 0) & (py < shape[0])


def _levels(plane: np.ndarray, reach: int) -> tuple[np.ndarray, np.ndarray]:
    """At every point of one channel: the surface (its notches, :data:`NOTCH_RANK`) and the
    star's core (the median of :func:`_core_offsets`)."""
    h, w = plane.shape
    padded = cv2.copyMakeBorder(plane, reach, reach, reach, reach, cv2.BORDER_REPLICATE)

    def shifted(offset):
        dx, dy = (int(round(v * MAP_PITCH)) for v in offset)
        return padded[reach + dy : reach + dy + h, reach + dx : reach + dx + w]

    notches = ranked([shifted(o) for o in _offsets(NOTCH_R, 30.0)], NOTCH_RANK)
    cores = [shifted(o) for o in _core_offsets()]
    return notches, ranked(cores, len(cores) // 2)  # the cores' median (an odd count)


def lookup(response: np.ndarray, extent, metric: np.ndarray) -> np.ndarray:
    """The :func:`pit_map` value at metric points (0 outside the map)."""
    m = np.asarray(metric, np.float64).reshape(-1, 2)
    x = np.floor((m[:, 0] - extent[0]) * MAP_PITCH).astype(int)
    y = np.floor((m[:, 1] - extent[1]) * MAP_PITCH).astype(int)
    h, w = response.shape
    ok = (x >= 0) & (x < w) & (y >= 0) & (y < h)
    return np.where(ok, response[np.clip(y, 0, h - 1), np.clip(x, 0, w - 1)], 0.0)


__all__ = ["CORE_R", "GLARE_REFERENCE", "MAP_PITCH", "NOTCH_R", "NOTCH_RANK", "TRAY_MAX", "lookup", "pit_map"]
