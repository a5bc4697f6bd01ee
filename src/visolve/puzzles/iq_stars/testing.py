"""IQ Stars test and benchmark support (the contract's ``testing`` hooks).

Never imported by the runtime.  Project levels are random challenges with
one solution (:mod:`.challenges`) drawn in the booklet's style by the
painter.  The third-party pictures are those of ``../shared/iq-stars/pictures``
that show a challenge or a full board, with their truth from
``pictures.tsv``.

The pictures print no level number, so the reader takes it from the file
name (:func:`visolve.puzzles.base.level_from_filename`), and every case's
truth gets its level that way from the case's name.  The table does not
tell a placed piece's star from a wizard star; in the pictures a colour
shows either its whole piece placed or wizard stars (a wizard star covered
by its piece is drawn as the piece), so a colour with as many cells as its
piece has stars is a placed piece and any other a wizard star.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import cv2
import numpy as np

from visolve.puzzles.base import Case, level_from_filename
from visolve.puzzles.iq_stars.board import SIZES
from visolve.puzzles.iq_stars.challenges import KINDS, random_challenge
from visolve.puzzles.iq_stars.model import Level
from visolve.puzzles.iq_stars.painter import draw_challenge
from visolve.puzzles.iq_stars.solver import random_filling

#: px per board unit of :func:`draw_level`
DRAW_PITCH = 60
#: px per board unit of the drawn challenges that :func:`synthetic_cases` photographs
PHOTO_PITCH = (30, 90)
#: the table's column with the cells, and the placeholder of pictures without exact cells
TSV_CELLS = 5
TABLE = "pictures.tsv"
#: the pieces the part-filled sample board shows
PART_SHOWN = "yr"


def sample_levels() -> list[Level]:
    """A pieces and a wizard challenge and a part-filled board (:data:`PART_SHOWN`
    of a random filling, several ways to finish it); sample ``i`` is level ``i``."""
    out = []
    for i, kind in enumerate(KINDS, start=1):
        out.append(random_challenge(random.Random(f"sample-{i}"), kind, level=i))
    filling = random_filling(random.Random("sample-3"))
    shown = tuple("".join(ch if ch in PART_SHOWN else "." for ch in row) for row in filling)
    out.append(Level(len(out) + 1, shown))
    return out


def draw_level(level: Level) -> np.ndarray:
    """The challenge as the booklet draws it, :data:`DRAW_PITCH` px per board unit."""
    return draw_challenge(level, pitch=DRAW_PITCH)


def random_level(rng: np.random.Generator) -> Level:
    """A random one-solution challenge of a random kind, numbered 1-999."""
    kind = KINDS[int(rng.integers(len(KINDS)))]
    return random_challenge(random.Random(int(rng.integers(2**62))), kind, level=int(rng.integers(1, 1000)))


def truth_rows(cells: str) -> tuple[str, ...] | None:
    """The table's ``row/row/row/row`` cells as level rows (see the module docstring)."""
    rows = cells.split("/")
    if len(rows) != 4:
        return None
    count = {ch: sum(r.count(ch) for r in rows) for ch in set("".join(rows)) if ch != "."}
    return tuple("".join(ch if ch == "." or count[ch] == SIZES[ch] else ch.upper() for ch in r) for r in rows)


def real_cases(shared: Path) -> list[Case]:
    """The pictures that show a challenge or a full board, and each turned half a turn.

    Case names start with the picture's place in the table: a name of
    letters only makes ``level_from_filename`` slow (see the report of
    issue 16), and the level is the name's either way.
    """
    root = Path(shared) / "iq-stars" / "pictures"
    if not (root / TABLE).is_file():
        return []
    cases, turned = [], []
    for i, line in enumerate((root / TABLE).read_text().splitlines()[1:], start=1):
        fields = line.split("\t")
        rows = truth_rows(fields[TSV_CELLS]) if len(fields) > TSV_CELLS else None
        image = cv2.imread(str(root / fields[0]), cv2.IMREAD_COLOR)
        if rows is None or image is None:
            continue
        stem = Path(fields[0]).stem
        for folder, picture, out in (("pictures", image, cases), ("turned", cv2.rotate(image, cv2.ROTATE_180), turned)):
            name = f"iq-stars/{folder}/{i:02d}-{stem}.png"
            out.append(Case(name, picture, [Level(level_from_filename(name), rows, name)]))
    return cases + turned


def drawn_challenge(i: int, seed: int) -> tuple[np.ndarray, Level]:
    """Challenge ``i`` of ``seed`` (kinds in turn, numbered ``i + 1``) drawn at a random pitch."""
    rng = random.Random(f"{seed}-{i}")
    level = random_challenge(rng, KINDS[i % len(KINDS)], level=i + 1)
    return draw_challenge(level, pitch=rng.uniform(*PHOTO_PITCH)), level


def synthetic_case(i: int, seed: int, strength: float = 1.0) -> Case:
    """Photo ``i`` of :func:`synthetic_cases`."""
    from visolve.testing import photograph

    image, level = drawn_challenge(i, seed)
    photo, _h = photograph(image, np.random.default_rng([seed, 2 * i + 1]), strength)
    name = f"drawn/{level.level}.jpg"
    return Case(name, photo, [Level(level.level, level.rows, name)])


def synthetic_cases(n: int, seed: int, strength: float = 1.0) -> Iterator[Case]:
    """``n`` phone photos of drawn one-solution challenges (pieces and wizard in turn)."""
    for i in range(n):
        yield synthetic_case(i, seed, strength)
