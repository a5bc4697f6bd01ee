"""Moved: synthetic photos and distractors now live in :mod:`visolve.testing`.

This thin re-export keeps old imports working while callers move over; the
runtime never imports it.  Use ``visolve.testing`` (``photograph``,
``photograph_jpeg``, ``iter_distractors`` ...) and
``visolve.vision.geometry.map_points`` (was ``apply_homography``).
"""

from __future__ import annotations

from visolve.testing import (  # noqa: F401 - re-exported
    DISTRACTOR_KINDS,
    FRAMES,
    LONG_SIDE,
    SCREEN_SIZES,
    distractor,
    distractor_plan,
    distractors,
    iter_distractors,
    photograph,
    photograph_jpeg,
)
from visolve.vision.geometry import map_points as apply_homography  # noqa: F401 - re-exported
