"""What every puzzle family provides: the plugin interface.

A family is one package under ``visolve.puzzles`` that builds a
:class:`PuzzleFamily` from its four parts (reader, level format, solver,
painter) and is listed once in ``visolve.puzzles.REGISTRY``.  Everything in
the pipeline talks to families only through this interface.

Conventions shared by all families:

* images are numpy ``uint8`` arrays in OpenCV's BGR order, ``(h, w, 3)``;
* a level object has attributes ``level`` (``int`` number, or ``str`` name
  when the picture has no number) and ``source`` (picture file name);
* a solution is a JSON-ready ``dict`` with at least ``puzzle``, ``level``,
  ``solved`` (bool) and ``seconds``; the family adds its own fields.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import numpy as np


@dataclass(frozen=True)
class SolveOptions:
    """Knobs the pipeline passes to every solver."""

    timeout: float | None = None  #: seconds for one level; None = no limit
    all_solutions: bool = False  #: also list every optimal / valid solution


@dataclass(frozen=True)
class PuzzleFamily:
    name: str  #: command-line and folder name, e.g. ``circuit500``
    title: str  #: human name
    #: image (BGR) + source file name -> level.  Raises NotThisPuzzle when the
    #: picture is not of this family, ReadError when it is but reading failed.
    read: Callable[[np.ndarray, str], Any]
    #: level -> level file text (human-editable)
    format_level: Callable[[Any], str]
    #: level file text + path (for messages) -> level; raises LevelFormatError
    parse_level: Callable[[str, str], Any]
    #: level + options -> solution dict
    solve: Callable[[Any, SolveOptions], dict]
    #: level + solution dict -> annotated solution picture (BGR)
    paint: Callable[[Any, dict], np.ndarray]
    #: solution dict -> sort key, lower is better (never overwrite a better one)
    rank: Callable[[dict], tuple]
    #: solution dict -> True when nothing better can be found (``--unsolved`` skips it)
    final: Callable[[dict], bool]
    #: solution dict -> short human summary, e.g. "5 actions, 6 taps (optimal)"
    summary: Callable[[dict], str]
    #: solution dict keys written as columns of the run log
    log_columns: tuple[str, ...] = ("seconds",)
    #: optional debug overlay: image + source -> BGR picture explaining the read
    debug_overlay: Callable[[np.ndarray, str], np.ndarray] | None = None


def level_key(level: int | str) -> str:
    """File stem of a level: ``level_012`` for numbers, ``level_<name>`` for names."""
    if isinstance(level, int):
        return f"level_{level:03d}"
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in str(level))
    return f"level_{safe}"
