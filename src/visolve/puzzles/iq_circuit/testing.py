"""IQ Circuit test and benchmark support (the contract's ``testing`` hooks).

Never imported by the runtime.  Project levels are challenges of random full
boards (``solver.random_challenge``: every one has a solution), drawn by the
painter.  The third-party pictures are the booklet frames of
``../shared/iq-circuit/frames`` with ``levels.json``.

The reader takes the level number from the picture's file name (the
pictures print none), so every case is named for the level it shows: real
frames ``iq-circuit/frames/86.png`` (a path relative to the shared folder),
the same frame rescaled ``iq-circuit/scaled-x1.7/86.png``, drawn challenges
``drawn/master_7.jpg``.  The set is the first folder of the name.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np

from visolve.puzzles.base import Case
from visolve.puzzles.iq_circuit.levelfile import from_booklet_data
from visolve.puzzles.iq_circuit.model import Level
from visolve.puzzles.iq_circuit.painter import draw_challenge
from visolve.puzzles.iq_circuit.solver import random_challenge

KINDS = ("expert", "master", "wizard")
#: the frames are also read resized by these factors, one per frame in turn
#: (screenshots at other sizes)
SCALES = (0.6, 1.7, 3.1)
#: cell pitch (px) of :func:`draw_level`
DRAW_PITCH = 42
#: cell pitches of the drawn challenges that :func:`synthetic_cases` photographs
PHOTO_PITCH = (30, 70)


def sample_levels() -> list[Level]:
    """One Expert, one Master and one Wizard challenge of random boards.

    Sample ``i`` is level number ``i``: the reader takes the number from the
    file name, and the contract reads ``draw_level(sample i)`` as
    ``<i>.png``.
    """
    return [random_challenge(random.Random(f"sample-{i}"), kind, level=i) for i, kind in enumerate(KINDS, start=1)]


def draw_level(level: Level) -> np.ndarray:
    """The challenge as the booklet draws it, :data:`DRAW_PITCH` px per cell."""
    return draw_challenge(level, pitch=DRAW_PITCH)


def random_level(rng: np.random.Generator) -> Level:
    """The challenge of a random full board, of a random kind, numbered 1-999."""
    kind = KINDS[int(rng.integers(len(KINDS)))]
    number = int(rng.integers(1, 1000))
    return random_challenge(random.Random(int(rng.integers(2**62))), kind, level=number)


def _frames(shared: Path) -> tuple[list[Path], dict]:
    root = Path(shared) / "iq-circuit"
    if not (root / "levels.json").is_file() or not (root / "frames").is_dir():
        return [], {}
    entries = json.loads((root / "levels.json").read_text())["levels"]
    frames = sorted((root / "frames").glob("*.png"), key=lambda p: int(p.stem))
    return frames, {e["level"]: e for e in entries}


def real_cases(shared: Path) -> list[Case]:
    """The booklet frames (set ``frames``), then each resized by one of :data:`SCALES` (``scaled``)."""
    frames, entries = _frames(shared)
    cases, scaled = [], []
    for k, path in enumerate(frames):
        image = cv2.imread(str(path), cv2.IMREAD_COLOR)
        entry = entries.get(int(path.stem))
        if image is None or entry is None:
            continue
        name = f"iq-circuit/frames/{path.name}"
        cases.append(Case(name, image, [from_booklet_data(entry, source=name)]))
        f = SCALES[k % len(SCALES)]
        interp = cv2.INTER_AREA if f < 1 else cv2.INTER_CUBIC
        big = cv2.resize(image, None, fx=f, fy=f, interpolation=interp)
        name = f"iq-circuit/scaled-x{f}/{path.stem}.png"
        scaled.append(Case(name, big, [from_booklet_data(entry, source=name)]))
    return cases + scaled


def drawn_challenge(i: int, seed: int) -> tuple[np.ndarray, Level]:
    """Challenge ``i`` of ``seed`` (kinds in turn, numbered ``i + 1``) drawn at a random pitch, and the challenge."""
    rng = random.Random(f"{seed}-{i}")
    level = random_challenge(rng, KINDS[i % 3], level=i + 1)  # a file name never gives level 0
    pitch = rng.randint(*PHOTO_PITCH)
    return draw_challenge(level, pitch=pitch), level


def synthetic_cases(n: int, seed: int, strength: float = 1.0) -> Iterator[Case]:
    """``n`` phone photos of drawn challenges (Expert, Master, Wizard in turn).

    Photo ``i`` uses the random stream ``[seed, 2 i + 1]``: the odd streams,
    so that ``scripts/eval_reader.py --real-photos`` photographing the frames
    on the even ones gives the mixed set measured since the reader was
    written (``--synth 160 --real-photos 160 --seed 0``: the 320 photos of the
    README).
    """
    for i in range(n):
        yield synthetic_case(i, seed, strength)


def synthetic_case(i: int, seed: int, strength: float = 1.0) -> Case:
    """Photo ``i`` of :func:`synthetic_cases`."""
    from visolve.testing import photograph

    image, level = drawn_challenge(i, seed)
    photo, _h = photograph(image, np.random.default_rng([seed, 2 * i + 1]), strength)
    name = f"drawn/{level.kind}_{level.level}.jpg"
    return Case(name, photo, [replace(level, source=name)])
