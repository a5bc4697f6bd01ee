"""Every family has the shape docs/families.md describes: the level class in model.py, probe in probe.py."""

from importlib import import_module

import pytest

from visolve import puzzles

def _package(family) -> str:
    return family.testing.rsplit(".", 1)[0] if family.testing else f"visolve.puzzles.{family.name.replace('-', '_')}"


@pytest.mark.parametrize("family", puzzles.all_families(), ids=lambda f: f.name)
def test_the_level_class_lives_in_model(family):
    level = import_module(_package(family) + ".model").Level
    assert level.__module__ == _package(family) + ".model"


@pytest.mark.parametrize("family", puzzles.all_families(), ids=lambda f: f.name)
def test_the_probe_lives_in_probe(family):
    assert family.probe.__module__ == _package(family) + ".probe"


@pytest.mark.parametrize("family", puzzles.all_families(), ids=lambda f: f.name)
def test_read_and_its_overlay_live_in_reader(family):
    assert family.read.__module__ == _package(family) + ".reader"
    assert family.debug_overlay.__module__ == _package(family) + ".reader"


def test_placement_family_takes_the_parts_by_their_contract_names():
    from visolve.puzzles.base import count_rank, count_summary, default_final, placement_family
    from visolve.puzzles.iq_xoxo import levelfile, painter, probe, reader, solver

    family = placement_family("x", "X", "visolve.puzzles.iq_xoxo", solver.check, summary=str)
    assert (family.read, family.debug_overlay, family.probe) == (reader.read, reader.debug_overlay, probe.probe)
    assert (family.format_level, family.parse_level) == (levelfile.format_level, levelfile.parse_level)
    assert (family.solve, family.paint, family.paint_hint) == (solver.solve, painter.paint_solution, painter.paint_hint)
    assert (family.rank, family.final, family.summary) == (count_rank, default_final, str)
    assert family.testing == "visolve.puzzles.iq_xoxo.testing" and family.log_columns == ("count", "nodes", "seconds")
    assert family.verify(None, {"solved": False})


@pytest.mark.parametrize("family", puzzles.all_families(), ids=lambda f: f.name)
def test_a_plugin_states_only_what_its_modules_do_not_give(family):
    """A plugin builds its PuzzleFamily with family_from (placement_family for a counted game)."""
    from visolve.puzzles.base import count_rank

    with open(import_module(_package(family) + ".plugin").__file__, encoding="utf-8") as handle:
        text = handle.read()
    assert "PuzzleFamily(" not in text
    assert ("placement_family(" in text) == (family.rank is count_rank)


def test_iq_circuits_verify_refuses_a_board_with_a_piece_missing():
    from visolve import puzzles
    from visolve.puzzles.iq_circuit import testing

    family = puzzles.get("iq-circuit")
    level = testing.sample_levels()[0]
    solution = family.solve(level)
    assert family.verify(level, solution)
    broken = {**solution, "placements": solution["placements"][1:]}
    assert not family.verify(level, broken)


def test_family_from_takes_read_again_where_the_reader_has_one():
    from visolve.puzzles.circuit500 import reader

    assert puzzles.get("circuit500").read_again is reader.read_again
    assert puzzles.get("iq-circuit").read_again is None
