"""A lattice and its twin that match the outlines alike: the board's stars decide, or it is refused
(seed 18 scene 41: a photographed drawing with faint outlines read as the twin, a misread; seed 59
scene 98: the twin taken, matching 0.027 better aligned, read turned half round, a misread)."""

import numpy as np
import pytest

from visolve.puzzles.iq_stars import reader
from visolve.puzzles.iq_stars.lattice import Fit
from visolve.puzzles.iq_stars.tray import DrawnStarsError
from visolve.errors import NotThisPuzzle

ROWS = (".vrrp..", ".vrrp.", "..vpp..", "......")
TURNED = (".......", "..ppv.", "..prrv.", "..prrv")
EDGE = (0.0, 0.0, 7.36, 3.96)


def _fit(twin: bool) -> Fit:
    return Fit(np.eye(3), 0.5, 0.5, EDGE, (np.eye(3) * 2, EDGE) if twin else None)


def test_no_tied_twin_keeps_the_reading(monkeypatch):
    monkeypatch.setattr(reader, "stars_rows", lambda *_a: pytest.fail("the twin was read"))
    assert reader.twin_agrees(np.zeros((4, 4, 3), np.uint8), _fit(False), ROWS) == ROWS


def test_a_twin_that_does_not_read_or_reads_the_same_keeps_it(monkeypatch):
    def off(*_a):
        raise NotThisPuzzle("no star outlines where the lattice puts the free stars")

    monkeypatch.setattr(reader, "stars_rows", off)
    assert reader.twin_agrees(np.zeros((4, 4, 3), np.uint8), _fit(True), ROWS) == ROWS
    monkeypatch.setattr(reader, "stars_rows", lambda *_a: ROWS)
    assert reader.twin_agrees(np.zeros((4, 4, 3), np.uint8), _fit(True), ROWS) == ROWS


def test_a_twin_that_reads_otherwise_is_a_doubt_naming_both(monkeypatch):
    monkeypatch.setattr(reader, "stars_rows", lambda *_a: TURNED)
    with pytest.raises(DrawnStarsError, match=r"twin.*\.vrrp\.\./.*and \.\.\.\.\.\.\./"):
        reader.twin_agrees(np.zeros((4, 4, 3), np.uint8), _fit(True), ROWS)


def test_the_faint_photographed_drawing_is_refused_not_read_turned():
    from visolve.testing.scenes import scene_case

    case = scene_case("iq-stars", 41, 18)
    with pytest.raises(DrawnStarsError, match="lattice and its twin"):
        reader.read(case.image, case.name)


def test_a_twin_taken_by_a_little_ties_with_the_lattice_it_replaced(monkeypatch):
    from visolve.puzzles.iq_stars import lattice
    from tests.puzzles.unseen import refused_and_was_misread

    # seed 59 scene 98: the lattice found 0.546, its twin 0.572 aligned (less than TWIN_CLEAR better)
    refused_and_was_misread(monkeypatch, "iq-stars", reader.read, 59, 98, lattice, "TWIN_CLEAR", 0.0,
                            match="lattice and its twin")
