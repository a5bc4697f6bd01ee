"""The iq-xoxo plugin: the four parts put behind the common interface."""

from __future__ import annotations

from visolve.puzzles.base import PuzzleFamily, count_rank, count_summary, default_final, verify_by
from visolve.puzzles.iq_xoxo.levelfile import format_level, parse_level
from visolve.puzzles.iq_xoxo.painter import paint_hint, paint_solution
from visolve.puzzles.iq_xoxo.probe import probe
from visolve.puzzles.iq_xoxo.reader import debug_overlay, read
from visolve.puzzles.iq_xoxo.solver import check, solve


FAMILY = PuzzleFamily(
    name="iq-xoxo",
    title="IQ XOXO",
    read=read,
    format_level=format_level,
    parse_level=parse_level,
    solve=solve,
    paint=paint_solution,
    rank=count_rank,
    final=default_final,
    summary=count_summary,
    probe=probe,
    log_columns=("count", "nodes", "seconds"),
    debug_overlay=debug_overlay,
    paint_hint=paint_hint,
    testing="visolve.puzzles.iq_xoxo.testing",
    verify=verify_by(check),
)
