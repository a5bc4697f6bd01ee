"""Genius Square test and benchmark support (the contract's ``testing`` hooks).

Never imported by the runtime.  Project levels are random rolls of the dice
(``model.DICE``), on either edition, some with pieces of one of their
solutions already placed; :func:`draw_level` draws them with the family's
own :func:`visolve.puzzles.genius_square.draw.draw_board`.  The third-party
pictures are ``../shared/genius-square/photos`` with their truth taken from
``photos.tsv``.

The game prints no level numbers: the reader names a level after the
picture's file stem, so every case is named for its level
(``drawn/roll-17.jpg`` shows level ``roll-17``).
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np

from visolve.puzzles.base import Case
from visolve.puzzles.genius_square import model
from visolve.puzzles.genius_square.board import Level, drawing, groups, make_level
from visolve.puzzles.genius_square.draw import draw_board
from visolve.tiling import Constraints

EDITIONS = ("happy-puzzle", "smartgames")
#: pixels per square of :func:`draw_level`
DRAW_PITCH = 40
#: pixels per square of the drawings :func:`synthetic_cases` photographs
PHOTO_PITCH = (34, 72)
#: at most this many pieces of a solution already placed on a random level
MAX_PLACED = 4
#: the letters the SmartGames artwork's truth (``photos.tsv``) gives its pieces
ARTWORK_PIECES = {"M": "1", "D": "2", "3": "3", "V": "4", "I": "5", "O": "6", "T": "7", "Z": "8", "L": "9",
                  "X": "#"}
_BLOCKERS = re.compile(r"blockers (?:as printed \([^)]*\): )?((?:[A-F][1-6] ){6}[A-F][1-6])")
_ROWS = re.compile(r'"((?:[A-Z0-9]{6}/){5}[A-Z0-9]{6})"')


def sample_levels() -> list[Level]:
    """Rolls on both editions, one with two pieces placed (a hint), and a SmartGames board that is no roll.

    All at the Starter level: a picture does not show the difficulty played
    (a player sets it in the level file), so a drawing reads back as Starter.
    """
    return [
        make_level("sample-1", "A5 A6 B2 D3 D5 F3 F6".split(), edition="happy-puzzle"),
        make_level("sample-2", "A3 A5 B4 C6 E2 E6 F1".split(), {"6": ["C2", "C3", "D2", "D3"], "1": ["A4"]},
                   edition="smartgames"),
        make_level("sample-3", "A2 B5 C1 D4 E5 F2 F1".split(), edition="smartgames"),
        # the SmartGames artwork's blockers as printed: no roll of the dice, still a level to solve
        make_level("sample-4", "A6 B2 B4 D2 D5 E1 F3".split(), {"1": ["A5"], "2": ["D3", "D4"]},
                   edition="smartgames"),
    ]


def draw_level(level: Level) -> np.ndarray:
    """The board as the edition it was read from draws it, :data:`DRAW_PITCH` px per square."""
    return draw_board(drawing(level), level.edition, DRAW_PITCH)


def random_roll(rng: np.random.Generator) -> list[str]:
    """The blockers of a random roll of the seven dice."""
    return [faces[int(rng.integers(len(faces)))] for faces in model.DICE]


def random_level(rng: np.random.Generator, name: str | None = None) -> Level:
    """A random roll on a random edition, with up to :data:`MAX_PLACED` pieces of a solution placed."""
    blockers = random_roll(rng)
    edition = EDITIONS[int(rng.integers(len(EDITIONS)))]
    placed = int(rng.integers(MAX_PLACED + 1)) if rng.random() < 0.5 else 0
    pieces = {}
    if placed:
        solution = model.engine().ask(Constraints(blocked=[model.square(b, edition) for b in blockers]),
                                      limit=1, keep=1).solutions[0]
        for k in rng.choice(len(solution), placed, replace=False):
            pl = solution[int(k)]
            pieces[model.PIECES[pl.piece].name] = [model.name(c, edition) for c in model.BOARD.cells_of(pl.mask)]
    name = name or f"roll-{int(rng.integers(1, 100000))}"
    return make_level(name, blockers, pieces, edition=edition)


def real_cases(shared: Path) -> list[Case]:
    """The photos and artwork of ``photos.tsv``: boards with their truth, the rest to refuse."""
    root = Path(shared) / "genius-square" / "photos"
    table = root / "photos.tsv"
    if not table.is_file():
        return []
    cases = []
    with open(table, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh, delimiter="\t"):
            image = cv2.imread(str(root / row["file"]), cv2.IMREAD_COLOR)
            if image is None:
                continue
            name = f"genius-square/photos/{row['file']}"
            level = _truth(row, name)
            cases.append(Case(name, image, None if level is None else [level]))
    return cases


def _truth(row: dict, name: str) -> Level | None:
    """The level a ``photos.tsv`` row says its picture shows (None: no board to read, or an
    empty board: no level before the roll).

    Squares are named as the board prints them (RULES.md): a board drawn in
    the truth (the board as seen) is named by the edition's labels, and must
    give the blockers the row lists when it lists them.
    """
    shows, truth = row["what it shows"], row["ground_truth"]
    edition = "smartgames" if "SmartGames" in shows else "happy-puzzle"
    stem = Path(name).stem
    rows = _ROWS.search(truth)
    found = _BLOCKERS.search(truth)
    listed = sorted(found.group(1).split()) if found else None
    if rows:
        grid = ["".join(ARTWORK_PIECES[ch] for ch in line) for line in rows.group(1).split("/")]
        level = _from_grid(stem, grid, name, edition)
        if listed is not None and sorted(level.blockers) != listed:
            raise ValueError(f"photos.tsv: {name}: the board drawn has blockers {level.blockers}, "
                             f"the row lists {listed}")
        return level
    if found and "board" in shows:
        return make_level(stem, listed, source=name, edition=edition)
    return None


def _from_grid(stem: str, grid: list[str], source: str, edition: str) -> Level:
    blockers, found = groups(grid, edition)
    pieces = {piece: parts[0] for piece, parts in found.items()}
    return make_level(stem, blockers, pieces, source=source, edition=edition)


def synthetic_cases(n: int, seed: int, strength: float = 1.0) -> Iterator[Case]:
    """``n`` phone photos of drawn random levels, turned 0, 90, 180, 270 degrees in turn."""
    for i in range(n):
        yield synthetic_case(i, seed, strength)


def synthetic_case(i: int, seed: int, strength: float = 1.0) -> Case:
    """Photo ``i`` of :func:`synthetic_cases` (random stream ``[seed, i]``)."""
    from visolve.testing import photograph

    rng = np.random.default_rng([seed, i])
    level = random_level(rng, name=f"roll-{i + 1}")
    pitch = int(rng.integers(PHOTO_PITCH[0], PHOTO_PITCH[1] + 1))
    picture = np.ascontiguousarray(np.rot90(draw_board(drawing(level), level.edition, pitch, rng), i % 4))
    photo, _h = photograph(picture, rng, strength)
    name = f"drawn/{level.level}.jpg"
    return Case(name, photo, [replace(level, source=name)])
