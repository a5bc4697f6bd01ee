# visolve: everyday commands.  Only needs Python 3.11+ (python3) and the package index.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
JOBS   ?= 0

.PHONY: demo test venv bench eval clean

# Set up .venv (once; again when pyproject.toml changes).
$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

venv: $(BIN)/.installed

# Quick start 1: read and solve the bundled example pictures in data/raw/.
demo: venv
	$(BIN)/visolve --handle-all --data data --jobs $(JOBS) --log
	@echo "solutions written to data/solutions/ (open the .png files)"

# Quick start 2: the test suite (what CI runs).
test: venv
	$(BIN)/python -m pytest -q

bench: venv
	$(BIN)/python scripts/bench_solver.py --jobs 2 --compare-reference

eval: venv
	$(BIN)/python scripts/eval_reader.py

clean:
	rm -rf data/levels data/solutions data/logs
