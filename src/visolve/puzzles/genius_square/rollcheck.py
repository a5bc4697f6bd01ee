"""Whether the blockers read from a picture look like a roll of the dice.

A roll puts one disc on a face of each of the seven dice (:data:`visolve.puzzles.genius_square.model.DICE`).
Blockers read otherwise mean a square misread (a disc hidden by a leaning piece, a cube taken for
a disc), unless the board was set by hand: :func:`blocker_count_problem`, :func:`roll_problem`,
:func:`shifted_disc_problem` and :func:`dice_problem` say why a reading looks like a misread, "" when
it does not.
"""

from __future__ import annotations

from visolve.puzzles.genius_square import model
from visolve.puzzles.genius_square.board import DIE_OF, is_legal_roll, roll_note
from visolve.puzzles.genius_square.cover import LEGIBLE, MAX_EMPTY, MIN_FACES

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


__all__ = ["blocker_count_problem", "dice_problem", "empty_beside_pieces", "roll_problem", "shifted_disc_problem"]
