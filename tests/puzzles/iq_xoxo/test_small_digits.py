"""Small digits on a tall tab: at the second look (the whiteness scaled to the digits' peak) parts of
``tab_number.SMALL_DIGIT`` of the tab's height are digits when none is taller; at the first look,
or beside a part as tall as a digit, such a part is still a smudge."""

import numpy as np
import pytest

from visolve.errors import ReadError
from visolve.puzzles.iq_xoxo.page import tab_number
from visolve.puzzles.iq_xoxo.reader import read
from visolve.testing.scenes import scene_case


def _by_level(levels):
    return sorted(levels, key=lambda lv: lv.level)


@pytest.fixture(scope="module")
def spread():
    return scene_case("iq-xoxo", 62, 139)  # a spread of 8 whose digits stand 0.33 of their tabs


def test_a_spread_whose_tabs_show_small_digits_reads_whole(spread):
    assert _by_level(read(spread.image, spread.name)) == _by_level(spread.truth)


def test_with_every_digit_as_tall_as_before_its_tab_is_a_smudge(spread, monkeypatch):
    monkeypatch.setattr(tab_number, "SMALL_DIGIT", tab_number.DIGIT_HEIGHT)
    with pytest.raises(ReadError, match="smudge"):
        read(spread.image, spread.name)


def test_small_parts_are_digits_only_at_the_second_look_and_with_none_taller():
    tab = np.zeros((60, 120), bool)
    inside = np.ones_like(tab)
    for x in (30, 55, 80):  # three parts 20 px tall: 0.33 of the tab
        tab[20:40, x: x + 10] = True
    assert len(tab_number._runs(tab, inside, small=True)) == 3
    with pytest.raises(ReadError, match="smudge"):
        tab_number._runs(tab, inside)
    tab[16:42, 80:90] = True  # one as tall as a digit (0.43): the others are smudges beside it
    with pytest.raises(ReadError, match="smudge"):
        tab_number._runs(tab, inside, small=True)
