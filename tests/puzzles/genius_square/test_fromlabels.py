"""A small, blurred printed board (a photographed ``visolve make`` page under glare) whose squares show
as one dark field: the grid is placed by its row and column of printed labels."""

import cv2
import numpy as np
import pytest

from visolve.errors import NotThisPuzzle, ReadError
from visolve.puzzles.genius_square import finder, fromlabels, outlined
from visolve.puzzles.genius_square.board import drawing, make_level
from visolve.puzzles.genius_square.draw import draw_board, square_box
from visolve.puzzles.genius_square.fromlabels import glyph_lines, grid_from_labels
from visolve.puzzles.genius_square.reader import read
from visolve.vision.geometry import map_points

ROLL = "A1 B2 D3 F1 F2 F5 F6".split()


def _printed(pitch: int, blur: float, rng: np.random.Generator) -> tuple[np.ndarray, list[str]]:
    """A board as a page prints it (a dark board on white paper, faint grid lines one px wide, white
    labels, wooden discs), blurred as a phone photo of the page blurs it; and its blockers."""
    side, o = 10 * pitch, 40
    img = np.full((side + 2 * o, side + 2 * o, 3), 235, np.uint8)
    cv2.rectangle(img, (o, o), (o + side, o + side), (40, 40, 40), -1)
    g0 = o + 2 * pitch
    for k in range(7):
        cv2.line(img, (g0 + k * pitch, g0), (g0 + k * pitch, g0 + 6 * pitch), (62, 62, 62), 1)
        cv2.line(img, (g0, g0 + k * pitch), (g0 + 6 * pitch, g0 + k * pitch), (62, 62, 62), 1)
    for k in range(6):
        for text, x, y in ((str(k + 1), g0 + k * pitch + pitch // 2, g0 - pitch // 3),
                           ("ABCDEF"[k], g0 - pitch * 2 // 3, g0 + k * pitch + pitch // 2)):
            (tw, th), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_DUPLEX, pitch / 40, 2)
            cv2.putText(img, text, (x - tw // 2, y + th // 2), cv2.FONT_HERSHEY_DUPLEX, pitch / 40,
                        (235, 235, 235), 2, cv2.LINE_AA)
    for name in ROLL:
        r, c = "ABCDEF".index(name[0]), int(name[1]) - 1
        cv2.circle(img, (g0 + c * pitch + pitch // 2, g0 + r * pitch + pitch // 2), int(0.4 * pitch),
                   (120, 180, 225), -1, cv2.LINE_AA)
    img = cv2.GaussianBlur(img.astype(np.float32), (0, 0), blur) + rng.normal(0, 2, img.shape)
    return np.clip(img, 0, 255).astype(np.uint8), ROLL


@pytest.mark.parametrize("seed", [0, 1])
def test_a_blurred_printed_board_is_placed_by_its_labels(monkeypatch, seed):
    """Its squares show as one dark field (the grid lines lost in the blur): the board's outline was
    the only candidate, with no labelled edge ("label ink 0"), as on photographed make pages."""
    picture, roll = _printed(30, 2.0, np.random.default_rng(seed))
    assert list(read(picture, "print.png").blockers) == roll
    monkeypatch.setattr(finder, "grid_from_labels", lambda *a: [])
    monkeypatch.setattr(outlined, "grid_from_labels", lambda *a: [])
    with pytest.raises((NotThisPuzzle, ReadError), match="no labelled edge"):
        read(picture, "print.png")


def test_the_grid_lies_between_its_labels():
    """On a drawn board, the candidate given as the board's whole outline: the grid placed by the
    labels is the drawn grid (within a tenth of a square)."""
    pitch = 30
    level = make_level("drawn", ROLL, edition="happy-puzzle", source="drawn.png")
    picture = draw_board(drawing(level), "happy-puzzle", pitch)
    h, w = picture.shape[:2]
    outline = np.array([[w / 6, 0, 0], [0, h / 6, 0], [0, 0, 1.0]])
    x0, y0 = square_box(pitch, 0, 0)[:2]
    placed = grid_from_labels(picture, outline)
    assert placed
    corners = map_points(placed[0], [(0, 0), (6, 0), (6, 6), (0, 6)])
    want = np.array([[x0, y0], [x0 + 6 * pitch, y0], [x0 + 6 * pitch, y0 + 6 * pitch], [x0, y0 + 6 * pitch]])
    assert np.abs(corners - want).max() < 0.1 * pitch


def test_a_picture_without_labels_places_no_grid():
    rng = np.random.default_rng(0)
    noise = rng.integers(0, 60, (300, 300, 3), dtype=np.uint8)
    assert grid_from_labels(noise, np.diag([50.0, 50.0, 1.0])) == []


def test_labels_lying_on_their_side_place_the_grid():
    """The candidate's outline stands turned a quarter to the print (an outline's corners are taken
    as seen, whatever way up the board lies): its glyphs, on their side, are wider than tall, and
    still place the grid."""
    pitch = 30
    level = make_level("drawn", ROLL, edition="happy-puzzle", source="drawn.png")
    upright = draw_board(drawing(level), "happy-puzzle", pitch)
    picture = cv2.rotate(upright, cv2.ROTATE_90_CLOCKWISE)
    h, w = picture.shape[:2]
    placed = grid_from_labels(picture, np.array([[w / 6, 0, 0], [0, h / 6, 0], [0, 0, 1.0]]))
    assert placed
    x0, y0 = square_box(pitch, 0, 0)[:2]
    H = upright.shape[0]  # (x, y) upright -> (H - y, x) turned clockwise
    grid = [(x0, y0), (x0 + 6 * pitch, y0), (x0 + 6 * pitch, y0 + 6 * pitch), (x0, y0 + 6 * pitch)]
    want = sorted((H - y, x) for x, y in grid)
    got = sorted(map(tuple, map_points(placed[0], [(0, 0), (6, 0), (6, 6), (0, 6)])))
    # a glyph on its side has its centre off its square's middle more than an upright one (measured
    # 0.13 of a square at a corner): the finder then moves the grid onto its lines (vision.gridfit)
    assert np.abs(np.array(got) - np.array(want)).max() < 0.15 * pitch



def test_a_run_seen_in_perspective_is_fitted():
    """Six glyphs whose steps grow 1.5 times along the row (scene 91 of seed 0: 29 to 43 px) are one
    projective run: the fit puts them back, and says where the squares beside them start and end."""
    from visolve.puzzles.genius_square.fromlabels import projective_run

    along = np.array([67.0, 96.0, 126.0, 160.0, 198.0, 241.0])
    fitted = projective_run(along)
    assert fitted is not None
    assert np.abs(fitted(np.arange(6)) - along).max() < 0.05 * np.diff(along).mean()
    # half a step out at each end: under half the first step (29 px) before, over half the last (43) after
    assert 67.0 - 14.5 < fitted(-0.5) < 67.0 - 10.0 and fitted(5.5) > 241.0 + 21.5


@pytest.mark.parametrize("along, even", [
    ([0.0, 30.0, 60.0, 90.0, 120.0, 150.0], True),
    ([67.0, 96.0, 126.0, 160.0, 198.0, 241.0], True),  # in perspective: steps 29 -> 43
    ([0.0, 30.0, 45.0, 90.0, 100.0, 150.0], False),  # uneven, not a projective run
    ([0.0, 20.0, 40.0, 60.0, 80.0, 140.0], False),  # one step three times the others
])
def test_only_even_or_projective_runs_are_rows_of_labels(along, even):
    from visolve.puzzles.genius_square.fromlabels import runs_evenly

    assert runs_evenly(np.array(along)) is even


def _column(stray: tuple[float, float] | None) -> np.ndarray:
    """Six glyphs (x, y, size) down a column 35 px apart, and a glyph-sized blob beside the second
    and third (a piece's lit edge touching the labels) when ``stray`` gives its place."""
    glyphs = [[43.0, 84.0 + 35.0 * k, 20.0] for k in range(6)]
    return np.array(glyphs + ([[*stray, 30.0]] if stray else []))


def test_a_blob_beside_the_labels_breaks_no_column():
    """Seed 2 scene 66 (refused before: "no labelled edge"): a blob 17 px beside a column of letters
    20 px high lay within the first reach across and broke the run of six; the nearer reach leaves
    it out."""
    (line,) = glyph_lines(_column(None), axis=1)
    assert np.allclose(line[:, 0], 84.0 + 35.0 * np.arange(6))
    (line,) = glyph_lines(_column((60.0, 129.0)), axis=1)
    assert np.allclose(line[:, 0], 84.0 + 35.0 * np.arange(6))


def test_the_blob_breaks_the_column_at_the_first_reach_alone(monkeypatch):
    monkeypatch.setattr(fromlabels, "LINE_REACH", fromlabels.LINE_REACH[:1])
    assert glyph_lines(_column((60.0, 129.0)), axis=1) == []


def test_seed_2_scene_66_reads_by_its_labels():
    """A SmartGames board seen at a slant, its digits 5 and 6 under the green piece and most of its
    squares covered: no lattice; the letters' column, a blob beside B and C, places the grid in the
    board's outline with the digits seen."""
    from visolve.testing.scenes import scene_case

    case = scene_case("genius-square", 66, 2)
    assert read(case.image, case.name) == case.truth[0]
