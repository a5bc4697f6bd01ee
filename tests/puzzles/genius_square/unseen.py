"""A misread found on an unseen seed's scene of The Genius Square, now refused (:mod:`tests.puzzles.unseen`)."""

from __future__ import annotations

from visolve.puzzles.genius_square import reader
from visolve.puzzles.genius_square.lastpiece import last_piece_problem
from visolve.puzzles.genius_square.reader import read
from tests.puzzles import unseen


def refused_and_was_misread(monkeypatch, seed: int, index: int, module, rule: str, off, match: str | None = None):
    """Scene ``index`` of ``seed`` is refused (its reason matching ``match``), and read wrong with
    ``module``'s ``rule`` replaced by ``off`` (the rule as it was before: never finding anything)."""
    unseen.refused_and_was_misread(monkeypatch, "genius-square", read, seed, index, module, rule, off, match)


def bare_last_place_passes(squares, rows: list[str], edition: str) -> str:
    """:func:`~visolve.puzzles.genius_square.lastpiece.last_piece_problem` as it was before seed 593
    scene 38: a board covered but for the place of the one piece it lacks passes when those squares
    read plainly empty."""
    problem = last_piece_problem(squares, rows, edition)
    return "" if "the one piece not seen" in problem else problem


def without_bare_last_place(monkeypatch) -> None:
    """The reader with :func:`bare_last_place_passes` in place of the rule: for the tests of an older
    rule that a board bare but for the grey piece's place now meets first."""
    monkeypatch.setattr(reader, "last_piece_problem", bare_last_place_passes)
