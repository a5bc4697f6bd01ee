"""The IQ Stars tray reader: photos of the tray with real pieces standing in it."""

import cv2
import numpy as np
import pytest

from tests.conftest import shared_path
from visolve.errors import NotThisPuzzle, ReadError
from visolve.puzzles.iq_stars import plastic, tray, tray_shapes, tray_tops
from visolve.puzzles.iq_stars.board import level_problems
from visolve.puzzles.iq_stars.model import PIECE_DATA

#: the product photo's pieces, read by eye (the hinge side is the top row of 7) and checked
#: against RULES.md: violet is the straight three, red the rhombus, yellow and blue the two
#: chiral fours (each as single-sided pieces allow), green turned a third of a turn
PRODUCT_ROWS = ("vvvrryy", "..brry", "..bbbyg", "...ggg")


@pytest.fixture(scope="module")
def product_photo() -> np.ndarray:
    photo = cv2.imread(str(shared_path("iq-stars", "pictures", "smartgames_product_photo_anu.jpg")))
    assert photo is not None
    return photo


def test_the_truth_is_a_possible_challenge():
    assert level_problems(PRODUCT_ROWS) == []


def test_the_product_photo_reads_exactly(product_photo):
    level = tray.read_tray(product_photo, "product.jpg")
    assert level.rows == PRODUCT_ROWS


def test_the_reader_falls_back_to_the_tray(product_photo):
    from visolve.puzzles.iq_stars.reader import read

    assert read(product_photo, "product.jpg").rows == PRODUCT_ROWS


@pytest.mark.parametrize("turn", [cv2.ROTATE_90_CLOCKWISE, cv2.ROTATE_180, cv2.ROTATE_90_COUNTERCLOCKWISE])
def test_the_photo_turned_reads_the_same(product_photo, turn):
    assert tray.read_rows(cv2.rotate(product_photo, turn)) == PRODUCT_ROWS


def test_a_mirror_image_is_never_read_as_its_mirrored_challenge(product_photo):
    # seen from above, the tray is never mirrored: the chiral pieces come out as no piece
    with pytest.raises(ReadError):
        tray.read_tray(product_photo[:, ::-1].copy(), "mirror.jpg")


def _pit_polygon(photo: np.ndarray, cell_index: int) -> tuple[np.ndarray, float]:
    """The picture outline of the free pit of board cell ``cell_index``, and the picture scale."""
    work, tops = tray_tops.find_tops(photo)
    hom, axial, members = tray_tops.fit_lattice(tops, tray.MIN_TOPS)
    white = float(np.median([np.mean(t.white) for t in members]))
    letters = [tray_tops.classify_plastic(tray_tops.balanced(t)).name for t in members]
    placed, _on, shift, _resp = tray.place_board(work, hom, axial, letters, white)
    centre = tray_tops.to_metric(placed[cell_index : cell_index + 1])[0] + shift
    angles = np.radians(np.arange(12) * 30.0)
    radius = np.where(np.arange(12) % 2 == 0, 0.6, 0.45)
    star = centre + np.stack([radius * np.cos(angles), radius * np.sin(angles)], axis=1)
    poly = cv2.perspectiveTransform(star.reshape(-1, 1, 2), hom).reshape(-1, 2)
    return poly, photo.shape[1] / work.shape[1]


def _cover_pits(photo: np.ndarray, cells) -> np.ndarray:
    covered = photo.copy()
    surface = np.median(photo[430:440, 330:380].reshape(-1, 3), axis=0)  # tray surface left of the pits
    for cell in cells:
        poly, scale = _pit_polygon(photo, cell)
        cv2.fillPoly(covered, [np.round(poly * scale).astype(np.int32)], tuple(int(v) for v in surface))
    return covered


def test_joined_free_cells_without_their_pits_are_refused_by_name(product_photo):
    # row 2 star 2, row 3 star 1 and row 4 star 1 are free and joined (CELLS order: rows of 7,
    # 6, 7, then row 4): paint their pits over with the tray's surface; three joined cells
    # could hide a whole piece (3 stars and more) whose tops were missed
    with pytest.raises(ReadError, match="row 2 star 2"):
        tray.read_rows(_cover_pits(product_photo, [8, 14, 21]))


def test_two_joined_free_cells_without_pits_cannot_hide_a_piece(product_photo):
    # row 4 stars 1 and 2 painted over: 5 of the 7 free pits seen (refused before, under
    # MIN_SEEN); a piece has 3 stars or more, and one missed in part would leave its colour
    # short of its shape, so the two are free
    assert tray.read_rows(_cover_pits(product_photo, [21, 22])) == PRODUCT_ROWS


