"""IQ XOXO test and benchmark support (the contract's ``testing`` hooks).

Never imported by the runtime.  Project challenges are made as the booklet's
are: one of the 68 fillings of the empty board (enumerated by the engine,
not read from any file), pieces revealed in a random order until the
filling is the only solution.  They are drawn by :mod:`.draw` (booklet
pages of one to four challenges, each with its number on a tab) and
photographed by :func:`visolve.testing.photograph`; a quarter of the pages
are photographed upside down.

The third-party pictures are ``../shared/iq-xoxo/photos``: the booklet page
(challenges 119 and 120, truth in ``challenges.txt``) and the solved box
(truth in ``photos.tsv``; it shows no number, so its level is the file
stem).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

from visolve.puzzles.base import Case, level_from_filename
from visolve.puzzles.iq_xoxo import model
from visolve.puzzles.iq_xoxo.board import EMPTY, ROWS
from visolve.puzzles.iq_xoxo.draw import draw_page
from visolve.puzzles.iq_xoxo.model import Level

#: pieces the sample challenges show at least
SAMPLE_PIECES = 3
#: cell pitch (px) of :func:`draw_level`
DRAW_PITCH = 40
#: cell pitches of the pages :func:`synthetic_cases` photographs
PHOTO_PITCH = (30, 60)
#: challenges on a photographed page, and side by side
PAGE_SIZES = ((1, 1), (2, 2), (2, 1), (3, 1), (4, 2))
#: how the photographed pages are shown (a booklet page is bare or printed on a
#: sheet, not on a phone screen), in turn
PHOTO_FRAMES = ("none", "page")
#: every how many-th page is photographed upside down
UPSIDE_DOWN_EVERY = 4


@lru_cache(maxsize=1)
def fillings() -> tuple[tuple[str, ...], ...]:
    """The fillings of the empty board under the X/O rule (68), as 5 strings each."""
    result = model.engine().enumerate(limit=0)
    return tuple(tuple(model.solution_grid(sol)) for sol in result.solutions)


def challenge_of(filling, order, level: int | str) -> Level:
    """The challenge showing the fewest pieces of ``filling``, revealed in ``order``, that is unique."""
    shown: list[str] = []
    for letter in order:
        shown.append(letter)
        rows = tuple("".join(ch if ch in shown else EMPTY for ch in row) for row in filling)
        if model.engine().unique(model.challenge_constraints(rows)).unique:
            return Level(level=level, rows=rows)
    raise ValueError("a full board is always unique")


def random_challenge(rng: random.Random, level: int | str) -> Level:
    """A random unique challenge of a random filling."""
    filling = rng.choice(fillings())
    order = list(model.LETTERS)
    rng.shuffle(order)
    return challenge_of(filling, order, level)


def sample_levels() -> list[Level]:
    """Three challenges showing at least :data:`SAMPLE_PIECES` pieces, numbered 1-3 (their tabs print the number).

    (An almost empty board was once read by the iq-circuit reader as an empty
    Wizard challenge; that reader now refuses a grid that runs on past its 8 x 4
    board, ``tests/puzzles/iq_circuit/test_not_xoxo.py``.)
    """
    out = []
    for i in (1, 2, 3):
        rng = random.Random(f"sample-{i}")
        level = random_challenge(rng, i)
        while len(level.pieces()) < SAMPLE_PIECES:
            level = random_challenge(rng, i)
        out.append(level)
    return out


def draw_level(level: Level) -> np.ndarray:
    """The challenge alone on a booklet page, :data:`DRAW_PITCH` px per square."""
    return draw_page([level], DRAW_PITCH, per_row=1)


def random_level(rng: np.random.Generator) -> Level:
    """A random unique challenge numbered 1-999."""
    return random_challenge(random.Random(int(rng.integers(2**62))), int(rng.integers(1, 1000)))


def shared_challenges(path: Path) -> dict[int, tuple[str, ...]]:
    """Challenge number -> rows, from ``challenges.txt`` (read in place)."""
    out, number, rows = {}, None, []
    for line in path.read_text().splitlines():
        line = line.strip()
        if line.startswith("challenge ="):
            number, rows = int(line.split("=")[1]), []
        elif number is not None and len(line) == 10 and "=" not in line:
            rows.append(line)
            if len(rows) == ROWS:
                out[number], number = tuple(rows), None
    return out


def _box_truth(tsv: Path, name: str) -> tuple[str, ...] | None:
    for line in tsv.read_text().splitlines()[1:]:
        cols = line.split("\t")
        if cols[0] == name:
            return tuple(part.strip() for part in cols[-1].split("(")[0].split("/"))
    return None


def real_cases(shared: Path) -> list[Case]:
    """The booklet page (challenges 119 and 120) and the solved box, with their truth."""
    root = Path(shared) / "iq-xoxo"
    photos, tsv = root / "photos", root / "photos" / "photos.tsv"
    if not (root / "challenges.txt").is_file() or not tsv.is_file():
        return []
    known = shared_challenges(root / "challenges.txt")
    cases = []
    page = photos / "booklet_119_120.jpg"
    image = cv2.imread(str(page), cv2.IMREAD_COLOR)
    if image is not None:
        name = f"iq-xoxo/photos/{page.name}"
        cases.append(Case(name, image, [Level(n, known[n], name) for n in (119, 120)]))
    box = photos / "box_solved.jpg"
    image, rows = cv2.imread(str(box), cv2.IMREAD_COLOR), _box_truth(tsv, box.name)
    if image is not None and rows is not None:
        name = f"iq-xoxo/photos/{box.name}"
        cases.append(Case(name, image, [Level(level_from_filename(name), rows, name)]))
    return cases


def drawn_page(i: int, seed: int) -> tuple[np.ndarray, list[Level]]:
    """Page ``i`` of ``seed``: its picture and challenges (numbers from ``i``'s own range)."""
    rng = random.Random(f"{seed}-{i}")
    n, per_row = PAGE_SIZES[i % len(PAGE_SIZES)]
    numbers = rng.sample(range(1, 121), n)
    levels = [random_challenge(rng, number) for number in numbers]
    image = draw_page(levels, rng.randint(*PHOTO_PITCH), per_row)
    if i % UPSIDE_DOWN_EVERY == UPSIDE_DOWN_EVERY - 1:
        image = cv2.rotate(image, cv2.ROTATE_180)
    return image, levels


def synthetic_cases(n: int, seed: int, strength: float = 1.0) -> Iterator[Case]:
    """``n`` phone photos of drawn booklet pages (one to four challenges each)."""
    for i in range(n):
        yield synthetic_case(i, seed, strength)


def synthetic_case(i: int, seed: int, strength: float = 1.0) -> Case:
    """Photo ``i`` of :func:`synthetic_cases`."""
    from visolve.testing import photograph

    image, levels = drawn_page(i, seed)
    frame = PHOTO_FRAMES[i % len(PHOTO_FRAMES)]
    photo, _h = photograph(image, np.random.default_rng([seed, i]), strength, frame=frame)
    name = f"photo/page_{i}.jpg"
    return Case(name, photo, [replace(level, source=name) for level in levels])


#: box photos (:func:`box_case`): pitches of the drawn box, every how many-th upside down
BOX_PITCH = (36, 70)


def box_case(i: int, seed: int, strength: float = 1.0) -> Case:
    """Photo ``i`` of a drawn box (:mod:`.box.drawing`): 0 to 10 pieces of a random filling left in the tray.

    Every :data:`UPSIDE_DOWN_EVERY`-th box is turned half round; the level is
    named from the file stem, as the box prints no number.
    """
    from visolve.puzzles.iq_xoxo.box.drawing import draw_box
    from visolve.testing import photograph

    rng = random.Random(f"box-{seed}-{i}")
    filling = rng.choice(fillings())
    letters = rng.sample(sorted(set("".join(filling))), i % (len(model.LETTERS) + 1))
    rows = tuple("".join(ch if ch in letters else EMPTY for ch in row) for row in filling)
    gen = np.random.default_rng([seed, i, 7])
    image = draw_box(Level("box", rows), rng.randint(*BOX_PITCH), gen)
    if i % UPSIDE_DOWN_EVERY == UPSIDE_DOWN_EVERY - 1:
        image = cv2.rotate(image, cv2.ROTATE_180)
    photo, _h = photograph(image, gen, strength, frame="none")
    name = f"box/box_{i}.jpg"
    return Case(name, photo, [Level(level_from_filename(name), rows, name)])


def box_cases(n: int, seed: int, strength: float = 1.0) -> Iterator[Case]:
    """``n`` photos of drawn boxes (:func:`box_case`)."""
    for i in range(n):
        yield box_case(i, seed, strength)
