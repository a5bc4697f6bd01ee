"""The randomized scenes (visolve.testing.scenes): deterministic, truthful, varied, and not our painters."""

from __future__ import annotations

import ast
from pathlib import Path

import cv2
import numpy as np
import pytest

from visolve.puzzles.base import Case
from visolve.puzzles.genius_square import model as gs_model
from visolve.puzzles.genius_square.board import is_legal_roll
from visolve.puzzles.iq_stars.model import solve_challenge as stars_solve
from visolve.puzzles.iq_xoxo.model import solve_challenge as xoxo_solve
from visolve.testing import scenes
from visolve.testing.scenes import genius, ink, render, stars, xoxo

PACKAGE = Path(scenes.__file__).parent


@pytest.fixture(autouse=True)
def small_pictures(monkeypatch):
    """Scenes of 0.3-0.6 MP: the same drawing at a size the tests afford (the view test asks for its own)."""
    monkeypatch.setattr(render, "MEGAPIXELS", (0.3, 0.6))


def _imports(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names |= {f"{node.module}.{a.name}" for a in node.names}
    return names


def test_no_painter_is_imported():
    """No module of the package imports a family's drawing code, nor its testing module (which does)."""
    files = sorted(PACKAGE.glob("*.py"))
    assert len(files) >= 6
    for path in files:
        for name in _imports(path):
            parts = name.split(".")
            if parts[:2] == ["visolve", "puzzles"]:
                last = parts[-1]
                assert not last.startswith("painter"), f"{path.name} imports {name}"
                banned = ("draw", "box_draw", "drawing", "testing", "draw_page", "draw_board", "draw_challenge")
                assert last not in banned, f"{path.name} imports {name}"


@pytest.mark.parametrize("family", scenes.FAMILIES)
def test_same_seed_same_picture(family):
    a = scenes.scene_case(family, 3, 11)
    b = scenes.scene_case(family, 3, 11)
    assert a.name == b.name and a.truth == b.truth
    assert np.array_equal(a.image, b.image)


@pytest.mark.parametrize("family", scenes.FAMILIES)
def test_pictures_are_phone_sized_and_named_for_their_truth(family):
    case = scenes.scene_case(family, 0, 5)
    assert case.image.dtype == np.uint8 and case.image.ndim == 3
    assert all(level.source == case.name for level in case.truth)


def test_circuit_truth_is_a_challenge_and_is_drawn_upright():
    from visolve.puzzles.iq_circuit.model import level_problems
    from visolve.puzzles.iq_circuit.solver import solve
    from visolve.testing.scenes import circuit

    kind, img, level = circuit.scene(np.random.default_rng(6), 0.0)
    assert level_problems(level) == [] and solve(level)["solved"]
    if kind.startswith("drawn"):
        assert img.shape[1] > img.shape[0]  # never turned: the board has no way up of its own


def test_unknown_family_is_refused():
    with pytest.raises(ValueError, match="no scenes"):
        list(scenes.cases("circuit500", 1, 0))


def test_genius_truth_is_a_roll_and_pieces_of_a_solution():
    for i in range(6):
        level = genius.random_scene_level(np.random.default_rng([2, i]), f"roll-{i}")
        assert is_legal_roll(level.blockers)
        covered = [sq for _p, cells in level.pieces for sq in cells]
        assert len(covered) == len(set(covered)) and not set(covered) & set(level.blockers)
        for piece, cells in level.pieces:
            want = len(gs_model.PIECE_DATA[int(piece) - 1][2])
            assert len(cells) == want


def test_genius_names_stand_where_the_edition_prints_them():
    # Happy Puzzle: letters down the left name rows; SmartGames: letters across the top name columns
    assert genius.spot("E1", "happy-puzzle") == (4, 0)
    assert genius.spot("E1", "smartgames") == (0, 4)


def test_genius_blocker_discs_are_drawn_on_their_squares():
    """The picture's top view (no camera) has wood where the truth puts blockers and nowhere else."""
    rng = np.random.default_rng(4)
    for edition in ("happy-puzzle", "smartgames"):
        level = genius.make_level("x", ["A1", "C1", "B2", "E3", "A4", "F5", "A6"], edition=edition)
        style = genius.random_style(rng, edition)
        things = genius.standing_things(rng, level, style)
        left, top = style["margin"][:2]
        spots = {(round((p.base[:, 1].mean() / genius.PITCH) - top - 0.5),
                  round((p.base[:, 0].mean() / genius.PITCH) - left - 0.5)) for p in things}
        assert spots == {genius.spot(b, edition) for b in level.blockers}


def test_stars_truth_has_one_solution():
    for i in range(4):
        kind, _img, level = stars.scene(np.random.default_rng([3, i]), 0.0)
        assert stars_solve(level.rows).count == 1, kind


def test_stars_diagram_colours_where_the_truth_has_pieces():
    """In a drawn diagram (no camera) each cell's centre is white for a placed piece, coloured for a
    wizard star and the board's navy for a free cell."""
    rng = np.random.default_rng(8)
    from visolve.puzzles.iq_stars.challenges import random_challenge
    import random

    for kind in ("pieces", "wizard"):
        level = random_challenge(random.Random(kind), kind, level=1)
        img = stars.diagram(np.random.default_rng(1), level)
        # the same style again, to know where the cells are
        r_rng = np.random.default_rng(1)
        r = r_rng.uniform(18, 60)
        m = [r_rng.uniform(0.12, 1.6) * r for _ in range(4)]
        number = r_rng.random() < 0.4
        head = 1.6 * r if number else 0.0
        pad = r_rng.uniform(0.0, 0.8) * r
        for (row, k), (cx, cy) in stars.centres(r, pad + m[0], pad + head + m[1] + 0.866 * r).items():
            b, g, rr = img[int(cy), int(cx)]
            sym = level.rows[row][k]
            if sym == ".":
                assert max(b, g, rr) < 130, (row, k)
            elif sym.islower():
                assert min(b, g, rr) > 200, (row, k)
            else:
                assert min(b, g, rr) < 150 and max(b, g, rr) > 100, (row, k)
    del rng


def test_xoxo_truth_has_one_solution_and_numbers_in_order():
    kind, _img, levels, _widths = xoxo.scene(np.random.default_rng(9), 0.0)
    numbers = [lv.level for lv in levels]
    assert numbers == list(range(numbers[0], numbers[0] + len(numbers)))
    for level in levels:
        assert xoxo_solve(level.rows).count == 1, kind


def test_xoxo_widths_are_the_grids_as_seen():
    """Each challenge of a scene has its width in the picture, and it lies within the picture."""
    _kind, img, levels, widths = xoxo.scene(np.random.default_rng(9), 0.0)
    assert len(widths) == len(levels)
    assert all(0 < w < max(img.shape[:2]) for w in widths), widths


def test_xoxo_widths_follow_the_camera():
    """:func:`xoxo.widths` projects a grid's corners: a camera straight above, 1000 px focal length,
    500 mm away sees a grid 50 mm wide as 100 px, and twice as far as 50."""
    for dist, want in ((500.0, 100.0), (1000.0, 50.0)):
        view = render.View(np.diag([1000.0, 1000.0, 1.0]), np.eye(3), np.array([0.0, 0.0, -dist]), (800, 600))
        assert xoxo.widths(view, 0.0, [(0.0, 0.0)], 2.0) == pytest.approx((want,))


def test_xoxo_marks_follow_the_board():
    """A drawn challenge: an X square of a piece has ink on both diagonals, an O square a hole in the middle."""
    st = xoxo.random_style(np.random.default_rng(2))
    st["tint"] = 0.5
    level = xoxo.Level(1, ("IIIII.....", "..........", "..........", "..........", ".........."))
    p = 40.0
    img = ink.canvas(int(5 * p) + 2, int(10 * p) + 2, (250, 250, 250))
    xoxo.challenge_picture(img, level, 0, 0, p, st)
    body = st["colours"]["I"]
    for c in range(5):
        centre = img[int(p / 2), int((c + 0.5) * p)]
        light = np.abs(centre - body).sum() > 60  # the mark's tint, not the piece's own colour
        assert light == (c % 2 == 0), c  # X (row + column even) crosses the centre; O leaves it plain


def test_scenes_vary_with_the_seed():
    """Styles differ across seeds: picture sizes, editions, kinds."""
    sizes = {scenes.scene_case("iq-stars", i, 0).image.shape for i in range(4)}
    assert len(sizes) >= 3
    editions = {genius.random_scene_level(np.random.default_rng([0, i]), "x").edition for i in range(12)}
    assert editions == {"happy-puzzle", "smartgames"}
    fonts = {ink.random_font(np.random.default_rng(i)) for i in range(12)}
    assert len({f.kind for f in fonts}) == 2 and len(fonts) >= 6


def test_view_tilts_at_most_45_degrees_and_frames_the_points():
    pts = np.array([(0, 0, 0), (100, 0, 0), (100, 80, 0), (0, 80, 0)], np.float64)
    for i in range(10):
        view = render.random_view(np.random.default_rng(i), pts, megapixels=(2.0, 16.0))
        w, h = view.size
        assert 2e6 * 0.95 <= w * h <= 16e6 * 1.05
        p = view.project(pts)
        assert (p >= 0).all() and (p[:, 0] <= w).all() and (p[:, 1] <= h).all()
        axis = view.R[2]  # the camera's axis in the world
        assert np.degrees(np.arccos(abs(axis[2]))) <= 45.0 + 1e-6


def test_text_is_drawn_in_every_font():
    for i in range(8):
        m = ink.text_mask("A5", 30, ink.random_font(np.random.default_rng(i)))
        assert m.max() > 0.9 and 20 <= m.shape[0] <= 60, m.shape


def test_paste_puts_a_texture_through_its_plane():
    view = render.View(np.array([[2.0, 0, 0], [0, 2.0, 0], [0, 0, 1]]), np.eye(3), np.array([0, 0, -1.0]),
                       (100, 100))
    out = np.zeros((100, 100, 3), np.float32)
    tex = np.full((20, 20, 3), 200, np.float32)
    render.paste(out, tex, view.plane(0.0, 1.0, (5, 5)))  # world (5..25) mm -> px (10..50)
    assert out[30, 30, 0] == pytest.approx(200, abs=1)
    assert out[5, 5, 0] == 0 and out[60, 60, 0] == 0
    cv2.setNumThreads(1)


def test_xoxo_box_shows_whole_pieces_of_one_filling():
    import random

    from visolve.testing.scenes import xoxo_box

    for k in range(1, 6):
        level = xoxo_box.box_level(random.Random(k), f"scenes/box/box-{k}.jpg")
        assert level.level == k
        assert any(all(ch in (".", f[r][c]) for r, row in enumerate(level.rows) for c, ch in enumerate(row))
                   for f in xoxo.fillings())
        for letter in set("".join(level.rows)) - {"."}:
            assert sum(row.count(letter) for row in level.rows) == 5


def _eval_reader(monkeypatch, name: str):
    """``scripts/eval_reader.py`` loaded as the module ``name`` (registered: its dataclasses look
    their module up there)."""
    import importlib.util
    import sys

    path = Path(__file__).resolve().parents[2] / "scripts" / "eval_reader.py"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)
    spec.loader.exec_module(module)
    return module


