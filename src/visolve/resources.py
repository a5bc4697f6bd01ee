"""Files the readers need at run time, found wherever visolve was installed.

Reference templates are drawn by ``scripts/draw_reference.py`` into the
checkout's ``data/reference/<puzzle>/`` and kept there (committed).  Building
a wheel copies that folder into the package as ``visolve/reference/``
(see ``setup.py``), so an installed visolve finds them with
:mod:`importlib.resources`; an editable install or a checkout finds the
``data/reference/`` folder beside ``src/``.  ``VISOLVE_REFERENCE_DIR`` points
somewhere else (a folder holding ``<puzzle>/`` subfolders, or one puzzle's
folder itself).
"""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path

#: environment variable that overrides where reference templates are looked for
REFERENCE_ENV = "VISOLVE_REFERENCE_DIR"
#: the folder inside the installed package that holds the templates
PACKAGED = "reference"
#: the file every puzzle's reference folder has
INDEX = "index.json"


def reference_dir(puzzle: str) -> Path:
    """The folder of ``puzzle``'s reference templates (it may not exist: callers say so)."""
    env = os.environ.get(REFERENCE_ENV)
    if env:
        inside = Path(env) / puzzle
        return inside if inside.is_dir() else Path(env)
    candidates = [_packaged(puzzle), _checkout(puzzle)]
    for folder in candidates:
        if folder is not None and (folder / INDEX).is_file():
            return folder
    return next(folder for folder in candidates if folder is not None)


def _packaged(puzzle: str) -> Path | None:
    try:
        root = resources.files("visolve")
    except (ModuleNotFoundError, TypeError):  # pragma: no cover - broken install
        return None
    return Path(str(root)) / PACKAGED / puzzle


def _checkout(puzzle: str) -> Path:
    # src/visolve/resources.py -> the repository root is two levels above visolve/
    return Path(__file__).resolve().parents[2] / "data" / "reference" / puzzle
