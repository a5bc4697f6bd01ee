"""circuit500 solver: class keys and phase 1 (fewest actions).

Free slides (of an empty or a cross) cost no action and are undone by a free
slide, so all slide states joined by free slides (a *class*) need the same
number of further actions.  :func:`min_actions` takes the classes in order of
actions spent; one lower bound per class
(:func:`solver_bound.reach_bound`, backed by the stronger
:func:`solver_counted.counted_bound` where the first does not prune at a small
limit) prunes it, otherwise its members are listed without computing bounds
and finished by rotations (:func:`solver_paths.rotation_finish`).  This
removes the plateaus of zero-cost states that a plain A* on ``(actions,
taps)`` expands one bound at a time.

Bounds are cached (:class:`ActionBounds`) by :func:`class_key`, which every member
of a class shares and on which the bound alone depends; before that, by
:func:`coarse_key` (empties outside the free region read as crosses: a
weaker bound that many class keys share, so one computation often prunes
them all; :class:`_CoarseSwitch` measures whether that pays).  Phase 2 and
the rest of the search are in :mod:`solver`.
"""

from __future__ import annotations

import time

from visolve.puzzles.circuit500.solver_bound import reach_bound
from visolve.puzzles.circuit500.solver_counted import UCAP, counted_bound
from visolve.puzzles.circuit500.solver_paths import (
    ADJ_MASK,
    CROSS_C,
    EMPTY_C,
    END_CODES,
    GAP_C,
    HB,
    INF,
    NB,
    NB_CELLS,
    NCELL,
    PAID,
    START_CODES,
    BoundBoard,
    find_tile,
    rotation_finish,
    slide_tile,
)


class _Timeout(Exception):
    pass


def slides_to(parent: dict, key) -> list[int]:
    """The slides that lead from the start to the state ``key`` of a search.

    Parameters
    ----------
    parent : dict
        ``key -> (parent key, cell slid)`` of the states reached, None at the start.
    key : bytes
        A state reached.

    Returns
    -------
    list of int
        The cells slid, first to last.
    """
    slides = []
    while parent[key] is not None:
        key, cell = parent[key]
        slides.append(cell)
    slides.reverse()
    return slides


#: free-region marker of :func:`class_key`
REGION = 255


def class_key(arr: bytes, gap: int) -> bytes:
    """What the action bounds of a slide state depend on.

    The *free region* is the set of cells the gap reaches by free slides (the
    gap's cell and the empties and crosses joined to it through empties and
    crosses).  Free slides only shuffle the tiles inside it, so every state a
    free slide leads to has the same key.  :func:`solver_bound.reach_bound`
    charges nothing for a region cell whichever of gap, empty or cross sits
    there (its gap distance is 0, a cross costs 0 kept or changed, and a cell
    of the region used before any paid slide is paid for by the count of
    region crosses, not by position; see the module docstring there), so the
    bound is a function of: the tiles outside the region, the region itself
    and the number of crosses in it.  That is the key: the arrangement with
    every region cell set to ``REGION``, plus the cross count.  States with
    one key share one bound computation, and a lower bound proven for one of
    them holds for all."""
    if gap < 0:
        return arr
    b = bytearray(arr)
    b[gap] = REGION
    todo = [gap]
    crosses = 0
    while todo:
        c = todo.pop()
        for n in NB_CELLS[c]:
            code = b[n]
            if code != REGION and not PAID[code]:
                if code == CROSS_C:
                    crosses += 1
                b[n] = REGION
                todo.append(n)
    b.append(crosses)
    return bytes(b)


#: tries of the coarse step per measuring window (see :class:`_CoarseSwitch`)
COARSE_WINDOW = 256
#: :func:`coarse_key`: every empty becomes a cross
_TO_CROSS = bytes.maketrans(bytes([EMPTY_C]), bytes([CROSS_C]))


def coarse_key(key: bytes) -> bytes:
    """A class key (of a level with a gap) with every empty outside the free
    region turned into a cross.

    Those cells lie outside the region, so the gap reaches them only through
    a rotatable tile.  For the bounds an empty and a cross there differ in one
    way only: a path may *keep* a cross (no rotation) but never an empty.
    Everything else the bounds charge for the cell is the same for both (gap
    distance, first-entry weight, the charge of changing it, and, in
    :func:`solver_counted.counted_bound`, the cross count of a changed cell).
    So every walk the bounds weigh for the true arrangement is weighed, at
    the same cost or less, for the coarse one, whose bound is therefore a
    lower bound for the true one (of both kinds, actions and rotation-only),
    and one coarse key stands for all the ways the cut-off pockets of free
    tiles can be filled.  ``tests`` check the inequality on many states."""
    return key[:NCELL].translate(_TO_CROSS) + key[NCELL:]


def coarse_arr(arr: bytes, ckey: bytes) -> bytes:
    """An arrangement with coarse key ``ckey``: ``arr`` outside the region
    replaced from the key."""
    return bytes(a if k == REGION else k for a, k in zip(arr, ckey[:NCELL]))