def test_one_free_pit_unseen_among_many_seen_is_read_free(product_photo):
    # glare or a loose piece's shadow hides one free pit (scenes 41 and 67 of seed 0 were
    # refused for it): a piece there would leave its colour short of its shape, which the
    # reading's check refuses, and a whole piece missed leaves 3 or more cells unseen
    assert tray.read_rows(_cover_pits(product_photo, [20])) == PRODUCT_ROWS


def test_a_booklet_drawing_is_no_tray():
    drawing = cv2.imread(str(shared_path("iq-stars", "pictures", "anu_render_challenge.png")))
    with pytest.raises((NotThisPuzzle, ReadError)):
        tray.read_tray(drawing, "challenge.png")


def test_a_picture_without_pieces_is_not_this_puzzle():
    page = np.full((300, 400, 3), 235, np.uint8)
    cv2.rectangle(page, (50, 50), (350, 250), (60, 40, 40), -1)
    with pytest.raises(NotThisPuzzle):
        tray.read_tray(page)


def test_six_turns_are_a_whole_turn():
    cells = np.array(tray.BOARD_AXIAL)
    assert np.array_equal(tray.rotate(cells, 6), cells)
    assert not np.array_equal(tray.rotate(cells, 3), cells)


def test_the_full_board_has_one_placement_per_turn_that_fits_it():
    cells = np.array(tray.BOARD_AXIAL)
    fits = [f for f in tray.placements(cells, "r" * len(cells)) if len(f[2]) == len(cells)]
    assert len(fits) == 1 and fits[0][0] == 0 and len(fits[0][2]) == len(cells)


def test_lattice_rounding_finds_the_nearest_point():
    frac = np.array([[0.4, 0.4], [2.1, -0.9], [0.6, -0.2]])
    near = tray_tops.round_axial(frac)
    dist = np.hypot(*(tray_tops.to_metric(frac) - tray_tops.to_metric(near)).T)
    assert np.all(dist <= 1 / np.sqrt(3) + 1e-9)


@pytest.mark.parametrize("letter", sorted(plastic.PLASTIC))
def test_every_plastic_shade_calls_its_colour(letter):
    for shade in plastic.PLASTIC[letter]:
        verdict = tray_tops.classify_plastic(np.array(shade))
        assert verdict.name == letter


def test_the_tray_probe_sees_the_pieces_and_not_a_plain_page(product_photo):
    assert tray_tops.probe_tray(product_photo) > 0
    page = np.full((300, 400, 3), 235, np.uint8)
    cv2.rectangle(page, (50, 50), (350, 250), (60, 40, 40), -1)
    assert tray_tops.probe_tray(page) == 0


def test_a_drawn_dark_piece_is_never_read_as_free_pits():
    # randomized scene 87 of seed 0 draws a challenge with dark green stars the tray reader
    # finds no tops on; darker than the navy board in grey, they are lighter in green, so
    # they are no pits: it once read them as free cells (a misread)
    from visolve.testing.scenes import scene_case

    case = scene_case("iq-stars", 87, 0)
    try:
        rows = tray.read_rows(case.image)
    except (NotThisPuzzle, ReadError):
        return
    assert rows == case.truth[0].rows


def test_a_drawing_keeps_its_own_reason_when_both_readers_refuse():
    # the tray reader finds a drawing's placed pieces as tops but no pits: the drawn-board
    # reader's reason is the one to give
    drawing = cv2.imread(str(shared_path("iq-stars", "pictures", "anu_render_challenge.png")))
    first = ReadError("row 2 star 1: r or v? (the drawn board's reason)")
    with pytest.raises(ReadError, match="the drawn board's reason"):
        tray.read_after(drawing, "challenge.png", first)


def test_a_tray_cell_reason_wins_over_no_drawn_board(product_photo):
    covered = _cover_pits(product_photo, [8, 14, 21])  # three joined free pits unseen: refused
    with pytest.raises(ReadError, match="row 2 star 2"):
        tray.read_after(covered, "covered.jpg", NotThisPuzzle("no dark board"))


def test_a_drawn_board_whose_stars_cannot_be_called_keeps_its_reason(product_photo):
    # scene 48 of seed 0: a photographed drawing whose lattice was found and a star was red or
    # pink; the tray reader saw its drawn stars as pits and named a cell "neither a piece nor
    # a free pit", which is not what failed
    covered = _cover_pits(product_photo, [8, 14, 21])  # three joined free pits unseen: refused
    first = tray.DrawnStarsError("row 1 star 4: r or p? (the drawn board's reason)")
    with pytest.raises(ReadError, match="the drawn board's reason"):
        tray.read_after(covered, "covered.jpg", first)


