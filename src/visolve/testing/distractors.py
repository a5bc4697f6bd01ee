"""Pictures of something else, which every reader must refuse.

:func:`distractor` / :func:`distractors` / :func:`iter_distractors` make
photo-like scenes, screenshots of other games (dots, chess, 2048, sudoku,
tic-tac-toe), text pages, dark app screens, blank pictures, pure noise and
cartoon faces (:data:`DISTRACTOR_KINDS`) -- some of them photographed with
:func:`visolve.testing.photos.photograph`.  Picture ``i`` of a seed depends
only on the seed and ``i``.  Each kind is drawn by its maker in
:mod:`visolve.testing.distractor_makers`.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from visolve.testing._draw import uniform
from visolve.testing.distractor_makers import MAKERS
from visolve.testing.photos import photograph

#: kinds of "something else" pictures made by :func:`distractor`
DISTRACTOR_KINDS = (
    "scene",
    "dots",
    "chess",
    "text",
    "tictactoe",
    "dark_ui",
    "tiles2048",
    "sudoku",
    "blank",
    "noise",
    "face",
)
#: distractor kinds that are screens or pages, and may come photographed
_FLAT_KINDS = ("dots", "chess", "text", "tictactoe", "dark_ui", "tiles2048", "sudoku", "face")


def distractor(
    rng: np.random.Generator,
    kind: str | None = None,
    *,
    photographed: bool | None = None,
) -> np.ndarray:
    """A picture of something that is not a puzzle board (BGR ``uint8``).

    ``kind`` is one of :data:`DISTRACTOR_KINDS` (default: random).  Screens and
    pages (every kind but ``scene``, ``blank`` and ``noise``) are returned as
    flat screenshots, or -- when ``photographed`` is true, or at random about
    a third of the time when it is ``None`` -- as a phone photo of one.
    Sizes are those of phone screenshots (750x1334 to 1242x2688) or photos
    (long side 1200-3000 px).
    """
    return _distractor(rng, kind, photographed)[1]


def iter_distractors(n: int, seed: int = 0) -> Iterator[tuple[str, np.ndarray]]:
    """Yield ``n`` varied distractors as ``(label, picture)``.

    Kinds go round :data:`DISTRACTOR_KINDS` in a shuffled order, so any
    ``n >= len(DISTRACTOR_KINDS)`` covers every kind.  ``label`` is the kind,
    with ``"_photo"`` appended when the picture is a photographed screen.
    Picture ``i`` depends only on ``seed`` and ``i``.
    """
    for i, kind in enumerate(distractor_plan(n, seed)):
        yield _distractor(np.random.default_rng([seed, i]), kind, None)


def distractor_plan(n: int, seed: int = 0) -> list[str]:
    """The kinds :func:`iter_distractors` makes for ``n`` and ``seed``, in order."""
    order = np.random.default_rng([seed, 0x5EED]).permutation(len(DISTRACTOR_KINDS))
    return [DISTRACTOR_KINDS[int(order[i % len(order)])] for i in range(n)]


def distractors(n: int, seed: int = 0) -> list[np.ndarray]:
    """``n`` varied distractor pictures (see :func:`iter_distractors`)."""
    return [img for _, img in iter_distractors(n, seed)]


def _distractor(rng: np.random.Generator, kind: str | None, photographed: bool | None) -> tuple[str, np.ndarray]:
    if kind is None:
        kind = str(rng.choice(DISTRACTOR_KINDS))
    if kind not in DISTRACTOR_KINDS:
        raise ValueError(f"unknown distractor kind {kind!r}; expected one of {', '.join(DISTRACTOR_KINDS)}")
    photo_draw = rng.random() < 0.35
    if photographed is None:
        photographed = photo_draw
    img = MAKERS[kind](rng)
    if kind in _FLAT_KINDS and photographed:
        img, _ = photograph(img, rng, uniform(rng, 0.3, 1.0))
        return kind + "_photo", img
    return kind, img


assert set(MAKERS) == set(DISTRACTOR_KINDS)
