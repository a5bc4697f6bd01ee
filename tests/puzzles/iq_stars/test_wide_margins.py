"""IQ Stars boards with wider margins seen steeply: their outline's proportions are not the board's."""

import cv2
import numpy as np
import pytest

from visolve.errors import NotThisPuzzle
from visolve.puzzles.iq_stars import finder, guess, lattice, layout, painter
from visolve.puzzles.iq_stars.model import Level
from visolve.puzzles.iq_stars.outlines import moved, outline_match

WIZARD = Level(7, ("V.....b", ".G..bb", "...G.b.", "....P."), "7.png")
PITCH = 40


def steep_board(extra: float = 0.8, squash: float = 0.7):
    """The drawing's board with margins ``extra`` units wider at both ends, on a white page, seen
    shortened across its length to ``squash``: the picture, the board's edge and the true lattice."""
    cut = 0.1  # the drawing's stars and navy, its rounded corners cut off
    drawn = painter.draw_challenge(WIZARD, pitch=PITCH, page=0.0)
    inner = drawn[int(cut * PITCH):int((layout.BOARD_H - cut) * PITCH),
                  int(cut * PITCH):int((layout.BOARD_W - cut) * PITCH)]
    w, h = layout.BOARD_W + 2 * extra, layout.BOARD_H
    image = np.full((int((h + 2) * PITCH), int((w + 2) * PITCH), 3), 255, np.uint8)
    image[PITCH:PITCH + int(h * PITCH), PITCH:PITCH + int(w * PITCH)] = painter.NAVY
    ox, oy = PITCH + int((extra + cut) * PITCH), PITCH + int(cut * PITCH)
    image[oy:oy + inner.shape[0], ox:ox + inner.shape[1]] = inner
    truth = np.array([[PITCH, 0, ox - cut * PITCH], [0, PITCH, oy - cut * PITCH], [0, 0, 1.0]])
    quad = PITCH * np.array([[1.0, 1.0], [1.0 + w, 1.0], [1.0 + w, 1.0 + h], [1.0, 1.0 + h]])
    image = cv2.resize(image, (image.shape[1], int(round(image.shape[0] * squash))), interpolation=cv2.INTER_AREA)
    return image, quad * (1.0, squash), np.diag([1.0, squash, 1.0]) @ truth


def test_the_widest_board_seen_steeply_is_a_board_shape():
    # seed 43 scene 17: a board with wide margins at its ends, seen steeply across its length, was
    # a page hole 2.8 times as long as high and no board (2.6 at most)
    image, quad, _truth = steep_board()
    sides = np.linalg.norm(quad - np.roll(quad, -1, axis=0), axis=1)
    assert (sides[0] + sides[2]) / (sides[1] + sides[3]) > 3.0
    found = finder.board_quads(image)
    assert found and found[0][1] and np.abs(found[0][0] - quad).max() < 0.1 * PITCH
    assert finder.ASPECT[1] == pytest.approx(guess.BOARD_ASPECTS[1] * np.sqrt(2))


def test_a_quad_longer_than_any_board_seen_from_45_degrees_is_no_board():
    long = guess.BOARD_ASPECTS[1] * np.sqrt(2) * 1.05
    quad = np.array([[0.0, 0.0], [100.0 * long, 0.0], [100.0 * long, 100.0], [0.0, 100.0]])
    assert finder._orderings(quad) == []


def test_a_steep_board_is_found_at_the_boards_proportions_not_the_outlines():
    image, quad, truth = steep_board()
    seen, _score = lattice.lattice_guess(image, quad)
    assert moved(truth, lattice.align(image, seen)[0]) > 1.0  # its stars stretched: no lattice there
    steep, _score = lattice.foreshortened_guess(image, quad)
    aligned, rho = lattice.align(image, steep)
    assert moved(truth, aligned) < 0.05 and rho > lattice.CLEAR_RHO


