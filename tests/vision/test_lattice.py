import cv2
import numpy as np

from visolve.vision.geometry import map_points
from visolve.vision.lattice import find_alone, find_cell_lattice, warp_lattice
from visolve.vision.lattice_steps import (
    best_window,
    fit_homography,
    lattice_angle,
    snap_to_cells,
    straight_steps,
    walk_links,
)
from visolve.vision.light import fill_quadratic, normalise_light


def _board(cols=8, rows=4, pitch=40, cell=0.7):
    """Dark squares on grey, ``pitch`` px per cell, lattice point (0, 0) at pixel edge (0, 0)."""
    img = np.full((rows * pitch, cols * pitch, 3), 150, np.uint8)
    side = int(round(cell * pitch))
    gap = (pitch - side) // 2
    for r in range(rows):
        for c in range(cols):
            x0, y0 = c * pitch + gap, r * pitch + gap
            img[y0 : y0 + side, x0 : x0 + side] = 30
    return img


def _photo(img, hom, size):
    return cv2.warpPerspective(img, hom, size, flags=cv2.INTER_LINEAR, borderValue=(200, 190, 180))


def test_lattice_found_under_perspective():
    pitch = 40
    img = _board(pitch=pitch)
    src = np.float32([[0, 0], [320, 0], [320, 160], [0, 160]])
    dst = np.float32([[120, 90], [560, 60], [600, 330], [100, 300]])
    hom = cv2.getPerspectiveTransform(src, dst)
    photo = _photo(img, hom, (720, 420))
    dark = photo.min(axis=2) < 90
    lat = find_cell_lattice([dark], 8, 4)
    assert lat is not None and lat.found == 32
    want = map_points(hom, np.array([[0, 0], [8, 0], [8, 4], [0, 4]], np.float64) * pitch)
    assert np.abs(lat.corners() - want).max() < 2.0
    assert 45 < lat.pitch() < 65


def test_bigger_grid_is_refused():
    img = _board(cols=12, rows=8)
    dark = img.min(axis=2) < 90
    assert find_cell_lattice([dark], 8, 4) is None


def test_no_lattice_in_noise_or_blank():
    rng = np.random.default_rng(0)
    assert find_cell_lattice([rng.random((300, 400)) < 0.5], 8, 4) is None
    assert find_cell_lattice([np.zeros((300, 400), bool)], 8, 4) is None


def test_warp_lattice_gives_the_straight_view():
    pitch = 40
    img = _board(pitch=pitch)
    src = np.float32([[0, 0], [320, 0], [320, 160], [0, 160]])
    dst = np.float32([[300, 200], [1500, 260], [1450, 900], [250, 800]])  # large: shrunk first
    hom = cv2.getPerspectiveTransform(src, dst)
    photo = _photo(img, hom, (1800, 1100))
    board_to_photo = hom @ np.diag([pitch, pitch, 1.0])
    view = warp_lattice(photo, board_to_photo, 8, 4, 20, margin=0.5)
    assert view.shape[:2] == (5 * 20, 9 * 20)
    # cell (3, 2) centre is dark, the grid line between cells (3, 2) and (4, 2) is grey
    assert view[10 + 2 * 20 + 10, 10 + 3 * 20 + 10].max() < 60
    assert view[10 + 2 * 20 + 10, 10 + 4 * 20].min() > 120


def test_normalise_light_undoes_gain_and_wash():
    img = _board().astype(np.float32)
    h, w = img.shape[:2]
    gain = np.linspace(0.6, 1.3, w, dtype=np.float32)[None, :, None]
    wash = np.linspace(0.0, 0.5, h, dtype=np.float32)[:, None, None]
    seen = (img * gain) * (1 - wash) + 255 * wash
    low = (30 * gain) * (1 - wash) + 255 * wash
    high = (150 * gain) * (1 - wash) + 255 * wash
    n = normalise_light(seen, low, high)
    dark = img[..., 0] < 90
    assert np.abs(n[dark]).max() < 1e-3
    assert np.abs(n[~dark] - 1).max() < 1e-3


def test_fill_quadratic_follows_a_bump_between_known_pixels():
    # known only in the corners of 40 px cells (as the dark of the IQ Circuit
    # cells): a bump half a cell wide peaking in a gap between them is followed
    # within a few levels; averaging the known pixels around would miss it by tens
    h, w = 160, 320
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    field = 40 + 0.1 * xx + 150 * np.exp(-0.5 * (((xx - 100) / 22) ** 2 + ((yy - 60) / 30) ** 2))
    dx, dy = np.abs(xx % 40 - 19.5), np.abs(yy % 40 - 19.5)
    known = (dx >= 7) & (dx <= 11) & (dy >= 7) & (dy <= 11)
    got = fill_quadratic(np.dstack([field, 0.5 * field]), known, 14.0)
    assert got.shape == (h, w, 2)
    gaps = np.abs(got[20:140, 40:280:40, 0] - field[20:140, 40:280:40])
    assert gaps.max() < 4.0
    assert np.allclose(got[..., 1], 0.5 * got[..., 0], atol=0.5)
    # a plane is reproduced exactly, 2-D input gives 2-D output
    plane = 20 + 0.3 * xx - 0.2 * yy
    assert np.abs(fill_quadratic(plane, known, 14.0) - plane)[10:-10, 10:-10].max() < 0.5


