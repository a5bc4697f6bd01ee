"""Randomized scenes of the placement games, drawn independently of the families' painters.

The readers learnt what the project's own painters draw; these scenes draw
the games again from their rules (``../shared/<family>/RULES.md``) and the
level data classes only, with every print and photo choice randomized:
line widths, outline thickness, colours perturbed within the published
palettes, label fonts (OpenCV's Hershey faces, Pillow's own font, several
weights), margins and spacing, booklet layouts, physical pieces standing up
with their shadows, and a camera tilted up to 45 degrees, turned any way,
2-16 MP, with blur, noise, glare, colour casts, uneven light and JPEG.
Nothing here imports a painter (``tests/testing/test_scenes.py`` checks it).

:func:`cases` gives a family's scenes as the evaluation's
:class:`~visolve.puzzles.base.Case` objects, each with the levels drawn as
its truth: ``scripts/eval_reader.py --puzzle NAME --scenes N``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import numpy as np

from visolve.puzzles.base import Case

#: families with scenes (circuit500's app screenshots keep their own sets)
FAMILIES = ("genius-square", "iq-stars", "iq-xoxo", "iq-circuit")


def scene_case(family: str, i: int, seed: int, strength: float = 1.0) -> Case:
    """Scene ``i`` of ``seed`` (random stream ``[seed, i]``): its name, picture and truth."""
    rng = np.random.default_rng([seed, i])
    if family == "genius-square":
        from visolve.testing.scenes import genius

        level = genius.random_scene_level(rng, f"roll-{i}")
        flat = rng.random() < 0.2
        image = genius.artwork(rng, level) if flat else genius.scene(rng, level, strength)
        name = f"scenes/{level.edition}-{'artwork' if flat else 'photo'}/roll-{i}.jpg"
        return Case(name, image, [replace(level, source=name)])
    if family == "iq-stars":
        from visolve.testing.scenes import stars

        kind, image, level = stars.scene(rng, strength)
        name = f"scenes/{kind}/scene-{i}/{level.level}.jpg"
        return Case(name, image, [replace(level, source=name)])
    if family == "iq-xoxo":
        from visolve.testing.scenes import xoxo, xoxo_box

        if rng.random() < 0.25:
            name = f"scenes/box/box-{i}.jpg"
            image, level = xoxo_box.scene(rng, name, strength)
            return Case(name, image, [level])
        kind, image, levels, widths = xoxo.scene(rng, strength)
        name = f"scenes/{kind}/page-{i}.jpg"
        return Case(name, image, [replace(level, source=name) for level in levels], widths)
    if family == "iq-circuit":
        from visolve.testing.scenes import circuit

        kind, image, level = circuit.scene(rng, strength)
        name = f"scenes/{kind}/scene-{i}/{level.level}.jpg"
        return Case(name, image, [replace(level, source=name)])
    raise ValueError(f"no scenes of {family!r}; there are scenes of {', '.join(FAMILIES)}")


def cases(family: str, n: int, seed: int = 0, strength: float = 1.0) -> Iterator[Case]:
    """``n`` scenes of ``family`` (one of :data:`FAMILIES`), deterministic for a seed.

    Raises
    ------
    ValueError
        For a family without scenes.
    """
    if family not in FAMILIES:
        raise ValueError(f"no scenes of {family!r}; there are scenes of {', '.join(FAMILIES)}")
    for i in range(n):
        yield scene_case(family, i, seed, strength)


#: families with scenes of the held-out photos' kinds issue 25 describes
HELD_OUT = {
    "genius-square": "a fully solved Happy Puzzle board seen a little from the front, dice above (700 x 800)",
    "iq-xoxo": "an open booklet, two pages of six challenges and the fold (about 4096 x 1862)",
}


def held_out_case(family: str, i: int, seed: int, strength: float = 1.0) -> Case:
    """Scene ``i`` of the kind of ``family``'s held-out photo (:data:`HELD_OUT`): the open booklet
    on the random stream ``[seed, 1000 + i]``, the solved board on ``[seed, i, 25]``."""
    if family == "iq-xoxo":
        from visolve.testing.scenes import xoxo

        image, levels = xoxo.open_booklet(np.random.default_rng([seed, 1000 + i]), strength)
        name = f"scenes/open-booklet/booklet-{i}.jpg"
        return Case(name, image, [replace(level, source=name) for level in levels])
    if family == "genius-square":
        from visolve.testing.scenes import genius

        name, image, level = genius.solved_front_case(i, seed, strength)
        return Case(name, image, [level])
    raise ValueError(f"no held-out kind of {family!r}; there are {', '.join(HELD_OUT)}")


def held_out_cases(family: str, n: int, seed: int = 0, strength: float = 1.0) -> Iterator[Case]:
    """``n`` scenes of the kind of ``family``'s held-out photo, deterministic for a seed."""
    for i in range(n):
        yield held_out_case(family, i, seed, strength)
