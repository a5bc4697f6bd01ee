"""Build steps that pyproject.toml cannot express.

* The compiled circuit500 search and tiling core (optional: without a C compiler the install
  still succeeds and the solver runs its pure-Python search, same answers).
* The reference templates: drawn into the checkout's ``data/reference/`` by
  ``scripts/draw_reference.py`` and kept there; the build copies them into
  the package as ``visolve/reference/`` so an installed visolve (``pip
  install .``, ``pipx install .``, a wheel) finds them with
  ``importlib.resources`` (see ``visolve.resources``).
"""

import shutil
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
REFERENCE = HERE / "data" / "reference"
#: file types the readers load from the reference folders
REFERENCE_SUFFIXES = {".json", ".png"}


class BuildPyWithReference(build_py):
    """The usual build_py, then ``data/reference/**`` into ``<build>/visolve/reference/``."""

    def run(self):
        super().run()
        target = Path(self.build_lib) / "visolve" / "reference"
        if target.exists():
            shutil.rmtree(target)
        for src in sorted(REFERENCE.rglob("*")):
            if src.is_file() and src.suffix.lower() in REFERENCE_SUFFIXES:
                dst = target / src.relative_to(REFERENCE)
                dst.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(src, dst)


setup(
    cmdclass={"build_py": BuildPyWithReference},
    ext_modules=[
        Extension(
            "visolve.puzzles.circuit500._fastsolve",
            sources=["src/visolve/puzzles/circuit500/_fastsolve.c"],
            depends=[
                "src/visolve/puzzles/circuit500/_csrc/common.h",
                "src/visolve/puzzles/circuit500/_csrc/bounds.h",
                "src/visolve/puzzles/circuit500/_csrc/search.h",
            ],
            extra_compile_args=["-O2"],
            optional=True,
        ),
        Extension(
            "visolve.tiling._core",
            sources=["src/visolve/tiling/_core.c"],
            depends=["src/visolve/tiling/_core_py.h", "src/visolve/tiling/_core_memo.h"],
            extra_compile_args=["-O2"],
            optional=True,
        ),
    ],
)
