"""Rows of labels found on small blurred prints: a ``visolve make`` page photographed inside a larger
sheet (squares of 20 px), whose bold glyphs' strokes the blur spreads wider than ``STROKE_SIDE``
(``labelrows.WIDE_STROKE_SIDE``)."""

import pytest

from tests.make.made_photos import made_page_photo, read_back
from visolve import puzzles
from visolve.errors import NotThisPuzzle, PartialRead
from visolve.puzzles.genius_square import finder, labelrows
from visolve.vision.page_regions import board_regions
from visolve.vision.tabs import look_at_page
from visolve.vision.working import working_copy

FAMILY = "genius-square"
LEVELS = ("starter", "junior", "expert", "master", "wizard")


def _page_photo(seed: int, level: str):
    """The photographed page ``scripts/bench_make.py --photos`` reads for ``seed`` and ``level``."""
    return made_page_photo(FAMILY, level, seed, LEVELS.index(level))


def test_two_adjacent_edges_of_ink():
    ink = labelrows.MIN_INK
    assert labelrows.two_adjacent([ink, 0.0, 0.0, ink])
    assert not labelrows.two_adjacent([ink, 0.0, ink, 0.0])
    assert not labelrows.two_adjacent([ink, 0.0, 0.0, 0.0])


@pytest.mark.parametrize("seed, level", [(13, "starter"), (39, "junior")])
def test_a_small_blurred_print_reads_by_its_wider_strokes(seed, level, monkeypatch):
    """Seed 13 starter's board 1 (label ink 0.000 on every edge) and seed 39 junior's board 2 (a pale
    print): refused before, both boards of the page now read as made; with the labels' strokes no
    wider than ``STROKE_SIDE`` (and glare's own level at the usual floor: with ``OWN_INK_CONTRAST``
    seed 13's rims read that way too) the page is read in part only."""
    photo, made = _page_photo(seed, level)
    assert read_back(FAMILY, photo) == made
    monkeypatch.setattr(finder, "WIDE_STROKE_SIDE", labelrows.STROKE_SIDE)
    monkeypatch.setattr(labelrows, "OWN_INK_CONTRAST", labelrows.MIN_INK_CONTRAST)
    with pytest.raises(PartialRead, match="board [12] of 2"):
        puzzles.get(FAMILY).read(photo, "photo.jpg")


@pytest.mark.parametrize("seed, level", [(13, "starter"), (50, "master")])
def test_labelled_edges_seen_only_by_wider_or_nearer_strokes_are_kept_only_when_their_glyphs_read(seed, level):
    """Seed 13 starter's board 1 (its edges show label ink only as wide strokes) and seed 50
    master's board 1 (its labels in glare, seen only against their own strokes): the way up is
    ``blurred``, kept when its glyphs read as labels and given way when they do not."""
    photo, _made = _page_photo(seed, level)
    region = board_regions(photo, look_at_page(photo))[0].image
    small, _f = working_copy(region, finder.WORK_SIDE)
    (found,) = finder.find_upright(small, region, lambda option: True)
    assert found.blurred and found.edges == (0, 3)
    with pytest.raises(NotThisPuzzle):
        finder.find_upright(small, region, lambda option: False)


def test_labels_in_glare_are_ink_against_the_strokes_near_them():
    """Seed 50 master's board 1: glare over its top-left corner leaves the labels 1, A and B strokes
    under half the others' contrast, and no edge shows ink (0.000 on every edge, thin or wide,
    refused before); against the strokes near them the top and the left edge are labelled, and the
    page reads as made."""
    photo, made = _page_photo(50, "master")
    region = board_regions(photo, look_at_page(photo))[0].image
    small, _f = working_copy(region, finder.WORK_SIDE)
    hom = next(iter(finder.grid_candidates(small)))
    view = finder.label_view(small, hom, region)
    assert max(labelrows.label_rows(view)[0]) < labelrows.MIN_INK
    assert max(labelrows.label_rows(view, labelrows.WIDE_STROKE_SIDE)[0]) < labelrows.MIN_INK
    own = labelrows.label_rows(view, own=True)[0]
    assert labelrows.two_adjacent(own) and sum(v >= labelrows.MIN_INK for v in own) == 2
    assert read_back(FAMILY, photo) == made


def test_labels_faint_in_glare_read_over_a_lower_floor(monkeypatch):
    """Seed 76 wizard's board 2 (a dark phone photo, glare over its top right): the labels 4, 5 and 6
    stand only 20-27 grey levels out of the board, under ``MIN_INK_CONTRAST``, so the top edge had
    no ink and the board was refused; against their own strokes with ``OWN_INK_CONTRAST`` the page
    reads as made, and with the old floor it is read in part only.  (With the old floor, a grid its
    outline's labels place, one edge's ink and both edges' glyphs reading, also reads it as made since
    ``nearedge.both_edges_read``: that is left out here.)"""
    photo, made = _page_photo(76, "wizard")
    assert read_back(FAMILY, photo) == made
    monkeypatch.setattr(labelrows, "OWN_INK_CONTRAST", labelrows.MIN_INK_CONTRAST)
    monkeypatch.setattr(finder, "both_edges_read", lambda *a: False)
    with pytest.raises(PartialRead, match="board 2 of 2"):
        puzzles.get(FAMILY).read(photo, "photo.jpg")
