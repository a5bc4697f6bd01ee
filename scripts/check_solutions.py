#!/usr/bin/env python3
"""Check the circuit500 solutions in a data folder.

For every ``levels/circuit500/level_NNN.txt`` this replays the stored
``solutions/circuit500/level_NNN.json`` under the rules (``model.replay``) and
checks that it connects start and end with the action count it claims.  With
``--reference`` (default ``../shared/circuit500/reference_t8.tsv`` when it is
there) it also compares the action counts with the seed solver's results
(``---`` = the seed found nothing within 8 taps).

A solution is stale when it records another level (``level_id``) than the
level file now holds, or (written before solutions recorded it) does not replay.
Exit status 1 when a level has no solution, a solution is stale or does not replay, or a
solution uses more actions than the reference.

    python scripts/import_levels.py --data /tmp/all500
    visolve --solve-all --data /tmp/all500 --jobs 2 --log
    python scripts/check_solutions.py --data /tmp/all500
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from visolve import puzzles
from visolve.pipeline import solution_fits
from visolve.puzzles.circuit500 import model
from visolve.puzzles.circuit500.levelfile import parse_level
from visolve.workspace import Workspace

DEFAULT_REFERENCE = Path(__file__).resolve().parents[1].parent / "shared/circuit500/reference_t8.tsv"


def load_reference(path: Path) -> dict[int, int | None]:
    """level -> actions the seed found (None for ``---``); the summary row is skipped."""
    table: dict[int, int | None] = {}
    for line in path.read_text().splitlines()[1:]:
        cells = line.split("\t")
        if len(cells) < 3 or not cells[0].isdigit() or "%" in line:
            continue
        table[int(cells[0])] = None if cells[1] == "---" else int(cells[1])
    return table


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, default=Path("data"))
    ap.add_argument("--reference", type=Path, default=DEFAULT_REFERENCE)
    args = ap.parse_args(argv)

    ws = Workspace.at(args.data)
    reference = load_reference(args.reference) if args.reference.exists() else {}
    family = puzzles.get("circuit500")
    counts = {"levels": 0, "solved": 0, "proven": 0, "replay_failed": 0, "missing": 0, "stale": 0,
              "ref_solved": 0, "equal": 0, "lower": 0, "higher": 0, "ref_none": 0}
    seconds = 0.0
    problems: list[str] = []
    lower: list[str] = []
    for path in ws.level_files("circuit500"):
        counts["levels"] += 1
        level = parse_level(ws.read_level_text(path), str(path))
        sol = ws.load_solution("circuit500", path.stem)
        if sol and not solution_fits(family, level, sol):
            counts["stale"] += 1
            problems.append(f"{path.stem}: stale solution (solved an earlier version of the level file)")
            continue
        if not sol or not sol.get("solved"):
            counts["missing"] += 1
            problems.append(f"{path.stem}: no solution stored")
            continue
        counts["solved"] += 1
        counts["proven"] += bool(sol.get("proven"))
        seconds += float(sol.get("seconds", 0.0))
        try:
            final, actions, _ = model.replay(level.grid, sol["taps"])
        except ValueError as exc:
            final, actions = None, -1
            problems.append(f"{path.stem}: {exc}")
        if final is None or not model.is_solved(final) or actions != sol["actions"]:
            counts["replay_failed"] += 1
            problems.append(f"{path.stem}: solution does not replay to a solved board with {sol['actions']} actions")
            continue
        if level.level in reference:
            ref = reference[level.level]
            if ref is None:
                counts["ref_none"] += 1
            else:
                counts["ref_solved"] += 1
                if actions == ref:
                    counts["equal"] += 1
                elif actions < ref:
                    counts["lower"] += 1
                    lower.append(f"{level.level}: {ref} -> {actions}")
                else:
                    counts["higher"] += 1
                    problems.append(f"{path.stem}: {actions} actions, the reference needs only {ref}")
    print(f"levels {counts['levels']}: solved {counts['solved']}, proven optimal {counts['proven']}, "
          f"replay failures {counts['replay_failed']}, stale {counts['stale']}, without solution {counts['missing']}")
    print(f"sum of per-level solver seconds: {seconds:.1f}")
    if reference:
        print(f"vs reference: it solves {counts['ref_solved']} of these (none within 8 taps: {counts['ref_none']}); "
              f"equal actions {counts['equal']}, fewer {counts['lower']}, more {counts['higher']}")
        if lower:
            print("fewer actions than the reference (level: reference -> ours): " + ", ".join(lower))
    for line in problems:
        print("problem:", line)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
