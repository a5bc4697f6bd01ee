"""A box read with no piece in it (issue 25, new unseen seed 349): scene page 39, three small boards on
a page the first look saw no squares in, was read by the box reader, asked first, as an empty box named
from the file, the boards left out unsaid (a misread).  An empty box is a level (the whole set to lay),
but a page's small board seen as the tray reads so too: the page reader is asked then, and its boards
are taken when it reads them; otherwise the empty box stands."""

import pytest

from visolve.errors import NotThisPuzzle
from visolve.puzzles.iq_xoxo import reader
from visolve.puzzles.iq_xoxo.box.drawing import draw_box
from visolve.puzzles.iq_xoxo.model import Level
from visolve.testing.scenes import scene_case

EMPTY_ROWS = ("." * 10,) * 5


def test_an_empty_box_the_page_reader_finds_no_board_in_stays_an_empty_box(monkeypatch):
    seen = []

    def no_page(*args):
        seen.append(True)
        raise NotThisPuzzle("no board")

    monkeypatch.setattr(reader, "glance", lambda image: (None, None, None, None))
    monkeypatch.setattr(reader, "read_boards", no_page)
    got = reader.read(draw_box(Level("x", EMPTY_ROWS), 40), "empty.png")
    assert got.rows == EMPTY_ROWS and seen  # the page reader was asked


def test_an_empty_box_gives_way_to_the_boards_the_page_reader_reads(monkeypatch):
    page = [Level(7, ("I" * 5 + "." * 5,) + ("." * 10,) * 4)]
    monkeypatch.setattr(reader, "glance", lambda image: (None, None, None, None))
    monkeypatch.setattr(reader, "read_boards", lambda *args: ("boards",))
    monkeypatch.setattr(reader, "page_levels", lambda *args: page)
    got = reader.read(draw_box(Level("x", EMPTY_ROWS), 40), "empty.png")
    assert (got.level, got.rows) == (7, page[0].rows)


@pytest.mark.slow
def test_seed_349_page_39_reads_its_three_boards():
    case = scene_case("iq-xoxo", 39, 349)
    got = reader.read(case.image, case.name)
    assert sorted(got, key=lambda lv: lv.level) == sorted(case.truth, key=lambda lv: lv.level)
