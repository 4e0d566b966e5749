# Potager: `make run` starts the main job, `make test` runs the whole suite.
# Everything installs into .venv/ on first use; only Python 3.11 and make are needed.

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-dev
# The modules compiled with mypyc (potager/compiled.py): the install builds them in place, and
# installs again (dependencies already there: only the build) whenever one of them changes.
COMPILED := $(shell sed -n 's/^    "\(potager\.[a-z_.]*\)",$$/\1/p' potager/compiled.py | tr . / | sed 's/$$/.py/')
UNBUILD  := find potager -name '*.so' -delete; rm -rf build potager_compiled__mypyc.*.so

.PHONY: run test docs club bench fuzz ladder train sb3 lint fmt clean system chromium axe-core postgresql redis soak screenshots build pure dist

# One environment for everything: the tests exercise the server and the OpenSpiel anchors too.
$(STAMP): pyproject.toml setup.py potager/compiled.py $(COMPILED)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(UNBUILD)
	$(BIN)/python -m pip install -q -e '.[dev,server,bench,rl,onnx,study]'
	touch $@

build: $(STAMP)

# Remove the compiled modules: Python then runs their source. `POTAGER_PURE=1 make test` installs
# without compiling and tests the source; a plain `make` target builds them again.
pure:
	$(UNBUILD)
	rm -f $(STAMP)

run: $(STAMP)
	$(BIN)/potager serve --host 127.0.0.1 --port 8000

# The release files in $(DIST): the sdist, then from it the wheel compiled with mypyc and the
# pure-Python one (POTAGER_PURE=1, py3-none-any). Everything is built in a temporary directory
# from git's files (tracked, or new and not ignored): the source tree gets no build/ or egg-info.
# It needs only pypa/build in .venv/, not the editable install, whose compiled build is in place.
DIST ?= dist
$(VENV)/.installed-build:
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q build
	touch $@

dist: $(VENV)/.installed-build
	rm -rf $(DIST) && mkdir -p $(DIST)
	out="$$(cd $(DIST) && pwd)" && tmp="$$(mktemp -d)" && trap 'rm -rf "$$tmp"' EXIT && \
	  mkdir "$$tmp/src" "$$tmp/compiled" "$$tmp/pure" && \
	  git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - | \
	    tar -xf - -C "$$tmp/src" && \
	  $(BIN)/python -m build --sdist --outdir "$$out" "$$tmp/src" && \
	  tar -xzf "$$out"/potager-*.tar.gz -C "$$tmp/compiled" && \
	  tar -xzf "$$out"/potager-*.tar.gz -C "$$tmp/pure" && \
	  $(BIN)/python -m build --wheel --outdir "$$out" "$$tmp"/compiled/potager-* && \
	  POTAGER_PURE=1 $(BIN)/python -m build --wheel --outdir "$$out" "$$tmp"/pure/potager-*
	ls -l $(DIST)

# The suite's system needs: Debian's Chromium (browser tests), PostgreSQL (storage tests on a
# private server in .pgdata/, port 54329) and Redis (several server processes, .redisdata/, port
# 63799), both started here; failing loudly if either cannot start.
test: $(STAMP) system docs
	POTAGER_TEST_POSTGRES_URL="$$($(BIN)/python -m potager.store.localpg start)" && \
	  POTAGER_TEST_REDIS_URL="$$($(BIN)/python -m potager.store.localredis start)" && \
	  export POTAGER_TEST_POSTGRES_URL POTAGER_TEST_REDIS_URL && $(BIN)/python -m pytest -n auto --dist loadgroup -q

system: chromium postgresql redis club

# The club page's tests (tests/docs/test_club.py): SQLite's shell for the online backup, and
# systemd-analyze to verify the page's units.
club:
	command -v sqlite3 >/dev/null || { apt-get update -qq && apt-get install -y -qq sqlite3; }
	command -v systemd-analyze >/dev/null || \
	  { apt-get update -qq && apt-get install -y -qq systemd; }

# The documentation site from docs/ (mkdocs.yml) into site/, strict: any warning fails it, a
# broken link or anchor included. Offline: nothing is fetched. tests/docs builds it too.
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet

# The docs' screenshots: the browser tests, saving into docs/screenshots/.
screenshots: $(STAMP) chromium
	POTAGER_SCREENSHOTS=1 $(BIN)/python -m pytest -q tests/web

chromium:
	test -x /usr/bin/chromium || { apt-get update -qq && apt-get install -y -qq chromium; }

