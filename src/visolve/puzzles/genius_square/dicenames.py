"""The edition, and so the squares' names, from the dice beside the board when the labels do not say it.

The two editions name a square as seen on the board the other way round (RULES.md): SmartGames
prints the letters across the top (a letter names a column), Happy Puzzle down the left (a letter
names a row).  When the printed labels are too small, blurred or glared to say which edge has the
letters (:func:`visolve.puzzles.genius_square.labels.edition_by_labels`), the dice lined up beside
the board still print the names of the squares their discs stand on
(:mod:`visolve.puzzles.genius_square.dice`).  Named one way the discs read on the board are the
squares the dice show; named the other way they are those squares' mirror images over the
diagonal, which the dice show only on the diagonal itself (A1, B2, ... F6 are named alike).

The board is read as each edition's, as though its labels had said it, through every check a board
goes through; :func:`named_by_dice` keeps the level whose seven blockers are a roll that the legible
faces fit (:func:`visolve.puzzles.genius_square.dice.roll_fit`) better by :data:`EDITION_LEAD` than
the same squares named the other way, with no face clearly showing another face of a die
(:func:`visolve.puzzles.genius_square.cover.against_dice`).  Nothing is guessed: fewer than
:data:`~visolve.puzzles.genius_square.cover.MIN_FACES` legible faces, no such lead, or two levels
that both have it leave the labels' refusal standing.
"""

from __future__ import annotations

from visolve.puzzles.genius_square import model
from visolve.puzzles.genius_square.board import is_legal_roll
from visolve.puzzles.genius_square.cover import LEGIBLE, MIN_FACES, against_dice
from visolve.puzzles.genius_square.dice import roll_fit

#: the editions the board is read as
EDITIONS = ("smartgames", "happy-puzzle")
#: least lead of the faces' fit (:func:`visolve.puzzles.genius_square.dice.roll_fit`, 2 a face at
#: best) of the blockers over the same squares named the other way: about two faces read plainly as
#: the one naming's squares and not the other's
EDITION_LEAD = 2.0


def legible_faces(faces: list[dict[str, float]]) -> list[dict[str, float]]:
    """The faces some square's name fits :data:`~visolve.puzzles.genius_square.cover.LEGIBLE` or
    better, at most seven, the most legible first (a die cut twice is one face)."""
    legible = sorted((s for s in faces if max(s.values()) >= LEGIBLE), key=lambda s: -max(s.values()))
    return legible[:len(model.DICE)]


def mirrored(blockers: list[str], edition: str) -> list[str]:
    """The names the other edition gives the squares ``edition`` names ``blockers``."""
    other = next(e for e in EDITIONS if e != edition)
    return [model.name(model.square(b, edition), other) for b in blockers]


def named_as(blockers: list[str], edition: str, faces: list[dict[str, float]]) -> bool:
    """Whether the dice faces seen (``faces``, as :func:`visolve.puzzles.genius_square.dice.face_scores`
    gives them) name ``blockers`` as ``edition`` names them (see the module docstring)."""
    legible = legible_faces(faces)
    return (len(legible) >= MIN_FACES and len(blockers) == len(model.DICE) and is_legal_roll(blockers)
            and not against_dice(legible, blockers)
            and roll_fit(legible, blockers) - roll_fit(legible, mirrored(blockers, edition)) >= EDITION_LEAD)


def named_by_dice(read: dict[str, list[str]], faces: list[dict[str, float]]) -> str | None:
    """Of the board's readings as each edition's (``read``: edition -> its level's blockers, as that
    edition names them; an edition whose reading gave no level left out), the one the dice name
    (:func:`named_as`); None when none or both are."""
    named = [edition for edition, blockers in read.items() if named_as(blockers, edition, faces)]
    return named[0] if len(named) == 1 else None


__all__ = ["EDITIONS", "EDITION_LEAD", "legible_faces", "mirrored", "named_as", "named_by_dice"]
