# The two commands of the README: `make serve` and `make test`. Each installs what is missing.
PORT ?= 8000
VENV := .venv
PY := $(VENV)/bin/python
PYSRC := py tests e2e bench tools engines

# Only the runtime files the page loads: Pyodide's core, and PyScript's dist without source maps.
PYODIDE_FILES := pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip pyodide-lock.json

.PHONY: serve test check unit e2e bench vendor browser site clean test-engines engines-if-installed

serve: vendor
	@echo "Cubiri is served at http://127.0.0.1:$(PORT)/  (Ctrl+C stops it)"
	@python3 -m http.server $(PORT) --bind 127.0.0.1

vendor: static/vendor/build.js

# The service worker's precache list and build version: redone whenever an app file changes.
APP_SOURCES := index.html pyscript.toml package-lock.json $(wildcard static/*.* static/icons/*) \
	$(shell find py -name '*.py' -not -path '*/__pycache__/*') $(shell find py/cubiri -name '*.json' -o -name '*.bin') $(wildcard locales/*.json)
# First the start-up files beside Pyodide (tools/boot.py: the interpreter module, the snapshot
# worker, the standard library trimmed to what the app's sources import), then the manifest.
static/vendor/build.js: static/vendor/.stamp tools/site.py tools/boot.py $(wildcard tools/boot/*.mjs) $(APP_SOURCES)
	python3 tools/boot.py static/vendor/pyodide
	python3 tools/site.py build-js

# The deployable site (GitHub Pages): only what the page needs.
site: vendor
	rm -rf _site
	python3 tools/site.py copy _site

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund

# The copy of PyScript is then patched (tools/patch_runtime.py: IndexedDB refused, issue 29);
# the patch fails, and so does this step, if the pinned runtime's text is not what it mends.
static/vendor/.stamp: node_modules/.package-lock.json tools/patch_runtime.py
	rm -rf static/vendor
	mkdir -p static/vendor/pyodide static/vendor/pyscript
	cd node_modules/pyodide && cp $(PYODIDE_FILES) ../../static/vendor/pyodide/
	cd node_modules/@pyscript/core/dist && cp *.js *.css ../../../../static/vendor/pyscript/
	python3 tools/patch_runtime.py static/vendor/pyscript
	touch $@

$(VENV)/.stamp: requirements-dev.txt
	python3 -m venv $(VENV)
	$(PY) -m pip install -q -r requirements-dev.txt
	touch $@

test: $(VENV)/.stamp vendor browser
	$(MAKE) --no-print-directory check unit e2e engines-if-installed

# Debian's Chromium where it is installed (Playwright cannot download a browser everywhere),
# else Playwright's own build.
browser: $(VENV)/.stamp
	@if [ -x /usr/bin/chromium ]; then echo "browser: /usr/bin/chromium"; \
	else $(PY) -m playwright install chromium; fi

check: $(VENV)/.stamp
	$(PY) -m ruff check $(PYSRC)
	$(PY) -m ruff format --check $(PYSRC)
	$(PY) -m mypy

# Tests run in WORKERS processes (pytest-xdist); e2e tests that share one walk of the screens
# stay in one of them (xdist_group). Each e2e worker boots Pyodide in its own Chromium. Now and
# then Chromium's page process dies while Pyodide boots ("Page crashed", seen in CI and, before
# the tests ran in two processes, by a helper): such a test, and only such, runs again, at most
# twice (a fresh clone's run on this machine saw 30 such crashes in 316 tests, 7 of them twice
# in a row, none in the same tests run again after it or in the run before).
# The e2e tests run in E2E_WORKERS: a test waits for its page part of the time, so two per core
# keep the cores busy (this 2-core machine, idle: 15 min 47 s with four, 17 min 42 s with two).
WORKERS ?= 2
E2E_WORKERS ?= 4
CRASHED := --reruns 2 --only-rerun "Page crashed|Target crashed"

# Doctests too: the engine's and the pure view models' (py/app/browser imports `js`: browser only).
# Each run prints its slowest tests (--durations): `make test` has grown past 30 minutes on this
# 2-core machine, twice what it should take, and they say where the time goes.
unit: $(VENV)/.stamp
	$(PY) -m pytest -q -n $(WORKERS) --durations=15 --doctest-modules py/cubiri py/app/pure tests

# Tests marked `alone` time what the page computes against a second (issue 28): four pages at
# once on two cores took three times as long, so they run after the rest, one at a time.
e2e: $(VENV)/.stamp vendor browser
	$(PY) -m pytest -q -n $(E2E_WORKERS) --dist loadgroup --durations=25 $(CRASHED) -m "not alone" e2e
	$(PY) -m pytest -q $(CRASHED) -m alone e2e

# The smoke set in the two other engines (engines/, issue 27): Debian's firefox-esr over
# WebDriver BiDi, and WebKitGTK's MiniBrowser through WebKitWebDriver on Xvfb. `.ci/run`
# installs them (apt-get install firefox-esr webkit2gtk-driver xvfb); `make test` runs the set
# only where they are, and says so where they are not.
ENGINE_BROWSERS := /usr/bin/firefox-esr /usr/bin/WebKitWebDriver /usr/bin/Xvfb
test-engines: $(VENV)/.stamp vendor
	@for b in $(ENGINE_BROWSERS); do [ -x $$b ] || { echo "test-engines: $$b is not installed"; exit 1; }; done
	$(PY) -m pytest -q -p no:playwright -n $(WORKERS) engines

engines-if-installed:
	@missing=""; for b in $(ENGINE_BROWSERS); do [ -x $$b ] || missing="$$missing $$b"; done; \
	if [ -n "$$missing" ]; then \
	  echo "engines: the Firefox and WebKit smoke set is SKIPPED: not installed:$$missing"; \
	  echo "  (apt-get install firefox-esr webkit2gtk-driver xvfb, then make test-engines)"; \
	else $(MAKE) --no-print-directory test-engines; fi

bench: $(VENV)/.stamp vendor browser
	$(PY) bench/engine.py
	$(PY) bench/run.py
	$(PY) bench/engines.py
	$(PY) bench/magdagdon_bot.py
	$(PY) bench/mishimash_levels.py
	$(PY) bench/mishimash_levels.py --sudden-death 3000
	$(PY) bench/mishimash_levels.py --sudden-death-of-three 20000
	$(PY) tools/mishimash_later_players.py
	$(PY) tools/mishimash_sudden_four.py --check
	$(PY) tools/mishimash_later_players.py --sudden-death 4
	$(PY) tools/mishimash_later_players.py --solve-four
	$(PY) tools/mishimash_four_way_play.py --rounds 20000
	$(PY) bench/mishimash_levels.py --pair strongest "best odds" --games 20000 --target 250
	$(PY) bench/mishimash_levels.py --pair strongest "best odds" --games 20000 --target 1000
	$(PY) bench/mishimash_levels.py --solo-turns 2000

clean:
	rm -rf static/vendor node_modules $(VENV) _site