# axe-core, Deque's accessibility engine, which tests/web/test_accessibility_browser.py runs in
# the pages: vendored in tests/web/axe/ (its one file, MPL-2.0, with its licence), so the suite
# needs no network and always runs the same rules. This refreshes it from the npm registry.
AXE_VERSION ?= 4.14.1
axe-core:
	tmp="$$(mktemp -d)" && trap 'rm -rf "$$tmp"' EXIT && \
	  (cd "$$tmp" && npm pack --silent axe-core@$(AXE_VERSION) >/dev/null) && \
	  tar -xzf "$$tmp"/axe-core-$(AXE_VERSION).tgz -C "$$tmp" && \
	  cp "$$tmp"/package/axe.min.js "$$tmp"/package/LICENSE tests/web/axe/

postgresql:
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || \
	  { apt-get update -qq && apt-get install -y -qq postgresql; }

redis:
	command -v redis-server >/dev/null || { apt-get update -qq && apt-get install -y -qq redis-server; }

bench: $(STAMP)
	$(BIN)/python -m bench $(BENCH_ARGS)

# Soak and faults (not in make test; about 20 minutes): kill -9 of server processes and of one
# worker of `potager serve --processes 2` under play, PostgreSQL and Redis each stopped for 10 s,
# a full disk and a read-only database (mounts a tmpfs: root). Private PostgreSQL and Redis;
# e.g. make soak SOAK_ARGS="--kills 60 --phases workers".
soak: $(STAMP) postgresql redis
	$(BIN)/python -m bench.soak $(SOAK_ARGS)

# The server's protocol fuzzed: 100,000 generated HTTP bodies and WebSocket messages against
# potager serve on a fresh database (figures: docs/server-faults.md).
fuzz: $(STAMP)
	$(BIN)/python -m bench.fuzz $(FUZZ_ARGS)

# The ladder of bot levels, measured head to head (docs/ladder.md). Every game is
# kept in docs/ladder.jsonl as it ends, and a run plays only what is missing: stop it at any time,
# run it again to go on. By default 60 more games of every step a round (a multiple of every player
# count), two games at once, docs/ladder.md's table written after each round; a smaller ladder:
# make ladder LADDER_ARGS="--games 100 --strong-games 20 --jobs 2".
LADDER_ARGS ?= --batch 60 --jobs 2 --write docs/ladder.md
ladder: $(STAMP)
	$(BIN)/python -m potager.arena.ladder $(LADDER_ARGS)

# A masked policy for Heuschrecken Poker (2 players) against the heuristic, within 15 minutes:
# models/heuschrecken-poker-2p.npz (bot level policy:models/heuschrecken-poker-2p.npz), its
# learning curve (.png) and figures (.json). See docs/rl.md.
# One BLAS thread: numpy's default threads make these small matrices ten times slower when the
# cores are busy (the rollout processes keep them busy).
train: $(STAMP)
	OPENBLAS_NUM_THREADS=1 $(BIN)/python -m potager.rl.train $(TRAIN_ARGS)

# docs/rl.md's worked example with sb3-contrib's MaskablePPO: the sb3 extra (PyTorch, about
# 1 GB, so not in make test), then its tests (tests/rl/test_sb3.py). torch==2.13.0 first: on this
# project's machines pip takes a local CPU build for it (a bare `torch` would fetch a CUDA one).
# The extra's own packages are installed (the rest is in $(STAMP)), not the editable build again.
# The example itself: $(BIN)/python -m potager.rl.sb3_example --help.
SB3_PACKAGES = $(BIN)/python -c "import tomllib; extras = tomllib.load(open('pyproject.toml', \
  'rb'))['project']['optional-dependencies']; print(*(r for r in extras['sb3'] if not \
  r.startswith('potager')))"
sb3: $(STAMP)
	$(BIN)/python -m pip install -q 'torch==2.13.0'
	$(BIN)/python -m pip install -q $$($(SB3_PACKAGES))
	OPENBLAS_NUM_THREADS=1 $(BIN)/python -m pytest -q tests/rl/test_sb3.py

lint: $(STAMP)
	$(BIN)/ruff check potager tests bench setup.py conftest.py
	$(BIN)/mypy potager tests bench setup.py conftest.py

fmt: $(STAMP)
	$(BIN)/ruff format potager tests bench

clean:
	-$(BIN)/python -m potager.store.localpg stop
	-$(BIN)/python -m potager.store.localredis stop
	$(UNBUILD)
	rm -rf $(VENV) $(DIST) site .pytest_cache .mypy_cache .ruff_cache .pgdata .redisdata
