"""A piece that shows no mark (issue 25, new unseen seed 337): scene page 87, a desk object's shadow
over five empty squares of board 106, their marks unclear and one square neither grey nor a piece's
colour, was read as the P pentomino (a misread).  A piece none of whose squares shows a clear X or O,
on a board whose other pieces show their marks, is now a doubt; another outline of the board reads it."""

import pytest

from visolve.puzzles.iq_xoxo import reader
from visolve.puzzles.iq_xoxo.board import COLS, ROWS, mark, square_name
from visolve.puzzles.iq_xoxo.page import upright
from visolve.puzzles.iq_xoxo.page.squares import Square
from visolve.puzzles.iq_xoxo.page.upright import unmarked_piece
from visolve.testing.scenes import scene_case

ROWS_READ = ("LLLL.IIIII",
             "L.........",
             "......PP..",
             "......PP..",
             "......P...")


def _squares(unclear: set, turned: bool = False) -> dict:
    """Every square as seen, its mark clear on the pieces' squares but ``unclear`` (level squares)."""
    out = {}
    for r in range(ROWS):
        for c in range(COLS):
            piece = ROWS_READ[r][c] != "."
            seen = (ROWS - 1 - r, COLS - 1 - c) if turned else (r, c)
            shown = "?" if (r, c) in unclear else (mark(*seen) if piece else "X")
            out[seen] = Square("piece" if piece else "empty", shown, (0.0, 0.0, 0.0), 0.3)
    return out


P_SQUARES = {(r, c) for r in range(ROWS) for c in range(COLS) if ROWS_READ[r][c] == "P"}


def test_a_piece_with_no_clear_mark_among_marked_pieces_is_a_doubt_either_way_up():
    why = unmarked_piece(_squares(P_SQUARES), ROWS_READ, True)
    assert why.startswith(f"square {square_name(2, 6)}: piece P shows no clear X or O on any of its 5 squares, the other pieces 10")
    assert "piece P" in unmarked_piece(_squares(P_SQUARES, turned=True), ROWS_READ, False)


def test_one_clear_mark_or_too_few_marks_elsewhere_is_no_doubt():
    assert unmarked_piece(_squares(P_SQUARES - {(2, 6)}), ROWS_READ, True) == ""
    few = _squares(P_SQUARES | {(0, 0)})  # 9 clear marks on the L and the I: blurred through
    assert unmarked_piece(few, ROWS_READ, True) == ""
    assert upright.MARKED_ELSEWHERE == 10


@pytest.mark.slow
def test_seed_337_page_87_reads_and_was_misread(monkeypatch):
    case = scene_case("iq-xoxo", 87, 337)
    assert reader.read(case.image, case.name) == case.truth
    monkeypatch.setattr(upright, "unmarked_piece", lambda squares, rows, up: "")
    monkeypatch.setattr("visolve.puzzles.iq_xoxo.page.reading.unmarked_piece", lambda squares, rows, up: "")
    assert reader.read(case.image, case.name) != case.truth  # the misread
