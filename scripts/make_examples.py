#!/usr/bin/env python3
"""Write example circuit500 screenshots of invented levels to ``data/raw/``.

The levels are made up here with a seeded random generator (none comes from
the game): a random start-to-end path is laid on an empty 6x4 board with tiles
that fit it, the other cells get random tiles and one gap, and then a few
random taps (``model.tap``) scramble the solved board.  Every tap can be undone
by taps (a slide by sliding back, a turn by three more turns), so each level is
solvable in a few moves.

The pictures are drawn by ``painter.render_screenshot`` at several phone
sizes; one is saved as JPEG (quality 85).  ``data/examples.jsonl`` gives
each picture's puzzle, level number and ``level_text`` (the level file
``visolve --prepare`` must write for it: ``scripts/check_install.py`` compares),
and for circuit500 the grid (tokens as in the truth files, ``*`` where a tile is
drawn lit) and the scrambling taps.

IQ Circuit examples (``iq_circuit_NNN.png``) are challenges of random valid
boards (the ten pieces placed by ``iq_circuit.solver.random_board``), drawn by
the IQ Circuit painter as Expert / Master / Wizard; a board is kept only when
its challenge has exactly one solution, as booklet challenges do.  They are
numbered from 201 on, past the booklet's levels.

Run again to get the same files (``--seed`` changes the levels).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import replace
from pathlib import Path

import cv2

from visolve.puzzles.circuit500.model import (
    COLS,
    ROWS,
    STEP,
    GAP,
    Level,
    Tile,
    grid_problems,
    is_corner_mask,
    is_solved,
    make_grid,
    rotate_cw,
    tap,
)
from visolve.puzzles.circuit500.painter import board_lighting, render_screenshot

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = ROOT / "data" / "raw"

#: (file name, screen size (w, h), scrambling taps)
EXAMPLES = (
    ("example_01.png", (640, 1136), 2),
    ("example_02.png", (640, 1136), 3),
    ("example_03.png", (750, 1334), 3),
    ("example_04.png", (1080, 1920), 4),
    ("example_05.jpg", (640, 1136), 3),
    ("example_06.png", (828, 1792), 2),
)


def _random_path(rng: random.Random, length: int) -> list[tuple[int, int]] | None:
    """A self-avoiding walk of ``length`` cells, or None if it got stuck."""
    path = [(rng.randrange(ROWS), rng.randrange(COLS))]
    while len(path) < length:
        r, c = path[-1]
        options = [(r + dr, c + dc) for dr, dc, _opp in STEP.values()
                   if 0 <= r + dr < ROWS and 0 <= c + dc < COLS and (r + dr, c + dc) not in path]
        if not options:
            return None
        path.append(rng.choice(options))
    return path


def _arm_towards(a: tuple[int, int], b: tuple[int, int]) -> int:
    for bit, (dr, dc, _opp) in STEP.items():
        if (a[0] + dr, a[1] + dc) == b:
            return bit
    raise ValueError("cells are not neighbours")


def _random_filler(rng: random.Random) -> Tile:
    kind = rng.choice(("empty", "cross", "corner", "junction"))
    if kind == "empty":
        return Tile("empty")
    if kind == "cross":
        return Tile("cross", 15)
    if kind == "corner":
        return Tile("corner", rotate_cw(0b0011, rng.randrange(4)))
    return Tile("junction", rotate_cw(0b0111, rng.randrange(4)))


def _path_tile(rng: random.Random, arms: int) -> Tile:
    """A tile with at least ``arms`` (two arms of the path through a cell)."""
    if is_corner_mask(arms) and rng.random() < 0.6:
        return Tile("corner", arms)
    if rng.random() < 0.25:
        return Tile("cross", 15)
    spare = [bit for bit in (1, 2, 4, 8) if not arms & bit]
    return Tile("junction", arms | rng.choice(spare))


def solved_board(rng: random.Random):
    """A random solved grid: start, a path of fitting tiles, end, one gap."""
    while True:
        path = _random_path(rng, rng.randint(5, 9))
        if path is None:
            continue
        rows = [[_random_filler(rng) for _c in range(COLS)] for _r in range(ROWS)]
        rows[path[0][0]][path[0][1]] = Tile("start", _arm_towards(path[0], path[1]))
        rows[path[-1][0]][path[-1][1]] = Tile("end", _arm_towards(path[-1], path[-2]))
        for prev, cell, nxt in zip(path, path[1:], path[2:]):
            arms = _arm_towards(cell, prev) | _arm_towards(cell, nxt)
            rows[cell[0]][cell[1]] = _path_tile(rng, arms)
        free = [(r, c) for r in range(ROWS) for c in range(COLS) if (r, c) not in path]
        gr, gc = rng.choice(free)
        rows[gr][gc] = GAP
        grid = make_grid(rows)
        if not grid_problems(grid) and is_solved(grid):
            return grid, path


def scramble(rng: random.Random, grid, path, n_taps: int):
    """Apply ``n_taps`` random taps (mostly on the path) until the board is unsolved."""
    while True:
        g, taps = grid, []
        while len(taps) < n_taps:
            if rng.random() < 0.7:
                r, c = rng.choice(path)
            else:
                r, c = rng.randrange(ROWS), rng.randrange(COLS)
            step = tap(g, r, c)
            if step is None:
                continue
            g = step[0]
            taps.append([r, c])
        if not is_solved(g):
            return g, taps


def tokens(grid) -> list[list[str]]:
    lit = board_lighting(grid)
    return [[grid[r][c].token("-") + ("*" if (r, c) in lit else "") for c in range(COLS)]
            for r in range(ROWS)]


def make(out: Path, seed: int = 500) -> list[dict]:
    rng = random.Random(seed)
    out.mkdir(parents=True, exist_ok=True)
    records = []
    used_levels: set[int] = set()
    for name, size, n_taps in EXAMPLES:
        grid, path = solved_board(rng)
        grid, taps = scramble(rng, grid, path, n_taps)
        number = rng.randint(8, 499)
        while number in used_levels:
            number = rng.randint(8, 499)
        used_levels.add(number)
        level = Level(number, grid)
        img = render_screenshot(level, size=size, counter=0)
        path_out = out / name
        if name.endswith(".jpg"):
            ok, data = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 85])
        else:
            ok, data = cv2.imencode(".png", img, [cv2.IMWRITE_PNG_COMPRESSION, 9])
        if not ok:
            raise RuntimeError(f"could not encode {name}")
        path_out.write_bytes(data.tobytes())
        records.append({
            "file": name,
            "puzzle": "circuit500",
            "level": number,
            "level_text": _level_text("circuit500", level, name),
            "size": list(size),
            "grid": tokens(grid),
            "scramble_taps": taps,
            "note": "invented level drawn by visolve's painter (not from the game)",
        })
    return records


def _level_text(puzzle: str, level, source: str) -> str:
    """The level file ``visolve --prepare`` must write for this picture (the truth)."""
    from dataclasses import replace

    from visolve import puzzles

    return puzzles.get(puzzle).format_level(replace(level, source=source))


def write_truth(path: Path, records: list[dict]) -> None:
    """The examples' truth, beside raw/ (not in it: raw/ holds only pictures)."""
    with open(path, "w") as fh:
        for rec in records:
            fh.write(json.dumps(rec) + "\n")


