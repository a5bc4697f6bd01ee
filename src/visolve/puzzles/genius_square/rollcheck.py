"""Whether the blockers read from a picture look like a roll of the dice.

A roll puts one disc on a face of each of the seven dice (:data:`visolve.puzzles.genius_square.model.DICE`).
Blockers read otherwise mean a square misread (a disc hidden by a leaning piece, a cube taken for
a disc), unless the board was set by hand: :func:`blocker_count_problem`, :func:`roll_problem`,
:func:`shifted_disc_problem`, :func:`shifted_grid_problem`, :func:`dice_problem` and
:func:`bare_die_problem` say why a reading looks like a misread, "" when it does not, and
:func:`moved_by_dice_problem` why blockers read only once the squares were read again do, beside dice
that show one of them on another face of its die.
"""

from __future__ import annotations

from visolve.puzzles.genius_square import model
from visolve.puzzles.genius_square.board import DIE_OF, is_legal_roll, roll_note
from visolve.puzzles.genius_square.cover import AGAINST_DICE, LEGIBLE, MAX_EMPTY, MIN_FACES, best_swap

SIZE = model.SIZE


def blocker_count_problem(blockers: list[str]) -> str:
    """Why a board read with this many blockers is no board after a roll ("" when it has 7).

    A roll puts one blocker on a face of each of the 7 dice; fewer seen means
    a disc hidden or taken for something else (a cube leaning over it), more
    means something taken for a disc: either way a square was misread.
    """
    want = len(model.DICE)
    if len(blockers) == want:
        return ""
    if len(blockers) > want:
        return f"{len(blockers)} blockers seen ({' '.join(blockers)}), a roll gives {want}: one is something else"
    seen = {DIE_OF[b] for b in blockers}
    missing = [f"die {d + 1} ({' '.join(sorted(set(faces)))})" for d, faces in enumerate(model.DICE) if d not in seen]
    return (f"{len(blockers)} blockers seen ({' '.join(blockers)}), a roll gives {want}: "
            f"none found on a face of {', '.join(missing) if missing else 'a die counted twice'}; "
            "a blocker is hidden or taken for a piece")


def empty_beside_pieces(pieces: dict[str, list[str]], blockers: list[str], edition: str) -> set[str]:
    """The names of the squares read empty that have a piece's square beside them (where a tall
    piece seen at an angle may lean over a disc), on a board read as solved but for at most
    :data:`~visolve.puzzles.genius_square.cover.MAX_EMPTY` squares (empty otherwise: a board set by
    hand and partly played, like the SmartGames box art's, has empty faces of a die without a disc
    beside its pieces, and hides nothing)."""
    names = _names(edition)
    placed = set().union(*pieces.values()) if pieces else set()
    taken = placed | set(blockers)
    if SIZE * SIZE - len(taken) > MAX_EMPTY:
        return set()
    return {names[r][c] for r in range(SIZE) for c in range(SIZE) if names[r][c] not in taken
            and any(names[y][x] in placed for y, x in _beside(r, c))}


def _names(edition: str) -> list[list[str]]:
    """The squares' names as ``edition`` prints them, row by row."""
    return [[model.name((r, c), edition) for c in range(SIZE)] for r in range(SIZE)]


