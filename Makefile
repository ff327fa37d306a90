# One entry point for people and CI. `make play` and `make test` set everything up.
VENV ?= .venv
PY := $(VENV)/bin/python
BIN := $(VENV)/bin
# `make play GAME=nomad-city PLAYERS=3` (see `boardwright list` for the games)
GAME ?= flow-of-history
PLAYERS ?= 4

.PHONY: install serve play test lint bench golden docs clean

install: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install -q -e '.[test]'
	touch $@

serve: install
	$(BIN)/boardwright serve

play: install
	$(BIN)/boardwright play $(GAME) --players $(PLAYERS) --bots normal

lint: install
	$(BIN)/ruff check src tests scripts
	$(BIN)/mypy

test: lint
	$(BIN)/pytest

bench: install
	$(BIN)/boardwright bench

golden: install
	$(PY) scripts/regen_golden.py

docs: install
	$(PY) scripts/gen_docs.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