def make_iq_circuit(out: Path, seed: int = 500) -> list[dict]:
    """Write one invented IQ Circuit challenge per kind; returns their records."""
    from visolve.puzzles.base import SolveOptions
    from visolve.puzzles.iq_circuit.model import challenge_of
    from visolve.puzzles.iq_circuit.painter import draw_challenge
    from visolve.puzzles.iq_circuit.solver import random_board, solve

    rng = random.Random(seed)
    records = []
    for number, kind in enumerate(("expert", "master", "wizard"), start=201):
        while True:
            board = random_board(rng)
            keep = tuple(rng.sample(range(10), 4)) if kind == "master" else ()
            level = challenge_of(board, kind, number, keep=keep)
            if solve(level, SolveOptions(timeout=10)).get("count") == 1:
                break
        name = f"iq_circuit_{number}.png"
        ok, data = cv2.imencode(".png", draw_challenge(level, pitch=42, margin=0.15))
        if not ok:
            raise RuntimeError(f"could not encode {name}")
        (out / name).write_bytes(data.tobytes())
        records.append({"file": name, "puzzle": "iq-circuit", "level": number, "kind": kind,
                        "level_text": _level_text("iq-circuit", level, name),
                        "note": "invented challenge drawn by visolve's painter (not from the booklet)"})
    return records


#: (family, file name) of the placement families' example photos
PLACEMENT_EXAMPLES = (
    ("genius-square", "genius_square_roll.jpg"),
    ("iq-xoxo", "iq_xoxo_photo.jpg"),
    ("iq-stars", "iq_stars_photo.jpg"),
)
#: photos tried per family until one reads exactly (a photo the reader refuses is no example)
PLACEMENT_TRIES = 20
#: strength of the photo effects of the placement examples (1 = the evaluations' full strength)
PLACEMENT_STRENGTH = 0.6


