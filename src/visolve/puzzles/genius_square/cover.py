"""A solved board settled by the one whole cover that fits its squares as read.

On a solved board every square is a piece or a blocker: the nine pieces once each and seven
discs, one on a face of each die.  Tall pieces seen at an angle lean over their neighbours (a
disc beside a cube reads as the cube's colour, a cube's shaded side as the next piece's), so a
few squares may read clearly as something they are not, and the shapes of
:mod:`visolve.puzzles.genius_square.resolve` then fail.  Every whole cover of the board is a
reading of all 36 squares; each costs what its squares would have to be read otherwise:

* nothing for a square read as that symbol (or with it among its options);
* :data:`CHANGE` for a square read surely as something else (:data:`DOUBT_CHANGE` for one read
  as a doubt), plus how much worse that symbol's colour matches (its residual over the one read,
  at most 1); a disc costs :data:`HIDDEN_DISC` of it, but on a square read as a paled board.

The cheapest cover is taken only when it costs at most :data:`MAX_COST` (a few squares read
otherwise) and every other cover costs :data:`MARGIN` more: two covers near the reading are a
doubt, nothing is guessed.  A board with more than :data:`MAX_EMPTY` squares read as empty is
no solved board and is left to the shapes alone.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from visolve.puzzles.genius_square import model
from visolve.puzzles.genius_square.board import BLOCKER, DIE_OF, EMPTY
from visolve.puzzles.genius_square.dice import likely_rolls, roll_fit

#: cost of a square read surely as something else, and of one read as a doubt
CHANGE = 1.0
DOUBT_CHANGE = 0.3
#: a disc read as something else costs this share of it: a low disc is what tall pieces seen at an
#: angle hide (it shows their colour, or the board's in their shade), a cube's top is never hidden
#: by a disc.  A square read as the board but paler, in a colour a piece may be (``grey``), gets no
#: share: a paled cube looks as much like it as a paled disc (front seed 8 case 5: the glared blue
#: cube on F4 was settled as a disc, and the disc beside it as the cube)
HIDDEN_DISC = 0.5
#: most a cover may cost, and least lead of the cheapest over the next (measured on the solved boards
#: the shapes refused, scenes of seed 0 and solved-front cases of seeds 0-3: the true cover cost 0-2.03
#: when it led by 1.0 or more; a wrong cover was the cheapest at 2.24-4.65, none led by 1.0)
MAX_COST = 2.2
MARGIN = 1.0
#: covers kept to be told apart by the dice, least faces seen, and least lead (sum of the faces'
#: fits, :func:`visolve.puzzles.genius_square.dice.roll_fit`) of the roll the dice fit best
NEAR_KEPT = 10
MIN_FACES = 5
DICE_LEAD = 0.3
#: a cover is refused when its roll, one disc moved to another face of its die, fits the legible
#: faces seen better by more than this (true covers of the solved-front cases of seeds 0-19: at most
#: 0.32; front 19/13, a disc read on E1 for F2: 0.84; a face showing another square in both letter and
#: digit, about 0.7).  A face no square fits 1.2 is not legible (front 4/4: a blurred E4 face read
#: 0.46 best as E5 put its true cover 0.64 behind)
AGAINST_DICE = 0.5
LEGIBLE = 1.2
#: most a cover with its discs on a roll the dice likely show may cost (a whole cover near no
#: reading); what a square forbidden by the roll costs
MAX_ROLL_COST = 4.0
FORBIDDEN = 99.0
#: most squares read as empty on a board taken as solved
MAX_EMPTY = 2
#: most steps of the search (a doubt beyond)
MAX_STEPS = 400_000
SYMBOLS = (BLOCKER, *(p.name for p in model.PIECES))
N = model.SIZE * model.SIZE


def solved_cover(squares, edition: str, dice: Callable[[], list[dict[str, float]]] | None = None) -> list[str] | None:
    """The drawing (6 strings) of the one whole cover near ``squares`` (see the module docstring),
    or None: not a solved board, no cover cheap enough, two covers near it (that the dice do not
    tell apart), or too long a search.

    ``squares`` are :class:`visolve.puzzles.genius_square.colours.Square` (``ranks``: each symbol's
    colour residual, when the square was read from a picture).  ``dice``: the faces of the dice
    beside the board, looked at only when covers are near
    (:func:`visolve.puzzles.genius_square.dice.face_scores`): see :func:`by_dice`.
    """
    flat = [sq for row in squares for sq in row]
    if sum(sq.symbol == EMPTY for sq in flat) > MAX_EMPTY:
        return None
    costs = [square_costs(sq) for sq in flat]
    dies = [DIE_OF[model.name(divmod(k, model.SIZE), edition)] for k in range(N)]
    found = _cheapest(costs, dies)
    if not found or found[0][0] > MAX_COST:
        cells = by_roll(costs, dies, dice(), edition) if dice is not None else None
        if cells is None:
            return None
    elif len(found) == 1 or found[1][0] - found[0][0] >= MARGIN:
        cells = found[0][1]
    else:
        found = _cheapest(costs, dies, NEAR_KEPT) if dice is not None else None
        near = [cells for cost, cells in found or () if cost - found[0][0] < MARGIN]
        if not found or (len(found) == NEAR_KEPT and found[-1][0] - found[0][0] < MARGIN):
            # no dice, or more near covers than were kept
            return None
        cells = by_dice(near, dice(), edition)
        if cells is None:
            return None
    if dice is not None and against_dice(dice(), _blockers(cells, edition)):
        return None
    return ["".join(cells[r * model.SIZE:(r + 1) * model.SIZE]) for r in range(model.SIZE)]


def against_dice(faces: list[dict[str, float]], blockers: list[str]) -> bool:
    """Whether the legible dice faces seen (at least :data:`MIN_FACES`; legible: some square fits
    them :data:`LEGIBLE` or better) fit the roll better by more than :data:`AGAINST_DICE` with one
    of ``blockers`` moved to another face of its die: a face clearly showing a square the cover has
    no disc on."""
    legible = [scores for scores in faces if max(scores.values()) >= LEGIBLE]
    if len(legible) < MIN_FACES:
        return False
    return swap_gain(legible, blockers) > AGAINST_DICE


def swap_gain(faces: list[dict[str, float]], blockers: list[str]) -> float:
    """The most the faces' fit (:func:`visolve.puzzles.genius_square.dice.roll_fit`) grows with one
    of ``blockers`` moved to another face of its die."""
    return best_swap(faces, blockers)[0]


def best_swap(faces: list[dict[str, float]], blockers: list[str]) -> tuple[float, str, str]:
    """The one of ``blockers`` whose move to another face of its die grows the faces' fit most
    (:func:`visolve.puzzles.genius_square.dice.roll_fit`): (that growth, the blocker, the face it
    moves to); (0, "", "") when no move grows it."""
    base = roll_fit(faces, blockers)
    best = (0.0, "", "")
    for moved in blockers:
        for other in sorted(set(model.DICE[DIE_OF[moved]]) - {moved}):
            gain = roll_fit(faces, [other if b == moved else b for b in blockers]) - base
            if gain > best[0]:
                best = (gain, moved, other)
    return best


def by_dice(covers: list[tuple[str, ...]], faces: list[dict[str, float]], edition: str) -> tuple[str, ...] | None:
    """Of covers near the squares as read, the one whose blockers the dice faces seen fit best
    (:func:`visolve.puzzles.genius_square.dice.roll_fit`) by :data:`DICE_LEAD` over every other;
    None without :data:`MIN_FACES` faces or such a lead."""
    if len(faces) < MIN_FACES:
        return None
    fits = [roll_fit(faces, _blockers(cells, edition)) for cells in covers]
    order = sorted(range(len(covers)), key=lambda i: -fits[i])
    if fits[order[0]] - fits[order[1]] < DICE_LEAD:
        return None
    return covers[order[0]]


def by_roll(costs: list[dict[str, float]], dies: list[int], faces: list[dict[str, float]],
            edition: str) -> tuple[str, ...] | None:
    """A solved board no cover is near: the cheapest cover with its discs on the squares of the
    roll the dice fit best, when it costs at most :data:`MAX_ROLL_COST` and every other cover with
    its discs on that roll or on another the dice likely show
    (:func:`visolve.puzzles.genius_square.dice.likely_rolls`: a face misread in a letter or digit)
    costs :data:`MARGIN` more; else None."""
    names = [model.name(divmod(k, model.SIZE), edition) for k in range(N)]
    found = []  # (cost, which roll, cells)
    for which, roll in enumerate(likely_rolls(faces)):
        on = set(roll)
        fixed = [{x: c if (x == BLOCKER) == (names[k] in on) else FORBIDDEN for x, c in cost.items()}
                 for k, cost in enumerate(costs)]
        found += [(cost, which, cells) for cost, cells in _cheapest(fixed, dies, 2, MAX_ROLL_COST + MARGIN) or []]
    found.sort(key=lambda f: f[0])
    if (not found or found[0][0] > MAX_ROLL_COST or found[0][1] != 0
            or (len(found) > 1 and found[1][0] - found[0][0] < MARGIN)):
        return None  # the roll the dice fit best, its cover cheapest by the margin
    return found[0][2]


def _blockers(cells: tuple[str, ...], edition: str) -> list[str]:
    return [model.name(divmod(k, model.SIZE), edition) for k, s in enumerate(cells) if s == BLOCKER]


def square_costs(sq) -> dict[str, float]:
    """What reading ``sq`` as each symbol (blocker, pieces) costs (module docstring)."""
    accepted = {sq.symbol} if sq.symbol else set(sq.options)
    ranks = dict(getattr(sq, "ranks", ()) or ())
    known = [ranks[x] for x in accepted if x in ranks]
    ref = min(known) if known else min(ranks.values(), default=0.0)
    base = CHANGE if sq.symbol else DOUBT_CHANGE
    hidden = 1.0 if sq.symbol == EMPTY and sq.grey else HIDDEN_DISC
    return {x: 0.0 if x in accepted else (hidden if x == BLOCKER else 1.0)
            * (base + min(max(ranks.get(x, ref + 1.0) - ref, 0.0), 1.0)) for x in SYMBOLS}


@lru_cache(maxsize=None)
def _placements() -> tuple[tuple[tuple[str, int, tuple[int, ...]], ...], ...]:
    """Per square k, the placements (piece, mask, squares) whose first square is k."""
    table = model.engine().table
    first: list[list] = [[] for _ in range(N)]
    for pid, mask in table.lookup:
        cells = tuple(k for k in range(N) if mask >> k & 1)
        first[cells[0]].append((model.PIECES[pid].name, mask, cells))
    return tuple(tuple(f) for f in first)


def _cheapest(costs: list[dict[str, float]], dies: list[int], kept: int = 2,
              cap: float = MAX_COST + MARGIN) -> list[tuple[float, tuple[str, ...]]] | None:
    """The ``kept`` cheapest whole covers (cost, symbols) costing under ``cap``, cheapest first; None
    when the search runs over :data:`MAX_STEPS`."""
    by_first = [[(piece, mask, sum(costs[k][piece] for k in cells), cells) for piece, mask, cells in placed]
                for placed in _placements()]
    by_first = [[p for p in placed if p[2] <= cap] for placed in by_first]
    best: list[tuple[float, tuple[str, ...]]] = []
    steps = [0]
    cells = [""] * N

    def limit() -> float:
        return best[-1][0] if len(best) == kept else cap

    def walk(k: int, used: int, pieces: frozenset, dice: int, cost: float) -> bool:
        steps[0] += 1
        if steps[0] > MAX_STEPS:
            return False
        while k < N and used >> k & 1:
            k += 1
        if k == N:
            best.append((cost, tuple(cells)))
            best.sort(key=lambda b: b[0])
            del best[kept:]
            return True
        d = dies[k]
        if not dice >> d & 1 and cost + costs[k][BLOCKER] < limit():
            cells[k] = BLOCKER
            if not walk(k + 1, used | 1 << k, pieces, dice | 1 << d, cost + costs[k][BLOCKER]):
                return False
        for piece, mask, pc, squares in by_first[k]:
            if piece in pieces or mask & used or cost + pc >= limit():
                continue
            for j in squares:
                cells[j] = piece
            if not walk(k + 1, used | mask, pieces | {piece}, dice, cost + pc):
                return False
        return True

    return best if walk(0, 0, frozenset(), 0, 0.0) else None
