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

from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache
from itertools import product

from visolve.errors import ReadError
from visolve.puzzles.genius_square import model
from visolve.puzzles.genius_square.board import BLOCKER, DIE_OF, EMPTY, groups, is_legal_roll, shape_problem
from visolve.puzzles.genius_square.cover import MAX_EMPTY, against_dice, by_dice

#: most readings of the squares kept while they are told apart, and most steps of the search for
#: them; more is a doubt
MAX_FITS = 64
MAX_STEPS = 200_000
#: a one-square piece the shapes lay on a square read with several options needs its colour within
#: this relative residual (measured: the dark blue piece so laid 0.30 and 0.39 off its colour, seed 0
#: scene 9 and seed 1 scene 18; the light blue's shaded side laid as it, a misread, 0.65: seed 17 scene 17)
LONE_RESIDUAL = 0.5
#: ... and so does a two-square piece, each of its squares so far off (seed 313 scene 88: two squares
#: showing the shaded fronts of the orange cubes beside them, nearest the wood, 0.64 and 0.67 off the
#: brown piece's colour, were laid as the brown domino: a misread)
LONE_SIZE = 2
#: a piece the shapes lay where no square was read surely as it, one square past LONE_RESIDUAL from its
#: colour, every square nearer the colour of another piece laid elsewhere, one by OUSTED_LEAD and within
#: OUSTED_NEAR of it, is a doubt (seed 337 scene 55: the yellow piece's cubes on A2-C2 leaning over A1
#: and B1, 0.04 off yellow and 0.29 off orange, C1 in shade 0.78 off orange, and the orange piece laid
#: on A1-C1 by the shapes, yellow being laid: a misread)
OUSTED_LEAD, OUSTED_NEAR = 0.1, 0.3
#: when no reading fits, a square read surely as a piece with the wood this close behind (relative
#: residual) may be a disc seen by its dark side, its top off the square (measured: seed 1 scene 84,
#: the disc on F1 read as brown 0.035, wood 0.175 behind; the colour options' own window is 0.15)
DISC_SIDE_WINDOW = 0.15


