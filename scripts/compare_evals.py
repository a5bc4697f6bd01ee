#!/usr/bin/env python3
"""Compare two runs of ``eval_reader.py --record``, picture by picture.

Prints, for each run, the pictures read exactly, refused and misread and the levels read
exactly, set by set; then every picture whose outcome or reason differs between the two
(before -> after), misreads first.  A change is judged by these lines, not by the totals alone.
Exit status 1 when the second run misreads a picture the first did not.

    .venv/bin/python scripts/eval_reader.py --puzzle iq-xoxo --scenes 100 --synth-only --cache /tmp/scenes --record before.jsonl
    (change the reader)
    .venv/bin/python scripts/eval_reader.py --puzzle iq-xoxo --scenes 100 --synth-only --cache /tmp/scenes --record after.jsonl
    .venv/bin/python scripts/compare_evals.py before.jsonl after.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

#: the order differences are printed in: a new misread first
WORST = {"misread": 0, "refused": 1, "exact": 2}
#: characters of a reason compared and shown (a reason's figures may move a little on their own)
REASON = 160


def load(path: Path) -> dict[tuple[str, str], dict]:
    """The lines of a record, by (set, picture name)."""
    lines = {}
    for k, text in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if not text.strip():
            continue
        try:
            line = json.loads(text)
            lines[(line["set"], line["name"])] = line
        except (ValueError, KeyError, TypeError) as exc:
            raise SystemExit(f"{path}: line {k} is not a record line ({exc})") from exc
    return lines


def summary(lines: dict) -> list[str]:
    """One line per set: pictures exact / refused / misread, levels read exactly."""
    sets: dict[str, list[int]] = {}
    for (name, _picture), line in lines.items():
        tally = sets.setdefault(name, [0, 0, 0, 0, 0])
        tally[2 - WORST[line["outcome"]]] += 1
        tally[3] += line["levels"]
        tally[4] += line["exact_levels"]
    return [f"  {name}: {t[0]} exact / {t[1]} refused / {t[2]} misread; levels {t[4]} of {t[3]}"
            for name, t in sorted(sets.items())]


def differences(before: dict, after: dict) -> list[tuple[int, str]]:
    """(rank, line) for each picture in both runs whose outcome or reason changed."""
    out = []
    for key in sorted(before.keys() & after.keys()):
        a, b = before[key], after[key]
        if (a["outcome"], a["why"][:REASON]) == (b["outcome"], b["why"][:REASON]):
            continue
        text = f"{key[1]} ({key[0]}): {a['outcome']} -> {b['outcome']}"
        for label, line in (("before", a), ("after", b)):
            if line["why"]:
                text += f"\n    {label}: {line['why'][:REASON]}"
        out.append((WORST[b["outcome"]], text))
    return sorted(out, key=lambda item: item[0])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("before", type=Path)
    ap.add_argument("after", type=Path)
    args = ap.parse_args(argv)
    before, after = load(args.before), load(args.after)
    for label, lines in (("before", before), ("after", after)):
        print(f"{label} ({len(lines)} pictures):")
        print("\n".join(summary(lines)))
    only = len(before.keys() ^ after.keys())
    if only:
        print(f"{only} pictures are in one run only (not compared)")
    changed = differences(before, after)
    print(f"{len(changed)} pictures changed" + (":" if changed else ""))
    for _rank, text in changed:
        print(text)
    new_misreads = [key for key in before.keys() & after.keys()
                    if after[key]["outcome"] == "misread" and before[key]["outcome"] != "misread"]
    return 1 if new_misreads else 0


if __name__ == "__main__":
    sys.exit(main())
