"""The families' probes: own pictures score above 0 and above every other
family's probe; other families' pictures and distractors score low.

Pictures come from each family's testing hooks (drawings and synthetic
photos, both the project's own), so a newly registered family is checked
too.
"""

from __future__ import annotations

from importlib import import_module

import numpy as np
import pytest

from tests.conftest import shared_path
from visolve import puzzles
from visolve.testing import iter_distractors

FAMILIES = puzzles.names()
#: synthetic photos per family (full strength, seed 3: not the eval's seed 0)
PHOTOS = 3
#: a distractor may look a little like a board, but never like a clear one:
#: the probes' own clean drawings score 0.5 and more
DISTRACTOR_MAX = 0.3


def _testing(name):
    return import_module(puzzles.get(name).testing)


def _own_pictures(name):
    testing = _testing(name)
    pics = [(f"drawn {lv.level}", testing.draw_level(lv)) for lv in testing.sample_levels()]
    pics += [(c.name, c.image) for c in testing.synthetic_cases(PHOTOS, 3)]
    return pics


@pytest.fixture(scope="module")
def own_pictures():
    return {name: _own_pictures(name) for name in FAMILIES}


@pytest.mark.parametrize("name", FAMILIES)
def test_own_pictures_score_above_zero_and_above_the_other_probes(name, own_pictures):
    family = puzzles.get(name)
    for label, picture in own_pictures[name]:
        score = family.probe(picture)
        assert 0.0 < score <= 1.0, f"{name}: {label} scores {score}"
        for other in FAMILIES:
            if other != name:
                assert puzzles.get(other).probe(picture) < score, f"{other} scores {label} of {name} as high"


@pytest.mark.parametrize("name", FAMILIES)
def test_clean_drawings_score_clearly(name, own_pictures):
    family = puzzles.get(name)
    drawn = [p for label, p in own_pictures[name] if label.startswith("drawn")]
    assert min(family.probe(p) for p in drawn) >= 0.5


@pytest.fixture(scope="module")
def distractors():
    return [img for _kind, img in iter_distractors(12, 5)]


@pytest.mark.slow
@pytest.mark.parametrize("name", FAMILIES)
def test_distractors_score_low(name, distractors):
    family = puzzles.get(name)
    scores = [family.probe(img) for img in distractors]
    assert max(scores) < DISTRACTOR_MAX, scores
    assert scores.count(0.0) >= len(scores) // 3


@pytest.mark.parametrize("name", FAMILIES)
def test_not_a_picture_scores_zero(name):
    family = puzzles.get(name)
    assert family.probe(np.zeros((8, 8, 3), np.uint8)) == 0.0
    assert family.probe(np.zeros((200, 300, 3), np.uint8)) == 0.0
    assert family.probe(np.full((200, 300, 3), 255, np.uint8)) == 0.0


@pytest.mark.slow
@pytest.mark.parametrize("name", FAMILIES)
def test_real_pictures_score_above_zero(name):
    shared = shared_path()
    cases = _testing(name).real_cases(shared)
    if not cases:
        pytest.skip(f"no third-party pictures of {name} in {shared}")
    family = puzzles.get(name)
    zero = [c.name for c in cases if family.probe(c.image) <= 0.0]
    assert not zero
