"""The outline finder: a small, blurred board seen at an angle (one cut out of a photographed
page of ``visolve make``), where no lattice of cells is found, is found from its outer edge."""

import cv2
import numpy as np
import pytest

from visolve import puzzles
from visolve.errors import NotThisPuzzle
from visolve.make.generate import board_of, challenges
from visolve.make.pages import draw_page, per_page
from visolve.puzzles.iq_circuit import outline, reader
from visolve.puzzles.iq_circuit.painter import draw_challenge
from visolve.testing.photos import photograph


def _small_board(level, width: int, blur: float) -> np.ndarray:
    """The board as a make page prints it, ``width`` px wide, turned a few degrees in perspective
    on a pale page, blurred."""
    board = draw_challenge(level, pitch=120, margin=0.3)
    f = width / board.shape[1]
    board = cv2.resize(board, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
    h, w = board.shape[:2]
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    dst = src + np.float32([[40, 50], [40, 30], [34, 45], [30, 62]])
    pic = cv2.warpPerspective(board, cv2.getPerspectiveTransform(src, dst), (w + 80, h + 110),
                              borderValue=(235, 235, 235))
    return cv2.GaussianBlur(pic, (0, 0), blur)


@pytest.mark.parametrize("k", [1, 2])
def test_a_small_blurred_board_without_a_lattice_of_cells_is_read_from_its_outline(k, monkeypatch):
    made = list(challenges("iq-circuit", "expert", 2, 1))[k - 1]
    pic = _small_board(made.level, 230, 2.0)
    # the track runs the blurred cells together; the photo search now finds such boards by
    # the groups of cells its walk cut off, so it is made to fail here, as on a blurrier one
    assert board_of(reader.read(pic, "board.png")) == board_of(made.level)

    tried = []

    def no_lattice(image):
        tried.append("photo")
        raise NotThisPuzzle("no 8 x 4 lattice of dark cells in the picture")

    finders = tuple((name, no_lattice if name == "photo" else f) for name, f in reader.FINDERS)
    monkeypatch.setattr(reader, "FINDERS", finders)
    assert board_of(reader.read(pic, "board.png")) == board_of(made.level)
    assert tried  # the outline, not the photo search, found it


def test_no_outline_on_a_blank_page_or_a_square():
    with pytest.raises(NotThisPuzzle):
        outline.find_board_by_outline(np.full((200, 300, 3), 230, np.uint8))
    square = np.full((300, 300, 3), 230, np.uint8)
    cv2.rectangle(square, (60, 60), (240, 240), (88, 88, 88), -1)
    with pytest.raises(NotThisPuzzle, match="not an 8 x 4 board"):
        outline.find_board_by_outline(square)


def test_two_boards_side_by_side_give_no_outline():
    made = list(challenges("iq-circuit", "expert", 2, 1))
    pair = np.hstack([_small_board(m.level, 230, 2.0) for m in made])
    with pytest.raises(NotThisPuzzle, match="two board-sized"):
        outline.find_board_by_outline(pair)


def test_a_picture_refused_by_every_finder_gives_the_photo_search_reason_not_the_outline_one():
    page = np.full((400, 600, 3), 235, np.uint8)
    cv2.circle(page, (300, 200), 120, (60, 60, 60), -1)  # a dark disc: no board of any finder
    with pytest.raises(NotThisPuzzle) as info:
        reader.read(page, "disc.png")
    assert "outline" not in str(info.value)


@pytest.mark.parametrize("strength", [0.7, 0.8])
def test_a_board_lit_by_glare_on_one_side_is_found_by_its_outline_against_the_light(strength):
    # glare on the left of a made page's board (photo seed 23 expert): lit as bright as the paper
    # elsewhere, its left part fell outside the dark of one threshold, and its outline was no board's
    made = list(challenges("iq-circuit", "expert", 2, 23))[1]
    pic = _small_board(made.level, 300, 1.5).astype(np.float32)
    h, w = pic.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w]
    glare = strength * np.exp(-(((xx - 0.1 * w) / (0.35 * w)) ** 2 + ((yy - 0.5 * h) / (0.6 * h)) ** 2))
    pic = np.clip(255 - (255 - pic) * (1 - glare[..., None]), 0, 255).astype(np.uint8)
    hom = outline.find_board_by_outline(pic)
    assert board_of(reader.read_view(pic, hom)) == board_of(made.level)


def test_a_board_split_by_a_glare_band_is_found_by_its_outline_against_more_light():
    # a made master page photographed (bench photo seed 71): a glare band across board 2 lit its
    # middle, and at 0.88 of the light around the board's dark fell apart in two parts (no lattice
    # of cells either); at 0.93 it is whole
    made = list(challenges("iq-circuit", "master", per_page("iq-circuit"), 71))
    photo, _h = photograph(draw_page("iq-circuit", made), np.random.default_rng([71, 1]), 1.0)
    got = puzzles.get("iq-circuit").read(photo, "photo.jpg")
    assert {int(g.level): board_of(g) for g in got} == {m.k: board_of(m.level) for m in made}
