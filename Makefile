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

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
APP_STAMP  := $(VENV)/.app-stamp
TEST_STAMP := $(VENV)/.test-stamp
PORT   ?= 5000
# `make run LAN=1`: listen on the school network too (kartenschule serve --lan)
LAN    ?=
CHROMIUM ?= /usr/bin/chromium

.PHONY: redis install install-test run dist test test-fast browser postgres bench translations extract vendor clean

# What the app needs to run (no test tools).
install: $(APP_STAMP) static/vendor/htmx.min.js translations

# What the tests need on top of it.
install-test: install $(TEST_STAMP)

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(APP_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	touch $@

$(TEST_STAMP): pyproject.toml $(APP_STAMP)
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@

vendor: static/vendor/htmx.min.js

static/vendor/htmx.min.js: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	mkdir -p static/vendor
	cp node_modules/htmx.org/dist/htmx.min.js static/vendor/htmx.min.js

translations: $(APP_STAMP)
	$(BIN)/pybabel compile --use-fuzzy -d webapp/translations --statistics 2>&1 | tail -n 1

# Re-extract the message catalog after changing texts; then translate the new
# entries in webapp/translations/de/LC_MESSAGES/messages.po.
extract: $(APP_STAMP)
	$(BIN)/pybabel extract -F babel.cfg -k NP_:1,2 -k NC_:1c,2 -k lazy_gettext --no-location --sort-output -o webapp/translations/messages.pot .
	$(BIN)/pybabel update -i webapp/translations/messages.pot -d webapp/translations --no-fuzzy-matching --ignore-obsolete --ignore-pot-creation-date --width 100

# The production server (granian; webapp/serve.py) on the repository's instance/ folder.
run: install
	mkdir -p instance
	$(BIN)/kartenschule serve --port $(PORT) --instance instance $(if $(LAN),--lan)

# The wheel and the sdist for a school (dist/): templates, static files with htmx and the compiled catalogues
# inside (setup.py). Built in isolated environments by `build` (from the test extras).
dist: install-test vendor
	$(BIN)/python -m build --outdir dist .

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

test: install-test browser postgres
	$(BIN)/pytest

# Every benchmark, each printing its figures and the ratio to its peer (treys and gunicorn
# come from the `bench` extra). One benchmark alone: .venv/bin/python benchmarks/NAME.py
BENCH_STAMP := $(VENV)/.bench-stamp
$(BENCH_STAMP): pyproject.toml $(APP_STAMP)
	$(BIN)/pip install --quiet -e '.[bench]'
	touch $@

bench: install $(BENCH_STAMP) postgres redis
	@for script in benchmarks/*.py; do echo "== $$script"; $(BIN)/python $$script || exit 1; done

# Engines and routes only (no browser): a quick loop while developing.
test-fast: install-test
	$(BIN)/pytest tests/unit tests/web

clean:
	rm -rf $(VENV) node_modules static/vendor test-artifacts
