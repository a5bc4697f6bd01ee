"""A tray cell showing a piece's white middle whose top was not found (glare washing out its
colour) takes the colour of a top beside it when the pieces' shapes allow exactly one
(``tray_pieces.call_pieces``'s ``missed``); with no top beside it, or no way, it is refused."""

import pytest

from visolve.puzzles.iq_stars import tray, tray_pieces
from visolve.puzzles.iq_stars.reader import read
from visolve.puzzles.iq_stars.tray_pieces import TrayCellError, call_pieces
from visolve.testing.scenes import scene_case
from tests.puzzles.unseen import refused_and_was_misread

#: the orange piece (three stars) on the first two rows, as (row, star) cells
ORANGE = ((0, 0), (0, 1), (1, 1))


@pytest.fixture
def named_tops(monkeypatch):
    """Tops given as their candidate colours (the colour measurement is not what is tested)."""
    monkeypatch.setattr(tray_pieces, "candidates", lambda top, _cell: top)


def test_a_missed_top_completes_the_piece_seen_beside_it(named_tops):
    tops = {ORANGE[0]: ("o",), ORANGE[1]: ("o",)}
    assert call_pieces(tops, [ORANGE[2]]) == {cell: "o" for cell in ORANGE}


def test_the_shapes_choose_among_the_colours_beside_it(named_tops):
    # violet (three in a row) whole beside it on row 2, orange short of a star: it is orange's
    tops = {ORANGE[0]: ("o",), ORANGE[1]: ("o",), (1, 2): ("v",), (1, 3): ("v",), (1, 4): ("v",)}
    got = call_pieces(tops, [ORANGE[2]])
    assert got[ORANGE[2]] == "o" and got[(1, 3)] == "v"


def test_a_missed_top_with_no_top_beside_it_is_refused(named_tops):
    with pytest.raises(TrayCellError, match="row 4 star 6: a white star like a piece's top there, but no top found"):
        call_pieces({ORANGE[0]: ("o",), ORANGE[1]: ("o",), ORANGE[2]: ("o",)}, [(3, 5)])


def test_a_missed_top_no_colour_beside_it_can_take_is_refused(named_tops):
    whole = {cell: ("o",) for cell in ORANGE}  # orange complete: a fourth star is no orange piece
    with pytest.raises(TrayCellError, match="no way to colour"):
        call_pieces(whole, [(1, 2)])


def test_a_tray_whose_glared_top_was_missed_reads(monkeypatch):
    """Seed 97 scene 20: a lamp's glare over the tray's top right washes out a top of a piece whose
    other tops are found; the cell shows a piece's white middle (it was refused naming that cell)."""
    case = scene_case("iq-stars", 20, 97)
    plain, asked = tray.call_pieces, []

    def recorded(tops, missed=()):
        asked.append(list(missed))
        return plain(tops, missed)

    monkeypatch.setattr(tray, "call_pieces", recorded)
    assert read(case.image, case.name) == case.truth[0]
    assert any(asked), "the reading settled no missed top"


def test_a_top_called_its_second_colour_beside_missed_tops_is_refused(named_tops):
    """Seed 31 scene 44 (issue 25, new unseen seed): the green piece's four tops not found; of the red
    square's tops, red or pink, two were called pink and the missed cells beside them red: a misread."""
    red = {(2, 0): ("r", "p"), (2, 1): ("r", "p"), (3, 0): ("r", "p"), (3, 1): ("r", "p")}
    missed = [(1, 0), (1, 1), (2, 2), (3, 2)]
    with pytest.raises(TrayCellError, match="its top nearest r called p by the shapes, beside white stars"):
        call_pieces(red, missed)


def test_tops_keeping_their_nearest_colour_beside_a_missed_top_read(named_tops):
    tops = {ORANGE[0]: ("o", "y"), ORANGE[1]: ("o", "y")}
    assert call_pieces(tops, [ORANGE[2]]) == {cell: "o" for cell in ORANGE}


@pytest.mark.slow
def test_seed_31_scene_44_is_refused_and_was_misread(monkeypatch):
    refused_and_was_misread(monkeypatch, "iq-stars", read, 31, 44, tray_pieces, "_second_beside_missed",
                            lambda group, way, options, missed: "", "called p by the shapes", TrayCellError)
