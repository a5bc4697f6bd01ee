"""Which levels ``visolve --solve 12 40-60 name`` means.

A selection is kept as ranges and names, never expanded, so ``1-1000000000``
costs nothing; :meth:`Selection.missing` names what was asked for and not found.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

_RANGE = re.compile(r"^([0-9]+)(?:-([0-9]+))?$")
#: longer than a file name can be: no level file has such a level
MAX_SPEC = 255


@dataclass(frozen=True)
class Selection:
    """Level numbers as inclusive ranges, and level names."""

    ranges: tuple[tuple[int, int], ...] = ()
    names: frozenset[str] = frozenset()

    def __contains__(self, ident: object) -> bool:
        if isinstance(ident, int):
            return any(lo <= ident <= hi for lo, hi in self.ranges)
        return ident in self.names

    def missing(self, found: Iterable[int | str]) -> list[str]:
        """What was asked for and has no level file: one phrase per number, range or name."""
        found = set(found)
        numbers = sorted(x for x in found if isinstance(x, int))
        out = []
        for lo, hi in self.ranges:
            hits = _count_between(numbers, lo, hi)
            if lo == hi and not hits:
                out.append(f"level {lo}")
            elif not hits:
                out.append(f"levels {lo}-{hi} (none of them)")
        out += [f"level {name!r}" for name in sorted(self.names) if name not in found]
        return out


def _count_between(sorted_numbers: list[int], lo: int, hi: int) -> int:
    from bisect import bisect_left, bisect_right

    return bisect_right(sorted_numbers, hi) - bisect_left(sorted_numbers, lo)


def parse_selection(specs: Iterable[str]) -> Selection:
    """``["12", "40-60", "foo"]`` -> numbers 12 and 40..60, and the name ``foo``.

    Numbers and ranges select numbered levels; anything else is a level name.
    Raises ``ValueError`` for a range that runs backwards.
    """
    ranges: list[tuple[int, int]] = []
    names: set[str] = set()
    for spec in specs:
        for part in str(spec).split(","):
            part = part.strip()
            if not part:
                continue
            if len(part) > MAX_SPEC:
                raise ValueError(f"{part[:12]!r}... ({len(part)} characters) is no level: "
                                 f"a level file's name is at most {MAX_SPEC} characters")
            m = _RANGE.match(part)
            if not m:
                names.add(part)
                continue
            lo = int(m.group(1))
            hi = int(m.group(2)) if m.group(2) else lo
            if hi < lo:
                raise ValueError(f"range {part!r} runs backwards")
            ranges.append((lo, hi))
    return Selection(tuple(ranges), frozenset(names))