def test_a_steep_board_with_wide_margins_gets_its_lattice():
    image, quad, truth = steep_board()
    with pytest.raises(NotThisPuzzle):  # at the outline's proportions the stars are not found
        lattice.fit_lattice(image, quad, True)
    fit = lattice.fit_lattice(image, quad, True, steep=True)
    assert moved(truth, fit.homography) < 0.05
    assert fit.edge[0] == pytest.approx(-0.8, abs=0.05)
    assert moved(truth, finder.find_board(image).homography) < 0.05  # the finder looks steeply when need be


def test_a_quad_looked_at_steeply_once_is_not_looked_at_again(monkeypatch):
    image, quad, _truth = steep_board()
    memo = {}
    first = lattice.fit_lattice(image, quad, True, memo=memo, steep=True)
    monkeypatch.setattr(lattice, "foreshortened_guess", lambda *a: (_ for _ in ()).throw(AssertionError("steep")))
    assert lattice.fit_lattice(image, quad, True, memo=memo, steep=True).rho == first.rho


def test_a_board_seen_straight_is_not_searched_at_other_proportions(monkeypatch):
    # the search over the board's proportions costs 0.2-0.6 s: only where nothing else found a lattice
    monkeypatch.setattr(lattice, "foreshortened_guess", lambda *a: (_ for _ in ()).throw(AssertionError("steep")))
    image, quad, truth = steep_board(squash=1.0)
    assert moved(truth, lattice.fit_lattice(image, quad, True).homography) < 0.05


def test_only_a_page_hole_is_looked_at_steeply(monkeypatch):
    # a dark blob's outline (shadow, glare, a tray's rim) is rough: the board's proportions are not
    # the only thing left to search on it, and the search costs 0.1-0.5 s a quad
    image, quad, _truth = steep_board()
    monkeypatch.setattr(finder, "board_quads", lambda *a, **k: [(quad, False)])
    monkeypatch.setattr(lattice, "foreshortened_guess", lambda *a: (_ for _ in ()).throw(AssertionError("steep")))
    with pytest.raises(NotThisPuzzle):
        finder.locate(image)


def test_the_seed_43_scene_17_photo_reads():
    from visolve.puzzles.iq_stars.reader import read
    from visolve.testing.scenes import scene_case

    case = scene_case("iq-stars", 17, 43)
    assert read(case.image, case.name) == case.truth[0]


def test_a_refusal_whose_outlines_never_settled_says_so(monkeypatch):
    # every ECC alignment failing gave 0 and was reported as "they match its outlines 0.00 at best"
    image, quad, _truth = steep_board()
    monkeypatch.setattr(lattice, "align", lambda _image, hom, *a: (hom, 0.0))
    with pytest.raises(NotThisPuzzle, match="would not settle on the dark board's lines") as refused:
        lattice.fit_lattice(image, quad, True, steep=True)
    assert "0.00" not in str(refused.value)


def test_a_refusal_names_the_best_match_of_all_looks(monkeypatch):
    # the reason gave the match of the last look (0.00: its ECC failed) as the best
    image, quad, truth = steep_board()
    x0, y0 = quad.min(axis=0).astype(int)
    x1, y1 = quad.max(axis=0).astype(int)
    noise = np.random.default_rng(0).normal(0.0, 6.0, (y1 - y0, x1 - x0, 3))
    image[y0:y1, x0:x1] = np.clip(painter.NAVY + noise, 0, 255).astype(np.uint8)  # a board without stars
    assert outline_match(image, truth) < 0.2
    matches = iter([0.0, 0.21, 0.28])  # where the edge puts them, the guess, the steep guess

    def align(_image, hom, *args):
        return hom, next(matches, 0.1)

    monkeypatch.setattr(lattice, "align", align)
    with pytest.raises(NotThisPuzzle, match="match them 0.28 at best"):
        lattice.fit_lattice(image, quad, False, steep=True)


def test_a_best_match_refused_for_its_margins_says_why():
    image, quad, truth = steep_board()
    far = truth @ np.array([[1.0, 0, 2.0], [0, 1.0, 0], [0, 0, 1.0]])  # two stars along: off the board
    reason = lattice.no_lattice(image, quad, (far, 0.5))
    assert "0.50 at best, but no lattice" in reason and "margins" in reason
