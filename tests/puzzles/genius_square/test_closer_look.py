"""A board whose grid is not found on the usual reduced copy is looked for again on one twice as
long (``reader.CLOSER_SIDE``): scene 63 of seed 19, a Happy Puzzle board with three pieces and its
seven discs (19 of its 36 squares flat, 20 needed), is found and read there.  The lattice of fewer
squares looked for last on the usual copy (``finder.FEW_FOUND``, 16 needed) finds it too: it is
turned off where the closer copy alone is tested."""

import pytest

from visolve.errors import NotThisPuzzle
from visolve.puzzles.genius_square import finder, reader
from visolve.puzzles.genius_square.reader import read
from visolve.testing.scenes import scene_case


@pytest.fixture(scope="module")
def case():
    return scene_case("genius-square", 63, 19)


def test_a_board_not_found_on_the_usual_copy_is_read_on_a_closer_one(case):
    assert read(case.image, case.name) == case.truth[0]


def test_without_the_closer_copy_it_is_refused_for_its_grid(case, monkeypatch):
    monkeypatch.setattr(reader, "CLOSER_SIDE", 10**6)  # no picture is that large: no closer look
    assert read(case.image, case.name) == case.truth[0]  # the lattice of 19 squares on the usual copy
    monkeypatch.setattr(finder, "FEW_FOUND", finder.MIN_FOUND)
    with pytest.raises(NotThisPuzzle, match="no labelled edge"):
        read(case.image, case.name)


def test_the_first_looks_reason_stands_when_the_closer_one_finds_nothing(case, monkeypatch):
    first = reader.look

    def blind_closer(image, side=reader.WORK_SIDE, thorough=True):
        if side == reader.CLOSER_SIDE:
            raise NotThisPuzzle("nothing on the closer copy")
        return first(image, side, thorough)

    monkeypatch.setattr(reader, "look", blind_closer)
    monkeypatch.setattr(finder, "FEW_FOUND", finder.MIN_FOUND)
    with pytest.raises(NotThisPuzzle, match="no labelled edge"):
        read(case.image, case.name)