def test_a_tray_the_drawn_lattice_fits_the_wrong_way_up_is_read_as_the_tray():
    # randomized scene 21 of seed 3: a tray photo whose star pits the drawn board's lattice
    # matched 0.39 one way up and 0.36 as its twin (turned half round, half a star over); it
    # read the twin, every piece turned (a misread, then refused as reading two ways); the
    # tray reader places it by its pits and tops: its reading is the one
    from visolve.testing.scenes import scene_case

    from visolve.puzzles.iq_stars.reader import read

    case = scene_case("iq-stars", 21, 3)
    assert tray.read_tray(case.image, case.name) == case.truth[0]
    assert read(case.image, case.name).rows == case.truth[0].rows


def test_a_weak_drawn_board_is_given_up_for_a_tray_only_when_it_is_the_trays_twin(monkeypatch):
    from visolve.puzzles.iq_stars import reader
    from visolve.puzzles.iq_stars.board import Level, twins

    on_tray = ("..bb...", "..bo..", "...boo.", "......")
    drawn = Level(1, twins(on_tray)[0])
    monkeypatch.setattr(reader, "read_tray", lambda _image, source: Level(1, on_tray, source))
    assert reader.tray_agrees(None, "", drawn).rows == on_tray
    assert reader.tray_agrees(None, "", Level(1, on_tray)).rows == on_tray
    other = Level(1, ("..bb...", "..bo..", "...boo.", ".....v"))
    with pytest.raises(ReadError, match="reads two ways"):
        reader.tray_agrees(None, "", other)
    assert reader.tray_agrees(None, "", drawn, tried=ReadError("no tray")) is drawn



def test_a_lattice_left_with_two_tops_is_no_lattice():
    # randomized scene 11 of seed 2 (a drawing): a seed triangle grew to two tops, and fitting an
    # affine map to two points crashed the reader (cv2.error) instead of giving up that triangle
    assert tray_tops._model(np.array([[0, 0], [1, 0]]), np.array([[5.0, 5.0], [25.0, 5.0]])) is None


def test_a_plain_tray_is_read_without_the_drawn_boards_search(monkeypatch):
    # the drawn board's lattice search costs up to 0.5 s on a 12 MP tray photo before the tray
    # reader gets its turn: a picture with piece tops and no drawn board goes to the tray first
    # (randomized scene 3 of seed 0: a tray on a dark table)
    from visolve.puzzles.iq_stars import reader
    from visolve.puzzles.iq_stars.probe import tray_without_drawing
    from visolve.testing.scenes import scene_case

    case = scene_case("iq-stars", 3, 0)
    assert case.name.startswith("scenes/tray/") and tray_without_drawing(case.image)

    def searched(*_args, **_kw):
        raise AssertionError("the drawn board was searched")

    monkeypatch.setattr(reader, "_drawn_board", searched)
    assert reader.read(case.image, case.name) == case.truth[0]


def test_a_tray_in_a_light_page_hole_keeps_the_drawn_boards_turn(product_photo):
    # the product photo's tray is a hole in its light background, as a printed page round a
    # drawn board is: such a picture is not taken for a plain tray (the drawn board goes first)
    from visolve.puzzles.iq_stars.probe import tray_without_drawing

    assert not tray_without_drawing(product_photo)


def test_a_drawing_is_not_taken_for_a_plain_tray():
    from visolve.puzzles.iq_stars.probe import tray_without_drawing

    drawing = cv2.imread(str(shared_path("iq-stars", "pictures", "anu_render_challenge.png")))
    assert not tray_without_drawing(drawing)


def test_pale_tops_under_glare_are_found():
    # randomized scene 17 of seed 3: glare pales the violet piece's rings under the white
    # threshold, so its three white middles join the glared tray in one blob too large for a
    # middle; they are looked for again inside it
    from visolve.testing.scenes import scene_case

    case = scene_case("iq-stars", 17, 3)
    _work, tops = tray_tops.find_tops(case.image)
    colours = [tray_tops.classify_plastic(tray_tops.balanced(t)).name for t in tops]
    assert colours.count("v") == 3 and len(tops) == 10


def _navy_surfaces(gain: np.ndarray, veil_amount: np.ndarray) -> np.ndarray:
    """Channel surfaces ``(3, h, w)`` of a navy tray under a light ``gain`` and a glare veil."""
    navy = np.array([68.0, 44.0, 44.0])[:, None, None]  # BGR
    return navy * gain[None] * (1 - veil_amount[None] / 255.0) + veil_amount[None]


