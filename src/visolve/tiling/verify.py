"""Checks that a filled board is a legal tiling (for solutions from anywhere)."""

from __future__ import annotations

from typing import Mapping

from visolve.tiling.placements import Table


def tiling_problems(table: Table, pieces: Mapping, blocked: int = 0) -> list[str]:
    """What is wrong with a board given as piece -> its cells (empty: nothing).

    Parameters
    ----------
    table : Table
        The puzzle (its placements say how each piece may lie).
    pieces : mapping
        Piece (name or index) -> cells (coordinates or numbers).
    blocked : int
        Mask of cells no piece covers.

    Returns
    -------
    list of str
        One line per problem: a piece lying in a way it cannot, two pieces
        on one cell, a piece missing or twice, a cell left free.
    """
    board = table.board
    problems, covered, seen = [], blocked, set()
    for piece, cells in pieces.items():
        pid, mask = table.piece_index(piece), board.mask(cells)
        name = table.pieces[pid].name
        if pid in seen:
            problems.append(f"piece {name} twice")
        seen.add(pid)
        if (pid, mask) not in table.lookup:
            problems.append(f"piece {name} cannot lie on {sorted(board.cells_of(mask))}")
        if mask & covered:
            problems.append(f"piece {name} overlaps")
        covered |= mask
    problems += [f"piece {p.name} missing" for i, p in enumerate(table.pieces) if i not in seen]
    if covered != board.full:
        problems.append(f"cells left free: {board.cells_of(board.full & ~covered)}")
    return problems


def indices_tile(table: Table, indices, blocked: int) -> bool:
    """Do these placement indices cover every cell but ``blocked`` once, each piece once?"""
    owners = [table.owners[k] for k in indices]
    cover, cells = blocked, blocked.bit_count()
    for k in indices:
        cover |= table.masks[k]
        cells += table.masks[k].bit_count()
    return cover == table.board.full and cells == cover.bit_count() and len(set(owners)) == len(owners)
