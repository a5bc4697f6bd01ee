# visolve: shortcuts for dev.py (which needs only Python 3.11+ and the package index).
PYTHON ?= python3

.PHONY: demo test setup bench eval clean

demo:
	$(PYTHON) dev.py demo

test:
	$(PYTHON) dev.py test

setup:
	$(PYTHON) dev.py setup

bench: setup
	.venv/bin/python scripts/bench_solver.py --jobs 2 --compare-reference

eval: setup
	.venv/bin/python scripts/eval_reader.py

clean:
	rm -rf data/levels data/solutions data/logs
