"""Booklet pages of made challenges: size, tabs 1..N, names, and IQ XOXO's round trip through its reader."""

from __future__ import annotations

import shutil

import cv2
import numpy as np
import pytest

from visolve import cli, puzzles
from visolve.make import pages
from visolve.make.command import make_run
from visolve.make.generate import challenges


def test_page_names():
    assert pages.page_name("wizard", 7, 3) == "wizard-7-page-03.png"
    assert pages.page_name("wizard", 7, 3, answers=True) == "wizard-7-answers-03.png"


@pytest.mark.parametrize(("family", "level"), [("iq-stars", "master"), ("iq-circuit", "wizard"),
                                               ("genius-square", "starter")])
def test_a_page_is_a4_at_print_resolution_with_a_tab_per_challenge(family, level):
    made = list(challenges(family, level, pages.per_page(family) - 1, seed=1))
    img = pages.draw_page(family, made)
    assert img.shape[:2][::-1] == pages.page_size(family) and img.shape[2] == 3
    assert sorted(img.shape[:2]) == sorted((pages.PAGE_H, pages.PAGE_W))  # A4
    tab = np.all(img == pages.TAB_COLOUR, axis=2)
    n, _labels, stats, _c = cv2.connectedComponentsWithStats(tab.astype(np.uint8))
    big = [s for s in stats[1:] if s[cv2.CC_STAT_AREA] > pages.TAB_W * pages.TAB_H // 2]
    assert len(big) == len(made)  # a tab a challenge: the page's last place is empty
    answers = pages.draw_page(family, made, answers=True)
    assert answers.shape == img.shape and not np.array_equal(answers, img)


def test_genius_square_pages_hold_two_larger_boards_across_a_landscape_page():
    # 2 x 2 left a board 1120 px wide on the A4 page (240-290 px on the strongest photos, where
    # its labels are not found); one a row on a portrait page, 1345 px (its height half the
    # page's: labels still not legible on 3 of 100 photos, boards about 250 px wide there); side by
    # side on a landscape page each is drawn about 1630 px wide
    made = list(challenges("genius-square", "starter", 2, seed=1))
    assert pages.per_page("genius-square") == 2
    img = pages.draw_page("genius-square", made)
    assert img.shape == (pages.PAGE_W, pages.PAGE_H, 3)
    ink = ~np.all(img > 200, axis=2)  # the boards and tabs, dark on the white page
    first = ink[pages.MARGIN + pages.TAB_TOP + pages.TAB_H + pages.BOARD_GAP:, : pages.PAGE_H // 2]
    cols = np.nonzero(first.any(axis=0))[0]  # the first board (its grade's line is narrower)
    assert cols[-1] - cols[0] > 1550
    with pytest.raises(ValueError, match="holds 2"):
        pages.draw_page("genius-square", list(challenges("genius-square", "starter", 3, seed=1)))


def test_genius_square_tabs_are_taller_grown_into_the_margin_and_its_boards_stay_in_place():
    # a page printed in a sheet of text was photographed with its 200 px tabs 17 px high, under the
    # 18 a tab is read at (photo seed 38 starter); moving the boards down under taller tabs lost
    # another board (seed 10 expert): the tab grows upward and the boards keep their place
    made = list(challenges("genius-square", "expert", 2, seed=1))
    img = pages.draw_page("genius-square", made)
    tab_h = pages.tab_size("genius-square")[0]
    assert tab_h >= 230
    for c in range(2):
        cx = pages.MARGIN + (pages.PAGE_H - 2 * pages.MARGIN) // 2 * c + (pages.PAGE_H - 2 * pages.MARGIN) // 4
        rows = np.nonzero(np.all(img[:, cx - 200] == pages.TAB_COLOUR, axis=1))[0]  # the tab, left of its digits
        assert rows[-1] - rows[0] == tab_h  # (its rectangle drawn with both edges)
        assert rows[-1] == pages.MARGIN + pages.TAB_TOP + pages.TAB_H  # its bottom where a 200 px one's is
        assert rows[0] >= pages.MARGIN // 2  # clear of the page's edge
        board = np.nonzero(~np.all(img[rows[-1] + 1:, cx] > 200, axis=1))[0] + rows[-1] + 1
        assert board[0] == pages.MARGIN + pages.TAB_TOP + pages.TAB_H + pages.BOARD_GAP  # as under a 200 px tab
    assert pages.tab_place("iq-circuit") == (pages.TAB_TOP, pages.TAB_TOP + 260 + pages.BOARD_GAP)


@pytest.mark.parametrize(("family", "level"), [("iq-stars", "wizard"), ("iq-circuit", "master")])
def test_wide_boards_are_printed_two_a_page_drawn_larger(family, level):
    # 2 x 3 left an IQ Stars board 1080 px wide (an IQ Circuit one 1032) on the page, 3 a page
    # one a row about 1430 / 1520: 150-230 px on the strongest photos, too small for their
    # readers; two a page they are drawn about 2300 px wide (1.9 - 2.2 times their usual size)
    assert pages.per_page(family) == 2
    made = list(challenges(family, level, 2, seed=1))
    for answers in (False, True):
        img = pages.draw_page(family, made, answers=answers)
        ink = ~np.all(img > 200, axis=2)
        second = ink[pages.PAGE_H // 2 + pages.MARGIN:]  # the second board and its tab
        cols = np.nonzero(second.any(axis=0))[0]
        assert cols[-1] - cols[0] > 2100
        # drawn by the painter at that size, not enlarged: its edges as sharp as at its usual size
        grey = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY).astype(np.float32)
        assert np.abs(np.diff(grey, axis=1)).max() > 150


def test_iq_xoxo_pages_hold_two_boards_one_a_row_on_an_a4_sheet():
    # 2 x 2 on a landscape page drew each board 0.43 of the page's long side: its tabs' digits were
    # about 12 px high on the strongest photos and 5 of 100 pages were refused for a tab (photo seeds
    # 11-30); one a row on an A4 portrait sheet they are 0.56 of it (0 of 100 refused)
    from visolve.puzzles.iq_xoxo.draw import PAGE

    assert pages.per_page("iq-xoxo") == 2
    made = list(challenges("iq-xoxo", "master", 2, seed=1))
    for answers in (False, True):
        img = pages.draw_page("iq-xoxo", made, answers=answers)
        assert img.shape[:2] == (pages.PAGE_H, pages.PAGE_W)
        ink = np.any(np.abs(img.astype(int) - PAGE) > 12, axis=2)
        cols = np.nonzero(ink.any(axis=0))[0]
        assert (cols[-1] - cols[0]) / img.shape[1] > 0.75  # a board nearly the sheet's width
        rows = np.nonzero(ink[:, cols[0]: cols[0] + pages.XOXO_PITCH // 2].any(axis=1))[0]
        ends = np.nonzero(np.diff(rows) > pages.XOXO_PITCH)[0]
        tall = [rows[e] - rows[s] for s, e in zip(np.r_[0, ends + 1], np.r_[ends, len(rows) - 1])]
        assert sum(t > 4.5 * pages.XOXO_PITCH for t in tall) == 2  # two boards one above the other
    with pytest.raises(ValueError, match="holds 2"):
        pages.draw_page("iq-xoxo", list(challenges("iq-xoxo", "master", 3, seed=1)))


def test_iq_xoxo_pages_print_darker_squares_and_taller_tabs_clear_of_the_board():
    # the booklet's pale squares (204 on paper 236) were not outlined on photos in glare or blur,
    # and its tab 0.85 pitches high, 0.12 above the board, was blurred into a piece on the top row
    # or its number (10 px high) was unclear: of 15 pages refused at strength 1.0, 12 for these
    from visolve.puzzles.iq_xoxo.draw import PAGE, tab_colour

    made = list(challenges("iq-xoxo", "starter", 2, seed=9))
    img = pages.draw_page("iq-xoxo", made)
    p = pages.XOXO_PITCH
    for m, (x, y) in zip(made, pages.xoxo_origins(2)):
        x, y = int(round(x)), int(round(y))
        tab = np.all(img[:, x: x + 10 * p] == tab_colour(m.k), axis=2)
        rows = np.nonzero(tab.any(axis=1))[0]
        rows = rows[rows < y]  # the tab above this board
        assert rows[-1] - rows[0] + 1 >= 0.95 * p  # about a pitch high
        assert y - rows[-1] >= 0.3 * p  # its bottom a third of a pitch above the board
        squares = img[y: y + 5 * p, x: x + 10 * p]
        grey = np.all(squares == squares[:, :, :1], axis=2) & (squares[:, :, 0] < PAGE[0] - 40)
        assert grey.sum() > 3 * p * p  # the empty squares, 40 grey levels or more under the paper


def test_iq_xoxo_boards_fill_the_a4_sheet_and_their_tabs_stay_clear_of_its_edge():
    # at 70 px a square the page was 1624 x 1238 px at 300 dpi: printed on A4 its boards were 0.2
    # of the sheet's width (photographed as that sheet, bench_make --sheet, they were smaller than
    # the simulation's page frame drew them); 2 x 2 at 138 px, 0.39 of an A4 sheet's long side
    from visolve.puzzles.iq_xoxo.draw import tab_colour

    made = list(challenges("iq-xoxo", "wizard", 2, seed=2))
    img = pages.draw_page("iq-xoxo", made)
    p = pages.XOXO_PITCH
    assert 10 * p > 0.55 * pages.PAGE_H  # a board's width on the sheet, against its long side
    for m, (x, y) in zip(made, pages.xoxo_origins(2)):
        x, y = int(round(x)), int(round(y))
        box = img[max(0, y - 2 * p): y, x: x + 10 * p]
        tab = np.all(box == tab_colour(m.k), axis=2)
        rows = np.nonzero(tab.any(axis=1))[0]
        assert rows[0] >= 0.4 * p or y - 2 * p > 0  # the tab clear of the page's top
        assert rows[-1] - rows[0] + 1 >= 0.95 * p
        # its number's white, about 0.6 of a pitch high (as the booklet's share of its tab)
        white = np.all(box[rows[0]: rows[-1] + 1] > 235, axis=2)
        digit = np.nonzero(white.any(axis=1))[0]
        assert digit[-1] - digit[0] + 1 >= 0.55 * p


def test_iq_xoxo_pages_are_read_back_as_the_challenges_made(tmp_path):
    counts = make_run("iq-xoxo", "master", 8, 3, tmp_path)
    assert counts["pages"] == 4
    fam = puzzles.get("iq-xoxo")
    raw = tmp_path / "raw"
    raw.mkdir()
    for page in (tmp_path / "booklet" / "iq-xoxo").glob("*-page-*.png"):
        shutil.copy(page, raw / page.name)
    with pytest.raises(SystemExit) as info:
        cli.main(["--prepare-all", "--data", str(tmp_path), "--puzzle", "iq-xoxo", "--jobs", "1", "-q"])
    assert info.value.code in (0, None)
    for k in range(1, 9):
        made = fam.parse_level((tmp_path / "levels" / "iq-xoxo" / f"level_master-3-{k}.txt").read_text(), "")
        read = fam.parse_level((tmp_path / "levels" / "iq-xoxo" / f"level_{k:03d}.txt").read_text(), "")
        assert read.rows == made.rows


def test_index_lists_the_pages_with_their_answers(tmp_path):
    make_run("genius-square", "junior", 7, 2, tmp_path)
    page = (tmp_path / "index.html").read_text()
    count = -(-7 // pages.per_page("genius-square"))
    for n in range(1, count + 1):
        assert f'href="booklet/genius-square/junior-2-page-0{n}.png"' in page
        assert f'href="booklet/genius-square/junior-2-answers-0{n}.png"' in page
    assert page.count('data-status="booklet"') == count
    assert (tmp_path / "thumbs" / "genius-square" / "booklet_junior-2-page-01.jpg").is_file()


def test_a_page_thumbnail_is_written_from_the_drawn_page_not_decoded_again(tmp_path, monkeypatch):
    import visolve.vision.imageio as imageio
    from visolve.overview import write_index
    from visolve.workspace import Workspace

    loaded, real = [], imageio.load_image
    monkeypatch.setattr(imageio, "load_image", lambda path: loaded.append(path) or real(path))
    make_run("iq-stars", "wizard", 3, 1, tmp_path)
    assert not [p for p in loaded if "booklet" in str(p)]  # the index found each thumbnail up to date
    thumb = tmp_path / "thumbs" / "iq-stars" / "booklet_wizard-1-page-02.jpg"
    drawn = thumb.read_bytes()
    thumb.unlink()
    write_index(Workspace.at(tmp_path))  # the index's own thumbnail, from the page decoded
    assert [p for p in loaded if "booklet" in str(p)] and thumb.read_bytes() == drawn


def test_iq_circuit_tabs_are_printed_taller_than_the_other_families():
    # IQ Circuit's page printed in a sheet of text was photographed with tabs 15.6-17 px high, under
    # the 18 px a tab's number is read at (photo seeds 37, 38): its tabs are 260 px high, not 200
    # (Genius Square's 230, grown into the page's margin)
    for family, high in (("iq-circuit", 260), ("iq-stars", 200), ("genius-square", 230)):
        made = list(challenges(family, "expert" if family == "iq-circuit" else "starter", 2, seed=1))
        tab = np.all(pages.draw_page(family, made) == pages.TAB_COLOUR, axis=2)
        _n, _labels, stats, _c = cv2.connectedComponentsWithStats(tab.astype(np.uint8))
        tabs = [s for s in stats[1:] if s[cv2.CC_STAT_AREA] > pages.TAB_W * pages.TAB_H // 2]
        assert [s[cv2.CC_STAT_HEIGHT] - 1 for s in tabs] == [high, high]  # its top and bottom rows drawn
