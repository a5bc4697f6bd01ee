"""What every puzzle family provides: the plugin interface and its contract.

A family is one package under ``visolve.puzzles`` that builds a
:class:`PuzzleFamily` from its four parts (reader, level format, solver,
painter) and is listed once in ``visolve.puzzles._FAMILIES``.  Everything in
the pipeline talks to families only through this interface, and
``tests/puzzles/test_contract.py`` checks every registered family against the
contract below, so a new family is green or red without a test of its own
for any of it.

Pictures
    numpy ``uint8`` arrays in OpenCV's BGR order, ``(h, w, 3)``.

Levels
    A level is a frozen dataclass with at least the fields ``level`` (``int``
    number, or ``str`` name when the picture has none) and ``source`` (the
    picture's file name, ``""`` when there is none).  The pipeline gives a
    reader the name as :func:`visolve.names.shown_name` shows it (one line,
    ``new\\nline.png``), so a level file's ``source`` line holds it whole.
    ``==`` compares every field.  The level file is its exact text form::

        parse_level(format_level(level), path) == level

    for every level the reader or the parser can produce.  Two levels that
    differ only in ``source`` are the same puzzle: :func:`level_identity`
    gives the hash a solution records to say what it solves.

Reading
    ``probe(image)`` is the cheap first look (a few ms, no photo search): a
    score in ``[0, 1]``, 0 meaning "surely not this family".  The pipeline
    probes every family, reads with the likeliest first and goes on to the
    next plausible family when a reader raises ``NotThisPuzzle`` *or*
    ``ReadError``.  ``read(image, source)`` returns a level -- or a list of
    levels when one picture holds several (a booklet page) -- or raises one
    of those two with a one-line reason naming the cell in doubt.
    ``read_again(image, source)`` (optional) is a batch's fast path: what
    ``read`` would give, found with no search where this process last read
    one of the family's pictures (a phone's screenshots have their board at
    one place), or None; the pipeline tries it first for the family of the
    previous picture, before any probe.

Solutions
    ``solve(level, options)`` returns a JSON-ready ``dict``.  Keys every
    family writes (:data:`SOLUTION_KEYS`):

    ``puzzle``, ``level``
        the family name and the level's number or name;
    ``solved``
        a solution was found;
    ``seconds``
        search time;
    ``proven``
        the search finished, so what the solution claims is certain: its
        optimality (fewest actions) or its count.  ``False`` after a timeout;
    ``timed_out``
        the ``--timeout`` stopped the search.

    The pipeline adds ``level_id`` (:func:`level_identity` of the level solved),
    so a solution whose level file changed since is known to be stale: the next
    solve replaces it whatever its rank.  A stored solution without it is stale
    only when the family's ``verify`` says its moves do not solve the level.

    Families that count solutions also write ``count`` (number of distinct
    solutions; exact when ``proven``, else how many were found).  Everything
    else is the family's own (``actions`` and ``taps``, ``board`` and
    ``placements``...).  ``rank(solution)`` is a sort key, lower is better;
    ``final(solution)`` says nothing better can be found (``--unsolved``
    skips the level).  Both use only the keys above plus the family's own,
    and read solutions written by earlier versions (:func:`proven_of`,
    :func:`count_of` accept the old ``optimal`` / ``solutions`` keys).

Hints
    Families of placement puzzles put a ``hint`` dict into the solution when
    the level is a partly filled board (``completable``, ``completions``,
    ``piece`` and ``cells`` of the next placement, ``reason``), and provide
    ``paint_hint(level, solution)``: the picture of that one next step, which
    ``visolve --hint`` writes instead of the full solution picture.

Testing
    ``testing`` names a module ``visolve.puzzles.<name>.testing`` that the
    runtime never imports (tests, scripts and benchmarks do).  It provides:

    ``sample_levels() -> list[level]``
        a few small levels the solver finishes quickly (contract test);
    ``draw_level(level) -> picture``
        the level drawn as an input picture (screenshot, booklet challenge,
        board) that the family's reader reads back exactly (contract test);
    ``random_level(rng) -> level``
        a random valid level (``rng`` a ``numpy.random.Generator``);
    ``real_cases(shared) -> list[Case]``
        the third-party pictures under ``shared`` (the ``../shared`` folder)
        with their truth; ``[]`` when they are absent;
    ``synthetic_cases(n, seed, strength=1.0) -> Iterator[Case]``
        ``n`` photo-like pictures of project-drawn levels (see
        :mod:`visolve.testing`), deterministic for a seed.

    A :class:`Case` is ``(name, image, truth)``: ``truth`` is the list of
    levels the picture shows (usually one; ``source`` set to ``name``), or
    ``None`` when the reader must refuse it.  ``scripts/eval_reader.py
    --puzzle NAME`` runs any family's cases.
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from visolve.names import one_line
from visolve.puzzles.textfile import level_number

if TYPE_CHECKING:  # only for annotations: the command line starts without numpy
    import numpy as np

#: keys every family's solution dict carries
SOLUTION_KEYS = ("puzzle", "level", "solved", "seconds", "proven", "timed_out")


@dataclass(frozen=True)
class Case:
    """One evaluation picture: its name, the picture (BGR) and the levels it shows (None: refuse)."""

    name: str
    image: np.ndarray
    truth: list[Any] | None
    #: the long side (picture px) of each level of ``truth`` as drawn, when the scene knows it
    #: (IQ XOXO's pages: the evaluation counts levels by challenge size); None: not known
    widths: tuple[float, ...] | None = None


@dataclass(frozen=True)
class SolveOptions:
    """Knobs the pipeline passes to every solver."""

    timeout: float | None = None  #: seconds for one level; None = no limit
    all_solutions: bool = False  #: also list every optimal / valid solution


def _always(_image: np.ndarray) -> float:
    return 0.5


@dataclass(frozen=True)
class PuzzleFamily:
    name: str  #: command-line and folder name, e.g. ``circuit500``
    title: str  #: human name
    #: image (BGR) + source file name -> level (or a list of levels).  Raises
    #: NotThisPuzzle when the picture is not of this family, ReadError when it
    #: is but reading failed.
    read: Callable[[np.ndarray, str], Any]
    #: level -> level file text (human-editable)
    format_level: Callable[[Any], str]
    #: level file text + path (for messages) -> level; raises LevelFormatError
    parse_level: Callable[[str, str], Any]
    #: level + options -> solution dict (see the module docstring for its keys)
    solve: Callable[[Any, SolveOptions], dict]
    #: level + solution dict -> annotated solution picture (BGR)
    paint: Callable[[Any, dict], np.ndarray]
    #: solution dict -> sort key, lower is better (never overwrite a better one)
    rank: Callable[[dict], tuple]
    #: solution dict -> True when nothing better can be found (``--unsolved`` skips it)
    final: Callable[[dict], bool]
    #: solution dict -> short human summary, e.g. "5 actions, 6 taps (optimal)"
    summary: Callable[[dict], str]
    #: cheap first look at a picture: 0 (surely not this family) .. 1
    probe: Callable[[np.ndarray], float] = _always
    #: solution dict keys written as columns of the run log
    log_columns: tuple[str, ...] = ("seconds",)
    #: optional debug overlay: image + source -> BGR picture explaining the read
    debug_overlay: Callable[[np.ndarray, str], np.ndarray] | None = None
    #: optional: level + solution dict -> picture of the next step only (``--hint``)
    paint_hint: Callable[[Any, dict], np.ndarray] | None = None
    #: optional: level + solution dict -> small picture of the solved board for the overview
    #: page's row (default: the head of the solution picture)
    paint_thumbnail: Callable[[Any, dict], np.ndarray] | None = None
    #: module with ``sample_levels()`` and ``draw_level(level)`` for the contract test
    testing: str | None = None
    #: optional: level + solution dict -> True when the solution's moves / placements
    #: really solve the level (replayed under the rules).  Used to tell whether a
    #: solution written before solutions recorded their level still fits its level file.
    verify: Callable[[Any, dict], bool] | None = None
    #: optional batch fast path: image + source -> what ``read`` gives, found with no search
    #: where this process last read a picture of the family (screenshots of one phone), or
    #: None when that gives no trusted reading (then the probes and ``read`` decide)
    read_again: Callable[[np.ndarray, str], Any] | None = None


def level_key(level: int | str) -> str:
    """File stem of a level: ``level_012`` for numbers, ``level_<name>`` for names.

    Letters, digits, ``-`` and ``_`` stay; blanks become ``_``.  A name with any
    other character also gets a short hash of the whole name, so names that
    differ only there (``my challenge!`` and ``my challenge?``) never share a file.
    """
    if isinstance(level, int):
        return f"level_{level:03d}"
    name = str(level)
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in name)
    if all(ch.isalnum() or ch in "-_ " for ch in name):
        return f"level_{safe}"
    digest = hashlib.sha256(name.encode("utf-8")).hexdigest()[:6]
    return f"level_{safe}-{digest}"


#: file stems cameras and phones give on their own: their digits are no level number
_CAMERA_STEM = re.compile(r"^(img|dsc|dscn|dscf|pxl|photo|image|screenshot|screen shot|scan|wp)(?![a-z])",
                          re.IGNORECASE)
#: a level number in a file name: the whole name, or a number set apart from the words before
#: it (``86``, ``level_12``, ``challenge 120``, ``iq_circuit_201``), or glued to a word that
#: says level (``level12``, ``no7``); a number glued to another word (``step1``,
#: ``wCompletedGame2``) is part of a name.  Words are letters only and separators are no
#: letters, so a long name cannot be split up in many ways (no backtracking blow-up).
_NUMBER_STEM = re.compile(r"^(?:[^\W\d_]+(?:[ _#.-]+[^\W\d_]+)*[ _#.-]+)?(\d{1,4})$")
_LEVEL_WORD_NUMBER = re.compile(r"^(?:[^\W\d_]+[ _#.-]+)*(?:level|lvl|challenge|puzzle|nr|no)(\d{1,4})$",
                                re.IGNORECASE)


def level_from_filename(source: str) -> int | str:
    """The level a picture's file name names when the picture shows none.

    A number only when it clearly is the level number: the whole stem, or the one
    number (at most 4 digits) at the end, set apart from the words before it
    (``level_12``, ``challenge 120``) or after a word that says level
    (``level12``), and not a camera's own file name (``IMG_5635``).  Otherwise
    the stem is the level's name (``2024-05-01 puzzle`` stays a name, not level
    2024; ``anu_render_wStep1`` is a name, not level 1): its control
    characters escaped, a ``#`` (which starts a comment in a level file) made
    ``_`` and outer blanks dropped, so the level file's ``level = ...`` line
    reads back as the name.  Two pictures that still give one level are told
    apart by the pipeline (an error naming both).
    """
    stem = Path(source).stem if source else ""
    stem = one_line(stem).replace("#", "_").strip() if stem else ""
    if not stem:
        return "unnamed"
    if stem.isascii() and stem.isdigit():
        # 1..LEVEL_MAX is a level number; other digits (0, 20240501) are a name, as level files read them
        number = level_number(stem)
        return stem if number is None else number
    m = _NUMBER_STEM.match(stem) or _LEVEL_WORD_NUMBER.match(stem)
    if m and not _CAMERA_STEM.match(stem) and int(m.group(1)) > 0:
        return int(m.group(1))
    return stem


def level_identity(family: PuzzleFamily, level: Any) -> str:
    """Hash of the level's normalized text: what a solution solves.

    ``source`` and the fields left out of ``==`` (``compare=False``: reader notes
    and the like) are set to their defaults first, so two readings of the same
    puzzle from different pictures have one identity.
    """
    if dataclasses.is_dataclass(level):
        reset = {f.name: f.default for f in dataclasses.fields(level)
                 if (f.name == "source" or not f.compare) and f.default is not dataclasses.MISSING}
        level = dataclasses.replace(level, **reset)
    text = family.format_level(level)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def proven_of(solution: dict) -> bool:
    """``proven``, or the ``optimal`` key that solutions of earlier versions wrote."""
    return bool(solution.get("proven", solution.get("optimal", False)))


def count_of(solution: dict) -> int | None:
    """``count``, or the integer ``solutions`` key that earlier IQ Circuit solutions wrote."""
    if "count" in solution:
        return solution["count"]
    legacy = solution.get("solutions")
    return legacy if isinstance(legacy, int) else None


def default_final(solution: dict) -> bool:
    """Solved and proven: nothing better can be found."""
    return bool(solution.get("solved")) and proven_of(solution)


# -- shared by the families that count solutions (placement puzzles) ------------------------

def count_rank(solution: dict) -> tuple:
    """Solved before unsolved, then a finished search (proven count) before a cut one."""
    return (0 if solution.get("solved") else 1, 0 if proven_of(solution) else 1)


def count_summary(solution: dict) -> str:
    """One line: solved, unique or how many, or why not."""
    if not solution.get("solved"):
        if solution.get("timed_out"):
            return "unsolved (timed out)"
        return "no solution (" + str(solution.get("reason") or "search finished without one") + ")"
    n = count_of(solution) or 1
    if not proven_of(solution):
        return f"solved ({n} solution{'s' if n != 1 else ''} found, count not proven: timed out)"
    return "solved, unique (1 solution)" if n == 1 else f"solved, {n} solutions (not unique)"


def search_keys(started: float, result: Any = None, solved: bool = True) -> dict:
    """The contract's search keys of a tiling search ``result`` (``None``: refused before searching).

    ``started`` is the ``time.perf_counter()`` reading when solving began.  An
    unsolved level is proven (nothing exists) unless the search timed out.
    """
    import time

    timed_out = bool(result is not None and result.timed_out)
    return dict(
        solved=solved,
        proven=result.proven if solved else not timed_out,
        timed_out=timed_out,
        count=result.count if solved else 0,
        nodes=0 if result is None else result.nodes,
        seconds=round(time.perf_counter() - started, 4),
    )


def verify_by(problems: Callable[[Any, dict], list]) -> Callable[[Any, dict], bool]:
    """A family's ``verify`` from a function listing what a solution breaks (empty: it solves the level)."""

    def verify(level: Any, solution: dict) -> bool:
        if not solution.get("solved"):
            return True  # nothing to replay
        try:
            return not problems(level, solution)
        except (KeyError, TypeError, ValueError, IndexError):
            return False

    return verify


