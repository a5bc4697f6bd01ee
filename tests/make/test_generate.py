"""The makers of each family, loaded when asked for."""

import subprocess
import sys

from visolve.make.generate import MAKER_MODULES, MAKERS, Maker


def test_each_family_has_its_maker_under_its_own_name():
    assert list(MAKERS) == list(MAKER_MODULES)
    for family in MAKER_MODULES:
        maker = MAKERS[family]
        assert isinstance(maker, Maker) and maker.family == family and maker.levels
    assert [f for f, m in MAKERS.items() if m.ranked] == ["genius-square"]
    assert "iq-tetris" not in MAKERS and MAKERS.get("iq-tetris") is None


def test_making_one_family_does_not_load_the_others_makers():
    code = ("import sys; from visolve.make.generate import MAKERS; MAKERS['iq-stars'];"
            "print(sorted(m for m in sys.modules if m.startswith('visolve.make.')))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "visolve.make.stars" in loaded
    assert not any(f"visolve.make.{m}'" in loaded for m in ("circuit", "xoxo", "genius"))
