# Thin wrapper around CMake. Real build logic lives in CMakeLists.txt.
#   make run        build the program (quietly), then show a famous game move by move in every
#                   code. Needs only a C compiler, CMake and make: optional parts whose
#                   packages are missing are left out, one line each saying how to get them.
#   make            release build in build/release (library, CLI, tools, benches, tests)
#   make deps       install the test dependencies: Debian packages (as root) and npm packages
#   make test       make deps, then build release and ASan+UBSan and run every test in both
#                   (what developers run; the "slow" tests are left to make test-slow)
#   make test-slow  the long tests (every perft depth of every suite, the full notation oracle)
#   make test-tsan  ThreadSanitizer build (clang) and every test not slow or nosan under it
#   make ci         every CI job, timed (.ci/run runs the same, make test among them); make ci-list names them
#   make bench      build and run the benches (prints ratios against their anchors)
#   make web        the page without a server: BUILD/web/index.html, one file that works from
#                   any static host and from file:// (emscripten and web/node_modules: make deps)
#   make fuzz       build the libFuzzer targets with clang and fuzz each briefly
#   make install    install library, header, CLI and chesscodec.pc (PREFIX=/usr/local)
#
# Variables: JOBS (parallel jobs), CMAKE_FLAGS (extra -D options for every build directory,
# e.g. CMAKE_FLAGS=-DCHC_MINIMAL=ON), BUILD (root of the build directories), REL/ASAN/TSAN
# (each build directory).

PREFIX ?= /usr/local
JOBS   ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE  ?= cmake
CMAKE_FLAGS ?=
BUILD  ?= build
REL    ?= $(BUILD)/release
ASAN   ?= $(BUILD)/asan
TSAN   ?= $(BUILD)/tsan
FUZZ   ?= $(BUILD)/fuzz
CTEST  := ctest --output-on-failure -j $(JOBS)

# The builds' compilers and options. Release: the system's cc (gcc on Debian); the sanitizers
# and the fuzzers: clang (ASAN_CC, TSAN_CC to change).
ASAN_CC ?= clang
TSAN_CC ?= clang
ASAN_FLAGS := -DCMAKE_BUILD_TYPE=Debug -DCHC_SANITIZE=ON -DCHC_DEBUG_CHECKS=ON -DCHC_BUILD_BENCH=OFF
TSAN_FLAGS := -DCMAKE_BUILD_TYPE=Debug -DCHC_TSAN=ON -DCHC_BUILD_BENCH=OFF
FUZZ_FLAGS := -DCMAKE_BUILD_TYPE=Debug -DCHC_BUILD_FUZZ=ON -DCHC_BUILD_BENCH=OFF -DCHC_BUILD_TESTS=OFF

# $(call configure,DIR,CC,FLAGS): configure DIR when it is new, when CMAKE_FLAGS are given or
# when this Makefile changed since; CMake's chatter is hidden (its one-line notes about
# optional parts, its warnings and its errors are not). An existing DIR keeps its compiler.
define configure
	@if [ ! -f $(1)/CMakeCache.txt ] || [ -n "$(strip $(CMAKE_FLAGS))" ] || [ Makefile -nt $(1)/.configured ]; then \
	  $(if $(2),[ -f $(1)/CMakeCache.txt ] || export CC=$(2);) \
	  $(CMAKE) -S . -B $(1) $(3) $(CMAKE_FLAGS) >/dev/null || exit 1; \
	  touch $(1)/.configured; \
	fi
endef
# $(call build,DIR[,TARGET]): build, showing compiler output (warnings, errors) but not make's
# directory changes.
define build
	@MAKEFLAGS= MAKELEVEL= $(CMAKE) --build $(1) -j $(JOBS) $(if $(2),--target $(2)) \
	  $$([ -f $(1)/Makefile ] && echo -- --no-print-directory)
endef
# $(call quiet_build,DIR,TARGET): build with its output in DIR/build.log, shown only on failure.
define quiet_build
	@if ! MAKEFLAGS= MAKELEVEL= $(CMAKE) --build $(1) -j $(JOBS) --target $(2) >$(1)/build.log 2>&1; then \
	  grep -v -E '^\[ *[0-9]+%\]|^g?make(\[[0-9]+\])?: (Entering|Leaving|\*\*\*)' $(1)/build.log >&2; \
	  echo "chesscodec: the build failed (full log: $(1)/build.log)" >&2; exit 1; \
	fi
endef

.PHONY: all release asan tsan run deps test-deps test test-release test-asan test-slow test-tsan \
        bench fuzz web install clean ci ci-list

all: release

release:
	$(call configure,$(REL),,-DCMAKE_BUILD_TYPE=Release)
	$(call build,$(REL))

asan:
	$(call configure,$(ASAN),$(ASAN_CC),$(ASAN_FLAGS))
	$(call build,$(ASAN))

tsan:
	$(call configure,$(TSAN),$(TSAN_CC),$(TSAN_FLAGS))
	$(call build,$(TSAN))

run:
	$(call configure,$(REL),,-DCMAKE_BUILD_TYPE=Release)
	$(call quiet_build,$(REL),chesscodec)
	@$(REL)/chesscodec demo

# Test dependencies. In CI (CI=true) a dependency that cannot be installed fails the run.
deps:
	@bash tests/install-deps.sh $(if $(filter-out 0 false,$(CI)),--required)

test-deps: deps

test: deps
	@$(MAKE) --no-print-directory test-release test-asan

test-release: release
	@echo "== tests: release build ($(REL)) =="
	@cd $(REL) && $(CTEST) -LE slow

test-asan: asan
	@echo "== tests: ASan+UBSan build ($(ASAN)) =="
	@cd $(ASAN) && CHC_SANITIZED=1 $(CTEST) -LE "slow|nosan"

test-slow: release
	@cd $(REL) && $(CTEST) -L slow

# The tests under ThreadSanitizer (test_engine_threads runs every lazily built table's
# first use from several threads). Without address-space randomisation: clang 14's TSan
# cannot map its shadow memory on kernels with many random mmap bits.
test-tsan: tsan
	@echo "== tests: ThreadSanitizer build ($(TSAN)) =="
	@cd $(TSAN) && CHC_SANITIZED=1 TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 suppressions=$(CURDIR)/tests/tsan.supp $${TSAN_OPTIONS:-}" \
	  $$(setarch --help >/dev/null 2>&1 && echo "setarch $$(uname -m) -R") $(CTEST) -LE "slow|nosan"

bench: release
	@bash bench/run-all.sh $(REL)

web:
	@bash web/wasm/build.sh $(BUILD)/web

fuzz:
	$(call configure,$(FUZZ),clang,$(FUZZ_FLAGS))
	$(call build,$(FUZZ))
	@bash fuzz/run-all.sh $(FUZZ) $${FUZZ_SECONDS:-30}

install: release
	@$(CMAKE) --install $(REL) --prefix $(PREFIX)

clean:
	rm -rf $(BUILD)

# CI: .ci/jobs.sh runs each job in its own fresh build directory (under build/ci), times it,
# goes on after a failure and ends with a summary; the run fails if any job failed.
ci:
	@bash .ci/jobs.sh all

ci-list:
	@bash .ci/jobs.sh list

ci-%:
	@bash .ci/jobs.sh $*

# This file only sequences CMake builds, which run their own parallel jobs.
.NOTPARALLEL:
