import json

from tests.conftest import shared_path
from visolve.puzzles.iq_circuit.model import (
    DELTA,
    DIR_NAMES,
    PIECES,
    Level,
    Placement,
    board_symbols,
    challenge_of,
    check_solution,
    gap_key,
    level_problems,
    mask_kind,
    opposite,
    rotate_mask,
    track_paths,
)


def test_piece_data_matches_booklet_data():
    data = json.loads(shared_path("iq-circuit", "pieces.json").read_text())
    assert len(data["pieces"]) == len(PIECES)
    for p in data["pieces"]:
        piece = PIECES[p["id"]]
        assert piece.code == p["code_name"]
        assert len(piece.faces) == len(p["sides"])
        for side in p["sides"]:
            want = sorted(
                (c["x"], c["y"], sum(1 << DIR_NAMES.index(d) for d in c["connections"])) for c in side["cells"]
            )
            assert sorted(piece.faces[side["side"]].cells) == want, (piece.code, side["side"])
            assert piece.faces[side["side"]].has_dot == side["has_point"]


def test_piece_set_covers_the_board():
    assert sum(p.size for p in PIECES) == 32
    assert sum(1 for p in PIECES if p.faces[0].has_dot) == 8


def test_rotation_follows_booklet_convention():
    # LINE2_1 face 0 turned once: dot at the anchor, track going down
    cells = Placement(0, 0, 3, 1, 1).cells()
    assert cells[0] == (3, 1, 0b0010)
    assert cells[1][:2] == (3, 2)
    assert rotate_mask(0b0001, 1) == 0b0010
    assert mask_kind(0b0101) == "line" and mask_kind(0b0011) == "bend"


def test_check_solution_and_loops():
    # a tiny hand-made check: a closed loop is reported
    symbols = ("r7......", "LJ......", "........", "........")
    paths, loops = track_paths(symbols)
    assert loops and not paths
    symbols = (">-<.....", "........", "........", "........")
    paths, loops = track_paths(symbols)
    assert len(paths) == 1 and not loops


def test_challenge_of_a_board_hides_what_the_kind_hides():
    import random

    from visolve.puzzles.iq_circuit.solver import random_board

    board = random_board(random.Random(3))
    symbols = board_symbols(board)
    expert = challenge_of(board, "expert")
    assert expert.grid == symbols
    wizard = challenge_of(board, "wizard")
    assert set("".join(wizard.grid)) <= {"?", "o"}
    dot_pieces = [pl.piece for pl in board if PIECES[pl.piece].faces[pl.face].has_dot]
    master = challenge_of(board, "master", keep=dot_pieces[:2])
    assert len(master.pieces) == 2
    for lv in (expert, wizard, master):
        assert not level_problems(lv)
        assert check_solution(lv, board) == []


def test_level_problems_reports_overlap():
    lv = Level(1, "master", ("?" * 8,) * 4, (Placement(2, 0, 0, 0, 0), Placement(3, 0, 1, 0, 0)))
    assert any("overlap" in p for p in level_problems(lv))


def test_a_gap_has_one_name_from_either_cell_beside_it():
    for d, (dx, dy) in enumerate(DELTA):
        assert gap_key(3, 2, d) == gap_key(3 + dx, 2 + dy, opposite(d))
    assert gap_key(3, 2, 0) == (3, 2, 0) and gap_key(3, 2, 1) == (3, 2, 1)
    assert gap_key(0, 0, 2) == (-1, 0, 0)  # off the board: named all the same