def resolve(squares, edition: str, dice: Callable[[], list[dict[str, float]]] | None = None) -> list[str]:
    """The drawing (6 strings, top row first) the squares as read allow, settled by the pieces' shapes.

    Squares are named in errors as the board of ``edition`` prints them.  Of the readings that fit,
    those with a blocker on each of the 7 dice are kept when there are any (the reader refuses the
    others: :func:`visolve.puzzles.genius_square.rollcheck.blocker_count_problem`); several such readings
    are told apart by the dice beside the board (``dice``, as
    :func:`visolve.puzzles.genius_square.cover.solved_cover` takes them: :func:`by_the_dice`), or
    else by which of them is a roll of the dice (:func:`the_roll`).  The choices are searched
    piece by piece (:func:`fitting`), not square by square: a solved board with many squares in
    doubt is settled as quickly as one with two.

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
    fits = fitting(choices)
    rolled = [cells for cells in fits or [] if cells.count(BLOCKER) == len(model.DICE)]
    fits = rolled or fits  # a reading with other than 7 blockers is refused anyway: one with 7 is kept
    if len(rolled) > 1:
        fits = by_the_dice(rolled, dice, edition) if dice is not None else rolled
        if len(fits) > 1:
            fits = the_roll(rolled, edition, dice) or fits
    if fits is None:
        k = open_[0]
        raise ReadError(f"square {_name(k, edition)}: {_options(choices[k])}, and too many squares in doubt "
                        "to settle it")
    if len(fits) == 1:
        problem = unsure_piece(fits[0], choices, edition) or unsure_disc(fits[0], choices, edition) \
            or shapeless_piece(fits[0], squares, edition) or ousted_piece(fits[0], squares, edition)
        if problem:
            raise ReadError(problem)
        return _rows(fits[0])
    if not fits:
        problem = shape_error(_rows([opts[0] for opts in choices]), edition) or _too_many_discs(choices, edition)
        if sides := disc_sides(squares):
            try:
                rows = resolve(sides, edition, dice)
            except ReadError:
                pass
            else:
                if doubt := disc_beside_its_face(squares, rows, edition):
                    raise ReadError(doubt)
                return rows
        raise ReadError(problem)
    k = next(k for k in open_ if len({cells[k] for cells in fits}) > 1)
    seen = sorted({cells[k] for cells in fits})
    raise ReadError(f"square {_name(k, edition)}: {_options(seen)}; the pieces' shapes allow either")


def the_roll(fits: list[tuple[str, ...]], edition: str,
             dice: Callable[[], list[dict[str, float]]] | None = None) -> list[tuple[str, ...]] | None:
    """Of several readings with 7 blockers each, the one whose blockers are a roll of the dice (a disc
    on a face of each die), when just one is and it is not against the dice seen beside the board
    (``dice``: :func:`~visolve.puzzles.genius_square.cover.against_dice`); None otherwise, or when one
    of them is of a board solved but for at most :data:`~visolve.puzzles.genius_square.cover.MAX_EMPTY`
    squares (left to the whole cover, as in :func:`by_the_dice`).

    A level is the board after a roll: when the squares in doubt are a disc or something else (empty
    squares in glare, seed 10 expert page, board 2: E1, F2 and F3 in glare beside the washed-out disc
    on F1, each the seventh disc as the shapes saw it), only one reading puts a disc on the die no
    other disc is on.  A rolled board's true reading, when among them, is a legal one: a second legal
    reading (the same discs with a piece or not: seed 9 scene 73, the blue cube's side on F6 like the
    navy board) leaves the doubt."""
    if any(cells.count(EMPTY) <= MAX_EMPTY for cells in fits):
        return None
    rolls = [[_name(k, edition) for k, s in enumerate(cells) if s == BLOCKER] for cells in fits]
    legal = [k for k, blockers in enumerate(rolls) if is_legal_roll(blockers)]
    if len(legal) != 1 or (dice is not None and against_dice(dice(), rolls[legal[0]])):
        return None
    return [fits[legal[0]]]


def by_the_dice(fits: list[tuple[str, ...]], dice: Callable[[], list[dict[str, float]]],
                edition: str) -> list[tuple[str, ...]]:
    """Of several readings with 7 blockers each, the one whose blockers the dice faces seen beside the
    board fit best by a lead (:func:`visolve.puzzles.genius_square.cover.by_dice`), when they are a roll
    of the dice and no face clearly shows a square they have no disc on
    (:func:`~visolve.puzzles.genius_square.cover.against_dice`); else all of them (a doubt).  Readings
    that differ only in their pieces tie on the dice: they stay a doubt (seed 0 scene 51: a disc or
    nothing on three squares, the seven faces seen reading the roll).  Readings of a board solved but
    for at most :data:`~visolve.puzzles.genius_square.cover.MAX_EMPTY` squares are left to the whole
    cover, which weighs each square's colour: there a square read empty is more likely a piece paled or
    hidden (held-out seed 8 case 5: a glared cube read as the board, a disc lost in glare beside it; the
    dice picked the reading with the right discs and no cube there, a misread)."""
    if any(cells.count(EMPTY) <= MAX_EMPTY for cells in fits):
        return fits
    picked = by_dice(fits, dice(), edition)
    if picked is None:
        return fits
    blockers = [_name(k, edition) for k, s in enumerate(picked) if s == BLOCKER]
    if not is_legal_roll(blockers) or against_dice(dice(), blockers):
        return fits
    return [picked]


def disc_sides(squares) -> list[list] | None:
    """The squares, those read surely as a piece with the wood within :data:`DISC_SIDE_WINDOW` behind
    it (``ranks``) given that piece and the wood as options; None when there are none, or the board
    is read as solved (at most :data:`~visolve.puzzles.genius_square.cover.MAX_EMPTY` squares empty:
    its whole cover weighs each square as read)."""
    flat = [sq for row in squares for sq in row]
    if sum(sq.symbol == EMPTY for sq in flat) <= MAX_EMPTY:
        return None
    out = [[_side_options(sq) for sq in row] for row in squares]
    return out if out != squares else None


def disc_beside_its_face(squares, rows: list[str], edition: str) -> str:
    """Why a drawing that made a square read surely as a piece into a disc (:func:`disc_sides`) is a
    doubt: its blockers are no roll of the dice, and a face of a die no disc is on may be a disc (its
    symbol or one of its options) and is left without one ("" when there is none).  Seed 151 scene
    20: A6, light grey at its middle and read as the grey piece, made a disc beside F1's (both on
    one die), while B6, a disc or empty and nearer the wood (0.19 against 0.29), was the disc of
    the die none was on."""
    drawn = [symbol for row in rows for symbol in row]
    flat = [sq for row in squares for sq in row]
    made = [k for k, sq in enumerate(flat) if drawn[k] == BLOCKER and sq.symbol not in ("", EMPTY, BLOCKER)]
    blockers = [_name(k, edition) for k, symbol in enumerate(drawn) if symbol == BLOCKER]
    if not made or is_legal_roll(blockers):
        return ""
    rolled = {DIE_OF.get(name) for name in blockers}
    for j, other in enumerate(flat):
        face = _name(j, edition)
        if (drawn[j] != BLOCKER and DIE_OF.get(face) not in rolled
                and BLOCKER in ((other.symbol,) if other.symbol else other.options)):
            name = _name(made[0], edition)
            return (f"square {name}: read as piece {flat[made[0]].symbol} and settled as a disc, the blockers no "
                    f"roll of the dice, while {face}, a face of a die no disc is on, may be a disc and is left "
                    "without one")
    return ""


def _side_options(sq):
    ranks = dict(getattr(sq, "ranks", ()) or ())
    if sq.symbol in ("", EMPTY, BLOCKER) or BLOCKER not in ranks or sq.symbol not in ranks:
        return sq
    if ranks[BLOCKER] - ranks[sq.symbol] > DISC_SIDE_WINDOW:
        return sq
    return replace(sq, symbol="", options=(sq.symbol, BLOCKER))


def fitting(choices: list[list[str]]) -> list[tuple[str, ...]] | None:
    """Every reading of the squares (one symbol each, from its ``choices``) in which each piece colour
    present covers exactly one placement of that piece; None when there are more than
    :data:`MAX_FITS` or the search takes over :data:`MAX_STEPS` steps.

    Each piece gets the placements that cover all its sure squares and only squares that may be
    it (or none, when no square is surely it); the pieces are laid without overlap, fewest
    placements first; a square left uncovered takes each of its other choices (empty, a blocker).
    """
    table = model.engine().table
    sure: dict[str, int] = {}
    maybe: dict[str, int] = {}
    must = 0  # open squares that are some piece whatever the choice
    for k, opts in enumerate(choices):
        bit = 1 << k
        named = [s for s in opts if s not in (BLOCKER, EMPTY)]
        for s in named:
            into = sure if len(opts) == 1 else maybe
            into[s] = into.get(s, 0) | bit
        if len(opts) > 1 and len(named) == len(opts):
            must |= bit
    laid = []
    for piece in sorted(set(sure) | set(maybe)):
        f, m = sure.get(piece, 0), maybe.get(piece, 0)
        masks = [mask for mask in _masks(table, table.piece_index(piece)) if mask & f == f and not mask & ~(f | m)]
        if not f:
            masks.append(0)
        if not masks:
            return []
        laid.append((piece, masks))
    laid.sort(key=lambda pm: len(pm[1]))
    found: list[tuple[str, ...]] = []
    steps = [0]

    def walk(i: int, used: int, cells: list[str]) -> bool:
        steps[0] += 1
        if steps[0] > MAX_STEPS or len(found) > MAX_FITS:
            return False
        if i == len(laid):
            if must & ~used:
                return True
            rest = [k for k, opts in enumerate(choices) if len(opts) > 1 and not used >> k & 1]
            found.extend(_filled(cells, choices, rest))
            return len(found) <= MAX_FITS
        piece, masks = laid[i]
        for mask in masks:
            if mask & used:
                continue
            mine = [k for k in range(len(cells)) if mask >> k & 1]
            if not walk(i + 1, used | mask, [piece if k in mine else s for k, s in enumerate(cells)]):
                return False
        return True

    base = [opts[0] if len(opts) == 1 else "" for opts in choices]
    return found if walk(0, 0, base) else None


def _filled(cells: list[str], choices: list[list[str]], rest: list[int]):
    """``cells`` with each square of ``rest`` set to each of its choices that is no piece, but the
    readings with more blockers than the 7 dice give (the reader refuses them: they are not counted
    towards :data:`MAX_FITS`, seed 1 scene 88: eight empty squares in glare read as empty or a disc)."""
    others = [[s for s in choices[k] if s in (BLOCKER, EMPTY)] for k in rest]
    room = len(model.DICE) - sum(s == BLOCKER for s in cells)
    for picked in product(*others):
        if picked.count(BLOCKER) > room:
            continue
        out = list(cells)
        for k, s in zip(rest, picked):
            out[k] = s
        yield tuple(out)


@lru_cache(maxsize=None)
def _masks(table, pid: int) -> tuple[int, ...]:
    """The board masks of every placement of piece ``pid``."""
    return tuple(sorted(mask for p, mask in table.lookup if p == pid))


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


def unsure_piece(cells, choices: list[list[str]], edition: str) -> str:
    """Why the one reading the shapes allow is still a doubt ("" when it is not): a piece laid on
    squares none of which was read surely as it, on a board whose blockers are no roll of the dice.

    The shapes then chose both where the piece lies and which squares are discs, and the roll, the
    one check left on the discs, says the choice is wrong or the board was set by hand (painter seed 9,
    picture 46: a brown piece in glare, read as wood or grey, and the squares beside it in glare, made
    the grey piece across a disc and the brown piece; the discs left were two on one die).
    """
    blockers = [_name(k, edition) for k, s in enumerate(cells) if s == BLOCKER]
    if is_legal_roll(blockers):
        return ""
    for piece in sorted(set(cells) - {BLOCKER, EMPTY}):
        mine = [k for k, s in enumerate(cells) if s == piece]
        if all(len(choices[k]) > 1 for k in mine):
            return (f"square {_name(mine[0], edition)}: piece {piece} ({model.COLOURS.get(piece, '?')}) on "
                    f"{' '.join(_name(k, edition) for k in mine)} only as the pieces' shapes allow, none of them "
                    f"read surely as it, and the blockers {' '.join(sorted(blockers))} are no roll of the dice")
    return ""


def unsure_disc(cells, choices: list[list[str]], edition: str) -> str:
    """Why the one reading the shapes allow is still a doubt ("" when it is not): a disc laid on a
    square read as a disc or empty (or more), on a board whose blockers are no roll of the dice (a
    square read as a piece or a disc is :func:`disc_beside_its_face`'s).

    A board set by hand is no roll either, but its discs are seen as discs; a disc the shapes chose
    that breaks the roll is the shapes' guess, and the roll says it is wrong (seed 373 scene 51: the
    grey piece's tops leaning onto A5, read a disc, empty or grey; the shapes made it a disc beside
    E1's on one die, while F3's disc, hidden by the dark blue piece's lean, was read empty).
    """
    blockers = [_name(k, edition) for k, s in enumerate(cells) if s == BLOCKER]
    if is_legal_roll(blockers):
        return ""
    for k, symbol in enumerate(cells):
        if symbol == BLOCKER and EMPTY in choices[k]:
            return (f"square {_name(k, edition)}: a disc only as the pieces' shapes allow ({_options(choices[k])}), "
                    f"and the blockers {' '.join(sorted(blockers))} are no roll of the dice")
    return ""


def shapeless_piece(cells, squares, edition: str) -> str:
    """Why the one reading the shapes allow is still a doubt ("" when it is not): a one-square piece
    laid on a square not read surely as it whose colour is further than :data:`LONE_RESIDUAL` from
    its own (a loose option), or a two-square piece both of whose squares are so (:data:`LONE_SIZE`).
    One square has no shape: the shapes only say that no other piece fits there, not that this one
    does (seed 17 scene 17: a light blue cube's shaded side beside it, read green or dark blue or
    grey or light blue, none closer than 0.45, was laid as the dark blue piece on an empty square: a
    misread).  ``squares`` as read (their ``ranks``: each colour's residual)."""
    flat = [sq for row in squares for sq in row]
    for piece in sorted(set(cells) - {BLOCKER, EMPTY}):
        mine = [k for k, s in enumerate(cells) if s == piece]
        if len(mine) > LONE_SIZE or any(flat[k].symbol or dict(flat[k].ranks).get(piece, 0.0) <= LONE_RESIDUAL
                                        for k in mine):
            continue
        worst = max(dict(flat[k].ranks)[piece] for k in mine)
        off, what = ((f"{worst:.2f}", "one square has") if len(mine) == 1
                     else (f"up to {worst:.2f}", "two squares side by side have"))
        return (f"square {_name(mine[0], edition)}: piece {piece} ({model.COLOURS.get(piece, '?')}) there only as the "
                f"pieces' shapes allow, its colour {off} off that piece's: {what} no shape to say it")
    return ""


def ousted_piece(cells, squares, edition: str) -> str:
    """Why the one reading the shapes allow is still a doubt ("" when it is not): a piece laid on
    squares none of which was read surely as it, one of them further than :data:`LONE_RESIDUAL` from its
    colour, each nearer the colour of another piece laid elsewhere, one by :data:`OUSTED_LEAD` at least
    and within :data:`OUSTED_NEAR` of it: that piece's tall cubes leaning over them, seen where they do
    not stand, and the shapes, which have laid that piece already, fill its squares with what else
    fits.  A piece near its own colour on every square is a colour cast, which moves a whole piece's
    colour towards another's (:mod:`visolve.puzzles.genius_square.surplus`: seed 1 scene 97, an orange
    three read 0.03-0.05 off yellow and 0.19-0.23 off orange).  ``squares`` as read (their ``ranks``)."""
    flat = [sq for row in squares for sq in row]
    ranks = [dict(sq.ranks) for sq in flat]
    laid = set(cells) - {BLOCKER, EMPTY}
    for piece in sorted(laid):
        mine = [k for k, s in enumerate(cells) if s == piece]
        if any(flat[k].symbol or piece not in ranks[k] for k in mine):
            continue
        if all(ranks[k][piece] <= LONE_RESIDUAL for k in mine):
            continue  # its colour on every square: a cast that moved it towards another's (:mod:`.surplus`)
        for other in sorted(laid - {piece}):
            if any(ranks[k].get(other, 1e9) >= ranks[k][piece] for k in mine):
                continue
            leads = [(ranks[k][piece] - ranks[k][other], k) for k in mine if ranks[k][other] <= OUSTED_NEAR]
            if not leads or max(leads)[0] < OUSTED_LEAD:
                continue
            lead, k = max(leads)
            where = " ".join(_name(j, edition) for j, s in enumerate(cells) if s == other)
            return (f"square {_name(k, edition)}: piece {piece} ({model.COLOURS.get(piece, '?')}) on "
                    f"{' '.join(_name(j, edition) for j in mine)} only as the pieces' shapes allow, every square "
                    f"nearer the colour of piece {other} ({model.COLOURS.get(other, '?')}, {lead:.2f} nearer there), "
                    f"which is laid on {where}: its cubes leaning over them?")
    return ""


def _too_many_discs(choices: list[list[str]], edition: str) -> str:
    """Why no reading was kept when the likeliest has its pieces in shape: each reading the shapes allow
    has more discs than the 7 dice give (:func:`_filled`), naming the first square that may be one."""
    k = next((k for k, opts in enumerate(choices) if len(opts) > 1 and BLOCKER in opts), 0)
    return (f"square {_name(k, edition)}: {_options(choices[k])}, and every reading the pieces' shapes allow "
            f"has more blockers than the {len(model.DICE)} dice give")


def _rows(cells) -> list[str]:
    return ["".join(cells[r * model.SIZE:(r + 1) * model.SIZE]) for r in range(model.SIZE)]


def _name(k: int, edition: str) -> str:
    return model.name(divmod(k, model.SIZE), edition)


def _options(options) -> str:
    names = {EMPTY: "empty", BLOCKER: "a wooden blocker"}
    said = [names.get(o, f"piece {o} ({model.COLOURS.get(o, '?')})") for o in options]
    return "could be " + " or ".join(said)