def test_links_turned_give_the_lattice_angle_and_unit_steps():
    turn = np.radians(12)
    right = np.array([np.cos(turn), np.sin(turn)]) * 30
    down = np.array([-np.sin(turn), np.cos(turn)]) * 30
    vec = np.array([right, down, -right, right + down])  # the last one a diagonal
    theta = lattice_angle(vec)
    assert abs(np.degrees(theta) - 12) < 1e-6
    straight, unit = straight_steps(vec, theta, 18.0)
    assert straight.tolist() == [True, True, True, False]
    assert unit[:3].tolist() == [[1, 0], [0, 1], [-1, 0]]
    # one tolerance per link
    straight, _unit = straight_steps(vec, theta + np.radians(10), np.array([5.0, 15.0, 5.0, 50.0]))
    assert straight.tolist() == [False, True, False, True]


def test_walk_links_gives_cells_per_group_largest_first():
    i = np.array([0, 1, 3, 5])
    j = np.array([1, 2, 4, 0])
    steps = np.array([[1, 0], [0, 1], [0, -1], [1, 0]])  # blob 0 lies one cell right of blob 5
    groups = walk_links(7, i, j, steps)
    assert groups == [{0: (0, 0), 1: (1, 0), 5: (-1, 0), 2: (1, 1)}, {3: (0, 0), 4: (0, -1)}]
    # zero steps: just the linked groups
    assert [sorted(g) for g in walk_links(7, i, j, np.zeros((4, 2), int))] == [[0, 1, 2, 5], [3, 4]]


def test_fit_homography_and_snap_to_cells_refuse_the_stray_point():
    hom = np.array([[40.0, 5.0, 100.0], [-3.0, 38.0, 60.0], [1e-4, 2e-4, 1.0]])
    cells = np.array([(x, y) for x in range(6) for y in range(4)], np.float64)
    pts = map_points(hom, cells + 0.5)
    pts[7] += (15.0, -12.0)  # a blob well off its cell's centre
    fitted, inliers = fit_homography(cells + 0.5, pts, 3.0)
    assert not inliers[7] and inliers.sum() == len(cells) - 1
    got, close = snap_to_cells(fitted, pts, 0.3)
    assert np.array_equal(got[close], cells[close].astype(int)) and close.tolist().count(False) == 1
    exact, every = fit_homography(cells + 0.5, map_points(hom, cells + 0.5))
    assert every.all() and np.allclose(exact / exact[2, 2], hom, atol=1e-6)


def test_best_window_counts_and_takes_the_first_of_equals():
    xs = np.array([0, 1, 2, 5, 6, 5, 6])
    ys = np.array([0, 0, 0, 3, 3, 4, 4])
    assert best_window(xs, ys, 2, 2) == (4, 5, 3)
    assert best_window(xs, ys, 3, 1) == (3, 0, 0)
    assert best_window(np.array([4, 9]), np.array([2, 2]), 2, 2) == (1, 3, 1)  # smallest x0, then y0


def test_gather_counts_a_group_cut_off_by_a_hidden_column():
    # column 3 hidden (a track over it): no link crosses the gap, so the walk splits the
    # board into 12 and 16 cells; alone neither is 18 of 32, gathered they are 28
    img = _board()
    img[:, 3 * 40 : 4 * 40] = 150
    dark = img.min(axis=2) < 90
    assert find_cell_lattice([dark], 8, 4, min_found=18 / 32) is None
    lat = find_cell_lattice([dark], 8, 4, min_found=18 / 32, gather=True)
    assert lat is not None and lat.found == 28
    want = np.array([[0, 0], [320, 0], [320, 160], [0, 160]], np.float64)
    assert np.abs(lat.corners() - want).max() < 1.5


def test_gather_leaves_out_a_group_off_the_lattice():
    # the same board with its right part moved by half a cell: that group does not lie on
    # the lattice of the other, so it is not counted
    board = _board()
    board[:, 3 * 40 : 4 * 40] = 150
    img = np.full((240, 320, 3), 150, np.uint8)
    img[40:200, : 3 * 40] = board[:, : 3 * 40]
    img[60:220, 3 * 40 :] = board[:, 3 * 40 :]
    dark = img.min(axis=2) < 90
    lat = find_cell_lattice([dark], 8, 4, min_found=12 / 32, gather=True)
    assert lat is not None and lat.found in (12, 16)  # one group, never both (28)


