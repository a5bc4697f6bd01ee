"""Settling squares whose colour alone does not say what they show, by the pieces' shapes.

:func:`visolve.puzzles.genius_square.colours.classify` gives each square one
symbol, a doubt, or a few ``options`` (brown or orange; empty in glare or the
grey piece; green or yellow ...).  Pieces are laid whole, so the squares of
each piece colour must make exactly that piece's shape, once.  Every way of
choosing among the options is tried: when exactly one choice gives every
piece its shape, the squares are settled; when several do, the first square
they disagree on is named in a :class:`ReadError` (nothing is guessed); when
none does, the shape problem of the likeliest choice is named.
"""

from __future__ import annotations

from itertools import product

from visolve.errors import ReadError
from visolve.puzzles.genius_square import model
from visolve.puzzles.genius_square.board import BLOCKER, EMPTY, groups, shape_problem

#: most choices tried (each doubtful square multiplies them); more is a doubt
MAX_CHOICES = 4096


def resolve(squares, edition: str) -> list[str]:
    """The drawing (6 strings, top row first) the squares as read allow, settled by the pieces' shapes.

    Squares are named in errors as the board of ``edition`` prints them.

    Raises
    ------
    ReadError
        A square in doubt, several drawings possible, or pieces out of shape.
    """
    for r, row in enumerate(squares):
        for c, sq in enumerate(row):
            if sq.doubt:
                raise ReadError(f"square {model.name((r, c), edition)}: {sq.doubt}")
    choices = [[sq.symbol] if sq.symbol else list(sq.options) for row in squares for sq in row]
    open_ = [k for k, opts in enumerate(choices) if len(opts) > 1]
    count = 1
    for k in open_:
        count *= len(choices[k])
    if count > MAX_CHOICES:
        k = open_[0]
        raise ReadError(f"square {_name(k, edition)}: {_options(choices[k])}, and too many squares in doubt "
                        "to settle it")
    fits = [cells for cells in _choices(choices, open_) if _fits(cells)]
    if len(fits) == 1:
        return _rows(fits[0])
    if not fits:
        raise ReadError(shape_error(_rows([opts[0] for opts in choices]), edition))
    k = next(k for k in open_ if len({cells[k] for cells in fits}) > 1)
    seen = sorted({cells[k] for cells in fits})
    raise ReadError(f"square {_name(k, edition)}: {_options(seen)}; the pieces' shapes allow either")


def shape_error(rows: list[str], edition: str) -> str:
    """Why a drawing's pieces are not each one piece in its shape ("" when they are)."""
    _blockers, found = groups(rows, edition)
    for piece, parts in sorted(found.items()):
        if len(parts) > 1:
            return (f"square {parts[1][0]}: piece {piece} ({model.COLOURS[piece]}) seen in "
                    f"{len(parts)} places ({' '.join(p[0] for p in parts)})")
        problem = shape_problem(piece, parts[0], edition)
        if problem:
            return f"square {parts[0][0]}: {problem}"
    return ""


def _choices(choices: list[list[str]], open_: list[int]):
    cells = [opts[0] for opts in choices]
    for picked in product(*(choices[k] for k in open_)):
        for k, sym in zip(open_, picked):
            cells[k] = sym
        yield tuple(cells)


def _fits(cells: tuple[str, ...]) -> bool:
    """Every piece colour present covers exactly one placement of that piece."""
    table = model.engine().table
    masks: dict[str, int] = {}
    for k, sym in enumerate(cells):
        if sym not in (BLOCKER, EMPTY):
            masks[sym] = masks.get(sym, 0) | model.BOARD.mask([divmod(k, model.SIZE)])
    return all((table.piece_index(sym), mask) in table.lookup for sym, mask in masks.items())


def _rows(cells) -> list[str]:
    return ["".join(cells[r * model.SIZE:(r + 1) * model.SIZE]) for r in range(model.SIZE)]


def _name(k: int, edition: str) -> str:
    return model.name(divmod(k, model.SIZE), edition)


def _options(options) -> str:
    names = {EMPTY: "empty", BLOCKER: "a wooden blocker"}
    said = [names.get(o, f"piece {o} ({model.COLOURS.get(o, '?')})") for o in options]
    return "could be " + " or ".join(said)
