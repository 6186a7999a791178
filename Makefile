# Kartenschule: `make run` starts the app, `make test` runs every test.
# Each installs what it needs first, and only that: `make run` the app's own
# packages (a virtualenv in .venv), htmx from the npm registry into
# static/vendor and the compiled translations; `make test` also the test extras
# ('.[test]': pytest, hypothesis, Playwright, axe), Debian's chromium package
# when no Chromium is present, and for the PostgreSQL tests Debian's postgresql
# package, whose server the tests start themselves in a temporary folder. Two
# stamp files in .venv remember what is installed (the app; the test extras).
# The app creates or upgrades its database (SQLite in instance/, or
# DATABASE_URL) when it starts.
#
# Every Python package comes from a lock with hashes (requirements/*.lock, made
# by uv: `uv pip compile --universal --generate-hashes`): app.lock for the app
# and its build (setuptools, Babel), test.lock for everything the tests and the
# benchmarks need on top (the same versions where they meet). pyproject.toml
# keeps ranges, so the wheel for schools does not pin. `make upgrade` renews
# both locks on purpose and runs the tests in a new virtualenv.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
APP_STAMP  := $(VENV)/.app-stamp
TEST_STAMP := $(VENV)/.test-stamp
PORT   ?= 5000
# `make run LAN=1`: listen on the school network too (kartenschule serve --lan)
LAN    ?=
CHROMIUM ?= /usr/bin/chromium

LOCK_APP   := requirements/app.lock
LOCK_TEST  := requirements/test.lock
#: uv's command that writes a lock; `make upgrade` adds --upgrade (the command is kept at the top of each lock).
COMPILE    := $(BIN)/uv pip compile --quiet --universal --generate-hashes --python-version 3.11
# A step's own output goes to a log, shown only when the step fails: `make run` prints what a person needs.
QUIETLY     = > $(VENV)/install.log 2>&1 || { cat $(VENV)/install.log; exit 1; }
#: Parallel test workers (pytest-xdist): one a core. `make test WORKERS=0` runs in this process.
WORKERS    ?= auto

.PHONY: redis install install-test run dist test test-fast test-long test-order upgrade browser postgres bench translations extract vendor clean

# What the app needs to run (no test tools).
install: $(APP_STAMP) static/vendor/htmx.min.js translations

# What the tests need on top of it.
install-test: install $(TEST_STAMP)

$(BIN)/python:
	@echo "Making the virtualenv $(VENV)"
	@$(PYTHON) -m venv $(VENV)

# The locked packages (pip checks every hash), then the app itself, editable, built by the locked setuptools.
$(APP_STAMP): pyproject.toml $(LOCK_APP) | $(BIN)/python
	@echo "Installing the app's packages from $(LOCK_APP)"
	@$(BIN)/pip install --require-hashes -r $(LOCK_APP) $(QUIETLY)
	@$(BIN)/pip install --no-deps --no-build-isolation -e . $(QUIETLY)
	@touch $@

$(TEST_STAMP): pyproject.toml $(LOCK_TEST) $(APP_STAMP)
	@echo "Installing the test extras '.[test]' and the benchmarks' packages from $(LOCK_TEST)"
	@$(BIN)/pip install --require-hashes -r $(LOCK_TEST) $(QUIETLY)
	@touch $@

vendor: static/vendor/htmx.min.js

static/vendor/htmx.min.js: package.json package-lock.json
	@echo "Installing htmx from the npm registry (package-lock.json)"
	@mkdir -p $(VENV)
	@npm ci --no-audit --no-fund --loglevel=error $(QUIETLY)
	@mkdir -p static/vendor
	@cp node_modules/htmx.org/dist/htmx.min.js static/vendor/htmx.min.js

translations: $(APP_STAMP)
	@echo "Compiling the translations (de, fr, es, pt)"
	@$(BIN)/pybabel compile --use-fuzzy -d webapp/translations $(QUIETLY)

