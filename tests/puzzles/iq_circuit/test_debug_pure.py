"""``--debug`` writes overlays and changes nothing else (issue 26, item 1).

Before, the pipeline handed its picture to every family's debug overlay,
and one of them wrote its banner into that picture in place: with --debug,
23 of the 36 IQ Circuit frames were refused ("cell (0,1) ... neither
clearly yes nor no") that read without it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import shared_path
from visolve.pipeline import RunOptions, Task, run_task

#: the frames the issue named, plus two that read with --debug even before the fix
FRAMES = ("50.png", "60.png", "80.png", "100.png", "110.png", "102.png", "106.png")


def _prepare(picture: Path, data: Path, debug: bool):
    return run_task(Task("prepare", str(picture)), RunOptions(data=data, debug=debug))


@pytest.mark.parametrize("name", FRAMES)
def test_debug_reads_the_same_level_as_without(name, tmp_path):
    picture = shared_path("iq-circuit", "frames", name)
    plain = _prepare(picture, tmp_path / "plain", debug=False)
    debug = _prepare(picture, tmp_path / "debug", debug=True)
    assert plain.ok, plain.message
    assert (debug.ok, debug.status, debug.puzzle, debug.level) == (True, plain.status, "iq-circuit",
                                                                   plain.level), debug.message
    assert debug.data["level_texts"] == plain.data["level_texts"]
    overlays = sorted(p.name for p in (tmp_path / "debug" / "logs" / "debug").iterdir())
    assert f"{Path(name).stem}.iq-circuit.png" in overlays  # the side effect itself still happens
    assert not (tmp_path / "plain" / "logs" / "debug").exists() or not any(
        (tmp_path / "plain" / "logs" / "debug").iterdir())


def _scribbling(overlay):
    """``overlay`` that first blacks out the picture it is given, in place (as a careless hook might)."""
    def hook(image, source=""):
        image[...] = 0
        return overlay(image, source)
    return hook


def test_an_overlay_that_draws_on_its_picture_changes_no_reading(tmp_path, monkeypatch):
    """Without ../shared: a drawn challenge, with every family's overlay scribbling on its input."""
    from dataclasses import replace

    from visolve import puzzles
    from visolve.puzzles.iq_circuit.testing import draw_level, sample_levels
    from visolve.vision.imageio import save_image

    picture = tmp_path / "7.png"
    save_image(picture, draw_level(sample_levels()[0]))
    plain = _prepare(picture, tmp_path / "plain", debug=False)
    families = [replace(f, debug_overlay=_scribbling(f.debug_overlay)) if f.debug_overlay else f
                for f in puzzles.all_families()]
    monkeypatch.setattr(puzzles, "all_families", lambda: families)
    debug = _prepare(picture, tmp_path / "debug", debug=True)
    assert plain.ok and plain.puzzle == "iq-circuit", plain.message
    assert debug.ok, debug.message
    assert debug.data["level_texts"] == plain.data["level_texts"]
