"""Build step for the compiled circuit500 search (everything else is in pyproject.toml).

The extension is optional: without a C compiler the install still succeeds and
the solver runs its pure-Python search (same answers, slower).
"""

from setuptools import Extension, setup

setup(
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
        )
    ]
)