def test_flattened_cells_need_a_longer_aspect():
    # a steep view: cells 30 x 14 px, 40 x 30 px apart (2.5 times as wide as tall once the
    # distance transform's first depth has worn their edges)
    dark = np.zeros((4 * 30 + 20, 8 * 40 + 20), bool)
    for r in range(4):
        for c in range(8):
            dark[10 + r * 30 + 8 : 10 + r * 30 + 22, 10 + c * 40 + 5 : 10 + c * 40 + 35] = True
    assert find_cell_lattice([dark], 8, 4) is None
    lat = find_cell_lattice([dark], 8, 4, max_aspect=3.0)
    assert lat is not None and lat.found == 32


def test_a_mask_of_more_blobs_than_16_bit_labels_number_is_no_lattice():
    # 122500 single-pixel blobs: more than 16-bit labels number (the large mask is labelled with
    # them, which OpenCV refuses past 65535): no lattice, and no error
    dots = np.zeros((700, 700), bool)
    dots[::2, ::2] = True
    assert find_cell_lattice([dots], 8, 4) is None


def test_or_gathered_gives_the_gathered_lattice_when_none_is_found_and_labels_once(monkeypatch):
    # the board of test_gather_counts_a_group_cut_off_by_a_hidden_column: no lattice without
    # gathering; or_gathered gives the gathered one, each mask labelled once per depth
    import visolve.vision.lattice as lattice

    img = _board()
    img[:, 3 * 40 : 4 * 40] = 150
    dark = img.min(axis=2) < 90
    gathered = find_cell_lattice([dark], 8, 4, min_found=18 / 32, gather=True)
    calls = []
    labelled = lattice._blobs
    monkeypatch.setattr(lattice, "_blobs", lambda *a, **k: calls.append(1) or labelled(*a, **k))
    lat = find_cell_lattice([dark], 8, 4, min_found=18 / 32, depths=(1.5, 2.5, 4.0), or_gathered=True)
    assert lat is not None and lat.found == gathered.found == 28
    assert np.allclose(lat.homography, gathered.homography)
    assert len(calls) == 3


def test_or_gathered_keeps_a_lattice_found_without_gathering():
    # a board whose every cell shows: the lattice found first, as without or_gathered
    img = _board()
    dark = img.min(axis=2) < 90
    plain = find_cell_lattice([dark], 8, 4)
    lat = find_cell_lattice([dark], 8, 4, or_gathered=True)
    assert lat is not None and lat.found == plain.found == 32
    assert np.array_equal(lat.homography, plain.homography)


def test_halved_depths_find_the_same_lattice():
    # depths labelled on every second pixel give the lattice of full labelling, in the mask's pixels
    pitch = 40
    img = _board(pitch=pitch)
    src = np.float32([[0, 0], [320, 0], [320, 160], [0, 160]])
    dst = np.float32([[120, 90], [560, 60], [600, 330], [100, 300]])
    photo = _photo(img, cv2.getPerspectiveTransform(src, dst), (720, 420))
    dark = photo.min(axis=2) < 90
    full = find_cell_lattice([dark], 8, 4, depths=(6.0,))
    halved = find_cell_lattice([dark], 8, 4, depths=(6.0,), halved_from=6.0)
    assert full is not None and halved is not None and halved.found == full.found == 32
    assert np.abs(halved.corners() - full.corners()).max() < 1.5


def _cells_mask(offset: float, cols=6, rows=6, pitch=40, cell=0.6, every: int = 1) -> np.ndarray:
    """A mask of a ``cols x rows`` lattice's cells, the lattice ``offset`` cells from (1, 1) cell
    down and right; ``every``: only the cells with (row + column) a multiple of it."""
    mask = np.zeros(((rows + 3) * pitch, (cols + 3) * pitch), np.uint8)
    side = int(round(cell * pitch))
    gap = (pitch - side) // 2
    for r in range(rows):
        for c in range(cols):
            if (r + c) % every == 0:
                x0, y0 = int((c + 1 + offset) * pitch) + gap, int((r + 1 + offset) * pitch) + gap
                mask[y0:y0 + side, x0:x0 + side] = 1
    return mask


def test_find_alone_finds_the_lattice_one_mask_keeps_when_the_pooled_blobs_hide_it():
    # another mask's blobs half a cell off the cells' lattice (a lenient threshold's spots where
    # the grid lines cross), pooled with the cells, stand nearer each cell than its neighbours and
    # break every link; the cells' mask alone holds the whole lattice
    clean, between = _cells_mask(0.0), _cells_mask(0.5, cols=7, rows=7, every=2)
    kw = dict(min_found=0.55, depths=(1.5,), max_error=0.2, max_angle=45.0)
    assert find_cell_lattice([clean], 6, 6, **kw).found == 36
    assert find_cell_lattice([clean, between], 6, 6, **kw) is None
    assert find_alone([between], 6, 6, **kw).found < 36  # its own checkerboard, turned 45 degrees
    lat = find_alone([between, clean], 6, 6, **kw)
    assert lat is not None and lat.found == 36
    corners = map_points(lat.homography, [(0, 0), (6, 6)])
    assert np.allclose(corners, [(40, 40), (280, 280)], atol=1.0)
