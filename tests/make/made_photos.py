"""Photos of pages made by ``visolve make``, taken as ``scripts/bench_make.py --photos`` takes them,
and what a family reads back from them: the one place tests build such a case."""

from __future__ import annotations

import numpy as np

from visolve import puzzles
from visolve.make.generate import board_of, challenges
from visolve.make.pages import draw_page, per_page
from visolve.testing.photos import photograph


def made_page_photo(family: str, level: str, seed: int, n: int,
                    strength: float = 1.0) -> tuple[np.ndarray, dict[int, object]]:
    """The photo of the page of ``family``'s ``level`` challenges made with ``seed`` (photo seed
    ``[seed, n]``, ``n`` the level's index in the bench's list), and each tab's board as made."""
    made = list(challenges(family, level, per_page(family), seed))
    photo, _h = photograph(draw_page(family, made), np.random.default_rng([seed, n]), strength)
    return photo, {m.k: board_of(m.level) for m in made}


def read_back(family: str, photo: np.ndarray) -> dict[int, object]:
    """Each tab's board as ``family``'s reader reads the page in ``photo``."""
    return {int(level.level): board_of(level) for level in puzzles.get(family).read(photo, "photo.jpg")}
