"""The IQ Stars board's rows: its twins."""

from visolve.puzzles.iq_stars.board import ROW_LENGTHS, twins


def test_a_boards_twin_is_turned_half_round_and_half_a_star_over():
    # seed 3 scene 21: the tray's reading and the drawn lattice's twin reading of it
    on_tray = ("..bb...", "..bo..", "...boo.", "......")
    assert twins(on_tray) == [(".......", "oob...", "..ob...", "..bb.."), (".......", ".oob..", "...ob..", "...bb.")]
    for twin in twins(on_tray):
        assert on_tray in twins(twin)
        assert tuple(len(row) for row in twin) == ROW_LENGTHS


def test_a_piece_at_a_rows_end_leaves_the_twin_that_would_drop_it():
    assert twins(("v......", "......", ".......", "......")) == [(".......", "......", ".......", ".....v")]
    assert twins(("vvvrryy", "..brry", "..bbbyg", "...ggg")) == []
