import random

import cv2
import numpy as np
import pytest

from tests.conftest import SHARED, shared_path
from tests.puzzles.iq_stars.helpers import booklet, booklet_level
from visolve.errors import NotThisPuzzle, ReadError
from visolve.puzzles.iq_circuit.testing import draw_level as draw_iq_circuit, sample_levels as iq_circuit_levels
from visolve.puzzles.iq_stars import painter, testing
from visolve.puzzles.iq_stars.board import CELLS
from visolve.puzzles.iq_stars.model import Level
from visolve.puzzles.iq_stars.challenges import random_challenge
from visolve.puzzles.iq_stars.plugin import FAMILY
from visolve.puzzles.iq_stars.reader import debug_overlay, read

WIZARD = Level(7, ("V.....b", ".G..bb", "...G.b.", "....P."), "7.png")


def _real_cases():
    shared_path("iq-stars", "pictures", "pictures.tsv")
    return testing.real_cases(SHARED)


def test_every_real_picture_of_a_board_reads_exactly():
    cases = _real_cases()
    assert len(cases) == 2 * 18  # 18 pictures show a challenge or a board, each also turned
    for case in cases:
        assert read(case.image, case.name) == case.truth[0], case.name


@pytest.mark.parametrize("entry", range(0, 120, 13))
def test_booklet_challenges_drawn_read_back(entry):
    level = booklet_level(booklet()[entry], f"{entry + 1}.png")
    assert read(painter.draw_challenge(level, pitch=45), level.source) == level


@pytest.mark.slow
def test_all_booklet_challenges_drawn_read_back():
    for entry in booklet():
        level = booklet_level(entry, f"{entry['number']}.png")
        assert read(painter.draw_challenge(level, pitch=40), level.source) == level, entry["number"]


# the smallest: a board 220 px wide (stars 30 px apart)
@pytest.mark.parametrize("pitch", [30, 60, 150])
def test_wizard_and_placed_stars_at_any_scale_and_turned(pitch):
    picture = painter.draw_challenge(WIZARD, pitch=pitch)
    assert read(picture, "7.png") == WIZARD
    assert read(cv2.rotate(picture, cv2.ROTATE_180), "7.png") == WIZARD


def test_photos_read_exactly_or_are_refused():
    exact = 0
    for case in testing.synthetic_cases(5, 3):
        try:
            got = read(case.image, case.name)
        except ReadError:
            continue
        assert got == case.truth[0], case.name
        exact += 1
    # measured: all 5 read (scripts/eval_iq_stars.py has the large sets); one
    # refusal is allowed, a reader that refuses more fails here
    assert exact >= 4


def test_a_colour_between_orange_and_yellow_is_refused_naming_the_star():
    level = Level(4, ("......O", "......", ".......", "......"))
    picture = painter.draw_challenge(level, pitch=50)
    # BGR: green share 0.74 of red against navy, between orange's (0.57 drawn, up
    # to 0.70 when a bright photo clips red) and yellow's (0.81)
    middle = (0, 200, 255)
    mask = cv2.inRange(picture, painter.STAR_BGR["o"], painter.STAR_BGR["o"]) > 0
    picture[mask] = middle
    with pytest.raises(ReadError, match="row 1 star 7"):
        read(picture, "4.png")


def test_a_reading_that_is_no_challenge_is_refused():
    picture = painter.draw_challenge(Level(4, ("r......", "......", ".......", "......")), pitch=50)
    with pytest.raises(ReadError, match="red"):
        read(picture, "4.png")


def test_other_pictures_are_not_this_puzzle():
    rng = np.random.default_rng(0)
    noise = rng.integers(0, 255, (600, 900, 3), dtype=np.uint8)
    with pytest.raises(NotThisPuzzle):
        read(noise, "noise.png")
    with pytest.raises((NotThisPuzzle, ReadError)):
        read(draw_iq_circuit(iq_circuit_levels()[0]), "1.png")
    assert FAMILY.probe(noise) < 0.1


def test_probe_sees_drawn_challenges():
    level = random_challenge(random.Random(5), "pieces", level=5)
    assert FAMILY.probe(testing.draw_level(level)) >= 0.9


def test_debug_overlay_draws_on_the_picture():
    picture = painter.draw_challenge(WIZARD, pitch=50)
    overlay = debug_overlay(picture, "7.png")
    assert overlay.shape == picture.shape and not np.array_equal(overlay, picture)


def _wider_margin(picture: np.ndarray, extra: float) -> np.ndarray:
    """``picture`` with its dark board grown by ``extra`` stars on every side, the stars left as
    they are: a board printed (or made) with a wider margin than the booklet's drawings.

    Not a painter: the board's navy is taken from the picture and its inside copied over a
    larger navy rectangle, so the stars, outlines and colours are the picture's own.
    """
    v = picture.max(axis=2)
    ys, xs = np.nonzero(v < 90)
    x0, x1, y0, y1 = xs.min(), xs.max(), ys.min(), ys.max()
    navy = np.median(picture[v < 90], axis=0)
    e = int(round(extra * (x1 - x0) / 7.36))  # 7.36 stars: the drawings' board width
    h, w = picture.shape[:2]
    out = np.full((h + 2 * e, w + 2 * e, 3), 255, np.uint8)
    out[y0:y1 + 2 * e + 1, x0:x1 + 2 * e + 1] = navy
    cut = 8  # leaves the drawings' rounded corners behind
    out[y0 + cut + e:y1 - cut + e, x0 + cut + e:x1 - cut + e] = picture[y0 + cut:y1 - cut, x0 + cut:x1 - cut]
    return out


@pytest.mark.parametrize("extra", [0.3, 0.5, 0.9])
def test_a_board_with_a_wider_margin_around_the_stars_reads(extra):
    # issue 25: the lattice is found from the stars, not from the board's proportions
    picture = _wider_margin(painter.draw_challenge(WIZARD, pitch=50), extra)
    assert read(picture, "7.png") == WIZARD
    assert read(cv2.rotate(picture, cv2.ROTATE_180), "7.png") == WIZARD


def test_real_drawings_with_a_wider_margin_read_exactly():
    for case in _real_cases()[:18:3]:
        assert read(_wider_margin(case.image, 0.5), case.name) == case.truth[0], case.name


def _off_centre(picture: np.ndarray, extras: tuple[float, float, float, float]) -> np.ndarray:
    """``picture``'s dark board grown by ``extras`` stars on its left, top, right and bottom
    sides (a board printed off-centre, a tray's rim wide on one side); as :func:`_wider_margin`."""
    v = picture.max(axis=2)
    ys, xs = np.nonzero(v < 90)
    x0, x1, y0, y1 = xs.min(), xs.max(), ys.min(), ys.max()
    navy = np.median(picture[v < 90], axis=0)
    left, top, right, bottom = (int(round(e * (x1 - x0) / 7.36)) for e in extras)
    h, w = picture.shape[:2]
    out = np.full((h + top + bottom, w + left + right, 3), 255, np.uint8)
    out[y0:y1 + top + bottom + 1, x0:x1 + left + right + 1] = navy
    cut = 8
    out[y0 + cut + top:y1 - cut + top, x0 + cut + left:x1 - cut + left] = picture[y0 + cut:y1 - cut,
                                                                                  x0 + cut:x1 - cut]
    return out


@pytest.mark.parametrize("extras", [(1.3, 0, 0, 0), (0, 0, 1.3, 0.3), (1.5, 0, 0, 0.5)])
def test_a_board_off_centre_round_its_stars_reads(extras):
    # issue 25: one side's margin may take what the board allows across it (was refused:
    # "the star lattice does not sit inside the dark board with a board's margins")
    picture = _off_centre(painter.draw_challenge(WIZARD, pitch=50), extras)
    assert read(picture, "7.png") == WIZARD
    assert read(cv2.rotate(picture, cv2.ROTATE_180), "7.png") == WIZARD


def test_a_lattice_aligned_a_step_off_is_brought_back():
    from visolve.puzzles.iq_stars import finder, lattice

    work, fit = finder.locate(painter.draw_challenge(WIZARD, pitch=50))
    for dx, dy in lattice.LATTICE_STEPS:
        off = fit.homography @ np.array([[1.0, 0, dx], [0, 1.0, dy], [0, 0, 1.0]])
        back, rho = lattice.best_step(work, off)
        corners = np.array([[0.0, 0.0], [7.36, 0.0], [7.36, 3.96], [0.0, 3.96]]).reshape(-1, 1, 2)
        a = cv2.perspectiveTransform(corners, fit.homography)
        b = cv2.perspectiveTransform(corners, back)
        assert np.abs(a - b).max() < 0.1 * 50, (dx, dy)  # a tenth of a star at 50 px a star
        assert rho >= lattice.MIN_RHO