def _beside(r: int, c: int) -> list[tuple[int, int]]:
    """(row, column) of the squares on the grid beside square ``(r, c)`` (sharing a side)."""
    return [(r + dr, c + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
            if 0 <= r + dr < SIZE and 0 <= c + dc < SIZE]


def shifted_disc_problem(blockers: list[str], pieces: dict[str, list[str]], edition: str) -> str:
    """Why seven blockers that are no roll look like a disc read a square off ("" when they do not):
    one of them moved to a square beside it read empty (no piece's, no disc's) makes a roll.

    Scenes seed 409 scene 49: a SmartGames board with its seven discs only, seen at a slant; the disc
    on B3, its top leaning over B4, read there, beside C4's disc on a face of the same die (a
    misread).  A board set by hand is no roll, but nothing ties it to one a square away: the
    SmartGames box art (A6 B2 B4 D2 D5 E1 F3, solved) has no empty square, and no disc of it moves so."""
    if len(blockers) != len(model.DICE) or is_legal_roll(blockers):
        return ""
    names = _names(edition)
    where = {names[r][c]: (r, c) for r in range(SIZE) for c in range(SIZE)}
    taken = set(blockers).union(*pieces.values())
    for disc in blockers:
        for y, x in _beside(*where[disc]):
            there = names[y][x]
            if there not in taken and is_legal_roll([there if b == disc else b for b in blockers]):
                return (f"blockers {' '.join(blockers)} are no roll of the dice ({roll_note(blockers).split(';')[0]}), "
                        f"but would be with {disc}'s disc on {there} beside it, read empty: a disc read a square off?")
    return ""


def shifted_grid_problem(blockers: list[str], pieces: dict[str, list[str]], edition: str) -> str:
    """Why seven blockers that are no roll look like a grid found a square off the board's ("" when
    they do not): all of them moved a square towards one edge make a roll, and every square along that
    edge reads empty (no piece, no disc), as the board's margin beyond its last row or column would.

    Seed 499 scene 58: a solved Happy Puzzle board seen at a slant, its tall pieces' tops found as the
    grid one column towards the 6 off; column 6 read empty over the black margin, the blockers (A2 A3
    A5 D2 E1 F1 F4) no roll, and the board was kept as set by hand (a misread).  A board set by hand
    is no roll either, but for it to be one moved a square, with the row or column it leaves behind
    bare, is two coincidences: the SmartGames box art is solved, no edge of it bare."""
    if len(blockers) != len(model.DICE) or is_legal_roll(blockers):
        return ""
    names = _names(edition)
    where = {names[r][c]: (r, c) for r in range(SIZE) for c in range(SIZE)}
    taken = set(blockers).union(*pieces.values())
    for dr, dc, edge in ((0, 1, "last column"), (0, -1, "first column"), (1, 0, "last row"), (-1, 0, "first row")):
        moved = [(where[b][0] + dr, where[b][1] + dc) for b in blockers]
        if any(not (0 <= r < SIZE and 0 <= c < SIZE) for r, c in moved):
            continue
        line = [names[r][c] for r in range(SIZE) for c in range(SIZE)
                if (dc and c == (SIZE - 1 if dc > 0 else 0)) or (dr and r == (SIZE - 1 if dr > 0 else 0))]
        rolled = [names[r][c] for r, c in moved]
        if is_legal_roll(rolled) and taken.isdisjoint(line):
            return (f"blockers {' '.join(blockers)} are no roll of the dice, but all moved a square towards the grid's "
                    f"{edge} ({' '.join(rolled)}) they are one, and {' '.join(line)} along that edge read empty: "
                    "the grid found a square off the board's?")
    return ""


def roll_problem(blockers: list[str], empty: set[str]) -> str:
    """Why seven blockers read from a picture look like a disc hidden ("" when they do not).

    Two discs on faces of one die and none on another, with a face of that other die read empty
    beside a piece (``empty``, see :func:`empty_beside_pieces`), is what a disc hidden by a leaning
    piece and a square taken for a disc (a brown cube in glare) look like.  A board set by hand is
    no roll either, but its discs are all seen and none is hidden by a piece: only such a face makes
    it a doubt (a misread is worse than a refusal).
    """
    if is_legal_roll(blockers):
        return ""
    seen = {DIE_OF[b] for b in blockers}
    bare = sorted(sq for sq in empty if DIE_OF.get(sq) not in seen)
    if not bare:
        return ""
    missing = " ".join(f"die {d + 1} ({' '.join(sorted(set(faces)))})"
                       for d, faces in enumerate(model.DICE) if d not in seen)
    return (f"blockers {' '.join(blockers)} are no roll of the dice ({roll_note(blockers).split(';')[0]}), "
            f"none on {missing}, and {' '.join(bare)} read empty beside a piece: a disc hidden there, or a "
            "square taken for one?")


def dice_problem(blockers: list[str], faces: list[dict[str, float]]) -> str:
    """Why blockers that are no roll of the dice are a doubt when the dice beside the board say
    otherwise ("" when they are a roll, or fewer than
    :data:`~visolve.puzzles.genius_square.cover.MIN_FACES` faces are legible, or at least half the
    squares the legible ``faces`` show best are among the blockers: a board set by hand beside dice
    of an earlier roll is refused only when its discs share few of their squares).

    Seed 379 scene 87: a grid found a square off the board's (its labels read in place), the blockers
    read A2 A6 C3 C4 C6 E1 E4, no roll; the seven dice beside the board, each read at 1.8 and more,
    show A1 B2 B6 D4 D6 F1 F4, none of them among the blockers (a misread)."""
    if is_legal_roll(blockers):
        return ""
    legible = [scores for scores in faces if max(scores.values()) >= LEGIBLE]
    if len(legible) < MIN_FACES:
        return ""
    shown = sorted({max(scores, key=scores.get) for scores in legible})
    kept = sum(name in blockers for name in shown)
    if 2 * kept >= len(shown):
        return ""
    return (f"blockers {' '.join(blockers)} are no roll of the dice, and the dice beside the board show "
            f"{' '.join(shown)}, {kept} of them among the blockers: the board's squares are not where they were "
            "found?")


#: a die's face is read clearly when its best square fits it this much better than the next
CLEAR_FACE = 0.2


def _lead(scores: dict[str, float]) -> float:
    """How much better a face's best square fits it than the next."""
    best, second = sorted(scores.values(), reverse=True)[:2]
    return best - second


def _clear(faces: list[dict[str, float]]) -> list[dict[str, float]]:
    """The dice faces read clearly: legible, their best square :data:`CLEAR_FACE` ahead of the next."""
    return [scores for scores in faces if _lead(scores) >= CLEAR_FACE and max(scores.values()) >= LEGIBLE]


#: a board whose blockers are no roll is the roll the dice show, a disc or two misread, when at most
#: this many of its blockers are off the squares the dice show clearly (more: a board set by hand)
OFF_ROLL = 2


def bare_die_problem(blockers: list[str], faces: list[dict[str, float]]) -> str:
    """Why blockers that are no roll of the dice are a doubt when a die none of them lies on shows a
    face clearly beside the board, and at most :data:`OFF_ROLL` of them are off the squares the dice
    show ("" otherwise, or with fewer than :data:`~visolve.puzzles.genius_square.cover.MIN_FACES`
    faces read clearly): the board is the roll the dice show but for a disc hidden or a square taken
    for one.  :func:`dice_problem` lets a board whose discs share most squares with the dice pass as
    set by hand; one with more of its discs elsewhere still does.

    Seed 541 scene 34: a Happy Puzzle board seen at a slant, the brown domino's cube on F3 read as
    a disc and F1's disc, behind it, as empty; D1 and F3 are faces of one die, and the seven dice
    beside the board, each read at 1.86 and more and 0.21 ahead of its next square, show F1 (a
    misread: the six other discs agreed with the dice, so the board passed as set by hand)."""
    if is_legal_roll(blockers):
        return ""
    clear = _clear(faces)
    if len(clear) < MIN_FACES:
        return ""
    shown = {max(scores, key=scores.get) for scores in clear}
    on = {DIE_OF[b] for b in blockers}
    bare = sorted(name for name in shown - set(blockers) if DIE_OF[name] not in on)
    if not bare or len(set(blockers) - shown) > OFF_ROLL:
        return ""
    return (f"blockers {' '.join(blockers)} are no roll of the dice ({roll_note(blockers).split(';')[0]}), "
            f"and the dice beside the board show {bare[0]}, a face of die {DIE_OF[bare[0]] + 1} none of them "
            "lies on: a disc hidden there, or a square taken for one?")


def moved_by_dice_problem(blockers: list[str], faces: list[dict[str, float]]) -> str:
    """Why blockers read only once the squares were read again (where tall pieces' tops show, or
    with faint squares left to the shapes) are a doubt: the legible dice faces seen beside the board
    (at least :data:`~visolve.puzzles.genius_square.cover.MIN_FACES`) fit the roll better by more than
    :data:`~visolve.puzzles.genius_square.cover.AGAINST_DICE` with one of them on another face of its
    die ("" otherwise).  A board read so is settled by the shapes and the roll, which a disc read on
    the wrong face of its die satisfies as well as the true one.

    Seed 499 scene 40: a navy SmartGames board in glare, its squares too faint to say; left to the
    shapes, the grey piece was laid on C6-F6 and die 3's disc on C5, where the seven dice beside the
    board, each read at 1.86 and more, show F6 (a misread).  Only faces read clearly count: legible,
    their best square :data:`CLEAR_FACE` ahead of the next (that face's 0.25-0.37; seed 419 scene 34,
    a board read right beside small blurred dice, showed A6 at 1.5 ahead of A4 by 0.09 where F1 was)."""
    clear = _clear(faces)
    if len(clear) < MIN_FACES:
        return ""
    gain, moved, other = best_swap(clear, blockers)
    if gain <= AGAINST_DICE:
        return ""
    return (f"square {moved}: read as a blocker once the squares were read again, but the dice beside the "
            f"board show {other}, another face of its die")


__all__ = ["bare_die_problem", "blocker_count_problem", "dice_problem", "empty_beside_pieces", "moved_by_dice_problem",
           "roll_problem", "shifted_disc_problem", "shifted_grid_problem"]
