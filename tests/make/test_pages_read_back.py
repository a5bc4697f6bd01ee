"""The make round trip for the families whose readers take one board a picture: a printed
page of six made challenges is read board by board, each under the number on its tab
(:mod:`visolve.vision.pages`); a board whose tab cannot be read is refused, never numbered by
a guess."""

import numpy as np
import pytest

from visolve import puzzles
from visolve.errors import ReadError
from visolve.make.command import make_run
from visolve.make.generate import board_of, challenges
from visolve.make.pages import MARGIN, TAB_W, draw_page, layout, page_size, per_page, tab_place, tab_size
from visolve.testing.photos import photograph
from visolve.vision.imageio import load_image

FAMILIES = ("iq-stars", "iq-circuit", "genius-square")


@pytest.fixture(scope="module", params=FAMILIES)
def made_page(request, tmp_path_factory):
    """A family, its first page of wizard challenges (seed 1) and the boards made on it, by number."""
    name = request.param
    root = tmp_path_factory.mktemp(name)
    make_run(name, "wizard", 6, 1, root)
    fam = puzzles.get(name)
    folder = root / "levels" / name
    made = {k: board_of(fam.parse_level((folder / f"level_wizard-1-{k}.txt").read_text(), ""))
            for k in range(1, per_page(name) + 1)}
    page = sorted((root / "booklet" / name).glob("*-page-01.png"))[0]
    return fam, load_image(page), made


def test_a_made_page_is_read_back_board_by_board(made_page):
    fam, page, made = made_page
    got = fam.read(page, "wizard-1-page-01.png")
    assert isinstance(got, list)
    assert {int(level.level): board_of(level) for level in got} == made
    assert fam.debug_overlay(page, "page.png").ndim == 3  # the overlay takes a page too


def test_a_page_whose_tab_is_covered_is_refused_naming_the_board(made_page):
    fam, page, made = made_page
    page = page.copy()
    cols, rows = layout(fam.name)
    page_w, page_h = page_size(fam.name)
    tab_top = tab_place(fam.name)[0]
    if cols > 1:  # tab 2: the second column's middle, on the first row
        cx, top = MARGIN + (page_w - 2 * MARGIN) // cols * 3 // 2, MARGIN + tab_top
    else:  # the second row's
        cx, top = page_w // 2, MARGIN + (page_h - 2 * MARGIN) // rows + tab_top
    tab_h = tab_size(fam.name)[0]
    page[top + tab_h // 8: top + tab_h * 7 // 8, cx - TAB_W // 3: cx + TAB_W // 3] = 60
    with pytest.raises(ReadError, match=f"board at .* no number tab|board 2 of {len(made)}"):
        fam.read(page, "page.png")


@pytest.mark.parametrize("name, strength, level, seed, n", [("iq-stars", 1.0, "master", 1, 3),
                                                           ("genius-square", 0.5, "master", 1, 3),
                                                           ("iq-circuit", 1.0, "wizard", 6, 2)])
def test_a_photographed_page_is_read_board_by_board_not_as_its_one_board(name, strength, level, seed, n):
    # a phone photo of a made page: the reader found one small board and read it as the picture's
    # level (a misread); now the tabs around it make it a page, read board by board
    made = list(challenges(name, level, per_page(name), seed))
    photo, _h = photograph(draw_page(name, made), np.random.default_rng([seed, n]), strength)
    got = puzzles.get(name).read(photo, "photo.jpg")
    assert isinstance(got, list)
    assert {int(level.level): board_of(level) for level in got} == {m.k: board_of(m.level) for m in made}


@pytest.mark.parametrize("name, level, seed, n", [("iq-stars", "expert", 6, 2), ("iq-circuit", "expert", 1, 0),
                                                  ("genius-square", "wizard", 1, 4),
                                                  # the page a sixth of the photo: its tabs were 16 px high
                                                  ("iq-circuit", "expert", 15, 0),
                                                  # tab 1 blurred into its board 25 px below it: no tab found
                                                  ("genius-square", "wizard", 8, 4),
                                                  # a board of a page of two covering 9 % of the photo was
                                                  # read alone, as the picture's level (a misread)
                                                  ("iq-circuit", "expert", 8, 0),
                                                  # IQ XOXO's booklet page of 3 x 2 on a photo 1227 px
                                                  # wide: boards not outlined; 2 x 2 they are 1.5 times
                                                  # as large
                                                  ("iq-xoxo", "master", 4, 3), ("iq-xoxo", "expert", 6, 2),
                                                  # IQ XOXO as its booklet prints it: pale squares not
                                                  # outlined (blur), no gaps seen between them (glare),
                                                  # tab 1 blurred into a piece on the top row
                                                  ("iq-xoxo", "junior", 5, 1), ("iq-xoxo", "wizard", 5, 4),
                                                  ("iq-xoxo", "starter", 10, 0),
                                                  # a page seen turned: board 1's box took in tab 2
                                                  ("iq-circuit", "master", 25, 1),
                                                  # printed in a sheet of text, its tabs 16 px high:
                                                  # none read (now 21 px, taller tabs)
                                                  ("iq-circuit", "expert", 38, 0),
                                                  # glare paled board 2's left part: its ink's box
                                                  # cut the board, and its outline was no board's
                                                  ("iq-circuit", "expert", 23, 0),
                                                  # printed in a sheet of text, its tabs 17 px high:
                                                  # none read (now 20 px, taller tabs)
                                                  ("genius-square", "starter", 38, 0)])
def test_a_page_photographed_small_and_blurred_is_read_back(name, level, seed, n):
    # the strongest photos (strength 1.0): tabs 17-23 px high were refused (too small, a 5 matched
    # by 0.04 over an 8, cut out with the page at their rim) and Genius Square's boards, 170 px
    # wide, had no grid found; now the tabs are larger and outlined on the picture itself, and
    # Genius Square's pages hold 4 larger boards
    made = list(challenges(name, level, per_page(name), seed))
    photo, _h = photograph(draw_page(name, made), np.random.default_rng([seed, n]), 1.0)
    got = puzzles.get(name).read(photo, "photo.jpg")
    assert {int(g.level): board_of(g) for g in got} == {m.k: board_of(m.level) for m in made}
