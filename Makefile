# Potager: `make run` starts the main job, `make test` runs the whole suite.
# Everything installs into .venv/ on first use; only Python 3.11 and make are needed.

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-dev
BENCH  := $(VENV)/.installed-bench

.PHONY: run test bench lint fmt clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $@

$(BENCH): $(STAMP)
	$(BIN)/python -m pip install -q -e '.[dev,bench]'
	touch $@

run: $(STAMP)
	$(BIN)/potager play heuschrecken-poker --players 3 --bots heuristic,heuristic

test: $(STAMP)
	$(BIN)/python -m pytest -n auto -q

bench: $(BENCH)
	$(BIN)/python -m bench $(BENCH_ARGS)

lint: $(STAMP)
	$(BIN)/ruff check potager tests bench
	$(BIN)/mypy potager bench

fmt: $(STAMP)
	$(BIN)/ruff format potager tests bench

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