def family_from(name: str, title: str, package: str, **fields: Any) -> PuzzleFamily:
    """The :class:`PuzzleFamily` of a package laid out as ``docs/families.md`` says.

    The parts are taken from the package's modules by their contract names:
    ``levelfile.format_level`` and ``parse_level``, ``reader.read``,
    ``debug_overlay`` and ``read_again`` (if it has one), ``probe.probe``,
    ``solver.solve``, ``painter.paint_solution``, ``paint_hint`` and
    ``paint_thumbnail`` (if it has them); ``final`` is :func:`default_final` and the testing module is
    ``package.testing``.  What only the family knows (``rank``, ``summary``,
    ``verify``, ``log_columns``) comes in ``fields``.

    Parameters
    ----------
    name, title : str
        The family's command-line name and human name.
    package : str
        The family's package, e.g. ``"visolve.puzzles.circuit500"``.
    **fields
        The fields of :class:`PuzzleFamily` the modules do not give, and any to set otherwise.

    Returns
    -------
    PuzzleFamily
    """
    from importlib import import_module

    levelfile, reader, solver, painter = (import_module(f"{package}.{m}")
                                          for m in ("levelfile", "reader", "solver", "painter"))
    parts = dict(
        name=name, title=title, read=reader.read, format_level=levelfile.format_level,
        parse_level=levelfile.parse_level, solve=solver.solve, paint=painter.paint_solution,
        final=default_final, probe=import_module(f"{package}.probe").probe,
        debug_overlay=reader.debug_overlay, paint_hint=getattr(painter, "paint_hint", None),
        paint_thumbnail=getattr(painter, "paint_thumbnail", None),
        read_again=getattr(reader, "read_again", None), testing=f"{package}.testing",
    )
    return PuzzleFamily(**{**parts, **fields})


def placement_family(name: str, title: str, package: str, problems: Callable[[Any, dict], list],
                     **fields: Any) -> PuzzleFamily:
    """The :class:`PuzzleFamily` of a placement game: :func:`family_from` with counted solutions.

    Solutions are counted (:func:`count_rank`, :func:`count_summary`, log
    columns count, nodes, seconds) and replayed by ``verify_by(problems)``.

    Parameters
    ----------
    name, title : str
        The family's command-line name and human name.
    package : str
        The family's package, e.g. ``"visolve.puzzles.iq_xoxo"``.
    problems : callable
        ``(level, solution) -> list`` of what the solution breaks (see :func:`verify_by`).
    **fields
        Any field of :class:`PuzzleFamily` to set otherwise (``summary=...``).

    Returns
    -------
    PuzzleFamily
    """
    counted = dict(rank=count_rank, summary=count_summary, log_columns=("count", "nodes", "seconds"),
                   verify=verify_by(problems))
    return family_from(name, title, package, **{**counted, **fields})
