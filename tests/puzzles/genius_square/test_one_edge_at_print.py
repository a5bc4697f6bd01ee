"""A row of labels hidden in part by a tall piece (issue 25, new unseen seed 271): scene 14, the dark
blue square on F1 of a navy SmartGames board leaned its top off the grid over the F, the letters were
found squeezed and slid, so the grid was not taken for the floor and the tops' places were not read;
F1, its middle the board's colour, read empty, and the board was read without the piece (a misread).
With the other row of labels at print, the tops' places are read and the piece seen there refuses it."""

import pytest

from visolve.errors import ReadError
from visolve.puzzles.genius_square import reader
from visolve.puzzles.genius_square.reader import read
from visolve.puzzles.genius_square.tops import one_edge_at_print
from visolve.testing.scenes import scene_case

AT_PRINT = (0.0, 1.0, 0.0)
SQUEEZED = (0.0, 0.84, -0.375)


def test_one_row_at_print_and_the_other_squeezed_is_asked_about():
    assert one_edge_at_print((SQUEEZED, AT_PRINT, AT_PRINT, (-0.3, 1.0, 0.0)), (0, 3))
    assert one_edge_at_print(((0.15, 1.0, 0.0), AT_PRINT, AT_PRINT, SQUEEZED), (0, 3))  # a shift out is print's


def test_on_the_floor_both_squeezed_or_unknown_is_not():
    assert not one_edge_at_print((AT_PRINT,) * 4, (0, 3))  # on the floor: the usual checks
    assert not one_edge_at_print((SQUEEZED,) * 4, (0, 3))  # both rows off print: a lattice of tops?
    assert not one_edge_at_print((SQUEEZED, AT_PRINT, AT_PRINT, AT_PRINT), (0,))  # only the squeezed row seen
    assert not one_edge_at_print(None, (0, 3))


@pytest.mark.slow
def test_seed_271_scene_14_is_refused_and_was_misread(monkeypatch):
    case = scene_case("genius-square", 14, 271)
    # refused first, since, for the dark blue seen beyond the grid (genius_square.offgrid); this rule's own
    # message when that one is off
    with pytest.raises(ReadError, match="square F1 read empty, and beyond the grid where its cube's top would stand"):
        read(case.image, case.name)
    monkeypatch.setattr(reader, "top_off_grid", lambda level, squares, view, again: "")
    with pytest.raises(ReadError, match="square F1: read as empty, but where its cube's top would stand piece 1"):
        read(case.image, case.name)
    monkeypatch.setattr(reader, "one_edge_at_print", lambda places, edges, view: False)  # as before
    misread = read(case.image, case.name)
    assert misread.blockers == case.truth[0].blockers and dict(case.truth[0].pieces) == {"1": ("F1",)}
    assert dict(misread.pieces) == {}  # read without the piece
