import numpy as np
import pytest

from visolve.errors import ReadError
from visolve.puzzles.genius_square.edition import edition_of

#: a SmartGames board under a blue cast or in glare: blue leads red by 23, between the editions' leads
WASHED = np.array([136.0, 114.0, 113.0])


@pytest.mark.parametrize("told", ["smartgames", "happy-puzzle"])
def test_the_labels_edition_reads_a_board_whose_colour_and_lines_say_neither(told):
    with pytest.raises(ReadError, match="neither edition"):
        edition_of(WASHED, 0.38)
    assert edition_of(WASHED, 0.38, told) == told
    assert edition_of(WASHED, None, told) == told


def test_the_labels_edition_does_not_overrule_a_plain_colour_or_plain_lines():
    # the colour and lines say how the squares are read (a maroon SmartGames board reads as a dark one)
    assert edition_of(np.array([34.0, 34.0, 33.0]), 0.6, "smartgames") == "happy-puzzle"
    assert edition_of(np.array([90.0, 46.0, 27.0]), 0.1, "happy-puzzle") == "smartgames"
    assert edition_of(WASHED, 0.6, "happy-puzzle") == "smartgames"
    assert edition_of(WASHED, 0.1, "smartgames") == "happy-puzzle"