def test_the_glare_veil_is_measured_and_light_alone_is_no_glare():
    from visolve.puzzles.iq_stars import tray_glare

    gain = np.linspace(0.7, 1.4, 40 * 40).reshape(40, 40)  # uneven light, no glare
    pits = np.zeros((40, 40), bool)
    pits[::4, ::4] = True
    amount, glared = tray_glare.veil(_navy_surfaces(gain, np.zeros((40, 40))), pits, 240.0)
    assert not glared.any() and not amount.any()
    spot = np.zeros((40, 40))
    spot[20:, 20:] = 90.0  # a glare spot on one corner
    amount, glared = tray_glare.veil(_navy_surfaces(gain, spot), pits & (spot == 0), 240.0)
    assert glared[20:, 20:].all() and not glared[:20, :20].any()
    assert np.allclose(amount[20:, 20:], 90.0, atol=1.0)


@pytest.mark.parametrize("index", [9, 51])
def test_free_pits_under_glare_are_seen(index):
    # randomized scenes 9 and 51 of seed 0: a glare spot on the tray flattens its free pits
    # (contrast 0.02-0.05 there, so their cells were "neither a piece nor a free pit", or two
    # placements fitted as well); with the glare's veil taken out they are pits again
    from visolve.testing.scenes import scene_case

    case = scene_case("iq-stars", index, 0)
    assert tray.read_tray(case.image, case.name) == case.truth[0]


def test_a_loose_piece_on_the_lattice_does_not_bend_it():
    # randomized scene 75 of seed 0: a pink piece lying on the table beside the tray lines up
    # with the tops' lattice; fitted through it too, the lattice put the far free pits off
    # their pits (5 unseen); the board is placed again on its own tops' lattice
    from visolve.testing.scenes import scene_case

    case = scene_case("iq-stars", 75, 0)
    assert tray.read_tray(case.image, case.name) == case.truth[0]


def test_small_light_spots_do_not_hide_the_tops_neighbours():
    # randomized scene 5 of seed 1: a small tray whose pieces' sides show small white spots
    # between the tops; as each top's nearest they left no triangle of tops to grow the
    # lattice from ("the piece tops found lie on no star lattice")
    from visolve.testing.scenes import scene_case

    case = scene_case("iq-stars", 5, 1)
    assert tray.read_tray(case.image, case.name) == case.truth[0]


def test_a_loose_piece_that_ties_two_placements_is_left_off():
    # randomized scene 57 of seed 1: a pink piece lying beside the tray lines up with the
    # tops' lattice and bends it, so the free pits fit two placements about as well (-10.4
    # and -11.0); the better one placed again on its own tops' lattice leads clearly
    from visolve.testing.scenes import scene_case

    case = scene_case("iq-stars", 57, 1)
    assert tray.read_tray(case.image, case.name) == case.truth[0]


def test_the_lattice_of_whole_pieces_wins_over_a_sheared_one():
    # scene 41 of seed 2: a seed triangle of tops that are no neighbours grew a sheared lattice
    # of 19 tops (15 after the plane test, most 0.1-0.3 off it), more than the true one's 18;
    # it missed a yellow and a violet top and tied two placements
    from visolve.testing.scenes import scene_case

    case = scene_case("iq-stars", 41, 2)
    work, tops = tray_tops.find_tops(case.image)
    hom, axial, members = tray_tops.fit_lattice(tops, tray.MIN_TOPS)
    seen = cv2.perspectiveTransform(np.array([(t.x, t.y) for t in members]).reshape(-1, 1, 2),
                                    np.linalg.inv(hom)).reshape(-1, 2)
    off = np.hypot(*(seen - tray_tops.to_metric(axial)).T)
    assert len(members) >= 14 and np.median(off) < 0.05  # the board's 14 tops, 0.03 off
    assert tray.read_tray(case.image, case.name) == case.truth[0]


