"""Photos of IQ Circuit challenges (synthetic, visolve.testing) and pictures of other things."""

import random

import cv2
import numpy as np
import pytest

from tests.conftest import shared_path
from tests.puzzles.iq_circuit.helpers import booklet_levels
from visolve.errors import NotThisPuzzle, ReadError
from visolve.puzzles.iq_circuit.painter import draw_challenge
from visolve.puzzles.iq_circuit.board_checks import whole_board_holds
from visolve.puzzles.iq_circuit.finder import PHOTO_SIDE, corners_homography, find_board_in_photo
from visolve.puzzles.iq_circuit.reader import read, read_view
from visolve.puzzles.iq_circuit.solver import random_challenge
from visolve.vision.geometry import map_points
from visolve.testing import iter_distractors, photograph

KINDS = ("expert", "master", "wizard")


def _same(a, b):
    return (a.kind, a.grid, a.pieces) == (b.kind, b.grid, b.pieces)


def _drawn(i):
    rng = random.Random(f"test-{i}")
    level = random_challenge(rng, KINDS[i % 3])
    return draw_challenge(level, pitch=rng.randint(30, 60)), level


def _frames():
    folder = shared_path("iq-circuit", "frames")
    return sorted(folder.glob("*.png"), key=lambda p: int(p.stem))


@pytest.mark.slow
def test_photos_of_drawn_challenges_read_exactly():
    # 12 photos at modest size (long side 900-1300 px), full distortion strength
    results = []
    for i in range(12):
        img, level = _drawn(i)
        photo, _h = photograph(img, np.random.default_rng([5, i]), long_side=(900, 1300))
        try:
            results.append(_same(read(photo, "photo.jpg"), level))
        except (ReadError, NotThisPuzzle):
            results.append(None)  # refused with a reason: allowed, but counted
    assert False not in results, "a photo was read without doubt but wrongly"
    assert results.count(True) >= 11, results


def test_photos_of_frames_read_exactly():
    levels = {lv.level: lv for lv in booklet_levels()}
    frames = _frames()
    results = []
    for k, path in enumerate(frames[::4]):
        photo, _h = photograph(cv2.imread(str(path)), np.random.default_rng([6, k]), long_side=(900, 1300))
        try:
            got = read(photo, path.name)
        except (ReadError, NotThisPuzzle):
            results.append(None)
            continue
        results.append(_same(got, levels[int(path.stem)]) and got.level == int(path.stem))
    assert False not in results
    assert results.count(True) >= len(results) - 1, results


def test_photo_board_found_where_the_homography_puts_it():
    img, _level = _drawn(3)
    photo, h = photograph(img, np.random.default_rng(11), long_side=1000)
    hom = find_board_in_photo(photo)
    pitch = img.shape[1] / 8
    box = np.array([[0, 0], [8, 0], [8, 4], [0, 4]], np.float64)
    want = map_points(h, box * pitch)
    got = map_points(hom, box)
    cell = np.linalg.norm(want[1] - want[0]) / 8
    assert np.abs(got - want).max() < 0.25 * cell


def test_straight_screenshot_goes_the_exact_way():
    img, level = _drawn(4)
    big = cv2.resize(img, None, fx=2.3, fy=2.3, interpolation=cv2.INTER_CUBIC)
    assert _same(read(big, "x.png"), level)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [0, 1])
def test_distractors_are_rejected(seed):
    for _label, img in iter_distractors(12, seed):
        with pytest.raises(NotThisPuzzle):
            read(img, "other.png")


def test_glare_washed_board_is_not_misread():
    # a strong white wash over part of the board must give a doubt or the right answer, never a wrong read
    img, level = _drawn(5)
    h, w = img.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    spot = np.exp(-(((xx - 0.3 * w) / (0.12 * w)) ** 2 + ((yy - 0.6 * h) / (0.25 * h)) ** 2))[..., None] * 0.7
    washed = (img * (1 - spot) + 255 * spot).astype(np.uint8)
    try:
        got = read(washed, "x.png")
    except (ReadError, NotThisPuzzle):
        return
    assert _same(got, level)


def test_small_sharp_glare_spot_between_crossings_is_followed():
    # a glare spot narrower than a cell, between grid crossings: the grey level
    # is predicted from the dense dark samples, so the washed gap is not taken
    # for a white outline (the crossings alone cannot follow such a spot)
    img, level = _drawn(7)
    h, w = img.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    spot = np.exp(-0.5 * (((xx - w / 8) / (0.04 * w)) ** 2 + ((yy - 2.5 * h / 4) / (0.08 * h)) ** 2))
    spot = spot[..., None] * 0.6
    washed = (img * (1 - spot) + 255 * spot).astype(np.uint8)
    assert _same(read(washed, "x.png"), level)


