import glob

import cv2
import numpy as np
import pytest

from tests.conftest import shared_path
from tests.puzzles.iq_circuit.helpers import booklet_levels
from visolve.errors import NotThisPuzzle, ReadError
from visolve.puzzles.iq_circuit.painter import draw_challenge
from visolve.puzzles.iq_circuit.finder import find_board
from visolve.puzzles.iq_circuit.reader import debug_overlay, read


def _frames():
    folder = shared_path("iq-circuit", "frames")
    return sorted(folder.glob("*.png"), key=lambda p: int(p.stem))


def test_all_frames_read_exactly():
    levels = {lv.level: lv for lv in booklet_levels()}
    frames = _frames()
    assert len(frames) == 36
    for path in frames:
        got = read(cv2.imread(str(path)), path.name)
        want = levels[int(path.stem)]
        assert got.level == want.level
        assert got.kind == want.kind, path.name
        assert got.grid == want.grid, path.name
        assert got.pieces == want.pieces, path.name


@pytest.mark.parametrize("scale", [0.65, 1.6, 2.5])
def test_frames_read_at_other_scales(scale):
    levels = {lv.level: lv for lv in booklet_levels()}
    for path in _frames()[::5]:
        img = cv2.imread(str(path))
        img = cv2.resize(img, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR)
        got = read(img, path.name)
        want = levels[int(path.stem)]
        assert (got.kind, got.grid, got.pieces) == (want.kind, want.grid, want.pieces), path.name


def test_board_found_inside_a_larger_picture():
    lv = booklet_levels()[40]
    board = draw_challenge(lv, pitch=50, margin=0.2)
    canvas = np.full((600, 900, 3), (230, 225, 220), np.uint8)
    canvas[120 : 120 + board.shape[0], 200 : 200 + board.shape[1]] = board
    corners = find_board(canvas)
    assert abs(corners[0][0] - (200 + 10)) < 3 and abs(corners[0][1] - (120 + 10)) < 3
    got = read(canvas, "x.png")
    assert (got.kind, got.grid, got.pieces) == (lv.kind, lv.grid, lv.pieces)
    assert debug_overlay(canvas, "x.png").shape == canvas.shape


def test_level_number_from_file_name():
    lv = booklet_levels()[60]
    img = draw_challenge(lv)
    assert read(img, "shots/level 109.png").level == 109
    assert read(img, "my_board.png").level == "my_board"


def test_not_this_puzzle():
    with pytest.raises(NotThisPuzzle):
        read(np.zeros((400, 300, 3), np.uint8), "black.png")
    with pytest.raises(NotThisPuzzle):
        read(np.full((200, 400, 3), 128, np.uint8), "grey.png")
    rng = np.random.default_rng(1)
    with pytest.raises(NotThisPuzzle):
        read(rng.integers(0, 255, (300, 500, 3), dtype=np.uint8), "noise.png")


@pytest.mark.slow
def test_circuit500_screenshots_are_rejected():
    folder = shared_path("circuit500")
    files = sorted(f for f in glob.glob(str(folder / "**" / "*.*"), recursive=True) if f.lower().endswith((".png", ".jpg")))
    if not files:
        pytest.skip("no circuit500 pictures")
    for f in files[:: max(1, len(files) // 12)]:
        with pytest.raises(NotThisPuzzle):
            read(cv2.imread(f), f)


def test_doubtful_cell_is_a_read_error_naming_it():
    lv = booklet_levels()[1]  # level 50, expert
    img = draw_challenge(lv, pitch=42)
    # smear half a dot: cell (4,0) holds a dot in level 50
    cx, cy = 4 * 42 + 21, 21
    img[cy - 12 : cy, cx - 12 : cx + 12] = (32, 31, 35)
    with pytest.raises(ReadError) as err:
        read(img, "50.png")
    assert "(4,0)" in str(err.value)


def test_track_off_the_board_is_no_doubt():
    from visolve.puzzles.iq_circuit.reader import CellScores, cell_symbol

    # a dot in the bottom-left corner cell whose rim reaches the arm patches
    # pointing off the board: no track can leave the board, so no doubt there
    rim = CellScores(centre=1.0, dot=1.0, arms=(0.0, 0.33, 0.33, 0.0))
    assert cell_symbol(rim, 0, 3) == "o"
    # the same weak score towards a neighbour on the board stays a doubt
    with pytest.raises(ReadError):
        cell_symbol(CellScores(centre=1.0, dot=1.0, arms=(0.33, 0.0, 0.0, 0.0)), 0, 3)
    # and a clear track off the board is an error, not ignored
    with pytest.raises(ReadError):
        cell_symbol(CellScores(centre=1.0, dot=1.0, arms=(0.0, 0.0, 0.9, 0.0)), 0, 3)


def test_a_page_of_several_challenges_is_refused_not_read_as_one():
    # visolve make prints pages of six: the reader read the largest board (a misread)
    from visolve.errors import SeveralBoards
    from visolve.puzzles.iq_circuit.testing import draw_level, sample_levels

    a, b = (draw_level(level) for level in sample_levels()[:2])
    h = max(a.shape[0], b.shape[0])
    pad = lambda img: np.pad(img, ((0, h - img.shape[0]), (0, 40), (0, 0)), constant_values=255)  # noqa: E731
    with pytest.raises(SeveralBoards, match="at least 2 IQ Circuit boards"):
        read(np.hstack([pad(a), pad(b)]), "page.png")


def test_a_grey_patch_beside_a_tilted_board_is_no_second_board():
    # a tilted board, which the upright search cannot fit, beside a grey patch shaped like a
    # board: the upright search took the patch for a second board and refused the picture
    from visolve.puzzles.iq_circuit.testing import draw_level, sample_levels

    level = sample_levels()[2]
    board = cv2.copyMakeBorder(draw_level(level), 30, 30, 30, 30, cv2.BORDER_CONSTANT, value=(235, 235, 235))
    h, w = board.shape[:2]
    photo = np.full((h + 500, 2 * w + 300, 3), (60, 75, 60), np.uint8)
    cv2.rectangle(photo, (w + 200, 150), (w + 200 + int(0.8 * w), 150 + int(0.4 * w)), (110, 105, 100), -1)
    turn = cv2.getRotationMatrix2D((w / 2, h / 2), 9.0, 1.0)
    turn[:, 2] += (60.0, 220.0)
    cv2.warpAffine(board, turn, photo.shape[1::-1], photo, borderMode=cv2.BORDER_TRANSPARENT)
    got = read(photo, f"{level.level}.jpg")
    assert (got.kind, got.grid, got.pieces) == (level.kind, level.grid, level.pieces)


def test_the_footprint_table_holds_every_placement_on_the_board_in_order():
    from visolve.puzzles.iq_circuit import reader
    from visolve.puzzles.iq_circuit.model import HEIGHT, PIECES, WIDTH, Placement

    want: dict = {}
    for piece in PIECES:
        for face in piece.faces:
            for r in range(4):
                for x0 in range(-3, WIDTH + 3):
                    for y0 in range(-3, HEIGHT + 3):
                        pl = Placement(piece.id, face.index, x0, y0, r)
                        if pl.on_board():
                            want.setdefault(frozenset(pl.cells()), []).append(pl)
    got = reader._piece_options_by_footprint()
    assert list(got) == list(want) and all(got[k] == want[k] for k in want)