def test_eval_reader_reads_scenes_and_counts_them_per_kind(capsys, monkeypatch):
    module = _eval_reader(monkeypatch, "eval_reader_for_test")
    module.main(["--puzzle", "iq-circuit", "--scenes", "2", "--seed", "1", "--runs", "1", "--synth-only"])
    out = capsys.readouterr().out
    assert "scenes (seed 1, strength 1.0): " in out and "/2 read exactly" in out
    kinds = [line for line in out.splitlines() if line.startswith("  ") and "refused" in line and "misread" in line]
    assert sum(int(line.split("/")[1].split()[0]) for line in kinds) == 2


def test_iq_stars_scene_colours_stay_nearer_their_own_piece():
    # a star drawn between orange and yellow has no one true reading: the truth must be a fact
    # of the picture (the plain jitter put 1 diagram orange in 8 nearer a yellow, 1 yellow in 8 nearer an orange)
    from visolve.testing.scenes import stars

    rng = np.random.default_rng(5)
    for letter in stars.PALETTE:
        for shade in (0, 1):
            for _ in range(60):
                lab = stars.lab_of(stars.piece_colour(rng, letter, shade))
                dist = [(float(np.linalg.norm(lab - c)), k) for k, c in stars.PUBLISHED_LAB]
                assert min(dist)[1] == letter


