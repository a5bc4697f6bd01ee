"""Test and benchmark support: never imported by the runtime.

Everything here exists to *check* visolve, not to run it: synthetic phone
photos of flat pictures with their exact homography (:mod:`.photos`, with
the desk of :mod:`.desk` and the camera of :mod:`.camera`), and pictures of
something else that every reader must refuse (:mod:`.distractors`).  The
families' own ``testing`` modules (``visolve.puzzles.<name>.testing``) build
their evaluation cases on these, and ``scripts/eval_reader.py``,
``scripts/make_photos.py`` and the tests use them.  Nothing under
``visolve.vision`` or ``visolve.puzzles`` imports this package at run time.
"""

from __future__ import annotations

from visolve.testing.distractors import (
    DISTRACTOR_KINDS,
    distractor,
    distractor_plan,
    distractors,
    iter_distractors,
)
from visolve.testing.photos import FRAMES, LONG_SIDE, SCREEN_SIZES, photograph, photograph_jpeg

__all__ = [
    "DISTRACTOR_KINDS",
    "FRAMES",
    "LONG_SIDE",
    "SCREEN_SIZES",
    "distractor",
    "distractor_plan",
    "distractors",
    "iter_distractors",
    "photograph",
    "photograph_jpeg",
]