# Re-extract the message catalog after changing texts; then translate the new
# entries in webapp/translations/de/LC_MESSAGES/messages.po.
extract: $(APP_STAMP)
	$(BIN)/pybabel extract -F babel.cfg -k NP_:1,2 -k NC_:1c,2 -k lazy_gettext --no-location --sort-output -o webapp/translations/messages.pot .
	$(BIN)/pybabel update -i webapp/translations/messages.pot -d webapp/translations --no-fuzzy-matching --ignore-obsolete --ignore-pot-creation-date --width 100

# The production server (granian; webapp/serve.py) on the repository's instance/ folder.
run: install
	@mkdir -p instance
	@$(BIN)/kartenschule serve --port $(PORT) --instance instance $(if $(LAN),--lan)

# The wheel and the sdist for a school (dist/): templates, static files with htmx and the compiled catalogues
# inside (setup.py). Built by `build` (from the test extras) with the locked setuptools and Babel of the virtualenv.
dist: install-test vendor
	$(BIN)/python -m build --no-isolation --outdir dist .

browser:
	@if [ ! -x "$(CHROMIUM)" ] && ! command -v chromium >/dev/null 2>&1; then \
		echo "Installing Debian's chromium package for the browser tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	fi

# Debian's PostgreSQL server binaries for the PostgreSQL tests (tests/pgserver.py starts
# a throwaway cluster from them). If they cannot be installed, those tests are skipped.
postgres:
	@if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && ! command -v initdb >/dev/null 2>&1; then \
		echo "Installing Debian's postgresql package for the PostgreSQL tests"; \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null) \
			|| echo "Could not install postgresql: the PostgreSQL tests will be skipped"; \
	fi

# Debian's redis-server for the scale-out benchmark (benchmarks/classroom_load.py --servers 2: shared rate limits).
redis:
	@if ! command -v redis-server >/dev/null 2>&1; then \
		echo "Installing Debian's redis-server package for the scale-out benchmark"; \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null) \
			|| echo "Could not install redis-server: classroom_load.py --servers 2 will say so"; \
	fi

# The whole suite in parallel (one worker a core, idle workers take tests from busy ones), with the 25 slowest
# tests listed at the end. Python may keep its bytecode here (a machine that sets PYTHONDONTWRITEBYTECODE made
# every run, worker and served subprocess compile the app and rewrite the tests' asserts anew).
PYTEST := env -u PYTHONDONTWRITEBYTECODE $(BIN)/pytest -n $(WORKERS) --dist worksteal --durations=25
test: install-test browser postgres
	$(PYTEST)

# Before a release and once per issue: every test with the long property runs (hypothesis profile "long")
# and the fuzzer's deep mode.
test-long: install-test browser postgres
	$(PYTEST) --long

# The suite in a shuffled order (pytest-randomly: the seed is printed at the start, `make test-order SEED=N` repeats
# it): no test may depend on another's order.
SEED ?=
test-order: install-test browser postgres
	$(PYTEST) -p randomly $(if $(SEED),--randomly-seed=$(SEED))

# Renew the locks on purpose (the newest versions pyproject.toml's ranges allow), then test them in a new virtualenv.
upgrade: install-test
	$(COMPILE) --upgrade pyproject.toml --extra test --extra bench requirements/build.in requirements/tools.in -o $(LOCK_TEST)
	$(COMPILE) --upgrade pyproject.toml requirements/build.in -c $(LOCK_TEST) -o $(LOCK_APP)
	rm -rf $(VENV)
	$(MAKE) test

# Every benchmark, each printing its figures and the ratio to its peer (treys and gunicorn
# come from the `bench` extra). One benchmark alone: .venv/bin/python benchmarks/NAME.py
bench: install-test postgres redis
	@for script in benchmarks/*.py; do echo "== $$script"; $(BIN)/python $$script || exit 1; done

# Engines and routes only (no browser): a quick loop while developing.
test-fast: install-test
	$(PYTEST) tests/unit tests/web

clean:
	rm -rf $(VENV) node_modules static/vendor test-artifacts