class _CoarseSwitch:
    """Whether the coarse step of ``ActionBounds._two_step`` pays, measured.

    Over a window of ``COARSE_WINDOW`` tries it counts the coarse bounds
    computed and the prunes they gave (each prune saves a fine computation);
    it stays on while the prunes outnumber the computations.  Once off, it
    comes back for a trial window after a pause that doubles with each
    failed trial (4 windows, up to 64)."""

    __slots__ = ("on", "tries", "computed", "pruned", "pause")

    def __init__(self):
        self.on = True
        self.tries = self.computed = self.pruned = 0
        self.pause = 4

    def use(self) -> bool:
        """Whether to try the coarse step now (counts the skipped tries)."""
        if self.on:
            return True
        self.tries += 1
        if self.tries >= self.pause * COARSE_WINDOW:
            self.on, self.tries = True, 0  # a trial window
        return False

    def record(self, computed: bool, pruned: bool) -> None:
        self.tries += 1
        self.computed += computed
        self.pruned += pruned
        if self.tries >= COARSE_WINDOW:
            self.on = self.pruned > self.computed
            self.pause = 4 if self.on else min(64, 2 * self.pause)
            self.tries = self.computed = self.pruned = 0


#: phase 1 also tries :func:`solver_counted.counted_bound` when
#: :func:`solver_bound.reach_bound` does not prune and the limit is at most
#: this (levels with fewer than ``UCAP`` crosses; 0 = never).  Measured on
#: the slowest levels: it pays at limits up to 3 (level 183: 10.4 s -> 7.1 s,
#: 204: 4.9 -> 4.4); larger limits, and any use in phase 2, cost more than
#: the states they save.
COUNTED_LIM = 3


class ActionBounds:
    """Action bounds of one level, cached by :func:`class_key`.

    ``h`` and ``r0`` hold ``key -> (value, limit)`` (exact when value <
    limit, else "at least limit"); ``rest[key]`` is a lower bound on the
    further actions of every state with that key, proven by a dropped class
    (see :func:`min_actions`)."""

    def __init__(self, board: BoundBoard):
        self.board = board
        self.h: dict[bytes, tuple[int, int]] = {}
        self.r0: dict[bytes, tuple[int, int]] = {}
        self.rest: dict[bytes, int] = {}
        #: the same for coarse keys
        self.hc: dict[bytes, tuple[int, int]] = {}
        self.r0c: dict[bytes, tuple[int, int]] = {}
        #: whether the coarse step pays, per kind of bound and limit
        self.switches: dict[tuple[bool, int], _CoarseSwitch] = {}
        self.calls = 0
        self.counted_lim = COUNTED_LIM

    @staticmethod
    def _hit(cache, key, lim):
        """The cached value of ``key`` if it answers a question at ``lim``
        (exact, or "at least" a limit >= ``lim``), else None."""
        v = cache.get(key)
        if v is not None and (v[0] < v[1] or v[1] >= lim):
            return v[0]
        return None

    def _compute(self, cache, arr, key, lim, bound):
        """``bound(arr, s0, e0, gap, lim)``, stored in ``cache``."""
        if not self.board.feasible:
            val = INF
        else:
            s0, e0 = find_tile(arr, START_CODES), find_tile(arr, END_CODES)
            val = bound(arr, s0, e0, arr.find(GAP_C), lim)
        cache[key] = (val, lim)
        return val

    def _action_bound(self, arr, s0, e0, gap, lim):
        """:func:`reach_bound`; when it does not reach ``lim``, the stronger
        and dearer :func:`counted_bound` if ``lim`` is at most
        ``self.counted_lim`` and the level has fewer than ``UCAP`` crosses
        (with more, it does not count crosses and gains little)."""
        tables = self.board.tables
        self.calls += 1
        val = reach_bound(arr, tables, s0, e0, gap, lim)
        if val < lim <= self.counted_lim and tables.n_cross < UCAP:
            self.calls += 1
            val = counted_bound(arr, tables, s0, e0, gap, lim)
        return val

    def _rotation_bound(self, arr, s0, e0, gap, lim):
        self.calls += 1
        return reach_bound(arr, self.board.tables, s0, e0, gap, lim, 0)

    def _two_step(self, fine, coarse, arr, key, lim, bound):
        """The bound of ``key``, trying first the bound of its coarse key (see
        :func:`coarse_key`), which many class keys share; the bound of
        ``key`` itself is computed only when the coarse one does not reach
        ``lim``.  Whether the coarse step pays differs by level and limit,
        so a :class:`_CoarseSwitch` per kind of bound and limit decides."""
        v = self._hit(fine, key, lim)
        if v is not None:
            return v
        sk = (coarse is self.hc, lim if lim < 5 else 5)
        sw = self.switches.get(sk)
        if sw is None:
            sw = self.switches[sk] = _CoarseSwitch()
        # (a level without a gap has no region: its class key is the arrangement)
        if sw.use() and len(key) > NCELL:
            ck = coarse_key(key)
            if ck != key:
                v = self._hit(coarse, ck, lim)
                computed = v is None
                if computed:
                    v = self._compute(coarse, coarse_arr(arr, ck), ck, lim, bound)
                sw.record(computed, v >= lim)
                if v >= lim:
                    return v
        return self._compute(fine, arr, key, lim, bound)

    def actions(self, arr: bytes, key: bytes, lim: int) -> int:
        """Lower bound on the further actions (values >= lim come back as lim)."""
        r = self.rest.get(key, 0)
        if r >= lim:
            return r
        v = self._two_step(self.h, self.hc, arr, key, min(lim, HB), self._action_bound)
        return v if v > r else r

    def rotations(self, arr: bytes, key: bytes, lim: int) -> int:
        """Lower bound on the rotation-only finish of every state joined to
        this one by free slides (values >= lim come back as lim)."""
        return self._two_step(self.r0, self.r0c, arr, key, min(lim, HB), self._rotation_bound)

    def drop(self, key: bytes, lb: int) -> None:
        if self.rest.get(key, 0) < lb:
            self.rest[key] = lb


