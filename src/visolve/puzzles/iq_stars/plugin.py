"""The iq-stars plugin: the four parts put behind the common interface."""

from __future__ import annotations

from visolve.puzzles.base import PuzzleFamily, count_rank, count_summary, default_final, verify_by
from visolve.puzzles.iq_stars.levelfile import format_level, parse_level
from visolve.puzzles.iq_stars.painter import paint_hint, paint_solution
from visolve.puzzles.iq_stars.probe import probe
from visolve.puzzles.iq_stars.reader import debug_overlay, read
from visolve.puzzles.iq_stars.solver import check_solution, solve


FAMILY = PuzzleFamily(
    name="iq-stars",
    title="IQ Stars",
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
    testing="visolve.puzzles.iq_stars.testing",
    verify=verify_by(check_solution),
)
