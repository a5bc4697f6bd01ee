import random

import numpy as np
import pytest

from tests.puzzles.iq_circuit.helpers import booklet_levels
from visolve.puzzles.base import SolveOptions
from visolve.puzzles.iq_circuit.model import PIECES, challenge_of
from visolve.puzzles.iq_circuit.painter import draw_challenge, paint_solution
from visolve.puzzles.iq_circuit.reader import read
from visolve.puzzles.iq_circuit.solver import random_board, solve


def _same(a, b):
    return (a.kind, a.grid, a.pieces) == (b.kind, b.grid, b.pieces)


@pytest.mark.parametrize("pitch", [30, 42, 70])
def test_drawn_random_challenges_read_back(pitch):
    rng = random.Random(pitch)
    for _ in range(8):
        board = random_board(rng)
        dot_pieces = [pl.piece for pl in board if PIECES[pl.piece].faces[pl.face].has_dot]
        keep = rng.sample(dot_pieces, min(len(dot_pieces), rng.randint(1, 4)))
        for lv in (
            challenge_of(board, "expert"),
            challenge_of(board, "wizard"),
            challenge_of(board, "master", keep=keep),
        ):
            got = read(draw_challenge(lv, pitch=pitch), "drawn.png")
            assert _same(got, lv), (lv.kind, lv.grid, got.grid, lv.pieces, got.pieces)


def test_drawn_booklet_challenges_read_back():
    for lv in booklet_levels():
        assert _same(read(draw_challenge(lv), "x.png"), lv), lv.level


def test_paint_solution_and_no_solution():
    lv = booklet_levels()[30]
    sol = solve(lv, SolveOptions())
    img = paint_solution(lv, sol)
    assert img.ndim == 3 and img.dtype == np.uint8 and img.shape[0] > 200
    none = paint_solution(lv, {"puzzle": "iq-circuit", "level": lv.level, "solved": False, "seconds": 0.0})
    assert none.shape[1] == img.shape[1]
    # the "No solution" text is drawn in red
    red = (none[:, :, 2] > 180) & (none[:, :, 1] < 80) & (none[:, :, 0] < 80)
    assert red.sum() > 200


def test_iq_circuit_examples_are_reproducible(tmp_path):
    """scripts/make_examples.py draws the committed IQ Circuit examples again, pixel for pixel."""
    import importlib.util
    import json

    import cv2
    import numpy as np

    from tests.conftest import ROOT

    listing = ROOT / "data" / "examples.jsonl"
    if not listing.exists():
        pytest.skip("data/raw examples not generated (run scripts/make_examples.py)")
    spec = importlib.util.spec_from_file_location("make_examples", ROOT / "scripts" / "make_examples.py")
    make_examples = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_examples)
    fresh = make_examples.make_iq_circuit(tmp_path)
    committed = [rec for rec in map(json.loads, listing.read_text().splitlines())
                 if rec["puzzle"] == "iq-circuit"]
    assert committed and fresh == committed
    for rec in committed:
        drawn = cv2.imread(str(ROOT / "data" / "raw" / rec["file"]))
        assert np.array_equal(drawn, cv2.imread(str(tmp_path / rec["file"])))
