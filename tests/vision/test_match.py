"""TemplateBank.match against a plain one-patch-at-a-time reading of its scores."""

import numpy as np
import pytest

from visolve.vision.match import TemplateBank


def _plain(bank: TemplateBank, row: np.ndarray, groups: list[str], labels: list):
    """(group, label, score, runner-up, its score) for one row of scores, written out simply."""
    best = {}
    for t, g in enumerate(groups):
        if g not in best or row[t] > row[best[g]]:
            best[g] = t
    ranked = sorted(best, key=lambda g: -row[best[g]])
    g1 = ranked[0]
    runner = (ranked[1], float(row[best[ranked[1]]])) if len(ranked) > 1 else (None, -1.0)
    return g1, labels[best[g1]], float(row[best[g1]]), *runner


@pytest.mark.parametrize("seed", range(40))
def test_match_agrees_with_the_plain_reading(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 25))
    groups = [f"g{int(g)}" for g in rng.integers(0, int(rng.integers(1, n + 1)), n)]
    labels = [f"t{t}" for t in range(n)]
    templates = [rng.random((5, 4)).astype(np.float32) for _ in range(n)]
    bank = TemplateBank(templates, labels, groups)
    patches = [rng.random((5, 4)).astype(np.float32) for _ in range(int(rng.integers(1, 8)))] + [templates[-1]]
    scores = bank.scores(patches)
    for match, row in zip(bank.match(patches), scores):
        g1, label, score, runner, runner_score = _plain(bank, row, groups, labels)
        assert (match.group, match.score, match.runner_up) == (g1, pytest.approx(score), runner)
        assert match.runner_score == pytest.approx(runner_score)
        assert row[labels.index(match.label)] == pytest.approx(score) and groups[labels.index(match.label)] == g1

