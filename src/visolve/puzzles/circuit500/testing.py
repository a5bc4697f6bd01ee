"""circuit500 test and benchmark support (the contract's ``testing`` hooks).

Never imported by the runtime.  Levels here are the project's own: two
invented levels written out below (the example pictures of ``data/raw/``,
made by ``scripts/make_examples.py``) and random valid levels
(:func:`model.random_level`).  The third-party screenshots and photos come
from ``../shared/circuit500`` with their ``truth.jsonl``.

Case names of real pictures are their paths relative to the shared folder
(``circuit500/raw/IMG_5634.PNG``), so an evaluation can load the file again
to time decoding; the first folder below ``circuit500/`` is the set
(``raw``, ``scaled``, ``photos``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import cv2
import numpy as np

from visolve.puzzles.base import Case
from visolve.puzzles.circuit500 import model
from visolve.puzzles.circuit500.levelfile import parse_level
from visolve.puzzles.circuit500.model import Level, make_grid, parse_token
from visolve.puzzles.circuit500.painter import render_screenshot

#: the folders of ``../shared/circuit500`` read by :func:`real_cases`, in order
REAL_FOLDERS = ("raw", "scaled", "photos")
#: picture files of those folders
PICTURE_SUFFIXES = {".png", ".jpg", ".jpeg"}
#: screen size of :func:`draw_level` (an iPhone 8, not the game's base x4 size)
DRAW_SIZE = (750, 1334)

# Two invented levels (data/raw/example_01.png and example_02.png), each a
# solved board scrambled by a few taps: solvable in a few actions.
_SAMPLES = (
    """puzzle = circuit500
level = 145

cross:urdl    corner:rd     junction:udl  empty
empty         corner:ul     corner:dl     end:d
junction:urd  cross:urdl    corner:rd     junction:urd
gap           cross:urdl    corner:rd     corner:ur
cross:urdl    junction:url  cross:urdl    start:d
junction:rdl  junction:udl  junction:urd  corner:ur
""",
    """puzzle = circuit500
level = 192

start:d       junction:rdl  junction:udl  corner:dl
corner:ul     junction:rdl  junction:urd  end:u
cross:urdl    empty         gap           corner:dl
junction:rdl  corner:dl     empty         junction:url
cross:urdl    empty         empty         empty
corner:ul     corner:dl     junction:urd  empty
""",
)


def sample_levels() -> list[Level]:
    """Two small invented levels the solver finishes at once."""
    return [parse_level(text, f"sample_{i}.txt") for i, text in enumerate(_SAMPLES)]


def draw_level(level: Level) -> np.ndarray:
    """The level as a phone screenshot (:data:`DRAW_SIZE`), path lit as in the game."""
    return render_screenshot(level, DRAW_SIZE, lit=True, counter=0)


def random_level(rng: np.random.Generator) -> Level:
    """A random unsolved level: one start, one end, one gap, random fill tiles."""
    return model.random_level(rng)


def real_cases(shared: Path) -> list[Case]:
    """The screenshots and photos of ``shared/circuit500`` with ``truth.jsonl``; [] when absent."""
    root = Path(shared) / "circuit500"
    truth_path = root / "truth.jsonl"
    if not truth_path.is_file():
        return []
    truth = {}
    for line in truth_path.read_text().splitlines():
        if line.strip():
            entry = json.loads(line)
            truth[Path(entry["file"]).stem] = entry
    cases = []
    for folder in REAL_FOLDERS:
        if not (root / folder).is_dir():
            continue
        for path in sorted((root / folder).iterdir()):
            entry = truth.get(path.stem)
            if path.suffix.lower() not in PICTURE_SUFFIXES or entry is None:
                continue
            image = cv2.imread(str(path), cv2.IMREAD_COLOR)
            if image is None:
                continue
            name = f"circuit500/{folder}/{path.name}"
            grid = make_grid([[parse_token(t) for t in row] for row in entry["grid"]])
            cases.append(Case(name, image, [Level(entry["level"], grid, source=name)]))
    return cases


def synthetic_cases(n: int, seed: int, strength: float = 1.0) -> Iterator[Case]:
    """``n`` phone photos of random levels, each drawn at a random phone size.

    Photo ``i`` depends only on ``seed`` and ``i`` (:func:`synthetic_case`;
    the set measured in the README is ``seed 0``, 500 photos).
    """
    for i in range(n):
        yield synthetic_case(i, seed, strength)


def synthetic_case(i: int, seed: int, strength: float = 1.0) -> Case:
    """Photo ``i`` of :func:`synthetic_cases`: a random level drawn as a
    screenshot at a random phone size, photographed on the stream ``[seed, i]``."""
    from visolve.testing import SCREEN_SIZES, photograph

    sizes = SCREEN_SIZES + ((640, 1136),)
    rng = np.random.default_rng([seed, i])
    level = model.random_level(rng)
    size = sizes[int(rng.integers(0, len(sizes)))]
    shot = render_screenshot(level, size, lit=True, counter=int(rng.integers(0, 400)))
    photo, _h = photograph(shot, rng, strength)
    name = f"synth_{seed}_{i}"
    return Case(name, photo, [Level(level.level, level.grid, source=name)])
