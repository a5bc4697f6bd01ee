"""Detection across families: a family that is unsure of a picture does not hide the one it belongs to."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from tests.conftest import json_rows

from tests.test_cli import draw, invoke, scrambled_level
from visolve import puzzles
from visolve.errors import ReadError
from visolve.puzzles.iq_circuit.testing import draw_level as draw_iq, sample_levels as iq_samples
from visolve.vision.imageio import save_image



def _unsure(_image, _source):
    raise ReadError("cell r1c1 is in doubt")


@pytest.fixture
def doubtful_family(monkeypatch):
    """A family registered first that likes every picture best, then raises ReadError on it."""
    base = puzzles.get("circuit500")
    fake = dataclasses.replace(base, name="doubtful", title="Doubtful", read=_unsure, probe=lambda _img: 1.0)
    monkeypatch.setattr(puzzles, "_FAMILIES", {"doubtful": "-", **puzzles._FAMILIES})
    monkeypatch.setitem(puzzles._loaded, "doubtful", fake)
    return fake



def test_a_read_error_of_one_family_does_not_end_detection(data, doubtful_family):
    save_image(data / "raw" / "7.png", draw_iq(dataclasses.replace(iq_samples()[0], level=7)))
    draw(data, "b.png", scrambled_level(12, 2))
    res = invoke("--prepare-all", "--data", str(data), "--json", "-j", "1")
    assert res.exit_code == 0, res.output
    assert {r["name"]: r["puzzle"] for r in json_rows(res)} == {"7.png": "iq-circuit", "b.png": "circuit500"}


def test_a_picture_no_family_reads_lists_every_reason(data, doubtful_family):
    save_image(data / "raw" / "grey.png", np.full((900, 600, 3), 128, np.uint8))
    res = invoke("--prepare-all", "--data", str(data), "--json", "-j", "1")
    assert res.exit_code == 1
    (row,) = json_rows(res)
    assert "doubtful: cell r1c1 is in doubt" in row["message"]
    for name in ("circuit500", "iq-circuit"):
        assert f"{name}:" in row["message"]


def test_an_unsure_circuit500_picture_fails_and_the_batch_reads_the_iq_circuit_one(data):
    level = scrambled_level(5, 5)
    draw(data, "smudged.png", level)
    from visolve.vision.imageio import load_image

    img = load_image(data / "raw" / "smudged.png")
    h, w = img.shape[:2]
    # a grey smear across the middle of the board: circuit500 finds its board, not that tile
    img[int(h * 0.45):int(h * 0.52), int(w * 0.3):int(w * 0.45)] = 128
    save_image(data / "raw" / "smudged.png", img)
    save_image(data / "raw" / "9.png", draw_iq(dataclasses.replace(iq_samples()[1], level=9)))
    res = invoke("--prepare-all", "--data", str(data), "--json", "-j", "1")
    assert res.exit_code == 1
    rows = {r["name"]: r for r in json_rows(res)}
    assert rows["9.png"]["ok"] and rows["9.png"]["puzzle"] == "iq-circuit"
    assert not rows["smudged.png"]["ok"] and rows["smudged.png"]["puzzle"] == "circuit500"  # unsure, not "not this puzzle"
    assert "circuit500:" in rows["smudged.png"]["message"]