def _tinted_glare(img, centre, width, amp, tint=(210, 245, 240)):
    """``img`` washed by a round glare spot: ``centre`` and ``width`` (sigma) in cells, a tinted white."""
    h, w = img.shape[:2]
    px, py = w / 8, h / 4
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    r2 = ((xx - centre[0] * px) / (width * px)) ** 2 + ((yy - centre[1] * py) / (width * py)) ** 2
    spot = amp * np.exp(-0.5 * r2)[..., None]
    return np.clip(img * (1 - spot) + np.float32(tint) * spot + 0.5, 0, 255).astype(np.uint8)


def test_board_under_a_broad_glare_is_found():
    # a wash over half the board: the cells there are only a little darker
    # than their grey, far from any fixed level and from a share of the local
    # mean; they are found as darker than the local mean by a share of the
    # local spread, which shrinks with them
    img, level = _drawn(0)
    washed = _tinted_glare(img, (3.0, 2.0), 1.5, 0.75)
    h, w = img.shape[:2]
    box = np.array([[0, 0], [8, 0], [8, 4], [0, 4]], np.float64)
    got = map_points(find_board_in_photo(washed), box)
    assert np.abs(got - box * (w / 8, h / 4)).max() < 0.25 * w / 8
    assert _same(read(washed, "x.png"), level)


def test_strong_tinted_glare_spot_is_read():
    # a spot half a cell wide washing 85 % towards a yellowish white, over an
    # outlined piece: the dark between the cells' corners is followed by local
    # quadratic fits and the grey is predicted from it with the spot's own
    # tint, so neither the washed gaps nor the outline under the spot are misjudged
    img, level = _drawn(7)
    assert level.kind == "master"
    washed = _tinted_glare(img, (4.5, 1.5), 0.5, 0.85)
    h, w = img.shape[:2]
    hom = corners_homography(np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32))
    assert _same(read_view(washed, hom, "x.png"), level)


def test_sparse_lattice_check_follows_glare_and_refuses_shifted_windows():
    # photos of a board under a broad tinted glare, with the lattice where the
    # photo put the board: the whole-board check of a sparse lattice takes it
    # (the washed cells still have their share of the way to the glare tint
    # below their grey), and refuses the same lattice moved by a column or a row
    img, _level = _drawn(0)
    h, w = img.shape[:2]
    washed = _tinted_glare(img, (3.0, 2.0), 1.5, 0.75)
    board = corners_homography(np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32))
    for k in range(4):
        photo, hom = photograph(washed, np.random.default_rng([7, 0, k]), long_side=(900, 1300))
        scale = PHOTO_SIDE / max(photo.shape[:2])
        small = cv2.resize(photo, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        lattice = np.diag([scale, scale, 1.0]) @ hom @ board
        assert whole_board_holds(small, lattice), k
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            moved = lattice @ np.array([[1, 0, dx], [0, 1, dy], [0, 0, 1.0]])
            assert not whole_board_holds(small, moved), (k, dx, dy)


def test_board_with_many_glare_washed_cells_passes_by_the_whole_board_check():
    # a strong glare spot washes more than MAX_PALE_CELLS cells out of the
    # "dark square" look; the glare-proof whole-board check lets the board be
    # read, and still refuses the lattice moved one column off the board
    img, level = _drawn(2)
    h, w = img.shape[:2]
    washed = _tinted_glare(img, (3.0, 1.0), 1.5, 0.85)
    photo, hom = photograph(washed, np.random.default_rng([8, 2, 4]), long_side=(900, 1300))
    lattice = hom @ corners_homography(np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32))
    assert _same(read_view(photo, lattice, "x.png"), level)
    with pytest.raises((NotThisPuzzle, ReadError)):
        read_view(photo, lattice @ np.array([[1, 0, 1], [0, 1, 0], [0, 0, 1.0]]), "x.png")


def test_small_board_in_a_large_photo_found_on_a_closer_copy():
    # a board about 400 px wide, turned 35 degrees, in a 5000 x 2800 photo: its cells are
    # ~6 px apart at PHOTO_SIDE, where no lattice holds (60 px cells are found there); the
    # closer copy finds it
    img, _level = _drawn(4)
    pitch = 50
    board = cv2.resize(img, (8 * pitch, 4 * pitch), interpolation=cv2.INTER_AREA)
    frame = cv2.copyMakeBorder(board, pitch // 3, pitch // 3, pitch // 3, pitch // 3, cv2.BORDER_CONSTANT,
                               value=(235, 235, 235))
    turn = cv2.getRotationMatrix2D((0.0, 0.0), 35.0, 1.0)
    turn[:, 2] += (1400.0, 1500.0)
    photo = np.full((2800, 5000, 3), (70, 60, 150), np.uint8)
    cv2.warpAffine(frame, turn, (5000, 2800), photo, borderMode=cv2.BORDER_TRANSPARENT)
    photo = cv2.GaussianBlur(photo, (0, 0), 1.5)
    box = np.array([[0, 0], [8, 0], [8, 4], [0, 4]], np.float64)
    want = (box * pitch + pitch // 3) @ turn[:, :2].T + turn[:, 2]
    got = map_points(find_board_in_photo(photo), box)
    assert np.abs(got - want).max() < 0.25 * pitch