def _axial(letter: str, shift=(0, 0)) -> list:
    return [((x - row) // 2 + shift[0], row + shift[1]) for x, row in PIECE_DATA[letter][1]]


@pytest.mark.parametrize("letter", ["r", "o", "g", "b", "p"])
def test_a_sheared_lattice_breaks_the_pieces_shapes(letter):
    # the lattice sheared along a row holds the same tops (a homography takes up the shear),
    # but a piece's tops no longer form its shape (the straight three and yellow's hook stay
    # shapes: they are told by the other pieces)
    cells = _axial(letter)
    sheared = [(i + j, j) for i, j in cells]
    assert tray_shapes.whole_pieces(dict(enumerate(cells)), letter * 4) == len(cells)
    assert tray_shapes.whole_pieces(dict(enumerate(sheared)), letter * 4) == 0


def test_a_piece_is_whole_only_in_a_shape_of_its_own_colour():
    # seed 4 scene 57: a lime green chain of four (no triangle of mutual neighbours) grown as a
    # sheared lattice shows yellow's hook, which counted whole as any piece's shape; the violet
    # three joined that lattice as exactly, and no placement held the tops as they stand
    lime = _axial("g")
    sheared = [(1, 0), (2, 0), (1, 1), (0, 2)]  # as that lattice put the four
    assert tray_shapes._shape(sheared) in tray_shapes.PIECE_SHAPES["y"]
    assert tray_shapes.whole_pieces(dict(enumerate(lime)), "gggg") == 4
    assert tray_shapes.whole_pieces(dict(enumerate(sheared)), "gggg") == 0
    # a ring whose colour is close to yellow's too may be yellow: its hook is then whole
    assert tray_shapes.whole_pieces(dict(enumerate(sheared)), "gggg", [("g", "y")] * 4) == 4


@pytest.mark.slow
@pytest.mark.parametrize("seed, i", [(4, 57), (2, 90)])
def test_trays_of_chains_grown_sheared_read(seed, i):
    # 4/57: the lime chain above; 2/90: a lime piece and an orange chain of three, refused for
    # two placements tied, each with a free cell showing no pit
    from visolve.testing.scenes import scene_case

    case = scene_case("iq-stars", i, seed)
    assert tray.read_tray(case.image, case.name) == case.truth[0]


def test_two_neighbouring_pieces_read_one_colour_are_whole():
    # scene 21 of seed 0: a yellow piece read lime green beside the green one: one group of 8
    both = _axial("r") + _axial("g", (2, 0))
    assert tray_shapes.whole_pieces(dict(enumerate(both)), "g" * 8) == 8
    line = [(i, 0) for i in range(8)]  # no two pieces make a straight eight
    assert tray_shapes.whole_pieces(dict(enumerate(line)), "g" * 8) == 0


def test_a_top_left_off_a_bent_lattice_joins_the_boards_own():
    # scene 68 of seed 5: loose pieces beside the tray bent the lattice fitted through all
    # tops and a top of the board fell off it; the board placed on its own tops' lattice took
    # it back (tray_tops.rejoin), else its cell had neither a piece nor a pit
    from visolve.testing.scenes import scene_case

    case = scene_case("iq-stars", 68, 5)
    assert tray.read_tray(case.image, case.name) == case.truth[0]


def test_a_piece_standing_apart_joins_the_lattice():
    # scene 45 of seed 5: the red piece's lattice, grown from its own triangle, put the orange
    # piece five rows away 0.3-0.5 of a step off its points (0.25 allowed), so it stayed off
    # and two placements tied; the one way of putting its tops on near points that fits one
    # lattice through all joins it (tray_join)
    from visolve.testing.scenes import scene_case

    case = scene_case("iq-stars", 45, 5)
    assert tray.read_tray(case.image, case.name) == case.truth[0]


def test_a_group_that_fits_no_way_is_left_apart():
    # tops put where no lattice point is (a third of a step off every one) are not joined
    from visolve.puzzles.iq_stars.tray_join import join_apart

    def top(x, y):
        return tray_tops.Top(float(x), float(y), 100.0, (40, 40, 220), (240, 240, 240), 1.0)

    hom = np.array([[50.0, 0, 100], [0, 50.0, 100], [0, 0, 1]])

    def tops_at(axial, off=(0.0, 0.0)):
        metric = (tray_tops.to_metric(axial) + off).reshape(-1, 1, 2)
        return [top(*p) for p in cv2.perspectiveTransform(metric, hom).reshape(-1, 2)]

    axial = np.array([(0, 0), (1, 0), (0, 1), (1, 1)])
    members = tops_at(axial)
    _hom, joined_axial, joined = join_apart(hom, axial, members, members + tops_at([(4, 0), (5, 0), (4, 1)], (0.33, 0.2)))
    assert len(joined) == 4
    _hom, joined_axial, joined = join_apart(hom, axial, members, members + tops_at([(4, 0), (5, 0), (4, 1)]))
    assert len(joined) == 7 and sorted(map(tuple, joined_axial[4:].tolist())) == [(4, 0), (4, 1), (5, 0)]