def test_an_outer_line_without_outlines_is_refused_naming_it():
    # a lattice put a star off on a wide board would read free stars on bare board there
    from visolve.puzzles.iq_stars.colours import Verdict
    from visolve.puzzles.iq_stars.symbols import Star, rows_of

    free = Verdict("r", 40.0, 10.0, "p")
    stars = {cell: Star(0.05, free, 0.0, outline=1.0) for cell in CELLS}
    assert rows_of(stars) == ("." * 7, "." * 6, "." * 7, "." * 6)
    stars[(2, 3)] = Star(0.05, free, 0.0, outline=0.1)  # one faint star inside: glare, not a shift
    assert rows_of(stars)[2] == "." * 7
    for k in range(6):
        stars[(3, k)] = Star(0.05, free, 0.0, outline=0.15)
    with pytest.raises(ReadError, match="the free stars of the bottom row"):
        rows_of(stars)


def test_refusals_say_what_failed_not_two_bare_numbers():
    # issue 25: "outlines match 0.99 < 0.35" named a match that had succeeded
    grey = np.full((400, 700, 3), 235, np.uint8)
    cv2.rectangle(grey, (60, 80), (640, 380), (70, 50, 45), -1)  # a dark board with no stars
    with pytest.raises(NotThisPuzzle) as err:
        read(grey, "1.png")
    assert " < " not in str(err.value), str(err.value)


def test_a_colour_doubt_is_settled_only_when_one_choice_makes_a_challenge():
    from visolve.puzzles.iq_stars.colours import Verdict
    from visolve.puzzles.iq_stars.symbols import Star, rows_of

    free = Star(0.05, Verdict("r", 40.0, 10.0, "p"), 0.0)
    stars = {cell: free for cell in CELLS}
    violet, doubt = Star(1.0, Verdict("v", 5.0, 20.0, "p"), 1.0), Star(1.0, Verdict("p", 5.0, 1.0, "v"), 1.0)
    stars.update({(0, 0): violet, (0, 1): violet, (0, 2): doubt})
    # pink is a piece of four stars: only violet makes the straight three a piece
    assert rows_of(stars)[0] == "vvv...."
    stars[(0, 0)] = stars[(0, 1)] = doubt  # all three in doubt: three pink stars are no piece either
    assert rows_of(stars)[0] == "vvv...."
    stars[(1, 0)] = doubt  # a fourth below: no choice of the four makes pieces (pink is an arc)
    with pytest.raises(ReadError, match="row 1 star 1: p or v.*4 stars in doubt, no choice"):
        rows_of(stars)


@pytest.mark.parametrize("layout", ["side by side", "one above the other"])
def test_a_page_of_several_challenges_is_refused_not_read_as_one(layout):
    # visolve make prints pages of six: the reader read one of their boards (a misread)
    a = painter.draw_challenge(WIZARD, pitch=40)
    b = painter.draw_challenge(Level(8, ("rr.....", "rr....", ".......", "......"), "8.png"), pitch=40)
    page = np.hstack([a, b]) if layout == "side by side" else np.vstack([a, b])
    with pytest.raises(ReadError, match="at least 2 IQ Stars boards in one picture"):
        read(page, "page.png")


def test_the_probe_sees_a_tray_of_standing_pieces_but_not_noise():
    # a dark tray without drawn stars is looked at for piece tops (9 of 10 tray scenes of seed 0)
    from visolve.testing.scenes import scene_case

    noise = np.random.default_rng(0).integers(0, 255, (600, 900, 3), dtype=np.uint8)
    assert FAMILY.probe(noise) == 0.0
    assert FAMILY.probe(scene_case("iq-stars", 3, 0).image) > 0  # scenes/tray/61: pieces, no drawing


def test_a_coloured_star_whose_points_are_half_navy_is_refused():
    # scene 83 of seed 0: a lattice half a star off read the tips of two pieces as wizard stars
    from visolve.puzzles.iq_stars.colours import Verdict
    from visolve.puzzles.iq_stars.symbols import Star, symbol_of

    blue = Verdict("b", 3.0, 30.0, "v")
    assert symbol_of((0, 1), Star(1.0, blue, 1.0, arms=0.9)) == "b"
    with pytest.raises(ReadError, match="row 1 star 2: its six points are not all one colour"):
        symbol_of((0, 1), Star(1.0, blue, 1.0, arms=0.0))