def make_placement(out: Path, seed: int = 500) -> list[dict]:
    """One phone photo of a drawn level per placement family, kept when its reader reads it exactly."""
    import numpy as np

    from visolve import puzzles
    from visolve.testing import photograph

    records = []
    for puzzle, name in PLACEMENT_EXAMPLES:
        family = puzzles.get(puzzle)
        for attempt in range(PLACEMENT_TRIES):
            rng = np.random.default_rng([seed, attempt])
            level = _placement_level(puzzle, rng, Path(name).stem)
            photo, _h = photograph(_placement_drawing(puzzle, level), rng, PLACEMENT_STRENGTH)
            ok, data = cv2.imencode(".jpg", photo, [cv2.IMWRITE_JPEG_QUALITY, 90])
            got = family.read(cv2.imdecode(data, cv2.IMREAD_COLOR), name)
            want = replace(level, source=name)
            if [want] == (got if isinstance(got, list) else [got]):
                break
        else:
            raise RuntimeError(f"no {puzzle} example photo read exactly in {PLACEMENT_TRIES} tries")
        (out / name).write_bytes(data.tobytes())
        records.append({"file": name, "puzzle": puzzle, "level": level.level,
                        "level_text": _level_text(puzzle, level, name),
                        "note": "phone photo (simulated) of a level drawn by visolve's own drawing"})
    return records


def _placement_level(puzzle: str, rng, stem: str):
    """A random level of a placement family, named after its file; IQ XOXO's number 121 is on its tab."""
    if puzzle == "genius-square":
        from visolve.puzzles.genius_square import testing
        return testing.random_level(rng, name=stem)
    if puzzle == "iq-xoxo":
        from visolve.puzzles.iq_xoxo import testing
        return testing.random_challenge(random.Random(int(rng.integers(1 << 30))), 121)
    from visolve.puzzles.iq_stars import testing
    return replace(testing.random_level(rng), level=stem)  # no number drawn: the file names it


def _placement_drawing(puzzle: str, level):
    from importlib import import_module

    from visolve import puzzles
    return import_module(puzzles.get(puzzle).testing).draw_level(level)


def make_xoxo_example(path: Path, seed: int = 500) -> str:
    """The README's IQ XOXO picture: an invented challenge (numbered 121, past the booklet's)
    drawn by visolve's booklet drawing, read back by the reader, solved and painted."""
    from visolve.puzzles.iq_xoxo import testing as xoxo
    from visolve.puzzles.iq_xoxo.painter import paint_solution
    from visolve.puzzles.iq_xoxo.reader import read
    from visolve.puzzles.iq_xoxo.solver import solve

    level = xoxo.random_challenge(random.Random(seed), 121)
    read_back = read(xoxo.draw_level(level), "iq_xoxo_121.png")
    if read_back.rows != level.rows:
        raise RuntimeError("the drawn challenge was not read back as drawn")
    solution = solve(read_back)
    ok, data = cv2.imencode(".png", paint_solution(read_back, solution))
    if not ok:
        raise RuntimeError(f"could not encode {path}")
    path.write_bytes(data.tobytes())
    return f"{path}: IQ XOXO challenge 121 ({len(level.pieces())} pieces given), {solution.get('count')} solution(s)"


def make_genius_example(path: Path) -> str:
    """The README's Genius Square picture: a SmartGames board after the roll with the light blue L
    placed, solved and painted (squares named as that board prints them: letters across the top)."""
    from visolve.puzzles.genius_square.board import make_level
    from visolve.puzzles.genius_square.painter import paint_solution
    from visolve.puzzles.genius_square.solver import solve

    level = make_level("example", "A6 B1 B5 C3 D5 E2 F2".split(), {"9": ["D2", "D3", "E3", "F3"]},
                       edition="smartgames")
    solution = solve(level)
    ok, data = cv2.imencode(".png", paint_solution(level, solution))
    if not ok:
        raise RuntimeError(f"could not encode {path}")
    path.write_bytes(data.tobytes())
    return f"{path}: Genius Square {' '.join(level.blockers)}, {solution.get('count')} completion(s)"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument("--seed", type=int, default=500)
    ap.add_argument("--xoxo-example", type=Path, metavar="PNG",
                    help="only write the README's IQ XOXO solution picture (docs/iq_xoxo_example.png)")
    ap.add_argument("--genius-example", type=Path, metavar="PNG",
                    help="only write the README's Genius Square solution picture (docs/genius_square_example.png)")
    args = ap.parse_args(argv)
    if args.genius_example is not None:
        print(make_genius_example(args.genius_example))
        return 0
    if args.xoxo_example is not None:
        print(make_xoxo_example(args.xoxo_example, args.seed))
        return 0
    records = make(args.out, args.seed)
    for rec in records:
        print(f"{rec['file']}: level {rec['level']} {rec['size'][0]}x{rec['size'][1]}, "
              f"scrambled by {len(rec['scramble_taps'])} taps")
    iq_records = make_iq_circuit(args.out, args.seed)
    for rec in iq_records:
        print(f"{rec['file']}: IQ Circuit {rec['kind']} challenge {rec['level']}")
    placement = make_placement(args.out, args.seed)
    for rec in placement:
        print(f"{rec['file']}: {rec['puzzle']} level {rec['level']}")
    write_truth(args.out.parent / "examples.jsonl", records + iq_records + placement)
    return 0


if __name__ == "__main__":
    sys.exit(main())