def test_eval_reader_times_large_pictures_apart(capsys, monkeypatch):
    # the issue's time target is for 12 MP photos: their prepare median is its own line
    module = _eval_reader(monkeypatch, "eval_reader_for_large")
    tally = module.Tally("scenes", total=3, exact=3, load=[0.01, 0.02, 0.03], read=[0.1, 0.2, 0.3],
                         sizes=[1000, 4000, 4200], megapixels=[0.8, 12.0, 13.1])
    module.report(tally)
    out = capsys.readouterr().out
    assert "prepare of the 2 pictures of 10 MP and more: median 275.0 ms" in out
    module.report(module.Tally("small", total=1, exact=1, load=[0.01], read=[0.1], sizes=[900],
                               megapixels=[0.7]))
    assert "MP and more" not in capsys.readouterr().out


def test_held_out_kinds_are_the_issue_photos():
    booklet = scenes.held_out_case("iq-xoxo", 0, 0)
    h, w = booklet.image.shape[:2]
    assert len(booklet.truth) == 12 and w / h > 1.9
    assert all(lv.source == booklet.name for lv in booklet.truth)
    solved = scenes.held_out_case("genius-square", 0, 0)
    assert solved.truth[0].edition == "happy-puzzle" and "solved-front" in solved.name
    with pytest.raises(ValueError, match="held-out"):
        scenes.held_out_case("iq-stars", 0, 0)


def test_eval_reader_counts_page_levels_by_challenge_width(capsys, monkeypatch):
    # issue 25 names "a challenge 300 px wide" as the small boards: levels are counted by width
    module = _eval_reader(monkeypatch, "eval_reader_for_widths")
    tally = module.Tally("scenes", total=1)
    case = Case("scenes/page3/page-0.jpg", np.zeros((8, 8, 3), np.uint8), ["a", "b", "c"], (150.0, 310.0, 320.0))
    tally.count_widths(["b"], case)  # a and c not read
    tally.count_widths([], Case("box.jpg", case.image, ["d"]))  # no widths known: not counted
    assert tally.widths == {0: [1, 0], 300: [2, 1]}
    module.report(tally)
    assert "by their challenge's width in the picture: 0-199 px 0/1, 300-449 px 1/2" in capsys.readouterr().out
