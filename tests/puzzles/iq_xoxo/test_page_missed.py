"""A booklet page is read whole or refused: a board the finder cannot see is never left out silently."""

import random

import numpy as np
import pytest

from visolve.errors import NotThisPuzzle, ReadError
from visolve.puzzles.iq_xoxo import testing
from visolve.puzzles.iq_xoxo.draw import draw_page
from visolve.puzzles.iq_xoxo.model import Level
from visolve.puzzles.iq_xoxo.reader import read
from visolve.testing import photograph


def _page_with_a_full_board(seed: str) -> tuple[np.ndarray, list[Level]]:
    """A challenge above a board covered by pieces (no grey square for the lattice to find)."""
    rng = random.Random(seed)
    challenge = testing.random_challenge(rng, 12)
    full = Level(34, rng.choice(testing.fillings()))
    return draw_page([challenge, full], 40, per_row=1), [challenge, full]


def _whole_or_refused(picture: np.ndarray, truth: list[Level]) -> bool:
    """True when read whole, False when refused; fails when read in part or wrong."""
    try:
        got = read(picture, "page.png")
    except (NotThisPuzzle, ReadError):
        return False
    got = got if isinstance(got, list) else [got]
    assert sorted(got, key=str) == sorted([Level(lv.level, lv.rows, "page.png") for lv in truth], key=str)
    return True


def test_a_drawn_page_with_a_board_of_pieces_only_reads_whole():
    picture, truth = _page_with_a_full_board("full-drawn")
    assert _whole_or_refused(picture, truth)


@pytest.mark.parametrize("k", range(3))
def test_photos_of_it_are_never_read_in_part(k):
    picture, truth = _page_with_a_full_board(f"full-photo-{k}")
    photo, _h = photograph(picture, np.random.default_rng([7, k]), 1.0, frame="page")
    _whole_or_refused(photo, truth)
