"""Glare on the IQ Stars tray: the veil it lays over the navy surface, and the pits under it.

A glare spot mixes the picture towards a near-white light, ``seen = true (1 - k) + light k``:
it lightens the tray's surface past the tray test of :func:`~visolve.puzzles.iq_stars.tray_pits.pit_map`
and flattens a pit's contrast ``(surface - core) / surface``.  The mix keeps the surface's
chroma (its brightest channel less its darkest) shrunk by ``1 - k``, and adds ``light k`` to
every channel; where the tray is not glared, its darkest channel is a fixed multiple ``r`` of
its chroma (the navy's own).  So on a glared point of the surface the veil ``light k`` is its
darkest channel less ``r`` times its chroma, and a pit's contrast with the veil taken out is
``(surface - core) / (surface - veil)``.

The tray's own ratio and hue are measured round its clear pits where the surface is bluish
(the tray is navy; a table's grain can look like pits, and the table round the tray can be
larger than it).  A point is taken for glared tray where it is lighter than the tray round its
clear pits (:data:`LIGHTER`), shows a veil of :data:`MIN_VEIL` or more (uneven light alone
scales the darkest channel and the chroma alike and leaves no veil), and its surface keeps the
tray's hue -- unless its chroma is so small against the veil that the light's own tint may be
all of it (:data:`TINT`): a lamp is seldom quite white, and under a strong glare the navy's own
chroma fades while the light's tint stays.  A coloured table shows no veil (its darkest channel
is under ``r`` times its chroma); a grey page in shade may pass for glared tray, but a flat
surface shows no pit (a pit's core must be darker than most of its notches).
"""

from __future__ import annotations

import numpy as np

#: the tray's own hue and ratio are measured on at least this many px (pits' middles)
MIN_REFERENCE = 20
#: a surface with less chroma than this (levels, 0-255) has no hue to compare: no glared tray
MIN_CHROMA = 6.0
#: a glared point's chroma lies within this cosine of the unglared tray's direction (a lamp's
#: glare is seldom quite white: a warm one turns the glared navy's hue to 0.75-0.84, seed 9
#: scene 83; a wooden or a green table's hue is at a negative cosine, a blue cloth's passes 0.9)
SAME_HUE = 0.7
#: a veil under this many levels is the noise of the estimate (the tray as it is measures 0)
MIN_VEIL = 10.0
#: glare lightens: a glared surface is at least this many times as light as the tray's round
#: its clear pits (a drawing's navy and black lines measure a veil where there is no glare)
LIGHTER = 1.25
#: the veil is taken at most as this share of the tops' white (past it the tray is washed
#: out and its pits' contrast too small to trust)
MAX_VEIL = 0.7
#: a lamp's light is near white: its own chroma at most TINT of its level.  A glared point whose
#: chroma is no more than TINT of its veil may owe all of it to the light's tint, and its hue then
#: says nothing of the tray's.  Randomized scenes: a pinkish glare turned the glared navy's hue
#: away from the tray's (seed 2 scene 62: a cosine of -0.6, chroma 8 on a veil of about 100; seed
#: 43 scene 18), and a near-white one left its chroma under MIN_CHROMA (seed 15 scene 74, and
#: parts of seed 2 scene 62): the free pits there went unseen and each tray was refused.  The
#: scenes' lamps are tinted up to 0.15.  Such a point is taken only where the tray keeps
#: TINT_KEEP or more of its own light under the veil (as light as round the clear pits): on a
#: nearly grey point the veil is nearly all its darkest channel, and what is left of the pits'
#: contrast is noise.  Taken without that (seed 0 scene 51, glare over its middle), a wrong
#: placement gained pits and tied the right one; 0.3, 0.5 and 0.7 were tried on that scene and
#: the three above: 0.3 reads 2/62, 43/18 and 0/51, 0.5 loses 43/18, 0.7 2/62 too; 15/74 reads
#: only without the bound, and is refused
TINT, TINT_KEEP = 0.15, 0.3


def _chroma(surfaces: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(darkest channel, chroma, chroma direction) of ``(3, h, w)`` channel surfaces."""
    lo, hi = surfaces.min(axis=0), surfaces.max(axis=0)
    off = surfaces - surfaces.mean(axis=0, keepdims=True)
    norm = np.sqrt((off**2).sum(axis=0))
    return lo, hi - lo, off / np.maximum(norm, 1e-6)


def veil(surfaces: np.ndarray, pits: np.ndarray, white: float) -> tuple[np.ndarray, np.ndarray]:
    """The glare's veil on the tray (levels) and where it was measured (boolean), from the
    surfaces of the three colour channels ``(3, h, w)`` and the middles of the clear ``pits``,
    round which the surface is the tray's as it is (the table round the tray can be larger
    than it): zeros and no point when too few of these show a hue."""
    surfaces = np.asarray(surfaces, np.float32)
    lo, chroma, direction = _chroma(surfaces)
    navy = (surfaces[0] >= surfaces[1]) & (surfaces[0] >= surfaces[2])  # blue the strongest (BGR)
    ref = pits & (chroma >= MIN_CHROMA) & navy
    none = np.zeros(lo.shape, np.float32), np.zeros(lo.shape, bool)
    if int(ref.sum()) < MIN_REFERENCE:
        return none
    ratio = float(np.median(lo[ref] / chroma[ref]))
    mean_dir = np.median(direction[:, ref], axis=1)
    mean_dir /= max(float(np.linalg.norm(mean_dir)), 1e-6)
    same_hue = np.tensordot(mean_dir, direction, axes=1) >= SAME_HUE
    amount = lo - ratio * chroma
    grey = surfaces.mean(axis=0)
    tray_light = float(np.median(grey[ref]))  # the tray as light as round its clear pits
    lighter = grey >= LIGHTER * tray_light
    own = grey - amount  # the tray's own light left under the veil
    tinted = (chroma <= TINT * amount) & (own >= TINT_KEEP * tray_light)
    hued = ((chroma >= MIN_CHROMA) & same_hue) | tinted  # the tray's hue, or the light's tint
    glared = lighter & hued & (amount > MIN_VEIL) & (amount <= MAX_VEIL * white)
    return np.where(glared, amount, 0.0).astype(np.float32), glared