def min_actions(arr0: bytes, bounds: ActionBounds, deadline: float | None, check_every: int = 512):
    """Phase 1: the fewest actions, proven, by a search over *free classes*.

    Free slides (empty/cross) cost no action and can be undone by a free
    slide, so the states joined by free slides (a class) all need the same
    number of further actions.  Classes are taken in order of the actions
    ``g`` spent to reach them (0-1 breadth first: paid slides lead to the next
    level); a class is dropped when ``g + h`` of the state that led to it
    reaches the best finish found (``h`` bounds every member, as they share
    the remaining cost); otherwise all its members are listed (no bound
    computed for them) and each gets its rotation-only finish.  When no class
    with ``g < best`` is left, ``best`` is the optimum.

    A dropped class records its lower bound under its :func:`class_key` in
    ``bounds.rest``: the bound is a function of the key, so it holds for
    every state with that key, and later roots with the key are dropped
    without a bound computation.

    Returns (best actions or INF, (state, turns, slides) or None, nodes,
    proven, level) where ``level[state]`` is the least action count known
    to reach the state."""
    gap0 = arr0.find(GAP_C)
    frozen0 = ADJ_MASK[gap0] if gap0 >= 0 else 0
    start = (arr0, frozen0)
    level: dict[tuple, int] = {start: 0}  # least actions known to reach a state
    parent: dict[tuple, tuple | None] = {start: None}
    done: set = set()  # states listed as members of a class
    best = INF
    best_at = None
    nodes = 0
    buckets: list[list] = [[start]]
    g = 0
    try:
        while g < len(buckets) and g < best:
            for root in buckets[g]:
                if root in done or level[root] != g:
                    continue
                arr = root[0]
                key = class_key(arr, arr.find(GAP_C))
                lim = INF if best >= INF else best - g
                hv = bounds.actions(arr, key, lim)
                if g + hv >= best:
                    bounds.drop(key, hv)
                    continue
                # rotation-only finishes of the whole class, relaxed
                r0 = bounds.rotations(arr, key, best - g)
                if g + r0 >= best and g + 1 >= best:
                    # no member finishes better, and a paid slide does not pay
                    bounds.drop(key, best - g)
                    continue
                # list the class: every state joined to root by free slides
                # breadth first, so the free stretches of the recorded
                # solution are short (a good start for phase 2)
                done.add(root)
                todo = [root]
                qi = 0
                while qi < len(todo):
                    state = todo[qi]
                    qi += 1
                    nodes += 1
                    if deadline is not None and nodes % check_every == 0:
                        if time.monotonic() > deadline:
                            raise _Timeout
                    arr, frozen = state
                    if g + r0 < best:
                        r, turns = rotation_finish(arr, frozen, best - g)
                        if g + r < best:
                            best = g + r
                            best_at = (state, turns)
                    if gap0 < 0:
                        continue
                    gap = arr.find(GAP_C)
                    for _bit, cell, _opp in NB[gap]:
                        if PAID[arr[cell]]:
                            if g + 1 >= best:
                                continue  # would not beat the best finish
                            child = slide_tile(arr, frozen, gap, cell)
                            old = level.get(child)
                            if old is None or old > g + 1:
                                level[child] = g + 1
                                parent[child] = (state, cell)
                                while len(buckets) <= g + 1:
                                    buckets.append([])
                                buckets[g + 1].append(child)
                            continue
                        child = slide_tile(arr, frozen, gap, cell)
                        if child not in done:
                            done.add(child)
                            level[child] = g
                            parent[child] = (state, cell)
                            todo.append(child)
            buckets[g] = []
            g += 1
    except _Timeout:
        info = None if best_at is None else (best_at[0], best_at[1], slides_to(parent, best_at[0]))
        return best, info, nodes, False, level
    info = None if best_at is None else (best_at[0], best_at[1], slides_to(parent, best_at[0]))
    return best, info, nodes, True, level
