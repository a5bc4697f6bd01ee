"""Ctrl-C stops ``visolve make`` and keeps every challenge finished, whole; the same seed goes on alike."""

from __future__ import annotations

import pytest

from tests.conftest import ctrl_c, visolve_process
from visolve import puzzles

#: far more challenges than are made before the interrupt
COUNT = 2000
#: hang guard only (the run stops within about a second of the signal); no time is asserted
PATIENCE = 120


@pytest.mark.slow
def test_ctrl_c_keeps_the_finished_challenges(tmp_path):
    args = ("make", "iq-xoxo", "--level", "wizard", "--count", str(COUNT), "--seed", "3", "--data", str(tmp_path))
    with visolve_process(*args) as proc:
        first = proc.stdout.readline()  # one challenge written: the run is under way
        assert first.startswith("wrote: iq-xoxo wizard-3-1"), first + proc.stderr.read()
        _out, err = ctrl_c(proc, PATIENCE)
    assert proc.returncode == 130, err
    assert "finished so far are written" in err and "Traceback" not in err
    folder = tmp_path / "levels" / "iq-xoxo"
    kept = sorted(folder.glob("level_*.txt"))
    assert 1 <= len(kept) < COUNT
    assert not list(tmp_path.rglob("*.tmp")), "half-written files left behind"
    fam = puzzles.get("iq-xoxo")
    texts = {p.name: p.read_text() for p in kept}
    for name, text in texts.items():
        assert fam.parse_level(text, name).grade is not None
    # a rerun with the same seed makes the same challenges: the kept files are left as they are
    with visolve_process("make", "iq-xoxo", "--level", "wizard", "--count", str(len(kept)), "--seed", "3",
                         "--data", str(tmp_path)) as rerun:
        _out, err = rerun.communicate(timeout=PATIENCE)
    assert rerun.returncode == 0, err
    assert {p.name: p.read_text() for p in sorted(folder.glob("level_*.txt"))} == texts


def test_the_challenges_made_before_an_error_get_their_page(tmp_path, monkeypatch):
    from visolve.make import command, stars

    real = stars.make_one
    calls = []

    def third_fails(level, rng, avoid):
        calls.append(level)
        if len(calls) == 3:
            raise RuntimeError("no more")
        return real(level, rng, avoid)

    monkeypatch.setitem(command.MAKERS, "iq-stars", command.MAKERS["iq-stars"].__class__(
        "iq-stars", stars.LEVELS, third_fails, stars.GRADE_RANGES))
    with pytest.raises(RuntimeError):
        command.make_run("iq-stars", "junior", 8, 1, tmp_path)
    assert len(list((tmp_path / "levels" / "iq-stars").glob("*.txt"))) == 2
    names = sorted(p.name for p in (tmp_path / "booklet" / "iq-stars").iterdir())
    assert names == ["junior-1-answers-01.png", "junior-1-page-01.png"]
    assert (tmp_path / "index.html").is_file()
