# Thin wrapper around CMake. Real build logic lives in CMakeLists.txt.
#   make            release build (build/release)
#   make run        build, then show a famous game move by move in every code
#   make test       install test dependencies where possible, build release and
#                   ASan+UBSan, run every test in both
#   make bench      build and run the benches (prints ratios against their anchors)
#   make fuzz       build the libFuzzer targets with clang and fuzz each briefly
#   make install    install library, header, CLI and chesscodec.pc (PREFIX=/usr/local)

PREFIX ?= /usr/local
JOBS   ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE  ?= cmake
REL    := build/release
ASAN   := build/asan
FUZZ   := build/fuzz

.PHONY: all release asan run test test-release test-asan test-deps test-slow bench fuzz install clean

all: release

release:
	@$(CMAKE) -S . -B $(REL) -DCMAKE_BUILD_TYPE=Release >/dev/null
	@$(CMAKE) --build $(REL) -j $(JOBS)

asan:
	@CC=$${ASAN_CC:-clang} $(CMAKE) -S . -B $(ASAN) -DCMAKE_BUILD_TYPE=Debug -DCHC_SANITIZE=ON -DCHC_DEBUG_CHECKS=ON -DCHC_BUILD_BENCH=OFF >/dev/null
	@$(CMAKE) --build $(ASAN) -j $(JOBS)

run: release
	@$(REL)/chesscodec demo

test-deps:
	@bash tests/install-deps.sh

test: test-deps release asan
	@echo "== tests: release build =="
	@cd $(REL) && ctest --output-on-failure -j $(JOBS) -LE slow
	@echo "== tests: ASan+UBSan build =="
	@cd $(ASAN) && CHC_SANITIZED=1 ctest --output-on-failure -j $(JOBS) -LE "slow|nosan"

test-slow: release
	@cd $(REL) && ctest --output-on-failure -L slow

bench: release
	@bash bench/run-all.sh $(REL)

fuzz:
	@CC=clang $(CMAKE) -S . -B $(FUZZ) -DCMAKE_BUILD_TYPE=Debug -DCHC_BUILD_FUZZ=ON -DCHC_BUILD_BENCH=OFF -DCHC_BUILD_TESTS=OFF >/dev/null
	@$(CMAKE) --build $(FUZZ) -j $(JOBS)
	@bash fuzz/run-all.sh $(FUZZ) $${FUZZ_SECONDS:-30}

install: release
	@$(CMAKE) --install $(REL) --prefix $(PREFIX)

clean:
	rm -rf build
