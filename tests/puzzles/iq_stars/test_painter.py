import numpy as np

from visolve.puzzles.iq_stars import painter
from visolve.puzzles.iq_stars.model import Level
from visolve.puzzles.iq_stars.solver import solve

LEVEL = Level(1, ("bvvvp..", "b..p..", "bby.ppg", "yyyggg"))


def _share(picture, bgr) -> float:
    return float((np.abs(picture.astype(int) - bgr).sum(axis=2) < 30).mean())


def test_challenge_has_the_booklet_colours():
    picture = painter.draw_challenge(LEVEL, pitch=50)
    assert _share(picture, painter.NAVY) > 0.3
    for letter in "bvpyg":
        assert _share(picture, painter.STAR_BGR[letter]) > 0.003, letter
    assert _share(picture, painter.STAR_BGR["r"]) == 0


def test_solution_shows_every_colour_and_hint_only_the_next_piece():
    solution = solve(LEVEL)
    full = painter.paint_solution(LEVEL, solution)
    hint = painter.paint_hint(LEVEL, solution)
    for letter in "rovgbyp":
        assert _share(full, painter.STAR_BGR[letter]) > 0.002, letter
    missing = {"r", "o"} - {solution["hint"]["piece"]}
    assert all(_share(hint, painter.STAR_BGR[m]) == 0 for m in missing)
    assert _share(hint, painter.STAR_BGR[solution["hint"]["piece"]]) > 0.002