@pytest.mark.parametrize("squeeze", [0.68, 0.6])
def test_a_board_seen_foreshortened_along_its_length_is_found(squeeze):
    # a photo from 45 degrees along the board (or a board with wide margins above and below)
    # makes its outline squarer than 1.35: it was taken for no board at all
    picture = painter.draw_challenge(WIZARD, pitch=60)
    squeezed = cv2.resize(picture, None, fx=squeeze, fy=1.0, interpolation=cv2.INTER_AREA)
    assert read(squeezed, "7.png") == WIZARD


def test_a_small_board_on_a_large_desk_is_read():
    # a challenge 280 px wide on a 2000 x 1500 desk covers 1.4 % of the picture (scene 16 of
    # seed 0): under the 2 % a dark blob needs, and its edge, found on an 800 px copy, lies a
    # tenth of a star off; a lattice half a star off, turned half round, matched it better
    picture = painter.draw_challenge(WIZARD, pitch=36)
    desk = np.full((1500, 2000, 3), (60, 110, 150), np.uint8)
    h, w = picture.shape[:2]
    desk[600 : 600 + h, 800 : 800 + w] = picture
    assert read(desk, "7.png") == WIZARD


def test_a_lattice_whose_stars_cross_the_board_edge_does_not_fit():
    from visolve.puzzles.iq_stars import layout
    from visolve.puzzles.iq_stars.lattice import board_edge, margins_fit, quad_homography, turned

    quad = np.array([[100.0, 100.0], [100 + 73.6 * 10, 100], [100 + 73.6 * 10, 100 + 39.6 * 10],
                     [100, 100 + 39.6 * 10]])
    hom = quad_homography(quad)
    assert margins_fit(board_edge(hom, quad))
    # the board turned half round and moved half a star: its rows of 7 lie where rows of 6 are
    off = turned(hom) @ np.array([[1.0, 0, 0.5], [0, 1, 0], [0, 0, 1]])
    edge = board_edge(off, quad)
    assert edge[2] - (layout.BOARD_W - layout.MARGIN) < layout.STAR_R
    assert not margins_fit(edge)


@pytest.mark.parametrize("index", [34])
def test_a_board_with_wide_margins_in_a_noisy_photo_reads(index):
    # scene 34 of seed 0: the stars sit a star further in than the drawings' margin; the
    # lattice found from them matched 0.29 once aligned (under the 0.35 a lattice needs), and
    # was dropped, though one of its offsets matches 0.42 and sits on the board
    from visolve.testing.scenes import scene_case

    case = scene_case("iq-stars", index, 0)
    assert read(case.image, case.name) == case.truth[0]


def test_a_violet_with_a_large_white_middle_is_not_read_pink():
    # scene 45 of seed 0: white middles 0.62 of the star blurred into the points' samples at
    # 0.33 and turned three violet stars pink (margin 21 degrees; only the pink piece's shape
    # refused it); the colour is read further out on the points
    from visolve.testing.scenes import scene_case

    case = scene_case("iq-stars", 45, 0)
    assert read(case.image, case.name) == case.truth[0]


def test_a_star_too_weak_for_pink_is_a_doubt_between_pink_and_violet():
    # scene 11 of seed 1: a violet drawn redder than the published shades is nearer pink by its
    # colour's angle, and a lone wizard star was misread pink; its colour, on the page's light
    # level, is violet's size
    from visolve.puzzles.iq_stars.colours import NAVY_RGB, Verdict
    from visolve.puzzles.iq_stars.colours import violet_rule

    called = Verdict("p", 8.0, 10.0, "v")
    violet = (np.array([141.0, 54.0, 147.0]) - (43, 43, 70)) * 0.7  # the scene's, seen at level 0.7
    pink = (np.array([255.0, 20.0, 147.0]) - NAVY_RGB) * 0.7
    doubt = violet_rule(called, violet, 0.7)
    assert (doubt.margin, doubt.second) == (0.0, "v")
    assert violet_rule(called, pink, 0.7) == called
    assert violet_rule(called, violet, 0.0) == called  # no page: no light level to measure by


@pytest.mark.slow
def test_a_lattice_aligned_far_from_the_drawn_margin_beats_a_weaker_guess():
    # scene 74 of seed 1: the drawings' lattice aligned to 0.94 half a star from where the
    # board's edge puts it, and a guess a row off (0.36) replaced it: two orange stars were
    # read free (a misread)
    from visolve.testing.scenes import scene_case

    case = scene_case("iq-stars", 74, 1)
    assert read(case.image, case.name) == case.truth[0]
